/**
 * What resolved markets left to redeem, as /metrics and /status show it (redeemable-metrics.ts,
 * redeemable-status.ts): by market (a configured one by its id, the others as `other`) and all
 * together, the oldest wait, the alert's allowance; per market in /status with its shares and since.
 */
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/metrics/registry.js';
import { registerRedeemableMetrics } from '../../src/metrics/redeemable-metrics.js';
import { redeemableStatus } from '../../src/metrics/redeemable-status.js';
import { Decimal } from '../../src/money.js';
import type { RedeemableMarket } from '../../src/portfolio/index.js';

const T = Date.UTC(2026, 0, 1, 12);
const d = (x: string): Decimal => new Decimal(x);

describe('redeemable payouts in /metrics and /status', () => {
  it('sums them by market and all, says how long the oldest waited, and the allowance', async () => {
    let list: RedeemableMarket[] = [
      { conditionId: '0xa', shares: [d('30'), d('0')], payout: d('30'), sinceMs: T - 7_200_000 },
      { conditionId: '0xb', shares: [d('-12'), d('6')], payout: d('-12'), sinceMs: T - 60_000 },
      { conditionId: '0xc', shares: [d('0'), d('2.5')], payout: d('2.5'), sinceMs: T - 1_000 },
    ];
    const registry = createRegistry();
    registerRedeemableMetrics(registry, { redeemable: () => list, now: () => T, alertAfterSec: 3_600, markets: () => ['0xa'] });
    const lines = (await registry.metrics()).split('\n').filter((l) => l.startsWith('makerd_redeemable'));
    expect(lines).toEqual([
      'makerd_redeemable_usdc{market="all"} 20.5',
      'makerd_redeemable_usdc{market="0xa"} 30',
      'makerd_redeemable_usdc{market="other"} -9.5',
      'makerd_redeemable_oldest_seconds 7200',
      'makerd_redeemable_alert_after_seconds 3600',
    ]);
    const realized = new Map([['0xa', d('17.4000001')]]);
    expect(redeemableStatus(list, T, (m) => realized.get(m))).toEqual({
      usdc: '20.5',
      markets: [
        {
          market: '0xa',
          shares: { '0': '30', '1': '0' },
          payout: '30',
          realizedPnl: '17.4',
          since: '2026-01-01T10:00:00.000Z',
          waitingSeconds: 7200,
        },
        {
          market: '0xb',
          shares: { '0': '-12', '1': '6' },
          payout: '-12',
          realizedPnl: null,
          since: '2026-01-01T11:59:00.000Z',
          waitingSeconds: 60,
        },
        {
          market: '0xc',
          shares: { '0': '0', '1': '2.5' },
          payout: '2.5',
          realizedPnl: null,
          since: '2026-01-01T11:59:59.000Z',
          waitingSeconds: 1,
        },
      ],
    });
    // All redeemed: 0 everywhere, the series of the markets gone.
    list = [];
    expect((await registry.metrics()).split('\n').filter((l) => l.startsWith('makerd_redeemable'))).toEqual([
      'makerd_redeemable_usdc{market="all"} 0',
      'makerd_redeemable_oldest_seconds 0',
      'makerd_redeemable_alert_after_seconds 3600',
    ]);
    expect(redeemableStatus(list, T)).toEqual({ usdc: '0', markets: [] });
  });
});
