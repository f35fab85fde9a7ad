/**
 * makerd_ws_connected{stream} (1: connected and the subscription confirmed, 0: not, or the stream
 * is off) and makerd_ws_reconnects_total{stream} (connection attempts after the first). Both
 * streams (`market`, `user`) are always exported, so queries find them with the streams off.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { cumulative } from './cumulative.js';

export const STREAMS = ['market', 'user'] as const;
export type StreamName = (typeof STREAMS)[number];

/** What a stream shows (MarketStream, UserStream). */
export interface StreamProbe {
  readonly subscribed: boolean;
  readonly socketCounters: { readonly reconnects: number };
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
  for (const stream of STREAMS) reconnects.inc({ stream }, 0);
  const add = cumulative(reconnects);
  refresh = () => {
    const s = streams();
    for (const stream of STREAMS) {
      const probe = s[stream];
      if (probe !== undefined) add({ stream }, probe.socketCounters.reconnects);
    }
  };
}
