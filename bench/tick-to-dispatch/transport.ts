/** The stand-ins for the network: a gate that admits at once, and a transport that answers at once and records when each request was handed over. */
import type { FakeClock } from '../../src/clock/fake-clock.js';
import type { GateTicket, RequestGate } from '../../src/limits/request-gate.js';
import type { Transport, TransportRequest, TransportResponse } from '../../src/venue/http/transport.js';
import { CREDENTIALS } from './scenario.js';

const TICKET: GateTicket = { release() {} };
/** Admits everything at once: limiter capacity ample. */
export const openGate: RequestGate = { acquire: () => Promise.resolve(TICKET), reportThrottle() {} };

const OK_HEADERS = { 'content-type': 'application/json' };
const answer = (text: string): Promise<TransportResponse> => Promise.resolve({ status: 200, headers: OK_HEADERS, text });

/** Between two quotes: `"name":"` ... `"` of a small JSON body the client serialized. */
function field(body: string, name: string): string {
  const key = `"${name}":"`;
  const i = body.indexOf(key);
  if (i < 0) throw new Error(`bench transport: no ${name} in ${body}`);
  const from = i + key.length;
  return body.slice(from, body.indexOf('"', from));
}

/** How every POST /order body the client writes begins (trusted-order.ts): the token id follows. */
const ORDER_HEAD = '{"order":{"asset_id":"';
/** Order ids: 0x and 64 hex digits, the last 12 a counter (no padding of a fresh string per order). */
const ID_HEAD = `0x${'0'.repeat(52)}`;
const FIRST_ID = 0x100000000000;

/**
 * The HTTP layer: records when each request was handed over (signed: the requester signs before
 * send) and answers at once, as the venue would, keeping track of which orders rest where.
 */
export class BenchTransport implements Transport {
  closed = false;
  sends = 0;
  lastSendMs = 0;
  /** Time spent inside send() (this stand-in's own bookkeeping, not makerd's). */
  busyMs = 0;
  readonly byRoute: Record<string, number> = {};
  readonly #tokenMarket: ReadonlyMap<string, string>;
  readonly #clock: FakeClock;
  /** Resting order ids by market, and each order's market and POST /order body (read when listed). */
  readonly #resting = new Map<string, Set<string>>();
  readonly #orders = new Map<string, { market: string; body: string; createdS: number }>();
  #nextId = FIRST_ID;

  constructor(tokenMarket: ReadonlyMap<string, string>, clock: FakeClock) {
    this.#tokenMarket = tokenMarket;
    this.#clock = clock;
  }

  get resting(): number {
    return this.#orders.size;
  }

  send(req: TransportRequest): Promise<TransportResponse> {
    const t = performance.now();
    this.lastSendMs = t;
    this.sends++;
    const out = this.#answer(req);
    this.busyMs += performance.now() - t;
    return out;
  }

  #answer(req: TransportRequest): Promise<TransportResponse> {
    const path = req.path;
    const route =
      path === '/order'
        ? req.method === 'POST'
          ? 'POST /order'
          : req.method === 'DELETE'
            ? 'DELETE /order'
            : `${req.method} ${path}`
        : req.method === 'DELETE' && path === '/cancel-market-orders'
          ? 'DELETE /cancel-market-orders'
          : req.method === 'GET' && path.startsWith('/data/orders')
            ? 'GET /data/orders'
            : `${req.method} ${path}`;
    this.byRoute[route] = (this.byRoute[route] ?? 0) + 1;
    const body = req.body ?? '';
    switch (route) {
      case 'POST /order': {
        // The token id is the body's first value: read in place, not searched for.
        const token = body.startsWith(ORDER_HEAD)
          ? body.slice(ORDER_HEAD.length, body.indexOf('"', ORDER_HEAD.length))
          : field(body, 'asset_id');
        const market = this.#tokenMarket.get(token);
        if (market === undefined) return Promise.reject(new Error('bench transport: order for an unknown token'));
        const id = ID_HEAD + (this.#nextId++).toString(16);
        let set = this.#resting.get(market);
        if (set === undefined) this.#resting.set(market, (set = new Set()));
        set.add(id);
        this.#orders.set(id, { market, body, createdS: Math.floor(this.#clock.now() / 1000) });
        return answer(`{"success":true,"errorMsg":"","orderID":"${id}","status":"live","makingAmount":"0","takingAmount":"0"}`);
      }
      case 'DELETE /order': {
        const id = field(body, 'orderId');
        const o = this.#orders.get(id);
        if (o === undefined) return answer(`{"canceled":[],"not_canceled":{"${id}":"order not found"}}`);
        this.#orders.delete(id);
        this.#resting.get(o.market)?.delete(id);
        return answer(`{"canceled":["${id}"],"not_canceled":{}}`);
      }
      case 'DELETE /cancel-market-orders': {
        const market = field(body, 'market');
        const ids = [...(this.#resting.get(market) ?? [])];
        this.#resting.delete(market);
        for (const id of ids) this.#orders.delete(id);
        return answer(`{"canceled":${JSON.stringify(ids)},"not_canceled":{}}`);
      }
      case 'GET /data/orders':
        return answer(this.#listing(path));
      default:
        return Promise.reject(new Error(`bench transport: unexpected ${route}`));
    }
  }

  /** GET /data/orders[?market=..&next_cursor=..]: the resting orders, 500 a page. */
  #listing(path: string): string {
    const query = new URLSearchParams(path.slice(path.indexOf('?') + 1));
    const market = query.get('market') ?? undefined;
    const cursor = query.get('next_cursor');
    const from = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64').toString());
    const ids = market === undefined ? [...this.#orders.keys()] : [...(this.#resting.get(market) ?? [])];
    const page = ids.slice(from, from + 500);
    const data = page.map((id) => {
      const o = this.#orders.get(id)!;
      const b = JSON.parse(o.body) as {
        order: { asset_id: string; side: string; price: string; size: string; client_order_id: string };
        owner: string;
      };
      return {
        id,
        status: 'LIVE',
        owner: b.owner,
        maker_address: CREDENTIALS.address,
        market: o.market,
        asset_id: b.order.asset_id,
        side: b.order.side,
        original_size: b.order.size,
        size_matched: '0',
        price: b.order.price,
        outcome: b.order.asset_id.endsWith(':0') ? 'Yes' : 'No',
        order_type: 'GTC',
        created_at: String(o.createdS),
        expiration: '0',
        client_order_id: b.order.client_order_id,
      };
    });
    const next = from + 500 < ids.length ? Buffer.from(String(from + 500)).toString('base64') : 'LTE=';
    return JSON.stringify({ data, next_cursor: next, limit: 500, count: data.length });
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
