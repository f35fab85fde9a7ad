/**
 * The reward estimate's part of start-quoting: a restart on the same UTC day goes on from the day
 * saved in data.dir/rewards/, a file that cannot be used is logged and set aside (never fatal),
 * and a save that fails is logged once. Books, live orders and rules are stubbed: the sampling
 * itself is test/trading/reward-sampler.test.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { newDaemonView } from '../../src/daemon/daemon-view.js';
import { startRewardEstimates } from '../../src/daemon/reward-estimates.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { parseRewardRules } from '../../src/rewards/index.js';
import { estimateFileName, rewardsDir, writeEstimate } from '../../src/rewards/estimate-file.js';
import { BookStore } from '../../src/trading/book-store.js';
import { phaseContext } from './phase-context.js';

const DAY_MS = 86_400_000;
/** 2026-01-01T10:00:30Z */
const NOW = Date.UTC(2026, 0, 1, 10, 0, 30);
const DAY = Math.floor(NOW / DAY_MS);
const MARKET = '0xm';
const PAYING = parseRewardRules({ rates: [{ asset_address: '0xusdc', rewards_daily_rate: 144 }], min_size: 100, max_spread: 4 });

function start(clock: FakeClock) {
  const p = phaseContext(undefined, {}, clock);
  const view = newDaemonView();
  view.markets = [{ conditionId: MARKET, tokens: [`${MARKET}:0`, `${MARKET}:1`] }];
  const input = {
    registry: createRegistry(),
    view,
    books: new BookStore(),
    executor: { tracker: { liveOf: () => [], footprints: () => [] } } as never,
    metadata: { get: () => ({ rewards: PAYING }) } as never,
  };
  return { ...p, view, run: () => startRewardEstimates(p.ctx, input) };
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
    // 10:01: a sample (no book: share 0), saved at once.
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
});
