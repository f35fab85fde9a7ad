/**
 * `makerd sim [--port N] [--seed S] [--markets M] [--config FILE]`: the venue simulator alone.
 * Its first stdout line is one JSON object with the URLs and the credentials it accepts; logs go
 * to stderr so that the line stays first and parseable.
 */
import type { Logger } from 'pino';
import type { MakerdConfig } from '../../config/schema.js';
import { startConfiguredSimulator } from '../../main.js';
import { toBanner } from '../../sim/simulator.js';
import { UsageError, type CliIo } from '../io.js';

export async function simCommand(config: MakerdConfig, args: readonly string[], logger: Logger, io: CliIo): Promise<number> {
  if (args.length > 0) throw new UsageError(`sim: unexpected argument '${args[0]}'`);
  const sim = await startConfiguredSimulator(config, logger);
  io.stdout.write(`${JSON.stringify(toBanner(sim))}\n`);
  logger.info({ baseUrl: sim.baseUrl, wsUrl: sim.wsUrl, markets: config.sim.markets, seed: config.sim.seed }, 'venue simulator listening');
  await new Promise<void>((resolve) => {
    if (io.stopSignal === undefined || io.stopSignal.aborted) resolve();
    else io.stopSignal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sim.close();
  logger.info('venue simulator stopped');
  return 0;
}
