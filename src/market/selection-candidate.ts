/**
 * A market as the selection judges it (from a listing, a full record or an event's market list),
 * and whether it can be quoted.
 */
import type { Market, SimplifiedMarket, VenueEvent } from '../venue/types.js';
import { tokensOf, type TokenListing } from './market-metadata.js';

export interface Candidate {
  readonly conditionId: string;
  readonly slug: string;
  readonly question: string;
  readonly listing: TokenListing;
  readonly active: boolean;
  readonly closed: boolean;
  readonly archived: boolean;
  /** undefined when the source does not say (event markets). */
  readonly acceptingOrders: boolean | undefined;
  /** The end date as listed; undefined with `record` false: the source has none (the simplified listings). */
  readonly endDate: unknown;
  /** From a source that carries the end date (a full record, an event's market list). */
  readonly record: boolean;
}

/** `record`: m is a full market record (GET /markets/{id}), whose end date counts even when missing. */
export function candidateOf(m: SimplifiedMarket | Market, record = false): Candidate {
  const full = m as Partial<Market>;
  return {
    conditionId: m.condition_id,
    slug: (full.market_slug || m.slug) ?? '',
    question: typeof m.question === 'string' ? m.question : '',
    listing: m,
    active: m.active,
    closed: m.closed,
    archived: m.archived,
    acceptingOrders: m.accepting_orders && full.enable_order_book !== false,
    endDate: full.end_date_iso,
    record,
  };
}

function parseJsonStrings(text: unknown): string[] | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
  } catch {
    return undefined;
  }
}

export function eventCandidates(ev: VenueEvent): Candidate[] {
  return (Array.isArray(ev.markets) ? ev.markets : []).map((m) => {
    const ids = parseJsonStrings(m.clobTokenIds) ?? [];
    const outcomes = parseJsonStrings(m.outcomes) ?? [];
    return {
      conditionId: m.conditionId,
      slug: m.slug,
      question: typeof m.question === 'string' ? m.question : '',
      listing: { condition_id: m.conditionId, outcomes, tokens: ids.map((token_id, i) => ({ token_id, outcome: outcomes[i] ?? '' })) },
      active: m.active,
      closed: m.closed,
      archived: m.archived,
      acceptingOrders: undefined,
      endDate: m.endDate,
      record: true,
    };
  });
}

/** Why a candidate cannot be quoted, or its two tokens. */
export function check(c: Candidate): { tokens: [string, string] } | { reason: string } {
  if (c.closed) return { reason: 'closed' };
  if (c.archived) return { reason: 'archived' };
  if (!c.active) return { reason: 'not active' };
  if (c.acceptingOrders === false) return { reason: 'not accepting orders' };
  const n = Array.isArray(c.listing.tokens) ? c.listing.tokens.length : 0;
  if (n !== 2) return { reason: `not binary (${n} tokens)` };
  try {
    return { tokens: tokensOf(c.listing) };
  } catch (err) {
    return { reason: `tokens unusable: ${err instanceof Error ? err.message : String(err)}` };
  }
}
