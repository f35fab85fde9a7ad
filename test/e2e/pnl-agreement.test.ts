/**
 * makerd's books agree with the venue's, end to end: makerd run (live mode, user stream on)
 * quotes three markets of a simulator over HTTP, once with `bands` and once with `avellaneda`;
 * synthetic takers cross its quotes on both sides, so positions open and close (outcome 0 and
 * outcome 1), with maker rebates (the default takerOnly schedule) in one run and maker fees (a
 * schedule where makers pay) in the other. After SIGTERM (exit 0):
 *
 * - every token's size, average price and realized PnL (fees and rebates included) folded from
 *   makerd's journal equal GET /positions to the last decimal the venue prints, and the totals of
 *   its last log line ('journal flushed') equal the journal's;
 * - the journal's fills equal the account's fills of GET /data/trades (every page, attributed the
 *   same way): ids, sides, prices, sizes, fees and rebates, none missing, none twice.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { runDaemon } from '../../src/main.js';
import { Decimal, moneyText } from '../../src/money.js';
import { Portfolio, replayJournal, type TokenSnapshot } from '../../src/portfolio/index.js';
import type { Position } from '../../src/venue/types.js';
import { fillKey, takeOperatorQuote, venueFills, type TakeSpec } from '../support/account-fills.js';
import { liveEnvFor } from '../support/live-env.js';
import { logCapture } from '../support/log-capture.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

let h: SimHarness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

const BANDS = { bands: [{ minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.03', minAmount: '10', avgAmount: '20', maxAmount: '30' }] };
const AVELLANEDA = {
  gamma: 0.05,
  k: 10,
  sigmaInitial: 0.003,
  sigmaFloor: 0.0005,
  sigmaHalfLifeS: 300,
  sigmaMinSamples: 30,
  horizon: 3600,
  levels: 1,
  levelSpacing: 0.05,
  size: '10',
  maxInventory: '100',
  minSpread: '0.02',
};

/** What the venue prints for a decimal: a JSON number (a double). */
const asVenueNumber = (d: Decimal): string => new Decimal(String(d.toNumber())).toFixed();
const fromVenue = (n: number): string => new Decimal(String(n)).toFixed();

/**
 * One figure of ours against the venue's number, to the last decimal: exactly when our decimal
 * fits in a double (sizes, and PnL with fees rounded to 6 places, usually do), else as the venue
 * prints it (an average cost such as 0.4833… is cut to a double by its JSON).
 */
function expectFigure(token: string, field: string, ours: Decimal, venue: number): void {
  const label = `${field} of ${token}`;
  if (ours.sd(true) <= 15) expect(ours.toFixed(), label).toBe(fromVenue(venue));
  else expect(asVenueNumber(ours), label).toBe(fromVenue(venue));
}

interface Run {
  readonly strategy: 'bands' | 'avellaneda';
  readonly params: Record<string, unknown>;
  /** Fee schedule of every market (the simulator's catalog override); default: takerOnly with rebates. */
  readonly fee?: { rate: number; exponent: number; takerOnly: boolean; rebateRate: number };
  /** Takers per market, in order. */
  readonly steps: readonly Omit<TakeSpec, 'market'>[];
}

