/**
 * The outcome of markets that end together, drawn once, when their last stretch begins, with the
 * chances their fair values give then (one uniform number from the group's own stream, so the
 * same seed draws the same outcomes whatever else happens):
 * - one market: outcome 0 wins with probability p, its fair value, else outcome 1;
 * - a neg-risk event: exactly one market resolves Yes (outcome 0), market i with probability
 *   p_i / sum(p) (their fair values scaled to sum to 1; equal chances if they are all 0), and
 *   every other market No (outcome 1).
 */
import type { SimRng } from '../rng.js';

/** The winning outcome of each market of the group, in order; `p0`: each market's fair value of outcome 0. */
export function drawWinners(rng: SimRng, p0: readonly number[], negRisk: boolean): (0 | 1)[] {
  const u = rng.next();
  if (!negRisk || p0.length === 1) return p0.map((p) => (u < p ? 0 : 1));
  const weights = p0.map((p) => (p > 0 && Number.isFinite(p) ? p : 0));
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = total > 0 ? weights.map((w) => w / total) : weights.map(() => 1 / weights.length);
  let pick = shares.length - 1;
  let acc = 0;
  for (let i = 0; i < shares.length; i++) {
    acc += shares[i]!;
    if (u < acc) {
      pick = i;
      break;
    }
  }
  return p0.map((_, i) => (i === pick ? 0 : 1));
}
