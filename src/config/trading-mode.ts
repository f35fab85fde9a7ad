/**
 * `trading.mode` and its deprecated predecessor `trading.monitorOnly`: `monitorOnly: true` still
 * means monitor mode (with a warning), and after loading `monitorOnly` always equals
 * `mode === 'monitor'`, so code that reads either agrees. A contradiction (monitor-only with mode
 * paper, or with live set explicitly) stops start-up rather than guess which one was meant.
 */
import { ErrorCode, MakerdError } from '../errors.js';
import type { MakerdConfig } from './schema.js';

export const MONITOR_ONLY_DEPRECATED =
  'trading.monitorOnly (MAKERD_MONITOR_ONLY, --monitor-only) is deprecated: use trading.mode "monitor" (MAKERD_TRADING_MODE=monitor, --trading-mode monitor)';

/** Folds `monitorOnly` into `mode` (in place); returns the warning to show, if any. */
export function foldTradingMode(c: MakerdConfig, given: ReadonlySet<string>): string | undefined {
  const t = c.trading;
  const warning = given.has('trading.monitorOnly') ? MONITOR_ONLY_DEPRECATED : undefined;
  if (t.monitorOnly && t.mode !== 'monitor') {
    if (t.mode === 'paper' || given.has('trading.mode'))
      throw new MakerdError(
        ErrorCode.CONFIG,
        `invalid configuration: trading.monitorOnly is true but trading.mode is "${t.mode}": set only trading.mode (monitorOnly is its deprecated alias for "monitor")`,
        { where: 'config', field: 'trading.mode' },
      );
    t.mode = 'monitor';
  }
  t.monitorOnly = t.mode === 'monitor';
  // Paper fills come from the public trades of the market stream: without it nothing could fill.
  if (t.mode === 'paper' && c.stream.market === 'off')
    throw new MakerdError(
      ErrorCode.CONFIG,
      'invalid configuration: trading.mode "paper" needs the market stream (stream.market "auto" or "on"): its public trades and book changes fill the virtual orders',
      { where: 'config', field: 'stream.market' },
    );
  return warning;
}
