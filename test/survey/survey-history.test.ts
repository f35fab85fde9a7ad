/**
 * `makerd survey` with a short window (30 s) against a simulator whose tape and price history
 * reach back three hours: the makers' effective half-spread and mark-outs of the past trades rest
 * on the price history (polls cannot cover them), each figure worked out by hand below. Then the
 * same survey when the price history cannot be read: named in `unread`, the figures rest on the
 * polls alone (none here).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.js';
import type { PastTrade } from '../../src/sim/history/index.js';
import type { SurveyReport } from '../../src/survey/summary.js';
import type { Market } from '../../src/venue/types.js';
import { type SimHarness, startSimHarness } from '../support/sim-harness.js';
import { driven, trackRequests } from './drive-clock.js';

trackRequests();

/** The harness's clock starts at S0 (2026-01-01T00:00:00Z); the seeded path at P, three hours before. */
const S0 = 1_767_225_600;
const P = S0 - 10_800;

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/**
 * Outcome 0's seeded price at P + 60 i is 0.5 + 0.001 i (i = 0 … 179); outcome 1's is 1 minus it.
 * The past trades of the surveyed market, with what the survey must make of them (a point counts
 * within 61 s: one minute step + 1 s):
 *
 * t0 at P - 100, outcome 0, taker SELL 100 at 0.49 (49 USDC; the maker bought: edge = mid - 0.49)
 *    0 s: no point at or before within 61 s (the path starts 100 s later): not counted;
 *    60 s: first point at or after P - 40: P (0.5, 40 s later): 0.01;
 *    300 s: first at or after P + 200: P + 240 (0.504): 0.014.
 * t1 at P + 3,630, outcome 0, taker BUY 10 at 0.57 (5.7 USDC; the maker sold: edge = 0.57 - mid)
 *    0 s: point at or before: P + 3,600 (i 60, 0.56): 0.01;
 *    60 s: first at or after P + 3,690: P + 3,720 (0.562): 0.008;
 *    300 s: first at or after P + 3,930: P + 3,960 (0.566): 0.004.
 * t2 at P + 5,400, outcome 1, taker SELL 30 at 0.38 (11.4 USDC; edge = mid - 0.38 on outcome 1)
 *    0 s: P + 5,400 itself (i 90: 1 - 0.59 = 0.41): 0.03;
 *    60 s: P + 5,460 (1 - 0.591 = 0.409): 0.029;
 *    300 s: P + 5,700 (1 - 0.595 = 0.405): 0.025.
 *
 * USDC-weighted, in cents:
 *    0 s:   (5.7 x 0.01 + 11.4 x 0.03) / 17.1 = 0.399 / 17.1 = 2.333333… -> 2.3333 (2 trades)
 *    60 s:  (49 x 0.01 + 5.7 x 0.008 + 11.4 x 0.029) / 66.1 = 0.8662 / 66.1 = 1.310438… -> 1.3104 (3)
 *    300 s: (49 x 0.014 + 5.7 x 0.004 + 11.4 x 0.025) / 66.1 = 0.9938 / 66.1 = 1.503479… -> 1.5035 (3)
 */
async function seeded(): Promise<{ sim: SimHarness; market: Market }> {
  const sim = await startSimHarness({ markets: 3, seed: 'survey-history' });
  const listing = await sim.request<{ data: Market[] }>('GET', '/markets');
  const market = listing.body.data.find((m) => m.active && !m.closed && m.accepting_orders && m.enable_order_book)!;
  const [taker, maker] = [sim.sim.world.catalog.users[0]!.address, sim.sim.world.catalog.users[1]!.address];
  const trade = (timeSec: number, outcomeIndex: 0 | 1, side: 'BUY' | 'SELL', shares: number, price: number): PastTrade => ({
    conditionId: market.condition_id,
    outcomeIndex,
    side,
    priceMicro: Math.round(price * 1e6),
    sharesMicro: shares * 1e6,
    timeSec,
    taker,
    maker,
  });
  sim.sim.world.history.addPastTrades([
    trade(P - 100, 0, 'SELL', 100, 0.49),
    trade(P + 3_630, 0, 'BUY', 10, 0.57),
    trade(P + 5_400, 1, 'SELL', 30, 0.38),
  ]);
  sim.sim.world.history.seedPrices(
    market.condition_id,
    P,
    60,
    Int32Array.from({ length: 180 }, (_, i) => 500_000 + 1_000 * i),
  );
  return { sim, market };
}

