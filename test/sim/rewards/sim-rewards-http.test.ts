/**
 * The simulator pays liquidity rewards, seen through its HTTP server (port 0) on a fake clock:
 * scores, shares and accrued rewards of a hand-computed book at `GET /_sim/rewards` (and its
 * filters), the credit at the UTC day boundary to the balance (`GET /_sim/balance`, `/_sim/stats`),
 * and the background makers of the synthetic flow competing for the same rewards.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/money.js';
import { startSimHarness } from '../../support/sim-harness.js';
import { postOrder, rest, tokenWithTick } from '../server/trade-helpers.js';

interface Row {
  account: string;
  market: string;
  q_one: string;
  q_two: string;
  score: string;
  share: string;
  share_sum_today: string;
  accrued_today: string;
  credited_last_day: string;
  credited_total: string;
}
interface RewardsBody {
  day: string;
  last_credited_day: string | null;
  markets: {
    market: string;
    daily_rate: string;
    max_spread_cents: string;
    min_size: string;
    samples_today: number;
    midpoint: string | null;
  }[];
  accounts: { account: string; name: string; operator: boolean; accrued_today: string; credited_total: string; balance: string }[];
  scores: Row[];
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

describe('GET /_sim/rewards: the simulator pays liquidity rewards', () => {
  it('scores a hand-computed book every minute, credits the day at 00:00 UTC to the balance', async () => {
    // Every market pays 144 USDC a day (0.1 a sample), max_spread 3 cents, min_size 10.
    const h = await startSimHarness({ markets: 3, catalog: { rewards: { dailyRate: 144, maxSpread: 3, minSize: 10 } } });
    try {
      const t = tokenWithTick(h, '0.01');
      const maker = h.sim.world.catalog.users.find((u) => u.role === 'maker')!;
      rest(h, maker, t.tokenId, 'BUY', '0.48', '100');
      rest(h, maker, t.tokenId, 'SELL', '0.52', '100');
      expect((await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.49', size: '20' })).body.success).toBe(true);
      expect((await postOrder(h, { tokenId: t.tokenId, side: 'SELL', price: '0.52', size: '20' })).body.success).toBe(true);
      const op = h.credentials.address.toLowerCase();
      const mm = maker.address.toLowerCase();
      // Adjusted midpoint (0.49 + 0.52) / 2 = 0.505. Per share ((3 - s) / 3)²:
      //   operator: bid 0.49 and ask 0.52 are 1.5 cents away: 1/4 · 20 = 5 each side; Q_min = 5.
      //   maker: bid 0.48 at 2.5 cents: 1/36 · 100 = 25/9; ask 0.52: 1/4 · 100 = 25;
      //          Q_min = max(min(25/9, 25), 25/3) = 25/3.
      //   shares 5 : 25/3 = 3/8 : 5/8; each sample pays 0.1 x share: 0.0375 and 0.0625.
      h.clock.advance(6 * MINUTE);
      const r = await h.request<RewardsBody>('GET', '/_sim/rewards', { query: { market: t.conditionId } });
      expect(r.status).toBe(200);
      expect(r.body.day).toBe('2026-01-01');
      expect(r.body.markets).toEqual([
        {
          market: t.conditionId,
          daily_rate: '144',
          max_spread_cents: '3',
          min_size: '10',
          samples_today: 7,
          midpoint: '0.505',
          total_score: expect.any(String),
        },
      ]);
      const rowOf = (rows: Row[], a: string) => rows.find((x) => x.account === a)!;
      expect(rowOf(r.body.scores, op)).toEqual({
        account: op,
        market: t.conditionId,
        q_one: '5',
        q_two: '5',
        score: '5',
        share: '0.375',
        share_sum_today: '2.25',
        accrued_today: '0.225000',
        credited_last_day: '0.000000',
        credited_total: '0.000000',
      });
      const m = rowOf(r.body.scores, mm);
      expect(new Decimal(m.q_one).eq(new Decimal(25).div(9))).toBe(true);
      expect(m).toMatchObject({ q_two: '25', share: '0.625', share_sum_today: '3.75', accrued_today: '0.375000' });
      expect(new Decimal(m.score).eq(new Decimal(25).div(3))).toBe(true);
      expect(r.body.accounts.find((a) => a.account === op)).toMatchObject({
        operator: true,
        accrued_today: '0.225000',
        balance: '0.000000',
      });

      // Filters: one account; a market nobody quotes has no rows.
      const mine = await h.request<RewardsBody>('GET', '/_sim/rewards', { query: { account: h.credentials.address } });
      expect(mine.body.scores.map((x) => x.account)).toEqual([op]);
      const other = h.sim.world.catalog.markets.find((x) => x.conditionId !== t.conditionId)!;
      const empty = await h.request<RewardsBody>('GET', '/_sim/rewards', { query: { market: other.conditionId } });
      expect(empty.body.scores).toEqual([]);
      expect(empty.body.markets.map((x) => x.market)).toEqual([other.conditionId]);

      // 00:00 of the next day: the day's 1,440 samples (minute 0 had empty books) are credited:
      // 1,439 x 0.0375 = 53.9625 and 1,439 x 0.0625 = 89.9375; the new day's first sample accrues.
      h.clock.advanceTo(1_767_225_600_000 + DAY);
      const bal = await h.request<{ account: string; balance: string }>('GET', '/_sim/balance', {
        query: { account: h.credentials.address },
      });
      expect(bal.body).toEqual({ account: op, balance: '53.962500' });
      const after = await h.request<RewardsBody>('GET', '/_sim/rewards', { query: { market: t.conditionId } });
      expect(after.body).toMatchObject({ day: '2026-01-02', last_credited_day: '2026-01-01' });
      expect(rowOf(after.body.scores, op)).toMatchObject({
        credited_last_day: '53.962500',
        credited_total: '53.962500',
        accrued_today: '0.037500',
      });
      expect(rowOf(after.body.scores, mm)).toMatchObject({ credited_total: '89.937500' });
      expect(after.body.accounts.find((a) => a.account === mm)).toMatchObject({ operator: false, name: maker.name, balance: '89.937500' });
      const stats = await h.stats();
      expect(stats.rewards).toMatchObject({
        paying_markets: 3,
        malformed_markets: 0,
        day: '2026-01-02',
        samples_total: 1441,
        operator: { credited_total: '53.962500', balance: '53.962500', accrued_today: '0.037500' },
      });
      expect((await h.request('GET', '/_sim/balance')).status).toBe(400);
    } finally {
      await h.close();
    }
  });

  it('counts the background makers: they earn alone until the operator quotes inside their spread', async () => {
    const h = await startSimHarness({
      markets: 2,
      flow: { enabled: true },
      catalog: { rewards: { dailyRate: 100, maxSpread: 4.5, minSize: 50 } },
    });
    try {
      h.clock.advance(3 * MINUTE);
      const before = await h.request<RewardsBody>('GET', '/_sim/rewards');
      const makers = new Set(h.sim.world.catalog.users.filter((u) => u.role === 'maker').map((u) => u.address.toLowerCase()));
      for (const m of h.sim.world.catalog.markets) {
        const rows = before.body.scores.filter((x) => x.market === m.conditionId);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(makers.has(row.account)).toBe(true);
        expect(rows.reduce((s, x) => s.add(x.share), new Decimal(0)).toFixed()).toBe('1');
      }
      // A second before the next sample, the operator quotes a cent either side of the market's
      // midpoint, 200 shares (so that the takers have no time to take them).
      h.clock.advance(MINUTE - 1_000);
      const m0 = h.sim.world.catalog.markets[0]!;
      const mid = new Decimal(h.sim.world.exchange.midpoint(m0.tokenIds[0])!);
      const tick = h.sim.world.exchange.tickSize(m0.tokenIds[0])!;
      const bid = mid.sub('0.01').toNearest(tick, Decimal.ROUND_DOWN).toFixed();
      const ask = mid.add('0.01').toNearest(tick, Decimal.ROUND_UP).toFixed();
      expect((await postOrder(h, { tokenId: m0.tokenIds[0], side: 'BUY', price: bid, size: '200', postOnly: true })).body.success).toBe(
        true,
      );
      expect((await postOrder(h, { tokenId: m0.tokenIds[0], side: 'SELL', price: ask, size: '200', postOnly: true })).body.success).toBe(
        true,
      );
      h.clock.advance(1_000);
      const after = await h.request<RewardsBody>('GET', '/_sim/rewards', { query: { market: m0.conditionId } });
      const op = h.credentials.address.toLowerCase();
      const mine = after.body.scores.find((x) => x.account === op)!;
      expect(new Decimal(mine.share).gt(0)).toBe(true);
      expect(new Decimal(mine.share).lt(1)).toBe(true);
      const competing = after.body.scores.filter((x) => x.account !== op);
      expect(competing.some((x) => makers.has(x.account) && new Decimal(x.share).gt(0))).toBe(true);
      expect(
        after.body.scores
          .reduce((s, x) => s.add(x.share), new Decimal(0))
          .sub(1)
          .abs()
          .lt('1e-35'),
      ).toBe(true);
    } finally {
      await h.close();
    }
  });
});
