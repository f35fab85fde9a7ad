/**
 * An explicit entry (`markets[i].market`) resolved to its markets: a condition id read directly,
 * else a slug searched in the sampling listing, the events, then the simplified listing.
 */
import { ErrorCode, isMakerdError } from '../errors.js';
import type { CallOptions } from '../venue/http/call-options.js';
import type { LazyListing } from './lazy-listing.js';
import { type Candidate, candidateOf, eventCandidates } from './selection-candidate.js';
import { configError } from './selection-spec.js';
import type { SelectionClient } from './selection-types.js';

const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;

/** Whether an entry names a market by condition id (else it is a slug). */
export function looksLikeConditionId(text: string): boolean {
  return CONDITION_ID.test(text);
}

export async function resolveEntry(
  client: SelectionClient,
  text: string,
  field: string,
  call: CallOptions,
  sampling: LazyListing,
  simplified: LazyListing,
): Promise<Candidate[]> {
  const shown = JSON.stringify(text);
  if (looksLikeConditionId(text)) {
    try {
      return [candidateOf(await client.getMarket({ condition_id: text }, call))];
    } catch (err) {
      if (isMakerdError(err, ErrorCode.NOT_FOUND))
        throw configError(field, `${shown}: no market with this condition id (GET /markets/{condition_id} answered 404)`);
      throw err;
    }
  }
  const inSampling = await sampling.find((m) => m.slug === text);
  if (inSampling !== undefined) return [candidateOf(inSampling)];
  try {
    const ev = await client.getEventBySlug({ slug: text }, call);
    const markets = eventCandidates(ev);
    if (markets.length === 0) throw configError(field, `${shown}: the event with this slug has no markets`);
    return markets;
  } catch (err) {
    if (!isMakerdError(err, ErrorCode.NOT_FOUND)) throw err;
  }
  const inListing = await simplified.find((m) => m.slug === text);
  if (inListing !== undefined) return [candidateOf(inListing)];
  throw configError(
    field,
    `${shown}: not a condition id (0x + 64 hex digits), and no market or event has this slug ` +
      `(searched ${sampling.describe('GET /sampling-simplified-markets')}, GET /events/slug/{slug}, ${simplified.describe('GET /simplified-markets')})`,
  );
}
