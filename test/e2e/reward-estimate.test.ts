/**
 * makerd knows what it earns, end to end: `makerd run` (live mode, over HTTP) quotes a paying
 * market of the simulator up to the end of a simulated UTC day, on one FakeClock with the simulator, while
 * the simulator's order flow runs (its background maker requoting a ladder on both tokens, takers
 * crossing). The simulator samples every account's resting orders each minute and credits the
 * day's reward at 00:00 UTC (GET /_sim/rewards); makerd estimates its own from its live orders and
 * the books it polls. Here makerd is the only account whose orders share a level with another
 * account's (the background maker posts one order per price), so the estimate must equal the
 * credit within 5 % (docs/rewards.md, "What makerd estimates").
 *
 * The clock moves a second at a time, each step followed by a settle: until the simulator has
 * answered every request makerd sent and none came for a few turns of the event loop. Nothing
 * waits on wall time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { runDaemon } from '../../src/main.js';
import { Decimal } from '../../src/money.js';
import { readAllEstimates } from '../../src/rewards/estimate-file.js';
import { dayReward } from '../../src/rewards/index.js';
import { liveEnvFor } from '../support/live-env.js';
import { logCapture } from '../support/log-capture.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { untilSimQuiet } from '../support/sim-quiet.js';

const DAY_MS = 86_400_000;
/** The UTC day 2026-01-01, credited by the simulator at 2026-01-02T00:00:00Z. */
const DAY = Date.UTC(2026, 0, 1);
const NEXT_DAY = DAY + DAY_MS;
/**
 * makerd runs the day's last three hours: a whole day of HTTP requests takes minutes of real time.
 * The credit is the day's all the same (Σ shares / 1,440 × rate), and the hours before count 0 on
 * both sides: makerd had no order resting and no sample.
 */
const START = NEXT_DAY - 3 * 3_600_000;

let h: SimHarness | undefined;

afterAll(async () => {
  await h?.close();
});

interface SimStats {
  requests_total: number;
  responses_by_status: Record<string, number>;
}

interface RewardRow {
  account: string;
  market: string;
  share_sum_today: string;
  credited_last_day: string;
  credited_total: string;
}

describe('makerd estimates its liquidity rewards', () => {
  it('within 5 % of what the simulator credits over a day', { timeout: 600_000 }, async () => {
    const sim = await startSimHarness({
      markets: 3,
      clock: new FakeClock(START),
      edgeLimits: { enabled: false },
      // Lighter than the defaults (steps of 5 s, rarer jumps, fewer takers, a calmer fair value), so
      // that hours of it run in seconds; the background maker's ladder is the default one.
      flow: { enabled: true, stepMs: 5_000, jumpRate: 1 / 3_600, A: 0.01, sigma: 0.002 },
    });
    h = sim;
    // A paying market with a 0.01 tick whose background maker's orders (100 to 300 shares) reach
    // min_size, so that makerd has competition, and whose max_spread takes makerd's band.
    const cm = sim.sim.world.catalog.markets.find(
      (m) => m.rewards.min_size > 0 && m.rewards.min_size <= 60 && m.rewards.max_spread >= 2 && m.tickSize === '0.01',
    );
    expect(cm).toBeDefined();
    const market = cm!.conditionId;
    const rate = cm!.rewards.rates.reduce((s, r) => s + r.rewards_daily_rate, 0);

    const stats = (): SimStats => sim.sim.stats() as unknown as SimStats;
    const settle = (): Promise<void> => untilSimQuiet(stats);

    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-rewards-e2e-')), 'data');
    const env = liveEnvFor(sim, {
      MAKERD_MARKETS: market,
      MAKERD_STRATEGY: 'bands',
      // One band 0.5 to 1.5 cents from the midpoint, 60 to 150 shares: inside max_spread, above min_size.
      MAKERD_STRATEGY_PARAMS: JSON.stringify({
        bands: [{ minMargin: '0.005', avgMargin: '0.01', maxMargin: '0.015', minAmount: '60', avgAmount: '100', maxAmount: '150' }],
      }),
      // Requests spaced for a day in a minute or two: books every 10 s, the rest every 30 to 60 s.
      MAKERD_POLLER_INTERVAL_MS: '60000',
      MAKERD_POLLER_STALE_AFTER_MS: '180000',
      MAKERD_EXECUTOR_SYNC_INTERVAL_MS: '120000',
      MAKERD_EXECUTOR_POSITIONS_INTERVAL_MS: '120000',
      MAKERD_PORTFOLIO_POLL_INTERVAL_MS: '60000',
      // Both streams, as in production: fills and books reach makerd as they happen, so its view at
      // a sample is the simulator's (on polls alone it lags a poll, and the estimate by a few %).
      MAKERD_STREAM_USER: 'on',
      MAKERD_STREAM_MARKET: 'on',
      MAKERD_DATA_DIR: dataDir,
      MAKERD_METRICS_PORT: '0',
    });
    const { config } = loadConfig({ env });
    const { logger, lines: problems } = logCapture('warn');
    const stop = new AbortController();
    const running = runDaemon(config, logger, stop.signal, { clock: sim.clock });
    try {
      while (sim.clock.now() < NEXT_DAY + 60_000) {
        sim.clock.advance(5_000);
        await settle();
      }
    } finally {
      stop.abort('SIGTERM');
      let code: number | undefined;
      void running.then(
        (c) => (code = c),
        () => (code = -1),
      );
      for (let i = 0; code === undefined && i < 10_000; i++) {
        sim.clock.advance(100);
        await settle();
      }
      expect(code).toBe(0);
    }

    // The simulator's credit of 2026-01-01 to the operator's account in the market.
    const answer = await sim.request<{ scores: RewardRow[] }>('GET', '/_sim/rewards', {
      query: { account: sim.credentials.address, market },
    });
    expect(answer.status).toBe(200);
    const row = answer.body.scores.find((r) => r.market === market)!;
    const credited = new Decimal(row.credited_last_day);
    // makerd's estimate of the same day, as it saved it.
    const day = readAllEstimates(dataDir).days.find((d) => d.day === DAY / DAY_MS)!;
    const est = day.markets[market]!;
    const estimated = dayReward(new Decimal(est.shareSum), new Decimal(est.dailyRate));
    expect(est.dailyRate).toBe(String(rate));
    // Not a vacuous day: makerd sampled most of its three hours and earned a real part of the
    // day's rate (its share over three hours of twenty-four).
    expect(est.samples).toBeGreaterThan(150);
    expect(credited.gt(rate / 100)).toBe(true);
    const error = estimated.sub(credited).abs().div(credited);
    console.info(
      `reward estimate of the day: estimated ${estimated.toFixed(6)} USDC, credited ${credited.toFixed(6)} USDC, error ${error.mul(100).toFixed(2)} %, ${est.samples} samples`,
    );
    expect(error.lte('0.05')).toBe(true);
    // Nothing about the rewards went wrong on the way (no malformed rules, no failed save).
    expect(problems.filter((l) => l.component === 'rewards')).toEqual([]);
  });
});
