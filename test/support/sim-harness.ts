/**
 * Starts the venue simulator for a test on 127.0.0.1, port 0, with a FakeClock (time moves only
 * when the test says so; real HTTP still flows) and the synthetic order flow off, and gives
 * plain and signed request helpers. Reused by the simulator's own tests and by end-to-end suites.
 *
 *   const h = await startSimHarness({ markets: 4 });
 *   const r = await h.signed('POST', '/order', { body: {...} });   // r.status, r.body
 *   h.clock.advance(1_000);
 *   await h.close();
 */
import { FakeClock } from '../../src/clock/fake-clock.js';
import { startSimulator, type RunningSimulator, type SimCredentials, type SimulatorOptions } from '../../src/sim/simulator.js';
import { RequestSigner } from '../../src/venue/signer.js';

export interface SimResponse<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  readonly body: T;
}

export interface RequestOptions {
  /** An object is JSON-serialized; a string is sent as is (it is also what gets signed). */
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | boolean>>;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface SignedRequestOptions extends RequestOptions {
  /** Sign as this account (default: the operator's credentials). */
  readonly as?: SimCredentials;
  /** Timestamp to sign with (default: the fake clock's now). */
  readonly timestampMs?: number;
  /** Change the five auth headers before sending (to test rejections). */
  readonly tamper?: (headers: Record<string, string>) => void;
}

export interface SimHarness {
  readonly sim: RunningSimulator;
  readonly clock: FakeClock;
  readonly baseUrl: string;
  readonly credentials: SimCredentials;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<SimResponse<T>>;
  signed<T = unknown>(method: string, path: string, options?: SignedRequestOptions): Promise<SimResponse<T>>;
  /** The five signed headers for a request, exactly as the venue expects them. */
  authHeaders(method: string, path: string, body: string | undefined, as?: SimCredentials, timestampMs?: number): Record<string, string>;
  /** Signature of the user WebSocket subscription. */
  wsAuth(as?: SimCredentials, timestampMs?: number): { apiKey: string; passphrase: string; timestamp: string; signature: string };
  stats(): Promise<Record<string, unknown>>;
  setFaults(patch: Record<string, unknown>): Promise<SimResponse>;
  close(): Promise<void>;
}

export type SimHarnessOptions = Omit<SimulatorOptions, 'clock'> & { readonly clock?: FakeClock };

const PREFIX = 'SERVICE_';

export async function startSimHarness(options: SimHarnessOptions = {}): Promise<SimHarness> {
  const clock = options.clock ?? new FakeClock(1_767_225_600_000); // 2026-01-01T00:00:00Z
  const sim = await startSimulator({ markets: 6, flow: { enabled: false }, ...options, clock, host: '127.0.0.1', port: 0 });
  const prefix = options.headerPrefix ?? PREFIX;
  const signers = new Map<string, RequestSigner>();
  const signerOf = (c: SimCredentials): RequestSigner => {
    let s = signers.get(c.secret);
    if (!s) signers.set(c.secret, (s = new RequestSigner(c.secret)));
    return s;
  };

  const bodyText = (body: unknown): string | undefined =>
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);

  const urlOf = (path: string, query?: RequestOptions['query']): string => {
    if (!query) return sim.baseUrl + path;
    const sp = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return `${sim.baseUrl}${path}?${sp.toString()}`;
  };

  async function send<T>(method: string, path: string, options: RequestOptions, extra: Record<string, string>): Promise<SimResponse<T>> {
    const text = bodyText(options.body);
    const res = await fetch(urlOf(path, options.query), {
      method,
      headers: { ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...extra, ...options.headers },
      ...(text === undefined ? {} : { body: text }),
    });
    const out = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(out);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text: out, body: parsed as T };
  }

  const harness: SimHarness = {
    sim,
    clock,
    baseUrl: sim.baseUrl,
    credentials: sim.credentials,
    request: (method, path, options = {}) => send(method, path, options, {}),
    authHeaders(method, path, body, as = sim.credentials, timestampMs = clock.now()) {
      const timestamp = String(timestampMs);
      return {
        [`${prefix}ADDRESS`]: as.address,
        [`${prefix}API_KEY`]: as.apiKey,
        [`${prefix}PASSPHRASE`]: as.passphrase,
        [`${prefix}TIMESTAMP`]: timestamp,
        [`${prefix}SIGNATURE`]: signerOf(as).sign({ timestamp, method, path, body: body ?? null }),
      };
    },
    signed(method, path, options = {}) {
      const headers = harness.authHeaders(method, path, bodyText(options.body), options.as, options.timestampMs);
      options.tamper?.(headers);
      return send(method, path, options, headers);
    },
    wsAuth(as = sim.credentials, timestampMs = clock.now()) {
      const timestamp = String(timestampMs);
      return {
        apiKey: as.apiKey,
        passphrase: as.passphrase,
        timestamp,
        signature: signerOf(as).sign({ timestamp, method: 'GET', path: '/ws/user' }),
      };
    },
    async stats() {
      return (await send<Record<string, unknown>>('GET', '/_sim/stats', {}, {})).body;
    },
    setFaults: (patch) => send('POST', '/_sim/faults', { body: patch }, {}),
    close: () => sim.close(),
  };
  return harness;
}
