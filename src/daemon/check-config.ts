/**
 * Phase check-config: every configuration problem that can be found without the network stops
 * start-up here (the data directory and what the daemon will write in it, strategies and their parameters, risk limits, shards).
 */
import { mkdirSync } from 'node:fs';
import type { MakerdConfig } from '../config/schema.js';
import { ErrorCode, MakerdError } from '../errors.js';
import type { Strategy } from '../strategy/strategy.js';
import { checkTradingConfig } from '../trading/config-check.js';
import { checkWritable } from './check-writable.js';

/** Creates `data.dir`, checks that it can be written, and loads the strategies; resolves with them by name. */
export async function checkConfig(config: MakerdConfig, nowMs: number): Promise<ReadonlyMap<string, Strategy>> {
  try {
    mkdirSync(config.data.dir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new MakerdError(ErrorCode.CONFIG, `data.dir: cannot create ${JSON.stringify(config.data.dir)} (${code})`, {
      where: 'config',
      field: 'data.dir',
    });
  }
  checkWritable(config, nowMs);
  return checkTradingConfig(config);
}
