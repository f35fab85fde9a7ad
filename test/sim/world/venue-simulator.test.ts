/**
 * `startSimulator({ world: 'venue' })` over real HTTP: a day of public tape and price history
 * before its start, the drawn reward terms and fees in the listings, and the live flow trading
 * on the injected clock from where the past ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../src/clock/fake-clock.js';
import { startSimulator, type RunningSimulator } from '../../../src/sim/simulator.js';
import type { Market, TradeFill } from '../../../src/venue/types.js';

let sim: RunningSimulator;
const clock = new FakeClock(Date.UTC(2026, 10, 1, 12));
const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${sim.baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

beforeAll(async () => {
  sim = await startSimulator({ world: 'venue', markets: 12, seed: 'venue-sim-test', clock });
});
afterAll(async () => {
  await sim.close();
});

describe('the venue world in the simulator', () => {
  it('answers a day of public trades from before its start, newest first, at makers quoting about the fair value', async () => {
    const startSec = Math.floor(clock.now() / 1000);
    const trades = await get<TradeFill[]>('/trades?limit=10000');
    expect(trades.length).toBeGreaterThan(100);
    for (const t of trades) {
      expect(t.timestamp).toBeLessThan(startSec);
      expect(t.timestamp).toBeGreaterThanOrEqual(startSec - 86_400);
      expect(t.price).toBeGreaterThan(0);
      expect(t.price).toBeLessThan(1);
    }
    for (let i = 1; i < trades.length; i++) expect(trades[i]!.timestamp).toBeLessThanOrEqual(trades[i - 1]!.timestamp);
    expect(trades.at(-1)!.timestamp).toBeLessThan(startSec - 20 * 3600);
  });

  it("answers each token's price history over the past day, a point a minute, outcome 1 the complement", async () => {
    const m = sim.world.catalog.markets[0]!;
    const startSec = Math.floor(clock.now() / 1000);
    const q = `startTs=${startSec - 86_400}&endTs=${startSec}&fidelity=1`;
    const h0 = await get<{ history: { t: number; p: number }[] }>(`/prices-history?market=${m.tokenIds[0]}&${q}`);
    const h1 = await get<{ history: { t: number; p: number }[] }>(`/prices-history?market=${m.tokenIds[1]}&${q}`);
    expect(h0.history.length).toBeGreaterThanOrEqual(1439);
    expect(h1.history.length).toBe(h0.history.length);
    h0.history.forEach((pt, i) => {
      expect(pt.p + h1.history[i]!.p).toBeCloseTo(1, 9);
    });
  });

  it("lists each market's drawn reward terms and fee schedule", async () => {
    const page = await get<{ data: Market[] }>('/markets');
    expect(page.data).toHaveLength(12);
    page.data.forEach((m, i) => {
      const c = sim.world.catalog.markets[i]!;
      expect(m.rewards).toEqual(c.rewards);
      expect(m.taker_base_fee).toBe(c.category === 'CRYPTO' ? 175 : 0);
    });
  });

  it('trades on from the end of the past: makers quote both tokens, and takers trade over simulated hours', async () => {
    const m = sim.world.catalog.markets[0]!;
    const startFair = sim.world.flow.fair(m.tokenIds[0])!;
    expect(sim.world.exchange.midpoint(m.tokenIds[0])).toBeDefined();
    expect(sim.world.exchange.midpoint(m.tokenIds[1])).toBeDefined();
    for (let i = 0; i < 4 * 3600 * 4; i++) sim.world.flow.step(250);
    const stats = sim.world.flow.stats();
    expect(stats.makerRefreshes).toBeGreaterThan(12);
    expect(stats.takerFills).toBeGreaterThan(5);
    expect(sim.world.flow.fair(m.tokenIds[0])!.eq(startFair)).toBe(false);
  }, 30_000);
});
