/** A tiny `ws` test client: awaits messages matching a predicate, flattening batched frames. */
import WebSocket from 'ws';

export interface WsTestClient {
  readonly ws: WebSocket;
  send(msg: unknown): void;
  /** Resolves with the first event (or text frame) satisfying `pred`, received or to come. */
  next(pred: (m: Record<string, unknown> | string) => boolean): Promise<Record<string, unknown> | string>;
  /** Resolves with the close code. */
  closed(): Promise<number>;
  close(): void;
}

export async function connect(url: string): Promise<WsTestClient> {
  const ws = new WebSocket(url);
  const seen: (Record<string, unknown> | string)[] = [];
  const waiters: { pred: (m: Record<string, unknown> | string) => boolean; resolve: (m: Record<string, unknown> | string) => void }[] = [];
  let closeCode: number | undefined;
  const closeWaiters: ((code: number) => void)[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    let items: (Record<string, unknown> | string)[];
    try {
      const parsed = JSON.parse(text) as unknown;
      items = Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [parsed as Record<string, unknown>];
    } catch {
      items = [text];
    }
    for (const m of items) {
      const i = waiters.findIndex((w) => w.pred(m));
      if (i >= 0) waiters.splice(i, 1)[0]!.resolve(m);
      else seen.push(m);
    }
  });
  ws.on('close', (code) => {
    closeCode = code;
    for (const w of closeWaiters.splice(0)) w(code);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    send: (msg) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
    next(pred) {
      const i = seen.findIndex(pred);
      if (i >= 0) return Promise.resolve(seen.splice(i, 1)[0]!);
      return new Promise((resolve) => waiters.push({ pred, resolve }));
    },
    closed: () => (closeCode !== undefined ? Promise.resolve(closeCode) : new Promise((resolve) => closeWaiters.push(resolve))),
    close: () => ws.close(),
  };
}

export const isEvent =
  (type: string, extra: Record<string, unknown> = {}) =>
  (m: Record<string, unknown> | string): boolean =>
    typeof m === 'object' && m.event_type === type && Object.entries(extra).every(([k, v]) => m[k] === v);
