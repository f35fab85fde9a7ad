/**
 * The reward estimate's part of start-quoting: a restart on the same UTC day goes on from the day
 * saved in data.dir/rewards/, a file that cannot be used is logged and set aside (never fatal),
 * and a save that fails is logged once. A paper run keeps its own (data.dir/paper-rewards/): it
 * never restores the account's, nor a live run a paper run's. A missed minute is counted and logged
 * once per episode. Books, live orders and rules are stubbed: the sampling itself is
 * test/trading/reward-sampler.test.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { newDaemonView } from '../../src/daemon/daemon-view.js';
import { startRewardEstimates } from '../../src/daemon/reward-estimates.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { parseRewardRules } from '../../src/rewards/index.js';
import { estimateFileName, PAPER_REWARDS_DIR, rewardsDir, writeEstimate } from '../../src/rewards/estimate-file.js';
import type { StoredBook } from '../../src/trading/book-store.js';
import { book, stored } from '../trading/fixtures.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';
import { phaseContext } from './phase-context.js';

const credentialsEnv = (): NodeJS.ProcessEnv => ({
  MAKERD_VENUE_ADDRESS: TEST_CREDENTIALS.address,
  MAKERD_VENUE_API_KEY: TEST_CREDENTIALS.apiKey,
  MAKERD_VENUE_PASSPHRASE: TEST_CREDENTIALS.passphrase,
  MAKERD_VENUE_SECRET: TEST_CREDENTIALS.secret,
});

const DAY_MS = 86_400_000;
/** 2026-01-01T10:00:30Z */
const NOW = Date.UTC(2026, 0, 1, 10, 0, 30);
const DAY = Math.floor(NOW / DAY_MS);
const MARKET = '0xm';
const PAYING = parseRewardRules({ rates: [{ asset_address: '0xusdc', rewards_daily_rate: 144 }], min_size: 100, max_spread: 4 });

function start(clock: FakeClock, env: NodeJS.ProcessEnv = {}, dataDir?: string) {
  const p = phaseContext(undefined, dataDir === undefined ? env : { ...env, MAKERD_DATA_DIR: dataDir }, clock);
  const view = newDaemonView();
  view.markets = [{ conditionId: MARKET, tokens: [`${MARKET}:0`, `${MARKET}:1`] }];
  // Empty books, always fresh: every sample is taken, and scores 0 (no midpoint). `books.none`
  // takes them away (a missed minute).
  const books = {
    none: false,
    get: (tokenId: string): StoredBook | undefined =>
      books.none ? undefined : stored(book(tokenId, { bids: [], asks: [], timestampMs: clock.now() })),
  };
  const input = {
    registry: createRegistry(),
    view,
    books: books as never,
    executor: { tracker: { liveOf: () => [], footprints: () => [] } } as never,
    metadata: { get: () => ({ rewards: PAYING }) } as never,
  };
  return { ...p, view, books, registry: input.registry, run: () => startRewardEstimates(p.ctx, input) };
}

