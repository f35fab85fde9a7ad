import { hasCredentials, type LoadedConfig } from '../../config/load.js';
import { missingCredentials } from '../../config/warnings.js';
import { checkTradingConfig } from '../../trading/config-check.js';
import type { CliIo } from '../io.js';

/**
 * `makerd check-config`: validates (strategies and their parameters, risk limits and shards
 * included) and prints the effective configuration, secrets masked.
 */
export async function checkConfigCommand(loaded: LoadedConfig, io: CliIo): Promise<number> {
  const strategies = await checkTradingConfig(loaded.config);
  io.stdout.write(`${loaded.masked()}\n`);
  const c = loaded.config;
  const creds =
    c.trading.mode === 'paper'
      ? 'not used (paper mode)'
      : hasCredentials(c)
        ? 'complete'
        : c.venue.mode === 'sim'
          ? 'from the embedded simulator'
          : `incomplete, missing ${missingCredentials(c).join(', ')} (read-only)`;
  for (const w of loaded.warnings) io.stderr.write(`warning: ${w}\n`);
  const markets =
    c.markets.length > 0
      ? `${c.markets.length} listed`
      : c.selector.top > 0
        ? `top ${c.selector.top} selected`
        : c.venue.mode === 'sim'
          ? "the simulator's first 10"
          : 'none (start-up will stop)';
  io.stderr.write(
    `configuration valid: mode=${c.venue.mode}, ${c.trading.mode === 'live' ? '' : `trading.mode ${c.trading.mode}, `}credentials ${creds}, strategy ${c.strategy.name} (known: ${[...strategies.keys()].sort().join(', ')}), markets ${markets}, shard ${c.shard.index}/${c.shard.count}\n`,
  );
  return 0;
}
