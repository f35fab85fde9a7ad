/**
 * /readyz and makerd_ready. The daemon is ready when
 *  - start-up is over: markets selected and the account reconciled (crash-only: recover, then trade);
 *  - the overall trading state is not HALTED (kill switch, a loss limit with risk.lossAction
 *    HALTED, the journal failing, or risk.state);
 *  - it holds a recent view of the market: a poll that brought at least one usable book, no older
 *    than poller.staleAfterMs + 2 x poller.intervalMs. A poll that merely finished (venue down,
 *    every book stale or malformed) does not count.
 */
import { Gauge, type Registry } from 'prom-client';
import type { PollerStats } from '../market/index.js';

/** The data-freshness rule: undefined when fresh, else why not. */
export function notReadyReason(
  stats: Readonly<PollerStats> | undefined,
  nowMs: number,
  poller: { readonly staleAfterMs: number; readonly intervalMs: number },
): string | undefined {
  if (stats === undefined || stats.ticks === 0) return 'no market snapshot yet';
  const last = stats.lastUsableMs;
  if (last === undefined) return 'no usable book yet';
  const age = nowMs - last;
  return age > poller.staleAfterMs + 2 * poller.intervalMs ? `last usable market snapshot is ${age} ms old` : undefined;
}

/** How each source that can halt every market is named to an operator. */
const HALTED_BY: Readonly<Record<string, string>> = {
  journal: 'the fill journal cannot be written (fills could not be made durable; see the journal error in the log)',
  'risk.state': 'risk.state is HALTED',
  'portfolio.dailyLoss': 'risk.maxDailyLoss reached',
  'portfolio.drawdown': 'risk.maxDrawdown reached',
};

/** The trading-state rule: undefined unless the overall state is HALTED; else what halted it. */
export function haltedReason(risk: {
  readonly overall: string;
  readonly killSwitch: boolean;
  readonly killSwitchSource: string | undefined;
  readonly haltedBy?: readonly string[] | undefined;
}): string | undefined {
  if (risk.killSwitch) return `HALTED: kill switch engaged${risk.killSwitchSource === undefined ? '' : ` (${risk.killSwitchSource})`}`;
  if (risk.overall !== 'HALTED') return undefined;
  const by = risk.haltedBy ?? [];
  return by.length === 0 ? 'HALTED: trading state of every market' : `HALTED: ${by.map((s) => HALTED_BY[s] ?? s).join('; ')}`;
}

/** makerd_ready: 1 exactly when /readyz answers 200. */
export function registerReadyMetric(registry: Registry, notReady: () => string | undefined): void {
  new Gauge({
    name: 'makerd_ready',
    help: '1 when /readyz answers 200 (start-up reconciled, books fresh, not HALTED), else 0',
    registers: [registry],
    collect() {
      this.set(notReady() === undefined ? 1 : 0);
    },
  });
}
