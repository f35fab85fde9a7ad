/**
 * The ends of a run as the server shows them: `GET /_sim/ends`, the simulator's own record of
 * every market that reached its end, so a test can hold a client to "nothing of mine rested at
 * any end" from the venue's side.
 */
import type { MarketEnds } from './market-ends.js';
import type { Redemptions } from './redemptions.js';

/** Everything the server needs of a run's ends. */
export interface SimEnds {
  /** 0 when no market ends within the run. */
  readonly everySec: number;
  readonly resolveAfterSec: number;
  readonly markets: MarketEnds;
  readonly redemptions: Redemptions;
}

export interface EndedMarketView {
  market: string;
  question: string;
  neg_risk: boolean;
  /** As the listings show it (ISO 8601). */
  end_date: string;
  /** Clock time (ms) at which it closed. */
  closed_at_ms: number;
  /** When it resolves (ISO 8601), and when it did (ms; null until then). */
  resolution_date: string;
  resolved_at_ms: number | null;
  /** null until it resolved. */
  winning_outcome: string | null;
  winning_outcome_index: 0 | 1 | null;
  winning_asset_id: string | null;
  /** Orders resting on it at its end, cancelled by the venue: everyone's, and the operator's. */
  orders_cancelled: number;
  operator_orders_cancelled: number;
}

export interface EndsView {
  every_sec: number;
  resolve_after_sec: number;
  /** Markets that end within the run, ended ones included. */
  markets_scheduled: number;
  markets_ended: number;
  markets_resolved: number;
  /** When the next market ends (ISO 8601); null when none is left. */
  next_end_date: string | null;
  operator_orders_cancelled_total: number;
  /** In the order they ended. */
  ended: EndedMarketView[];
}

export function endsView(ends: SimEnds): EndsView {
  const ended = ends.markets.ended().map((e): EndedMarketView => {
    const m = e.market;
    const w = e.winner;
    return {
      market: m.conditionId,
      question: m.question,
      neg_risk: m.negRisk,
      end_date: m.endDate,
      closed_at_ms: e.closedAtMs,
      resolution_date: new Date(e.group.resolveMs).toISOString(),
      resolved_at_ms: e.resolvedAtMs ?? null,
      winning_outcome: w === undefined ? null : m.outcomes[w],
      winning_outcome_index: w ?? null,
      winning_asset_id: w === undefined ? null : m.tokenIds[w],
      orders_cancelled: e.ordersCancelled,
      operator_orders_cancelled: e.operatorOrdersCancelled,
    };
  });
  const next = ends.markets.nextEndMs();
  return {
    every_sec: ends.everySec,
    resolve_after_sec: ends.resolveAfterSec,
    markets_scheduled: ends.markets.records.size,
    markets_ended: ended.length,
    markets_resolved: ended.filter((e) => e.resolved_at_ms !== null).length,
    next_end_date: next === undefined ? null : new Date(next).toISOString(),
    operator_orders_cancelled_total: ended.reduce((n, e) => n + e.operator_orders_cancelled, 0),
    ended,
  };
}