async function runAndCompare(run: Run): Promise<void> {
  const harness = await startSimHarness({
    markets: 4,
    clock: new FakeClock(Date.now()),
    edgeLimits: { enabled: false },
    // makerd signs with the wall clock and the harness's clock stands still: room for a slow machine.
    authWindowMs: 600_000,
    ...(run.fee === undefined ? {} : { catalog: { fee: run.fee } }),
  });
  h = harness;
  const markets = harness.sim.world.lookup.tokens().filter((t) => t.outcomeIndex === 0 && t.minOrderSize.lte(10));
  expect(markets.length).toBe(3);
  // A tick of 0.001 (averages that do not terminate) and ticks of 0.01.
  expect(new Set(markets.map((m) => m.tickSize.toFixed())).size).toBe(2);
  const maker = synthetic(harness, 0);
  for (const m of markets) {
    for (const t of [m.tokenId, m.oppositeTokenId]) {
      rest(harness, maker, t, 'BUY', '0.40', '100');
      rest(harness, maker, t, 'SELL', '0.60', '100');
    }
  }
  const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-pnl-')), 'data');
  const env = liveEnvFor(harness, {
    MAKERD_MARKETS: markets.map((m) => m.conditionId).join(','),
    MAKERD_STRATEGY: run.strategy,
    MAKERD_STRATEGY_PARAMS: JSON.stringify(run.params),
    MAKERD_STREAM_USER: 'on',
    // One POST /books per poll: 200 ms stays inside the venue's 80 per 10 s (a faster poll
    // exhausts the limiter's window and the poller waits for it, seconds at a time).
    MAKERD_POLLER_INTERVAL_MS: '200',
    // The simulator's clock stands still (its books keep their first timestamp).
    MAKERD_POLLER_STALE_AFTER_MS: '3600000',
    MAKERD_EXECUTOR_POSITIONS_INTERVAL_MS: '100',
    MAKERD_PORTFOLIO_POLL_INTERVAL_MS: '200',
    // Known issue: a user-stream `order` UPDATE that arrives before its POST /order answer is
    // dropped (Executor.applyOrderEvent looks the order up by venue id only, still '' while the
    // post is pending), so the executor sees the fill at the next GET /data/orders sync: keep
    // that wait short. Fills and PnL do not depend on it (they come from the account's trades).
    MAKERD_EXECUTOR_SYNC_INTERVAL_MS: '1000',
    MAKERD_DATA_DIR: dataDir,
    MAKERD_METRICS_PORT: '0',
  });
  const { config } = loadConfig({ env });
  const log = logCapture('info');
  const stop = new AbortController();
  const running = runDaemon(config, log.logger, stop.signal);
  let stopped = false;
  try {
    const taker = synthetic(harness, 1);
    for (const step of run.steps) {
      for (const m of markets) await takeOperatorQuote(harness, taker, { ...step, market: m.conditionId });
    }
    // The fills reach the journal while the daemon runs (user stream and the poll of /data/trades).
    const onVenue = (await venueFills(harness)).length;
    expect(onVenue).toBeGreaterThanOrEqual(run.steps.length * markets.length);
    await vi.waitFor(async () => expect((await replayJournal({ dataDir, repair: false })).records).toBe(onVenue), {
      timeout: 15_000,
      interval: 20,
    });
    stop.abort();
    stopped = true;
    expect(await running).toBe(0);
  } finally {
    if (!stopped) {
      stop.abort();
      await running.catch(() => undefined);
    }
  }
  expect(harness.sim.world.exchange.operatorStats().open_orders).toBe(0);

  // (b) The journal's fills are the venue's: same set, none twice.
  const replay = await replayJournal({ dataDir, repair: false });
  expect(replay.warnings).toEqual([]);
  expect(replay.duplicates).toBe(0);
  expect(replay.records).toBe(replay.fills.length);
  const venue = await venueFills(harness);
  expect(new Set(venue.map((f) => f.tradeId)).size).toBe(venue.length);
  expect(replay.fills.map(fillKey).sort()).toEqual(venue.map(fillKey).sort());
  expect(new Set(replay.fills.map((f) => f.role))).toEqual(new Set(['maker']));

  // (a) Positions and realized PnL, per token, against GET /positions (every size: sizeThreshold 0).
  const portfolio = new Portfolio({ clock: { now: () => Date.now() } });
  portfolio.applyAll(replay.fills);
  const ours: TokenSnapshot[] = portfolio.snapshot().markets.flatMap((m) => m.tokens);
  const res = await harness.request<Position[]>('GET', '/positions', {
    query: { user: harness.credentials.address, sizeThreshold: 0, limit: 500 },
  });
  expect(res.status).toBe(200);
  const positions = res.body;
  // The venue lists every token with a position or some realized PnL: all of ours.
  expect(positions.map((p) => p.asset).sort()).toEqual(
    ours
      .filter((t) => !t.size.isZero() || !t.realizedPnl.isZero())
      .map((t) => t.tokenId)
      .sort(),
  );
  for (const p of positions) {
    const t = ours.find((x) => x.tokenId === p.asset)!;
    expectFigure(p.asset, 'size', t.size, p.size);
    expectFigure(p.asset, 'avgPrice', t.avgPrice, p.avgPrice);
    expectFigure(p.asset, 'realizedPnl', t.realizedPnl, p.realizedPnl);
    expectFigure(p.asset, 'totalBought', t.boughtShares, p.totalBought);
  }

  // The daemon's own totals (its last words) are the journal's, rounded as money is at the edges
  // (a realized PnL against an average of 1/3 cent does not terminate).
  const totals = portfolio.totals();
  expect(log.lines.find((l) => l.msg === 'journal flushed')).toMatchObject({
    fills: replay.fills.length,
    realizedPnl: moneyText(totals.realizedPnl),
    fees: moneyText(totals.feesPaid),
    rebates: moneyText(totals.rebatesReceived),
  });
  expect(log.lines.at(-1)).toMatchObject({ msg: 'stopped', exitCode: 0 });
  expect(log.lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('position mismatch'))).toEqual([]);

  // What was covered: in every market a position was opened and (partly) closed at a gain, on
  // both outcomes; fees or rebates are in the realized PnL.
  for (const m of markets) {
    const mk = portfolio.market(m.conditionId)!;
    expect(mk.tradingPnl.gt(0), `closing gains in ${m.conditionId}`).toBe(true);
    expect(mk.tokens.map((t) => t.outcomeIndex)).toEqual([0, 1]);
  }
  if (run.fee?.takerOnly === false) {
    expect(totals.feesPaid.gt(0)).toBe(true);
    expect(totals.rebatesReceived.isZero()).toBe(true);
  } else {
    expect(totals.rebatesReceived.gt(0)).toBe(true);
    expect(totals.feesPaid.isZero()).toBe(true);
  }
  expect(totals.realizedPnl.eq(totals.tradingPnl.minus(totals.feesPaid).plus(totals.rebatesReceived))).toBe(true);
}