function surveyed(sim: SimHarness, onStderr: (line: string) => void = () => {}): Promise<{ code: number; report: SurveyReport }> {
  let stdout = '';
  const io = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => onStderr(s) },
    env: {
      MAKERD_VENUE_MODE: 'live',
      MAKERD_VENUE_BASE_URL: sim.baseUrl,
      MAKERD_LOG_LEVEL: 'silent',
      MAKERD_POLLER_INTERVAL_MS: '2000',
      MAKERD_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'makerd-survey-')), 'data'),
    },
    clock: sim.clock,
  };
  const run = runCli(['survey', '--markets', '1', '--for', '30', '--json'], io).then((code) => ({
    code,
    report: JSON.parse(stdout) as SurveyReport,
  }));
  return driven(sim.clock, run, 200);
}

describe('makerd survey and the price history', () => {
  it("prices the past trades on the price history: the makers' figures to the digit, and what they rest on", async () => {
    const { sim, market } = await seeded();
    h = sim;
    const { code, report: r } = await surveyed(sim);
    expect(code).toBe(0);
    expect(r.unread).toEqual([]);
    expect(r.survey.window_s).toBeLessThan(40);
    expect(r.survey.histories_read).toBe(1);
    const [m] = r.markets;
    expect(m!.market).toBe(market.condition_id);
    expect(m!.tape).toMatchObject({ trades: 3, bound: 'tape-end' });
    expect(m).toMatchObject({
      maker_half_spread_cents_0s: 2.3333,
      maker_markout_cents_60s: 1.3104,
      maker_markout_cents_300s: 1.5035,
      maker_trades: { '0s': 2, '60s': 3, '300s': 3 },
      maker_trades_history: { '0s': 2, '60s': 3, '300s': 3 },
    });
    expect(r).toMatchObject({
      maker_half_spread_cents_0s: 2.3333,
      maker_markout_cents_60s: 1.3104,
      maker_markout_cents_300s: 1.5035,
      maker_trades_0s: 2,
      maker_trades_60s: 3,
      maker_trades_300s: 3,
      maker_trades_history_0s: 2,
      maker_trades_history_60s: 3,
      maker_trades_history_300s: 3,
    });
    // Two reads of the history (one per token), within the limits.
    const stats = await sim.stats();
    expect(stats.edge_throttled_total).toBe(0);
  }, 30_000);

  it('names a price history it cannot read, and rests the figures on the polls alone', async () => {
    const { sim, market } = await seeded();
    h = sim;
    const { code, report: r } = await surveyed(sim, (line) => {
      // Once the tapes are read, every price history comes back malformed.
      if (line.includes('reading the price histories')) sim.sim.setFaults({ malformed: { kind: 'price', rate: 1 } });
    });
    expect(code).toBe(0);
    expect(r.unread).toEqual([
      {
        what: 'prices-history',
        market: market.condition_id,
        error: expect.stringMatching(/^MAKERD_ERR_BAD_RESPONSE: GET \/prices-history: response field 'history\[0\]\.p'/),
      },
    ]);
    expect(r.survey.histories_read).toBe(0);
    expect(r.markets[0]!.tape).toMatchObject({ trades: 3 });
    expect(r).toMatchObject({
      maker_half_spread_cents_0s: null,
      maker_markout_cents_60s: null,
      maker_markout_cents_300s: null,
      maker_trades_0s: 0,
      maker_trades_history_0s: 0,
    });
  }, 30_000);
});