describe('reward estimates of the daemon', () => {
  it("restores today's saved figures and saves each sample", () => {
    const clock = new FakeClock(NOW);
    const s = start(clock);
    // An earlier run of the same day: 36 shares by 10:00.
    writeEstimate(s.ctx.config.data.dir, {
      version: 1,
      day: DAY,
      lastSlot: 599,
      markets: { [MARKET]: { shareSum: '36', samples: 600, dailyRate: '144' } },
    });
    const stop = s.run();
    expect(s.lines.find((l) => l.msg === "today's reward estimate restored")).toMatchObject({ markets: 1 });
    expect(s.view.rewards?.totalToday().toFixed()).toBe('3.6'); // 36 / 1440 × 144
    // 10:01: a sample (empty books: share 0), saved at once.
    clock.advance(30_000);
    const saved = JSON.parse(readFileSync(join(rewardsDir(s.ctx.config.data.dir), estimateFileName(DAY)), 'utf8'));
    expect(saved).toEqual({
      version: 1,
      day: DAY,
      lastSlot: 601,
      markets: { [MARKET]: { shareSum: '36', samples: 601, dailyRate: '144' } },
    });
    stop();
    clock.advance(600_000);
    expect(JSON.parse(readFileSync(join(rewardsDir(s.ctx.config.data.dir), estimateFileName(DAY)), 'utf8')).lastSlot).toBe(601);
  });

  it('sets aside a file it cannot use, and logs a failed save once', () => {
    const clock = new FakeClock(NOW);
    const s = start(clock);
    const dir = rewardsDir(s.ctx.config.data.dir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, estimateFileName(DAY)), 'not json');
    s.run();
    expect(s.lines.find((l) => l.msg === "today's reward estimate not restored")?.problem).toMatch(/is not JSON$/);
    expect(s.view.rewards?.totalToday().toFixed()).toBe('0');

    // data.dir/rewards is a file (root can write anywhere, so no permission trick): nothing can
    // be read or saved there; the run goes on, sampling, with one warning for the saves.
    const t = start(clock);
    mkdirSync(t.ctx.config.data.dir, { recursive: true });
    writeFileSync(rewardsDir(t.ctx.config.data.dir), 'in the way');
    t.run();
    expect(t.lines.find((l) => l.msg === "today's reward estimate not restored")?.problem).toMatch(/^cannot read .*ENOTDIR/);
    clock.advance(30_000 + 3 * 60_000);
    expect(t.view.rewards?.estimates()[0]?.samples).toBe(4);
    expect(t.lines.filter((l) => l.msg === 'reward estimate not saved (a restart will start the day again)')).toHaveLength(1);
  });

  it("a paper run on a live run's data directory does not restore its estimate, and keeps its own apart", () => {
    const clock = new FakeClock(NOW);
    const live = start(clock);
    const dataDir = live.ctx.config.data.dir;
    // The live run's day: 36 shares by 10:00.
    writeEstimate(dataDir, {
      version: 1,
      day: DAY,
      lastSlot: 599,
      markets: { [MARKET]: { shareSum: '36', samples: 600, dailyRate: '144' } },
    });
    const liveFile = join(rewardsDir(dataDir), estimateFileName(DAY));
    const liveText = readFileSync(liveFile, 'utf8');

    const paper = start(clock, { MAKERD_TRADING_MODE: 'paper' }, dataDir);
    const stopPaper = paper.run();
    expect(paper.lines.find((l) => l.msg === "today's reward estimate restored")).toBeUndefined();
    expect(paper.view.rewards?.totalToday().toFixed()).toBe('0');
    clock.advance(30_000);
    // Its sample is saved in paper-rewards/; the account's file is as the live run left it.
    const paperFile = join(rewardsDir(dataDir, PAPER_REWARDS_DIR), estimateFileName(DAY));
    expect(JSON.parse(readFileSync(paperFile, 'utf8'))).toMatchObject({ day: DAY, markets: { [MARKET]: { shareSum: '0' } } });
    expect(readFileSync(liveFile, 'utf8')).toBe(liveText);
    stopPaper();

    // And a live run after it restores the live day, not the paper one.
    const again = start(clock, {}, dataDir);
    const stopAgain = again.run();
    expect(again.lines.find((l) => l.msg === "today's reward estimate restored")).toMatchObject({ markets: 1 });
    expect(again.view.rewards?.totalToday().toFixed()).toBe('3.6');
    stopAgain();
    // A later paper run restores the paper day (its own), not the live one.
    writeEstimate(
      dataDir,
      { version: 1, day: DAY, lastSlot: 600, markets: { [MARKET]: { shareSum: '14.4', samples: 601, dailyRate: '144' } } },
      PAPER_REWARDS_DIR,
    );
    const paper2 = start(clock, { MAKERD_TRADING_MODE: 'paper' }, dataDir);
    paper2.run()();
    expect(paper2.view.rewards?.totalToday().toFixed()).toBe('1.44');
  });

  it("a monitor run without credentials (no account) neither restores nor saves the account's estimate", () => {
    const clock = new FakeClock(NOW);
    const env = { MAKERD_VENUE_MODE: 'live', MAKERD_VENUE_BASE_URL: 'http://127.0.0.1:9', MAKERD_TRADING_MODE: 'monitor' };
    const monitor = start(clock, env);
    const dataDir = monitor.ctx.config.data.dir;
    writeEstimate(dataDir, {
      version: 1,
      day: DAY,
      lastSlot: 599,
      markets: { [MARKET]: { shareSum: '36', samples: 600, dailyRate: '144' } },
    });
    const liveFile = join(rewardsDir(dataDir), estimateFileName(DAY));
    const liveText = readFileSync(liveFile, 'utf8');
    const stop = monitor.run();
    expect(monitor.lines.find((l) => l.msg === "today's reward estimate restored")).toBeUndefined();
    clock.advance(3 * 60_000);
    expect(monitor.view.rewards?.estimates()[0]?.samples).toBe(3);
    expect(readFileSync(liveFile, 'utf8')).toBe(liveText);
    stop();
    // With the account's credentials, monitor mode is the account's: it goes on from the saved day.
    const withAccount = start(clock, { ...env, ...credentialsEnv() }, dataDir);
    withAccount.run()();
    expect(withAccount.view.rewards?.totalToday().toFixed()).toBe('3.6');
  });

  it('counts a missed minute and logs each episode once when it starts and once when sampling resumes', async () => {
    const clock = new FakeClock(NOW);
    const s = start(clock);
    const stop = s.run();
    clock.advance(30_000); // 10:01 sampled
    s.books.none = true;
    clock.advance(3 * 60_000); // 10:02, 10:03, 10:04 missed
    s.books.none = false;
    clock.advance(60_000); // 10:05 sampled
    expect(s.view.rewards?.estimates()[0]?.samples).toBe(2);
    const missed = s.lines.filter((l) => String(l.msg).startsWith('reward sample missed'));
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatchObject({ level: 'warn', market: MARKET, minute: '2026-01-01T10:02:00.000Z', reason: 'book missing' });
    const resumed = s.lines.filter((l) => l.msg === 'reward sampling resumed after missed minutes');
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({
      market: MARKET,
      since: '2026-01-01T10:02:00.000Z',
      missedMinutes: 3,
      reasons: { 'book missing': 3 },
    });
    expect(await s.registry.metrics()).toContain('makerd_reward_samples_missed_total{market="0xm"} 3');
    stop();
  });
});