describe("makerd's positions, PnL and journal equal the simulator's (live mode over HTTP)", () => {
  it('bands on three markets, maker rebates (takerOnly schedule)', async () => {
    await runAndCompare({
      strategy: 'bands',
      params: BANDS,
      steps: [
        // Buy outcome 0 at the bid. The ask rests as BUY outcome 1 and keeps its leg (legs.ts):
        // taking 12 of it leaves 8, under minAmount, and the top-up of 12 sells what is held
        // (SELL outcome 0), which then closes 12.
        { quote: 'bid', leg: { outcome: 0, side: 'BUY' }, size: '20' },
        { quote: 'ask', leg: { outcome: 1, side: 'BUY' }, size: '12' },
        { quote: 'ask', leg: { outcome: 0, side: 'SELL' }, size: '12', nudge: '5' },
        // Then the rest of the flow goes where the quotes are.
        { quote: 'bid', size: '7' },
        { quote: 'ask', size: '5' },
      ],
    });
  }, 60_000);

  it('avellaneda on three markets, makers paying fees', async () => {
    await runAndCompare({
      strategy: 'avellaneda',
      params: AVELLANEDA,
      fee: { rate: 0.1, exponent: 1, takerOnly: false, rebateRate: 0 },
      steps: [
        // Buy outcome 0 at the bid, twice (15 held: more than the ask's full size of 10). Take 5 of
        // the ask on whichever leg it rests: as BUY outcome 1 (kept by legs.ts's hysteresis while its
        // price stays) or as SELL outcome 0 (re-priced after the bid's fill moved the position), at
        // least 10 of outcome 0 stay held, so its re-post at full size sells what is held (SELL
        // outcome 0), which then closes 6; with less than 10 left, the ask then buys outcome 1.
        // (Should a re-price race a fill and leave the ask on its other leg, a nudge, a partial take,
        // has it chosen afresh.)
        { quote: 'bid', leg: { outcome: 0, side: 'BUY' }, size: '10' },
        { quote: 'bid', leg: { outcome: 0, side: 'BUY' }, size: '5' },
        { quote: 'ask', size: '5' },
        { quote: 'ask', leg: { outcome: 0, side: 'SELL' }, size: '6', nudge: '5' },
        { quote: 'ask', leg: { outcome: 1, side: 'BUY' }, size: '8', nudge: '5' },
        { quote: 'bid', size: '5' },
        { quote: 'ask', size: '5' },
      ],
    });
  }, 60_000);
});
