/**
 * The synthetic flows of both worlds around a market's end (`startSimulator` with `ends`, flow on,
 * FakeClock, real server on port 0): fair value drifts to the drawn outcome and the close shows
 * it, takers come more often in the last stretch, and from the end on the flow leaves the market
 * alone (no trade, no order, no error) while it goes on quoting the others.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../src/clock/fake-clock.js';
import { startSimulator, type RunningSimulator } from '../../../src/sim/simulator.js';
import type { Market } from '../../../src/venue/types.js';

const START = Date.UTC(2026, 2, 1, 12);
let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function run(world: 'demo' | 'venue', ends: boolean): Promise<{ sim: RunningSimulator; clock: FakeClock }> {
  const clock = new FakeClock(START);
  sim = await startSimulator({
    world,
    markets: 10,
    seed: 'ends-flow',
    clock,
    host: '127.0.0.1',
    port: 0,
    ...(ends ? { ends: { everySec: 60, resolveAfterSec: 30 } } : {}),
  });
  return { sim, clock };
}

describe.each(['demo', 'venue'] as const)("the %s world's flow at a market's end", (world) => {
  it('drifts to the outcome, then leaves the ended markets alone and quotes the others', async () => {
    const { sim, clock } = await run(world, true);
    const { exchange, flow } = sim.world;
    const group = sim.world.ends.markets.groups[0]!;
    const later = sim.world.ends.markets.groups[1]!;
    expect(group.endMs).toBe(START + 60_000);

    clock.advanceTo(group.endMs - 1);
    for (const m of group.markets) {
      const winner = sim.world.ends.markets.records.get(m.conditionId)!.winner!;
      const fair = Number(flow.fair(m.tokenIds[winner]));
      expect(fair, `${m.conditionId} outcome ${winner}`).toBeGreaterThan(0.9);
    }
    clock.advance(1);
    for (const m of group.markets) {
      // The listing's price at the close is the book's last midpoint, near the winner's 1.
      const winner = sim.world.ends.markets.records.get(m.conditionId)!.winner!;
      const listed = (await (await fetch(`${sim.baseUrl}/markets/${m.conditionId}`)).json()) as Market;
      expect(listed.closed).toBe(true);
      expect(listed.tokens[winner]!.price).toBeGreaterThan(0.85);
    }

    const errorsAtEnd = flow.stats().errors;
    clock.advance(40_000);
    for (const m of group.markets) {
      for (const t of m.tokenIds) expect(exchange.book(t)).toMatchObject({ bids: [], asks: [] });
      const fills = exchange.tradeFills({ markets: [m.conditionId], takerOnly: false });
      for (const f of fills) expect(f.timestamp * 1000).toBeLessThan(group.endMs);
    }
    expect(flow.stats().errors).toBe(errorsAtEnd);
    expect(flow.stats().errors).toBe(0);
    // The markets still open are quoted as before.
    for (const m of later.markets) for (const t of m.tokenIds) expect(exchange.book(t)!.bids.length).toBeGreaterThan(0);
  });
});

describe("the demo world's takers near the end", () => {
  it('come more often in the last stretch than in the same run without ends', async () => {
    const counts: number[] = [];
    for (const ends of [false, true]) {
      const { sim, clock } = await run('demo', ends);
      clock.advanceTo(START + 59_999);
      counts.push(sim.world.flow.stats().takerOrders);
      await sim.close();
    }
    sim = undefined;
    // Every market is in its last stretch from the start (the first ends after 60 s, the tenth
    // after 600 s): from 2.5 times as often on average for the first to 1.15 for the tenth.
    expect(counts[1]!).toBeGreaterThan(counts[0]! * 1.3);
  });
});
