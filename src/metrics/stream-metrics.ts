/**
 * makerd_ws_connected{stream} (1: connected and the subscription confirmed, 0: not, or the stream
 * is off), makerd_ws_reconnects_total{stream} (connection attempts after the first) and
 * makerd_stream_messages_refused_total{stream,reason} (connections closed for a message over the
 * stream's maxMessageBytes, `too_large`, or for going over its rate bound, `too_fast`: see
 * src/market/reconnecting-socket.ts). Both streams (`market`, `user`) are always exported, so
 * queries find them with the streams off.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { cumulative } from './cumulative.js';

export const STREAMS = ['market', 'user'] as const;
export type StreamName = (typeof STREAMS)[number];

/** What a stream shows (MarketStream, UserStream). */
export interface StreamProbe {
  readonly subscribed: boolean;
  readonly socketCounters: { readonly reconnects: number; readonly refusedTooLarge?: number; readonly refusedTooFast?: number };
}

export type StreamSource = () => Readonly<Partial<Record<StreamName, StreamProbe>>>;

export function registerStreamMetrics(registry: Registry, streams: StreamSource): void {
  let refresh: () => void = () => {};
  // Registered first: its collect() feeds the counter below before it is serialized.
  new Gauge({
    name: 'makerd_ws_connected',
    help: 'WebSocket stream connected and subscribed (1) or not (0; also when the stream is off), by stream (market, user)',
    labelNames: ['stream'],
    registers: [registry],
    collect() {
      refresh();
      const s = streams();
      for (const stream of STREAMS) this.set({ stream }, s[stream]?.subscribed === true ? 1 : 0);
    },
  });
  const reconnects = new Counter({
    name: 'makerd_ws_reconnects_total',
    help: 'WebSocket connection attempts after the first, by stream (market, user)',
    labelNames: ['stream'],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'makerd_stream_messages_refused_total',
    help: 'WebSocket connections closed for a message refused unread, by stream (market, user) and reason: too_large (over stream.maxMessageBytes), too_fast (over stream.rate)',
    labelNames: ['stream', 'reason'],
    registers: [registry],
  });
  for (const stream of STREAMS) {
    reconnects.inc({ stream }, 0);
    for (const reason of ['too_large', 'too_fast']) refused.inc({ stream, reason }, 0);
  }
  const add = cumulative(reconnects);
  const addRefused = cumulative(refused);
  refresh = () => {
    const s = streams();
    for (const stream of STREAMS) {
      const probe = s[stream];
      if (probe === undefined) continue;
      add({ stream }, probe.socketCounters.reconnects);
      addRefused({ stream, reason: 'too_large' }, probe.socketCounters.refusedTooLarge ?? 0);
      addRefused({ stream, reason: 'too_fast' }, probe.socketCounters.refusedTooFast ?? 0);
    }
  };
}
