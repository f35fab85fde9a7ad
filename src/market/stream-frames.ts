/**
 * The streams' frames as the venue sends them: text `PING` and `PONG`, or JSON holding one event
 * object or an array of them. Anything else (binary, bad JSON, an element that is not an object) is
 * malformed: counted by the socket and never acted on.
 */
import type { RawData } from 'ws';

export type Frame =
  | { readonly kind: 'ping' }
  | { readonly kind: 'pong' }
  | { readonly kind: 'malformed'; readonly why: string }
  /** `malformed`: elements of the array that were not event objects (skipped). */
  | { readonly kind: 'events'; readonly events: readonly Record<string, unknown>[]; readonly malformed: number };

/** Bytes of a message as `ws` hands it over. */
export function byteLength(data: RawData): number {
  if (Array.isArray(data)) {
    let n = 0;
    for (const b of data) n += b.length;
    return n;
  }
  return data.byteLength;
}

function isEventObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function decodeFrame(data: RawData, isBinary: boolean): Frame {
  if (isBinary) return { kind: 'malformed', why: 'binary frame' };
  const text = data.toString();
  if (text === 'PING') return { kind: 'ping' };
  if (text === 'PONG') return { kind: 'pong' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'malformed', why: 'not JSON' };
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const events = items.filter(isEventObject);
  return { kind: 'events', events, malformed: items.length - events.length };
}
