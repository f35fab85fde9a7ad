/**
 * selector.by = "rewards" on the simulator's catalog over real HTTP (port 0, fake clock, makerd's
 * rate limiter in front): the markets it picks earn, over a simulated day, at least what the
 * first N of the listing earn when quoted the same way (the simulator pays: /_sim/rewards); it
 * stays inside every limit window; it works with the tag filter and shards. A fake client covers
 * rewards objects the simulator never serves (missing, malformed): not ranked, counted, logged
 * once, never a crash; an explicitly configured market is selected whatever its rewards.
 */
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRewardReranking } from '../../src/market/reward-rerank.js';
import { registerSelectorMetrics } from '../../src/metrics/selector-metrics.js';
import { RateLimiter } from '../../src/limits/rate-limiter.js';
import { selectMarketsDetailed, type SelectionSpec } from '../../src/market/market-selection.js';
import { MidHistory } from '../../src/market/reward-ranking.js';
import type { RewardsProblem } from '../../src/market/reward-selector.js';
import { Decimal } from '../../src/money.js';
import { adjustedMidpoint } from '../../src/rewards/index.js';
import type { CatalogMarket } from '../../src/sim/catalog/catalog-model.js';
import { operatorAccount } from '../../src/sim/server/operator-account.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { fakeSelectionClient, listedMarket } from '../support/selection-fakes.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

const MINUTE = 60_000;
let h: SimHarness;
let client: VenueClient;
let limiter: RateLimiter;

beforeAll(async () => {
  // Ten markets (three pay), the flow on with makers quoting, calm (no jumps) and with few takers,
  // in 10 s steps, so that a simulated day takes seconds and what a market pays is what the
  // ranking can see in its book: fills and jumps (the volatility penalty's part) are left out.
  h = await startSimHarness({
    markets: 10,
    seed: 'rank',
    flow: { enabled: true, stepMs: 10_000, A: 0.002, jumpRate: 0, sigma: 0.001, makerRefreshMs: 120_000, makerDepthLevels: 3 },
  });
  limiter = new RateLimiter({ clock: h.clock });
  client = createVenueClient({ baseUrl: h.baseUrl, clock: h.clock, gate: limiter });
  h.clock.advance(2 * MINUTE);
});

afterAll(async () => {
  await client?.close();
  await h?.close();
});

const spec = (selector: Partial<SelectionSpec['selector']>, shard = { index: 0, count: 1 }): SelectionSpec => ({
  markets: [],
  selector: { top: 2, tag: '', ...selector },
  shard,
});

/** Re-quotes the operator in `market` as the ranking assumes: both sides, half max_spread away, min_size. */
function quoteLikeTheRanking(m: CatalogMarket): void {
  const ex = h.sim.world.exchange;
  const op = operatorAccount(h.credentials);
  ex.cancelMarketOrders(op, { market: m.conditionId });
  const book = ex.book(m.tokenIds[0]);
  if (book === undefined) return;
  const lv = (l: { price: string; size: string }) => ({ price: new Decimal(l.price), size: new Decimal(l.size) });
  const minSize = new Decimal(m.rewards.min_size);
  const mid = adjustedMidpoint(book.bids.map(lv), book.asks.map(lv), minSize);
  if (mid === undefined) return;
  const tick = new Decimal(book.tick_size);
  const d = new Decimal(m.rewards.max_spread).div(200);
  const size = Decimal.max(minSize, new Decimal(m.minOrderSize)).toFixed();
  const prices = [mid.sub(d).toNearest(tick, Decimal.ROUND_UP), mid.add(d).toNearest(tick, Decimal.ROUND_DOWN)];
  (['BUY', 'SELL'] as const).forEach((side, i) => {
    ex.placeOrder(op, {
      order: { asset_id: m.tokenIds[0], side, price: prices[i]!.toFixed(), size, expiration: '0', client_order_id: '' },
      owner: op.apiKey,
      orderType: 'GTC',
      postOnly: true,
    });
  });
}

