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
