/**
 * Corrupts a book, midpoint, trade-fill or price-history answer for the `malformed` fault, on a copy: 'price'
 * makes a price non-numeric, 'size' makes a size negative, 'missing' removes a required field.
 * The client must reject all three as bad responses.
 */
import type { EndpointId } from '../../venue/endpoints.js';
import type { MalformKind } from './faults.js';

type Json = Record<string, unknown>;

/** Routes whose answers the fault may corrupt. */
export const MALFORMABLE: ReadonlySet<EndpointId> = new Set<EndpointId>([
  'getBook',
  'postBooks',
  'postMidpoints',
  'getTrades',
  'getPricesHistory',
]);

function malformBook(book: Json, kind: MalformKind): void {
  const levels = ((book.bids as Json[] | undefined)?.length ? book.bids : book.asks) as Json[] | undefined;
  const level = levels?.[0];
  if (kind === 'missing') {
    delete book.asset_id;
  } else if (kind === 'price') {
    if (level) level.price = 'not-a-price';
    else book.last_trade_price = 'not-a-price';
  } else if (level) {
    level.size = `-${String(level.size)}`;
  } else {
    book.bids = [{ price: '0.5', size: '-10' }];
  }
}

function malformTrade(fill: Json, kind: MalformKind): void {
  if (kind === 'missing') delete fill.asset;
  else if (kind === 'price') fill.price = 'not-a-price';
  else fill.size = -Math.abs(Number(fill.size) || 1);
}

/** 'size' (a price history has no size) makes the price negative. */
function malformHistory(body: Json, kind: MalformKind): void {
  const point = (body.history as Json[] | undefined)?.[0];
  if (kind === 'missing') delete body.history;
  else if (point === undefined) body.history = [{ t: 0, p: kind === 'price' ? 'not-a-price' : -0.5 }];
  else if (kind === 'price') point.p = 'not-a-price';
  else point.p = -Math.abs(Number(point.p) || 0.5);
}

function malformMidpoints(mids: Json, kind: MalformKind): void {
  const key = Object.keys(mids)[0];
  if (key === undefined) return;
  if (kind === 'missing') delete mids[key];
  else if (kind === 'price') mids[key] = 'not-a-price';
  else mids[key] = `-${String(mids[key])}`;
}

/** Returns a corrupted copy of `body`; the original (possibly shared) value is left intact. */
export function malformBody(id: EndpointId, body: unknown, kind: MalformKind): unknown {
  const copy = structuredClone(body) as unknown;
  switch (id) {
    case 'getBook':
      malformBook(copy as Json, kind);
      break;
    case 'postBooks': {
      const first = (copy as Json[])[0];
      if (first) malformBook(first, kind);
      break;
    }
    case 'postMidpoints':
      malformMidpoints(copy as Json, kind);
      break;
    case 'getTrades': {
      const first = (copy as Json[])[0];
      if (first) malformTrade(first, kind);
      break;
    }
    case 'getPricesHistory':
      malformHistory(copy as Json, kind);
      break;
    default:
      break;
  }
  return copy;
}
