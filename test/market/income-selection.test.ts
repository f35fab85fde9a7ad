/**
 * selector.by = "income" against the simulator's venue world over real HTTP (port 0, fake clock,
 * makerd's rate limiter in front): the world has a day of public tape and price history before
 * its start, and drawn fee schedules. The selector picks the markets its income ranking puts
 * first; each pick's explanation carries the parts of its income, which add up; the reward part
 * is the rewards ranking's; only the configured number of candidates is read.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { RateLimiter } from '../../src/limits/rate-limiter.js';
import { type SelectionResult, selectMarketsDetailed, type SelectionSpec } from '../../src/market/market-selection.js';
import { startRewardReranking } from '../../src/market/reward-rerank.js';
import type { PickExplanation } from '../../src/market/reward-selector.js';
import { Decimal } from '../../src/money.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/simulator.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';

let sim: RunningSimulator;
let client: VenueClient;
const clock = new FakeClock(Date.UTC(2026, 10, 1, 12));

beforeAll(async () => {
  sim = await startSimulator({ world: 'venue', markets: 12, seed: 'income-select', clock });
  client = createVenueClient({ baseUrl: sim.baseUrl, clock, gate: new RateLimiter({ clock }) });
});
afterAll(async () => {
  await client?.close();
  await sim?.close();
});

const spec = (selector: Partial<SelectionSpec['selector']>): SelectionSpec => ({
  markets: [],
  selector: { top: 2, tag: '', ...selector },
  shard: { index: 0, count: 1 },
});

describe('selector.by income on the venue world', () => {
  it('picks the first markets of its income ranking, and explains each by the parts of its income', async () => {
    let explained: readonly PickExplanation[] = [];
    const r = await selectMarketsDetailed(client, spec({ by: 'income', incomeCandidates: 12, incomeLookbackSec: 21_600 }), {
      nowMs: clock.now(),
      onPicked: (p) => {
        explained = p;
      },
    });
    const ranked = r.ranking!.ranked;
    expect(ranked.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.rank.value.gte(ranked[i]!.rank.value)).toBe(true);
    expect(r.selected.map((m) => m.conditionId)).toEqual(ranked.slice(0, 2).map((e) => e.rank.conditionId));
    expect(explained.map((e) => [e.market, e.place])).toEqual(ranked.slice(0, 2).map((e, i) => [e.rank.conditionId, i + 1]));
    // The parts add up to the income, and the income over the capital is the rank key.
    for (const e of ranked) {
      const w = e.why;
      const sum = new Decimal(w.incomeReward!).add(w.incomeRebate!).add(w.incomeMarkout!).sub(w.incomeInventory!);
      expect(sum.sub(w.incomePerDay!).abs().lte('0.000002')).toBe(true);
      expect(new Decimal(w.incomePerDay!).div(w.capital!).sub(e.rank.value).abs().lte('0.000001')).toBe(true);
    }
    // The tape was read: the world trades, and its makers are marked out against the history.
    expect(ranked.some((e) => new Decimal(e.why.ourSharesPerDay!).gt(0))).toBe(true);
    expect(ranked.some((e) => !new Decimal(e.why.incomeMarkout!).isZero())).toBe(true);
    expect(ranked.some((e) => new Decimal(e.why.incomeInventory!).gt(0))).toBe(true);
  }, 60_000);

  it('takes its reward part from the rewards ranking and reads only the first candidates of it', async () => {
    const byRewards = await selectMarketsDetailed(client, spec({ by: 'rewards' }), { nowMs: clock.now() });
    const byIncome = await selectMarketsDetailed(client, spec({ by: 'income', incomeCandidates: 3, incomeLookbackSec: 3_600 }), {
      nowMs: clock.now(),
    });
    const first3 = byRewards.ranking!.ranked.slice(0, 3);
    const ranked = byIncome.ranking!.ranked;
    expect(ranked.map((e) => e.rank.conditionId).sort()).toEqual(first3.map((e) => e.rank.conditionId).sort());
    for (const e of ranked) {
      const same = first3.find((f) => f.rank.conditionId === e.rank.conditionId)!;
      expect(e.why.incomeReward).toBe(same.why.expectedRewardPerDay);
    }
  }, 60_000);

  it('ranks by income again every selector.rerankSec while running, and explains the new picks', async () => {
    const stop = new AbortController();
    const rankings: SelectionResult[] = [];
    let explained: readonly PickExplanation[] = [];
    startRewardReranking(client, {
      clock,
      logger: pino({ level: 'silent' }),
      stop: stop.signal,
      periodSec: 600,
      spec: spec({ by: 'income', incomeCandidates: 4, incomeLookbackSec: 3_600 }),
      quoted: [],
      rewards: {
        onPicked: (p) => {
          explained = p;
        },
      },
      onRanking: async (r) => {
        rankings.push(r);
      },
    });
    clock.advance(600_000);
    await vi.waitFor(() => expect(rankings).toHaveLength(1), { timeout: 30_000 });
    stop.abort();
    const ranked = rankings[0]!.ranking!.ranked;
    expect(ranked.length).toBeGreaterThan(0);
    expect(ranked.length).toBeLessThanOrEqual(4);
    expect(rankings[0]!.selected.map((m) => m.conditionId)).toEqual(ranked.slice(0, 2).map((e) => e.rank.conditionId));
    expect(explained.map((e) => e.market)).toEqual(ranked.slice(0, 2).map((e) => e.rank.conditionId));
    for (const e of explained)
      expect(Object.keys(e.why)).toEqual(
        expect.arrayContaining(['incomeReward', 'incomeRebate', 'incomeMarkout', 'incomeInventory', 'incomePerDay']),
      );
  }, 60_000);
});
