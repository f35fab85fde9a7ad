/** /status's `events`: each neg-risk event makerd quotes in, counted as one risk (src/risk/event-loss.ts). */
import { moneyText } from '../money.js';
import type { RiskSnapshot } from '../risk/index.js';

export interface EventRiskStatus {
  readonly event: string;
  /** Its markets makerd evaluated (condition ids). */
  readonly markets: readonly string[];
  /** Worst-case loss over the ways the event can resolve, USDC at the micro-USDC. */
  readonly worstLoss: string;
  /** risk.perEvent.maxWorstLossUsdc; null while off. */
  readonly limit: string | null;
  /** The market whose Yes gives the worst loss; null: an outcome makerd does not quote. */
  readonly worstIfYes: string | null;
}

/** The events of the risk gate's snapshot; [] before the gate exists. */
export function eventsStatus(risk: Pick<RiskSnapshot, 'events' | 'eventLossLimit'> | undefined): EventRiskStatus[] {
  if (risk === undefined) return [];
  const limit = risk.eventLossLimit === undefined ? null : moneyText(risk.eventLossLimit);
  return risk.events.map((e) => ({
    event: e.event,
    markets: e.markets,
    worstLoss: moneyText(e.worstLoss),
    limit,
    worstIfYes: e.worstIfYes ?? null,
  }));
}
