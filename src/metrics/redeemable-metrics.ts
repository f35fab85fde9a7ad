/**
 * What resolved markets left to redeem (src/portfolio/settlement.ts: settled at 1 / 0 into
 * realized PnL, the payout redeemable until the venue no longer holds the shares):
 * - makerd_redeemable_usdc{market}: the payout waiting, by market (a configured market's condition
 *   id, else `other`: the markets that ended are usually no longer configured) and `all`;
 * - makerd_redeemable_oldest_seconds: how long the oldest payout has waited (0 when none waits);
 * - makerd_redeemable_alert_after_seconds: portfolio.redeemableAlertAfterSec, the wait the
 *   MakerdRedeemableWaiting alert allows (ops/prometheus/alerts.yml compares the two).
 * Read from the portfolio at scrape time; money becomes a number only here.
 */
import { Gauge, type Registry } from 'prom-client';
import { type Decimal, moneyNumber, ZERO } from '../money.js';
import type { RedeemableMarket } from '../portfolio/index.js';

export interface RedeemableMetricsSource {
  /** Portfolio.redeemable(). */
  readonly redeemable: () => readonly RedeemableMarket[];
  readonly now: () => number;
  /** portfolio.redeemableAlertAfterSec. */
  readonly alertAfterSec: number;
  /** Condition ids of the configured markets; others are labelled `other`. */
  readonly markets: () => Iterable<string>;
}

export function registerRedeemableMetrics(registry: Registry, src: RedeemableMetricsSource): void {
  new Gauge({
    name: 'makerd_redeemable_usdc',
    help: 'Payout of resolved markets settled and not yet redeemed, USDC, by market (a configured market, else other; all: every market)',
    labelNames: ['market'],
    registers: [registry],
    collect() {
      const configured = new Set(src.markets());
      const byLabel = new Map<string, Decimal>();
      let total = ZERO;
      for (const m of src.redeemable()) {
        const label = configured.has(m.conditionId) ? m.conditionId : 'other';
        byLabel.set(label, (byLabel.get(label) ?? ZERO).add(m.payout));
        total = total.add(m.payout);
      }
      this.reset();
      this.set({ market: 'all' }, moneyNumber(total));
      for (const [market, usdc] of byLabel) this.set({ market }, moneyNumber(usdc));
    },
  });
  new Gauge({
    name: 'makerd_redeemable_oldest_seconds',
    help: 'Seconds the oldest redeemable payout of a resolved market has waited to be redeemed (0 when none waits)',
    registers: [registry],
    collect() {
      let since = Number.POSITIVE_INFINITY;
      for (const m of src.redeemable()) since = Math.min(since, m.sinceMs);
      this.set(Number.isFinite(since) ? Math.max(0, (src.now() - since) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'makerd_redeemable_alert_after_seconds',
    help: 'portfolio.redeemableAlertAfterSec: how long a redeemable payout may wait before MakerdRedeemableWaiting fires',
    registers: [registry],
  }).set(src.alertAfterSec);
}
