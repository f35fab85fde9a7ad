/** The selector's walk: its first `top` quotable markets of the listing or the ranking. */
import { ErrorCode, isMakerdError } from '../errors.js';
import type { CallOptions } from '../venue/http/call-options.js';
import type { Market, SimplifiedMarket } from '../venue/types.js';
import type { LazyListing } from './lazy-listing.js';
import { hasTag } from './market-tag.js';
import { type Candidate, candidateOf, check } from './selection-candidate.js';
import { type EndCheck, tellClosed } from './selection-ends.js';
import type { SelectionClient, SelectionSpec, SelectOptions } from './selection-types.js';

export async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T, void, undefined> {
  yield* items;
}

/**
 * The first `top` quotable markets of `order` (listing or ranking), with the tag filter and the
 * end check; `wanted` (replacements) leaves out markets before they count.
 */
export async function selectTop(
  client: SelectionClient,
  selector: SelectionSpec['selector'],
  call: CallOptions,
  order: AsyncIterable<SimplifiedMarket>,
  sampling: LazyListing,
  options: SelectOptions,
  ends: EndCheck,
  wanted?: (conditionId: string) => boolean,
): Promise<Candidate[]> {
  const tag = selector.tag.trim();
  const maxLookups = options.maxTagLookups ?? 200;
  const picked: Candidate[] = [];
  let lookups = 0;
  for await (const m of order) {
    if (picked.length >= selector.top) break;
    let c = candidateOf(m);
    if (wanted?.(c.conditionId) === false) continue;
    if ('reason' in check(c)) {
      tellClosed(c, 'selector', options);
      continue;
    }
    if (tag !== '' || options.ends !== undefined) {
      if (lookups >= maxLookups) {
        options.logger?.warn(
          { tag, lookups, found: picked.length, wanted: selector.top },
          'selector stopped at its lookup bound (GET /markets/{id} of the tag filter and end dates)',
        );
        break;
      }
      lookups++;
      let full: Market;
      try {
        full = await client.getMarket({ condition_id: m.condition_id }, call);
      } catch (err) {
        if (isMakerdError(err, ErrorCode.NOT_FOUND)) continue;
        throw err;
      }
      if (tag !== '' && !hasTag(full.tags, tag)) continue;
      c = candidateOf(full, true);
      if ('reason' in check(c)) {
        tellClosed(c, 'selector', options);
        continue;
      }
      const end = await ends(c, 'selector');
      if ('reason' in end) continue;
    }
    picked.push(c);
  }
  if (picked.length < selector.top) {
    options.logger?.info(
      { wanted: selector.top, found: picked.length, tag, searched: sampling.describe('GET /sampling-simplified-markets') },
      'selector found fewer markets than asked',
    );
  }
  return picked;
}