describe('selector.by = "rewards" on the simulator', () => {
  it('picks markets that earn at least what the first N of the listing earn over a simulated day, within the limits', async () => {
    const byRewards = await selectMarketsDetailed(client, spec({ by: 'rewards' }), { nowMs: h.clock.now() });
    const byListing = await selectMarketsDetailed(client, spec({}));
    const sampling = h.sim.world.catalog.markets.filter((m) => m.rewards.min_size > 0);
    expect(byListing.selected.map((m) => m.conditionId)).toEqual(sampling.slice(0, 2).map((m) => m.conditionId));
    expect(byRewards.selected).toHaveLength(2);
    // Every paying quotable market is ranked, best first, with its reasons.
    expect(byRewards.ranking?.ranked.length).toBe(sampling.length);
    const values = byRewards.ranking!.ranked.map((r) => r.rank.value);
    for (let i = 1; i < values.length; i++) expect(values[i - 1]!.gte(values[i]!)).toBe(true);
    expect(byRewards.ranking!.ranked[0]!.why).toMatchObject({ rate: expect.any(String), expectedShare: expect.any(String) });

    // A day (to the next 00:00 UTC), the operator quoting every market of both picks the same way.
    const union = new Set([...byRewards.selected, ...byListing.selected].map((m) => m.conditionId));
    const markets = h.sim.world.catalog.markets.filter((m) => union.has(m.conditionId));
    const dayEnd = (Math.floor(h.clock.now() / 86_400_000) + 1) * 86_400_000;
    while (h.clock.now() < dayEnd) {
      for (const m of markets) quoteLikeTheRanking(m);
      h.clock.advance(Math.min(MINUTE, dayEnd - h.clock.now()));
    }
    const r = await h.request<{ scores: { market: string; credited_total: string }[] }>('GET', '/_sim/rewards', {
      query: { account: h.credentials.address },
    });
    const earned = (picks: readonly { conditionId: string }[]) =>
      picks.reduce((sum, p) => sum.add(r.body.scores.find((s) => s.market === p.conditionId)?.credited_total ?? 0), new Decimal(0));
    const rewardsEarned = earned(byRewards.selected);
    const listingEarned = earned(byListing.selected);
    expect(rewardsEarned.gt(0)).toBe(true);
    expect(rewardsEarned.gte(listingEarned)).toBe(true);

    // Never a 429 from the simulator's edge, every window of makerd's limiter within capacity.
    expect((await h.stats()).edge_throttled_total).toBe(0);
    const snap = limiter.snapshot();
    expect(snap.throttles.every((t) => t.status429 === 0 && t.status425 === 0)).toBe(true);
    for (const w of snap.windows) expect(w.used).toBeLessThanOrEqual(w.capacity);
    expect(snap.admitted).toBeDefined();
  }, 120_000);

  it('works with shards (the N picks split, not re-picked per shard) and with a tag', async () => {
    const all = await selectMarketsDetailed(client, spec({ by: 'rewards', top: 4 }));
    const shards = await Promise.all(
      [0, 1].map((index) => selectMarketsDetailed(client, spec({ by: 'rewards', top: 4 }, { index, count: 2 }))),
    );
    expect(shards.flatMap((s) => s.selected.map((m) => m.conditionId)).sort()).toEqual(all.selected.map((m) => m.conditionId).sort());
    const first = all.ranking!.ranked[0]!.market;
    const tag = h.sim.world.catalog.events.find((e) => e.conditionIds.includes(first.condition_id))!.tagIds[0]!;
    const label = h.sim.world.catalog.tags.find((t) => t.id === tag)!.label;
    const tagged = await selectMarketsDetailed(client, spec({ by: 'rewards', top: 1, tag: label }));
    expect(tagged.selected.map((m) => m.conditionId)).toEqual([first.condition_id]);
  });
});

