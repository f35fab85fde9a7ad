/** The selection's end checks (`options.ends`, market-end.ts): which markets are skipped for their end. */
import type { CallOptions } from '../venue/http/call-options.js';
import { type EndReason, endReason, parseEndDate } from './market-end.js';
import { type Candidate, candidateOf } from './selection-candidate.js';
import type { SelectionClient, SelectionEntry, SelectOptions } from './selection-types.js';

/** Why an end skips a market, for the skipped list and the log. */
export function endText(reason: EndReason): string {
  return reason === 'stop-window' ? 'ends within its stopBeforeEndSec' : reason.replace(/-/g, ' ');
}

/**
 * A market the venue closed (`closed`, `accepting_orders: false`) is one that ended (market-end.ts):
 * told to onEndSkip when the selection judges ends. Its reason, or undefined for any other.
 */
export function tellClosed(c: Candidate, entry: SelectionEntry, options: SelectOptions): EndReason | undefined {
  const reason = c.closed ? 'closed' : c.acceptingOrders === false ? 'not-accepting-orders' : undefined;
  if (reason !== undefined && options.ends !== undefined) options.onEndSkip?.(c, reason, entry);
  return reason;
}

export type EndCheck = (c: Candidate, entry: SelectionEntry) => Promise<{ c: Candidate } | { reason: EndReason }>;

/**
 * The end check of `options.ends`: the candidate as its full record (read when the source has no
 * end date), or why its end skips it (told to onEndSkip). Without `ends` every candidate passes.
 */
export function endChecker(client: SelectionClient, call: CallOptions, options: SelectOptions): EndCheck {
  return async (c, entry) => {
    const ends = options.ends;
    if (ends === undefined) return { c };
    const full = c.record ? c : candidateOf(await client.getMarket({ condition_id: c.conditionId }, call), true);
    const end = parseEndDate(full.endDate);
    const facts = 'ms' in end ? { endDateMs: end.ms } : { endDateMs: undefined, endDateProblem: end.problem };
    // The selector's picks must have as long again to quote before their stop: one that would
    // leave at once is not worth a join (its rules read, its orders listed) and a place.
    const stop = ends.stopBeforeEndMs(entry);
    const reason = endReason(facts, entry === 'selector' ? 2 * stop : stop, ends.now());
    if (reason === undefined) return { c: full };
    options.onEndSkip?.(c, reason, entry);
    return { reason };
  };
}
