/**
 * A neg-risk event as one risk through the trading loop, with the rules the simulator's listing
 * gives (MetadataCache over HTTP: `neg_risk` and the market's `event`): the real bands strategy on
 * every market of an event, the real risk gate with risk.perEvent, a recording executor. The first
 * market gets its quotes whole, the next is trimmed to what the event has left, any further one is
 * refused, and the loop logs it once with the event and the figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderTracker } from '../../src/execution/order-tracker.js';
import type { Executor } from '../../src/execution/executor.js';
import type { BookView } from '../../src/market/book-view.js';
import { MetadataCache } from '../../src/market/metadata-cache.js';
import type { MarketMeta } from '../../src/market/market-view.js';
import type { MarketSnapshot } from '../../src/market/poller.js';
import { Decimal } from '../../src/money.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import type { OrderIntent, Strategy } from '../../src/strategy/strategy.js';
import { BookStore } from '../../src/trading/book-store.js';
import { paidForHeld } from '../../src/trading/held-cost.js';
import { TradingLoop } from '../../src/trading/trading-loop.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import bands from '../../strategies/bands.js';
import { logCapture } from '../support/log-capture.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { book } from './fixtures.js';

let h: SimHarness;
let client: VenueClient;
let cache: MetadataCache;
/** The markets of the simulator's first neg-risk event of two markets or more, and the event's id. */
let markets: string[];
let eventId: string;
const metas = new Map<string, MarketMeta>();

beforeAll(async () => {
  h = await startSimHarness({ markets: 12 });
  client = createVenueClient({ baseUrl: h.baseUrl, clock: h.clock });
  cache = new MetadataCache({ source: client, clock: h.clock, ttlMs: 600_000 });
  const { catalog } = h.sim.world;
  const event = catalog.markets.find((m) => m.negRisk && catalog.markets.filter((x) => x.eventId === m.eventId).length >= 2)!;
  eventId = event.eventId;
  markets = catalog.markets.filter((m) => m.eventId === eventId).map((m) => m.conditionId);
  cache.track(markets);
  for (const m of markets) metas.set(m, (await cache.refresh(m))!);
});

afterAll(async () => {
  await cache?.close();
  await client?.close();
  await h?.close();
});

/** Books around 0.50 (bids 0.49, asks 0.51) on every token of the event, on each market's tick. */
function snapshot(): MarketSnapshot {
  const books = new Map<string, BookView>();
  const mids = new Map<string, Decimal>();
  for (const m of markets) {
    for (const t of metas.get(m)!.tokens) {
      books.set(t, book(t, { tick: metas.get(m)!.tickSize.toFixed(), timestampMs: h.clock.now(), hash: `h-${t}` }));
      mids.set(t, new Decimal('0.5'));
    }
  }
  return { atMs: h.clock.now(), books, mids, unusable: new Map() };
}

describe('the trading loop over a neg-risk event of the simulator', () => {
  it('reads the event from the listing, counts its markets as one risk, trims and refuses past the limit, and says so once', () => {
    const meta = metas.get(markets[0]!)!;
    expect(meta).toMatchObject({ negRisk: true, eventId });
    // The bands defaults quote 20 at 0.48 on both sides of each market: 9.6 lost either way the
    // first resolves. 16.8 leaves the next market 7.2 a side: 15 shares, every market's minimum size or more.
    const risk = new RiskGate(validateRiskLimits({ perEvent: { maxWorstLossUsdc: '16.8' } }));
    const submitted = new Map<string, string[]>();
    const tracker = new OrderTracker();
    const executor = {
      tracker,
      submit(market: string, _tick: Decimal, wanted: readonly OrderIntent[]): void {
        submitted.set(
          market,
          wanted.map((i) => `${i.side} ${i.tokenId === `${market}:0` ? 'Yes' : 'No'} ${i.price.toFixed()} x ${i.size.toFixed()}`),
        );
      },
    } as unknown as Executor;
    const params = parseStrategyParams(bands, {}, 'test (bands)');
    const log = logCapture();
    const loop = new TradingLoop({
      clock: h.clock,
      markets: markets.map((conditionId) => ({
        conditionId,
        tokens: metas.get(conditionId)!.tokens,
        strategy: bands as Strategy,
        params,
        state: null,
      })),
      metadata: cache,
      books: new BookStore(),
      positions: () => new Map(),
      paid: paidForHeld(new Portfolio({ clock: h.clock })),
      risk,
      executor,
      staleAfterMs: 5_000,
      trade: true,
      logger: log.logger,
    });
    loop.onSnapshot(snapshot());

    expect(submitted.get(markets[0]!)).toEqual(['BUY Yes 0.48 x 20', 'BUY No 0.48 x 20']);
    expect(submitted.get(markets[1]!)).toEqual(['BUY Yes 0.48 x 15', 'BUY No 0.48 x 15']);
    for (const m of markets.slice(2)) expect(submitted.get(m)).toEqual([]);
    const snap = risk.snapshot(h.clock.now());
    expect(snap.refusals['event-loss']).toBe(2 * (markets.length - 2));
    // 9.6 + 7.2 whichever market resolves Yes, or another: the first listed is named.
    expect(snap.events).toEqual([{ event: eventId, markets, worstLoss: new Decimal('16.8'), worstIfYes: markets[0] }]);

    const trims = log.lines.filter((l) => l.msg === 'event worst-case limit trims orders');
    expect(trims[0]).toMatchObject({
      market: markets[1],
      event: eventId,
      loss: '19.2',
      limit: '16.8',
      ifYes: 'another outcome',
      // Its bid first: it loses with the first market's bid when neither resolves Yes.
      reason: `event ${eventId}: worst-case loss 19.2 USDC if an outcome not quoted here resolves Yes would pass risk.perEvent.maxWorstLossUsdc 16.8`,
    });
    expect(trims).toHaveLength(markets.length - 1);

    // The same books again, nothing changed: nothing evaluated, nothing logged again.
    loop.onSnapshot(snapshot());
    expect(log.lines.filter((l) => l.msg === 'event worst-case limit trims orders')).toHaveLength(markets.length - 1);

    // Off: every market quotes whole, and the loop says the limit no longer trims.
    risk.setLimits(validateRiskLimits({ perEvent: { maxWorstLossUsdc: '0' } }));
    for (const m of markets) loop.markDirty(m);
    loop.onSnapshot(snapshot());
    for (const m of markets) expect(submitted.get(m)).toEqual(['BUY Yes 0.48 x 20', 'BUY No 0.48 x 20']);
    expect(log.lines.filter((l) => l.msg === 'event worst-case limit no longer trims orders').map((l) => l.market)).toEqual(
      markets.slice(1),
    );
  });
});
