/** Where the venue's WebSocket channels are, and whether each stream is on. */
import type { MakerdConfig, StreamMode } from '../config/schema.js';

/** What the origin is derived from: a configured/simulator WebSocket URL, else the order-book URL. */
export interface StreamTarget {
  readonly wsUrl: string | undefined;
  readonly baseUrl: string;
  readonly clobBaseUrl: string | undefined;
}

/** The WebSocket origin: the simulator's, the configured one, or the order-book URL's. */
export function wsOrigin(target: StreamTarget): string {
  if (target.wsUrl !== undefined) return target.wsUrl.replace(/\/+$/, '');
  const base = new URL(target.clobBaseUrl ?? target.baseUrl);
  return `${base.protocol === 'https:' ? 'wss:' : 'ws:'}//${base.host}${base.pathname.replace(/\/+$/, '')}`;
}

/** `auto` is on in sim mode, and in paper mode (its fills come from the market stream). */
export function streamOn(
  mode: StreamMode,
  config: Pick<MakerdConfig, 'venue'> & { readonly trading?: { readonly mode: string } },
): boolean {
  return mode === 'on' || (mode === 'auto' && (config.venue.mode === 'sim' || config.trading?.mode === 'paper'));
}
