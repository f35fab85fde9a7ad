/**
 * The selector's metric: sampling markets that selector.by = "rewards" could not rank for their
 * `rewards` object (`kind` none: pays nothing; malformed: unreadable, see the log line naming the
 * field), counted at every ranking. Labels from a fixed set.
 */
import { Counter, type Registry } from 'prom-client';
import type { RewardsProblem } from '../market/reward-selector.js';

export function registerSelectorMetrics(registry: Registry): (problem: RewardsProblem) => void {
  const unranked = new Counter({
    name: 'makerd_selector_rewards_unranked_total',
    help: 'Sampling markets selector.by=rewards did not rank for their rewards object, by kind (none, malformed), at each ranking',
    labelNames: ['kind'],
    registers: [registry],
  });
  for (const kind of ['none', 'malformed']) unranked.inc({ kind }, 0);
  return (problem) => unranked.inc({ kind: problem.kind });
}

/**
 * The selector's swaps (selector.rerankSec, and a selector market's end): markets that joined
 * (`in`) and left (`out`) the quoted set at runtime. Returns the counter's increment.
 */
export function registerSwapMetrics(registry: Registry): (direction: 'in' | 'out') => void {
  const swaps = new Counter({
    name: 'makerd_selector_swaps_total',
    help: 'Markets the selector moved into (direction in) or out of (direction out) the quoted set after a re-ranking or at a market end',
    labelNames: ['direction'],
    registers: [registry],
  });
  for (const direction of ['in', 'out']) swaps.inc({ direction }, 0);
  return (direction) => swaps.inc({ direction });
}
