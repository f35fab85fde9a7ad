/**
 * `makerd sim [--port N] [--seed S] [--markets M] [--config FILE]`: the venue simulator alone.
 * Its first stdout line is one JSON object with the URLs and the credentials it accepts; logs go
 * to stderr so that the line stays first and parseable.
 */
import type { Logger } from 'pino';
import type { MakerdConfig } from '../../config/schema.js';
import { startConfiguredSimulator } from '../../daemon/venue-stack.js';
import { toBanner } from '../../sim/simulator.js';
import { untilAborted } from '../../until-aborted.js';
import { UsageError, type CliIo } from '../io.js';

export async function simCommand(config: MakerdConfig, args: readonly string[], logger: Logger, io: CliIo): Promise<number> {
  if (args.length > 0) throw new UsageError(`sim: unexpected argument '${args[0]}'`);
  const sim = await startConfiguredSimulator(config, logger);
  io.stdout.write(`${JSON.stringify(toBanner(sim))}\n`);
  logger.info({ baseUrl: sim.baseUrl, wsUrl: sim.wsUrl, markets: config.sim.markets, seed: config.sim.seed }, 'venue simulator listening');
  // Without a stop signal (an in-process caller that never stops it) there is nothing to wait for.
  if (io.stopSignal !== undefined) await untilAborted(io.stopSignal);
  await sim.close();
  logger.info('venue simulator stopped');
  return 0;
}
