/**
 * A market's last stretch (src/sim/ends/market-end.ts, outcome-draw.ts): the takers' heat, the
 * pull of fair value that reaches the winner's price at the end, and the outcome draw (exactly one
 * Yes in a neg-risk event, with the chances fair value gives).
 */
import { describe, expect, it } from 'vitest';
import { drawWinners, endHeat, endPullShare, hasEnded, type MarketEnd } from '../../../src/sim/ends/index.js';
import { FairValue } from '../../../src/sim/flow/fair-value.js';
import { SimRng } from '../../../src/sim/rng.js';

const end = (winner: 0 | 1 | undefined): MarketEnd => ({ windowStartMs: 1_000_000, endMs: 1_000_000 + 600_000, winner, closed: false });

describe('the last stretch', () => {
  it('heats the takers from 1 at its start to 4 at the end, linearly', () => {
    const e = end(0);
    expect(endHeat(undefined, 5e6)).toBe(1);
    expect(endHeat(e, 900_000)).toBe(1);
    expect(endHeat(e, 1_000_000)).toBe(1);
    expect(endHeat(e, 1_300_000)).toBe(2.5);
    expect(endHeat(e, 1_600_000)).toBe(4);
  });

  it('says a market ended from its end on, or once closed', () => {
    expect(hasEnded(undefined, 9e9)).toBe(false);
    expect(hasEnded(end(0), 1_599_999)).toBe(false);
    expect(hasEnded(end(0), 1_600_000)).toBe(true);
    expect(hasEnded({ ...end(0), closed: true }, 1_000_000)).toBe(true);
  });

  it('pulls nothing before the winner is known or before the stretch, and the whole way at the end', () => {
    expect(endPullShare(end(undefined), 1_300_000, 250)).toBe(0);
    expect(endPullShare(end(1), 999_000, 250)).toBe(0);
    expect(endPullShare(end(1), 1_000_100, 250)).toBeCloseTo(100 / 600_000, 15);
    expect(endPullShare(end(1), 1_300_000, 250)).toBeCloseTo(250 / 300_250, 15);
    expect(endPullShare(end(1), 1_600_000, 250)).toBe(1);
  });

  it("takes a still fair value along a line in log-odds to the winner's bound, reached at the end", () => {
    for (const winner of [0, 1] as const) {
      const e = end(winner);
      const fv = new FairValue({
        initial: 0.4,
        tick: 0.01,
        sigma: 0,
        jumpRate: 0,
        jumpSize: 0,
        walkRng: new SimRng('w'),
        jumpRng: new SimRng('j'),
      });
      const logit = (p: number): number => Math.log(p / (1 - p));
      const x0 = logit(0.4);
      const target = logit(winner === 0 ? 0.98 : 0.02);
      for (let now = e.windowStartMs + 250; now < e.endMs; now += 250) {
        fv.pullToward(winner, endPullShare(e, now, 250));
        if (now === e.windowStartMs + 300_000) expect(logit(fv.p)).toBeCloseTo((x0 + target) / 2, 9);
      }
      fv.pullToward(winner, endPullShare(e, e.endMs, 250));
      expect(fv.fair(0).toFixed()).toBe(winner === 0 ? '0.98' : '0.02');
    }
  });
});

describe('drawWinners', () => {
  it('makes exactly one market of a neg-risk event Yes, market i about p_i / sum(p) of the time', () => {
    const p = [0.5, 0.3, 0.1, 0.1];
    const wins = [0, 0, 0, 0];
    const rng = new SimRng('draws');
    for (let i = 0; i < 5_000; i++) {
      const w = drawWinners(rng, p, true);
      expect(w.filter((x) => x === 0)).toHaveLength(1);
      wins[w.indexOf(0)]!++;
    }
    // Fair values summing to 1: the shares are the fair values (4 standard errors at most).
    wins.forEach((n, i) => {
      expect(Math.abs(n / 5_000 - p[i]!)).toBeLessThan(4 * Math.sqrt((p[i]! * (1 - p[i]!)) / 5_000));
    });
    // Scaled when they do not sum to 1; equal chances when all are 0.
    expect(drawWinners(new SimRng('x'), [0, 0, 0.2], true)).toEqual([1, 1, 0]);
    const flat = [0, 0, 0];
    for (let i = 0; i < 3_000; i++) flat[drawWinners(rng, [0, 0, 0], true).indexOf(0)]!++;
    for (const n of flat) expect(n).toBeGreaterThan(850);
  });

  it('makes outcome 0 of a market of its own win with probability its fair value', () => {
    let zero = 0;
    const rng = new SimRng('single');
    for (let i = 0; i < 20_000; i++) if (drawWinners(rng, [0.3], false)[0] === 0) zero++;
    expect(Math.abs(zero / 20_000 - 0.3)).toBeLessThan(4 * Math.sqrt((0.3 * 0.7) / 20_000));
    expect(drawWinners(new SimRng('a'), [0.3], false)).toEqual(drawWinners(new SimRng('a'), [0.3], false));
  });
});