describe('selector.rerankSec', () => {
  it('ranks again every period on the clock, logs the picks and what would change, stops with the signal', async () => {
    const lines: { msg: string; picks?: string[]; entering?: string[]; leaving?: string[] }[] = [];
    const logger = {
      info: (o: object, msg: string) => lines.push({ msg, ...o }),
      warn: (o: object, msg: string) => lines.push({ msg, ...o }),
      debug: () => undefined,
      child: () => logger,
    } as never;
    const stop = new AbortController();
    const first = await selectMarketsDetailed(client, spec({ by: 'rewards', top: 1 }));
    startRewardReranking(client, {
      clock: h.clock,
      logger,
      stop: stop.signal,
      periodSec: 600,
      spec: spec({ by: 'rewards', top: 1 }),
      quoted: ['0xnot-quoted-any-more'],
      rewards: { midHistory: new MidHistory() },
    });
    const reranks = () => lines.filter((l) => l.msg.startsWith('selector re-ranked'));
    h.clock.advance(599_000);
    expect(reranks()).toHaveLength(0);
    h.clock.advance(1_000);
    await vi.waitFor(() => expect(reranks()).toHaveLength(1));
    expect(reranks()[0]).toMatchObject({
      msg: 'selector re-ranked: the set would change',
      picks: first.selected.map((m) => m.conditionId),
      entering: first.selected.map((m) => m.conditionId),
      leaving: ['0xnot-quoted-any-more'],
    });
    stop.abort();
    h.clock.advance(600_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(reranks()).toHaveLength(1);
  });
});

describe('selector.by = "rewards" with rewards the ranking cannot use', () => {
  const listing = [
    listedMarket(1, { rates: [{ rewards_daily_rate: 'lots' }], min_size: 10, max_spread: 3 }),
    listedMarket(2, undefined),
    listedMarket(3, { rates: [{ asset_address: '0x', rewards_daily_rate: 50 }], min_size: 10, max_spread: 3 }),
    listedMarket(4, { rates: [], min_size: 0, max_spread: 0 }),
    listedMarket(5, 'nonsense'),
  ];
  const fake = fakeSelectionClient(listing, '100', true);

  it('ranks only the paying market, counts the others with their reason, logs each once across rankings', async () => {
    const lines: { level: string; msg: string; market?: string; reason?: string }[] = [];
    const logger = {
      info: (o: object, msg: string) => lines.push({ level: 'info', msg, ...o }),
      warn: (o: object, msg: string) => lines.push({ level: 'warn', msg, ...o }),
      debug: () => undefined,
      child: () => logger,
    } as never;
    const counted: string[] = [];
    const loggedProblems = new Set<string>();
    const registry = new Registry();
    const metric = registerSelectorMetrics(registry);
    const options = {
      logger,
      loggedProblems,
      midHistory: new MidHistory(),
      onRewardsProblem: (p: RewardsProblem) => {
        counted.push(p.kind);
        metric(p);
      },
    };
    const first = await selectMarketsDetailed(fake, spec({ by: 'rewards', top: 3 }), options);
    expect(first.selected.map((m) => m.slug)).toEqual(['m3']);
    expect(first.ranking!.problems.map((p) => [p.conditionId.slice(-1), p.kind, p.reason])).toEqual([
      ['1', 'malformed', 'rewards.rates[0].rewards_daily_rate is "lots", not a number'],
      ['2', 'none', 'pays no liquidity rewards'],
      ['4', 'none', 'pays no liquidity rewards'],
      ['5', 'malformed', 'rewards is "nonsense", not an object'],
    ]);
    expect(counted).toEqual(['malformed', 'none', 'none', 'malformed']);
    const warned = () => lines.filter((l) => l.msg.startsWith('selector: rewards object unreadable'));
    expect(warned().map((l) => l.reason)).toEqual([
      'rewards.rates[0].rewards_daily_rate is "lots", not a number',
      'rewards is "nonsense", not an object',
    ]);
    await selectMarketsDetailed(fake, spec({ by: 'rewards', top: 3 }), options);
    expect(warned()).toHaveLength(2); // logged once, counted again
    expect(counted).toHaveLength(8);
    const text = await registry.metrics();
    expect(text).toContain('makerd_selector_rewards_unranked_total{kind="none"} 4');
    expect(text).toContain('makerd_selector_rewards_unranked_total{kind="malformed"} 4');
    // Explicitly configured, a market with malformed rewards is selected as before.
    const explicit = await selectMarketsDetailed(
      fake,
      { ...spec({ by: 'rewards', top: 1 }), markets: [{ market: listing[0]!.condition_id }] },
      options,
    );
    expect(explicit.selected.map((m) => [m.slug, m.entry])).toEqual([
      ['m1', 0],
      ['m3', 'selector'],
    ]);
  });
});
