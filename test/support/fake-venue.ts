/**
 * A scripted stand-in for the venue: a real node:http server on 127.0.0.1, port 0. Each route
 * answers from its script (the last reply repeats); every request is recorded with its headers
 * and the exact body bytes, so tests can assert precisely what the client sent.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  /** Raw query string without '?', '' when none. */
  readonly query: string;
  readonly headers: IncomingHttpHeaders;
  /** Exact body text received. */
  readonly body: string;
}

export interface Reply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** Sent as JSON. */
  readonly json?: unknown;
  /** Sent as is (wins over json). */
  readonly raw?: string;
  /** Never answer (the client's timeouts must end the request). */
  readonly hang?: boolean;
  /** Drop the connection without answering. */
  readonly destroy?: boolean;
}

export type Script = Reply | ((req: RecordedRequest) => Reply);

export class FakeVenue {
  readonly requests: RecordedRequest[] = [];
  readonly #server: Server;
  readonly #scripts = new Map<string, Script[]>();
  #url = '';

  private constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = req.url ?? '/';
        const q = url.indexOf('?');
        const recorded: RecordedRequest = {
          method: req.method ?? '',
          path: q === -1 ? url : url.slice(0, q),
          query: q === -1 ? '' : url.slice(q + 1),
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.requests.push(recorded);
        this.#answer(recorded, res);
      });
    });
  }

  static async start(): Promise<FakeVenue> {
    const venue = new FakeVenue();
    await new Promise<void>((resolve) => venue.#server.listen(0, '127.0.0.1', resolve));
    const { port } = venue.#server.address() as AddressInfo;
    venue.#url = `http://127.0.0.1:${port}`;
    return venue;
  }

  get url(): string {
    return this.#url;
  }

  /** Scripts `METHOD /path`: one reply per request in order, the last one repeating. */
  on(method: string, path: string, ...replies: Script[]): this {
    this.#scripts.set(`${method} ${path}`, replies);
    return this;
  }

  /** Forgets scripts and recorded requests. */
  reset(): void {
    this.#scripts.clear();
    this.requests.length = 0;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #answer(req: RecordedRequest, res: ServerResponse): void {
    const script = this.#scripts.get(`${req.method} ${req.path}`);
    if (script === undefined || script.length === 0) {
      send(res, { status: 404, json: { error: `no script for ${req.method} ${req.path}`, code: 'NOT_FOUND' } });
      return;
    }
    const next = script.length > 1 ? script.shift()! : script[0]!;
    const reply = typeof next === 'function' ? next(req) : next;
    if (reply.hang) return;
    if (reply.destroy) {
      res.socket?.destroy();
      return;
    }
    send(res, reply);
  }
}

function send(res: ServerResponse, reply: Reply): void {
  const body = reply.raw ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
  res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
  res.end(body);
}
