import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookPoller, type MarketSnapshot } from '../../src/market/poller.js';
import { RateLimiter } from '../../src/limits/index.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;
let limiter: RateLimiter;
let tokens: string[];

beforeAll(async () => {
  h = await startSimHarness({ markets: 4 });
  h.sim.world.flow.start(); // makers post their ladders at once, so every book has both sides
  limiter = new RateLimiter({ clock: h.clock });
  client = createVenueClient({ baseUrl: h.baseUrl, clock: h.clock, gate: limiter, retry: { maxAttempts: 1 } });
  tokens = (await client.getMarkets({})).data.flatMap((m) => m.tokens.map((t) => t.token_id));
});

afterAll(async () => {
  h.sim.world.flow.stop();
  await client?.close();
  limiter?.close();
  await h?.close();
});

function poller(onSnapshot: (s: MarketSnapshot) => void, staleAfterMs = 5_000, list = tokens): BookPoller {
  return new BookPoller({ source: client, clock: h.clock, tokens: list, intervalMs: 1_000, staleAfterMs, onSnapshot });
}

describe('BookPoller', () => {
  it('polls every token with one POST /books and one POST /midpoints', async () => {
    const before = (await h.stats()).requests_by_route as Record<string, number>;
    const snapshots: MarketSnapshot[] = [];
    const s = await poller((x) => snapshots.push(x)).tick();
    const after = (await h.stats()).requests_by_route as Record<string, number>;
    expect((after['POST /books'] ?? 0) - (before['POST /books'] ?? 0)).toBe(1);
    expect((after['POST /midpoints'] ?? 0) - (before['POST /midpoints'] ?? 0)).toBe(1);
    expect(snapshots).toEqual([s]);
    expect([...s.books.keys()].sort()).toEqual([...tokens].sort());
    expect(s.unusable.size).toBe(0);
    for (const t of tokens) {
      const view = s.books.get(t)!;
      // The poller's mid is the venue's midpoint, exactly.
      expect(s.mids.get(t)!.toString()).toBe(view.mid!.toString());
      expect(view.bids[0]!.price.lt(view.asks[0]!.price)).toBe(true);
    }
  });

  it('never passes on a stale book', async () => {
    await h.setFaults({ frozenBooks: true });
    try {
      const p = poller(() => {}, 5_000);
      await p.tick();
      h.clock.advance(5_001);
      const s = await p.tick();
      expect(s.books.size).toBe(0);
      expect([...s.unusable.values()].every((v) => v === 'stale')).toBe(true);
      expect(p.stats.unusableBooks.stale).toBe(tokens.length);
    } finally {
      await h.setFaults({ frozenBooks: false });
    }
  });

  it('drops a malformed answer: counted, nothing passed on', async () => {
    await h.setFaults({ malformed: { kind: 'price', rate: 1 } });
    try {
      const p = poller(() => {});
      const s = await p.tick();
      expect(s.books.size).toBe(0);
      expect(p.stats.failedRequests.MAKERD_ERR_BAD_RESPONSE).toBeGreaterThanOrEqual(1);
      expect([...s.unusable.values()].every((v) => v === 'error')).toBe(true);
    } finally {
      await h.setFaults({ malformed: null });
    }
  });

  it('schedules ticks on its clock without overlap, and stops', async () => {
    let n = 0;
    const waiters = new Map<number, () => void>();
    const nth = (k: number): Promise<void> => new Promise<void>((r) => waiters.set(k, r));
    const first = nth(1);
    const second = nth(2);
    const p = poller(() => {
      n++;
      waiters.get(n)?.();
    });
    p.start();
    h.clock.advance(0); // the first tick is due at once
    await first;
    // The next tick is armed only once the first has finished: 1 s of clock time later.
    await new Promise((r) => setImmediate(r));
    h.clock.advance(999);
    expect(n).toBe(1);
    h.clock.advance(1);
    await second;
    expect(n).toBe(2);
    await p.stop();
    h.clock.advance(10_000);
    await new Promise((r) => setImmediate(r));
    expect(n).toBe(2);
  });
});
