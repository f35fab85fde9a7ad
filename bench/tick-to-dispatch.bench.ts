/**
 * design.md "tick-to-dispatch": N tokens (N/2 markets x 2 outcomes), 3 levels a side, live orders
 * already resting; each measured tick moves every midpoint by one tick (a seeded random walk, up or
 * down), so every book has changed and orders must be re-priced. The clock starts when the parsed
 * JSON of the batch is in hand (the raw POST /books array and POST /midpoints object, after
 * JSON.parse) and stops when the last resulting request has been signed and handed to the HTTP
 * layer (the transport's send()); limiter capacity is ample and the network is excluded.
 *
 * The pipeline is the daemon's own, in-process (see src/main.ts):
 *   BookPoller.tick() with a BookSource that runs the client's checks (validateBooks /
 *   validateMidpoints, what createVenueClient's postBooks / postMidpoints run on the parsed JSON)
 *   -> the poller's assembly (toBookView, bookProblem) -> TradingLoop.onSnapshot (BookStore, view,
 *   strategy, legs, RiskGate) -> Executor (diff, cancels then places) -> the real venue client
 *   (body checks, VenueRequester, signing) -> a Transport whose send() records the time and
 *   answers at once with canned JSON.
 *
 * Strategy: avellaneda with 3 levels a side (headline figures; a one-tick move re-prices nearly
 * every order, so each market sends one DELETE /cancel-market-orders and six POST /order), and
 * (with --full) a bands variant with 3 bands a side (`_bands` keys; two of six orders per market re-priced, as
 * single cancels). Executor repriceTicks 0. Time is simulated for the daemon (a FakeClock moved
 * one poll interval per tick) and real for the figures (performance.now()).
 *
 * With --full, a second, instrumented pass (N = 500) times the stages separately: the check, the poller's
 * assembly, the trading loop's synchronous part (split into strategy, risk gate, executor.submit
 * and the rest) and the executor's asynchronous part up to the last send (with the signing in it).
 */
import avellaneda from '../strategies/avellaneda.js';
import bands from '../strategies/bands.js';
import { FakeClock } from '../src/clock/fake-clock.js';
import { Executor } from '../src/execution/executor.js';
import type { GateTicket, RequestGate } from '../src/limits/request-gate.js';
import type { MarketMeta } from '../src/market/market-view.js';
import { BookPoller, type BookSource, type MarketSnapshot } from '../src/market/poller.js';
import { Decimal, ZERO } from '../src/money.js';
import { RiskGate, validateRiskLimits } from '../src/risk/index.js';
import { parseStrategyParams } from '../src/strategy/param-schema.js';
import type { Strategy } from '../src/strategy/strategy.js';
import { BookStore } from '../src/trading/book-store.js';
import { TradingLoop, type MarketBinding, type MetadataSource } from '../src/trading/trading-loop.js';
import { CheckedMidpoints } from '../src/venue/checked-book.js';
import { createVenueClient } from '../src/venue/client.js';
import { VenueCredentials } from '../src/venue/credentials.js';
import type { Transport, TransportRequest, TransportResponse } from '../src/venue/http/transport.js';
import { validateBooks, validateMidpoints } from '../src/venue/validate/order-book.js';
import type { BenchOptions } from './run.js';
import { median, percentile, round } from './stats.js';

const SIZES = [100, 500] as const;
const WARMUP_TICKS = 10;
/** design.md: at least 200 measured ticks. */
const MEASURED_TICKS = 200;
/** --full only (with the bands variant): the instrumented pass. */
const PROFILE_TICKS = 200;
/** --quick: checks the harness only. */
const QUICK_WARMUP_TICKS = 3;
const QUICK_TICKS = 10;
const LEVELS = 3;
/** The daemon's poller.intervalMs default: simulated time between two ticks. */
const POLL_INTERVAL_MS = 1_000;
/** The daemon's executor.syncIntervalMs default (5 000 ms), in ticks. */
const SYNC_EVERY_TICKS = 5;
/** Midpoints (outcome 0, in cents) stay within [MID_LO, MID_HI]. */
const MID_LO = 20;
const MID_HI = 80;

/** Test credentials (the values of test/support/test-credentials.ts). */
const CREDENTIALS = {
  address: '0xAbC0000000000000000000000000000000000001',
  apiKey: '1f0c1c9e-6d3a-4f7e-9a51-2b8f3c4d5e6f',
  passphrase: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12',
  secret: 'c2VydmljZS1zZWNyZXQtZm9yLXRlc3RzLTAwMDE_-w==',
};

const RISK_LIMITS = {
  maxOpenOrders: 100000,
  maxOrdersPerMarket: 100,
  maxGrossNotional: '100000000',
  maxNetExposure: '100000',
  maxPositionPerToken: '100000',
};
const EXECUTOR_SETTINGS = { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 };

/** The strategy of every market, and its configured params (checked as at start-up). */
interface StrategySetup {
  readonly strategy: Strategy;
  readonly params: unknown;
  readonly describe: string;
}

/**
 * avellaneda, 3 levels a side 0.1 log-odds apart, the other parameters at their defaults (sigma
 * estimated online from the midpoints, one per simulated second). A one-tick mid move re-prices
 * nearly every level.
 */
function avellanedaSetup(): StrategySetup {
  const strategy = avellaneda as unknown as Strategy;
  const params = parseStrategyParams(strategy, { levels: LEVELS, levelSpacing: 0.1 }, 'bench avellaneda');
  return { strategy, params, describe: 'avellaneda levels=3 levelSpacing=0.1, other parameters default' };
}

/**
 * bands, 3 bands a side around distances 0.01 / 0.02 / 0.03: a one-tick mid move leaves two of a
 * market's six orders outside every band (one per side), so those are cancelled and replaced.
 */
function bandsSetup(): StrategySetup {
  const strategy = bands as unknown as Strategy;
  const band = (min: string, avg: string, max: string) => ({
    minMargin: min,
    avgMargin: avg,
    maxMargin: max,
    minAmount: '10',
    avgAmount: '20',
    maxAmount: '30',
  });
  const params = parseStrategyParams(
    strategy,
    { bands: [band('0.005', '0.01', '0.015'), band('0.015', '0.02', '0.025'), band('0.025', '0.03', '0.035')] },
    'bench bands',
  );
  return {
    strategy,
    params,
    describe: 'bands: [0.005, 0.015] / [0.015, 0.025] / [0.025, 0.035], avg margins 0.01 / 0.02 / 0.03, amounts 10 / 20 / 30',
  };
}

/** mulberry32: a small seeded PRNG, so every run sees the same books. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (r: () => number, n: number): string => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('');
/** Cents to price text: 47 -> "0.47". */
const cents = (c: number): string => (c / 100).toFixed(2);

interface BenchMarket {
  readonly conditionId: string;
  readonly tokens: readonly [string, string];
  /** Outcome 0's midpoint in cents. */
  mid: number;
}

/** The venue side of the scenario: a catalog, its midpoints, and each tick's raw answers. */
class Venue {
  readonly markets: BenchMarket[];
  readonly tokenMarket = new Map<string, string>();
  readonly #r: () => number;
  #tick = 0;

  constructor(nMarkets: number, seed: number) {
    this.#r = rng(seed);
    const r = this.#r;
    this.markets = Array.from({ length: nMarkets }, () => {
      const conditionId = `0x${hex(r, 64)}`;
      // Token ids as design.md section 3 has them: <condition_id>:<outcome_index>.
      return {
        conditionId,
        tokens: [`${conditionId}:0`, `${conditionId}:1`] as const,
        mid: MID_LO + 5 + Math.floor(r() * (MID_HI - MID_LO - 10)),
      };
    });
    for (const m of this.markets) for (const t of m.tokens) this.tokenMarket.set(t, m.conditionId);
  }

  get tokens(): string[] {
    return this.markets.flatMap((m) => [...m.tokens]);
  }

  /** Moves every midpoint one tick up or down (bounded) and returns the batch as the venue's JSON text. */
  next(nowMs: number): { books: string; mids: string } {
    const r = this.#r;
    this.#tick++;
    const now = String(nowMs);
    const books: unknown[] = [];
    const mids: Record<string, string> = {};
    for (const [i, m] of this.markets.entries()) {
      const up = m.mid <= MID_LO ? true : m.mid >= MID_HI ? false : r() < 0.5;
      m.mid += up ? 1 : -1;
      for (const [k, token] of m.tokens.entries()) {
        const mid = k === 0 ? m.mid : 100 - m.mid;
        const bids = [];
        const asks = [];
        for (let l = 1; l <= LEVELS; l++) {
          bids.push({ price: cents(mid - l), size: (10 + Math.floor(r() * 49_000) / 100).toFixed(2) });
          asks.push({ price: cents(mid + l), size: (10 + Math.floor(r() * 49_000) / 100).toFixed(2) });
        }
        books.push({
          market: m.conditionId,
          asset_id: token,
          timestamp: now,
          hash: `${this.#tick.toString(16).padStart(12, '0')}${i.toString(16).padStart(8, '0')}${k}${hex(r, 19)}`,
          bids,
          asks,
          min_order_size: '5',
          tick_size: '0.01',
          neg_risk: false,
          last_trade_price: cents(mid),
        });
        mids[token] = cents(mid);
      }
    }
    return { books: JSON.stringify(books), mids: JSON.stringify(mids) };
  }
}

const TICKET: GateTicket = { release() {} };
/** Admits everything at once: limiter capacity ample. */
const openGate: RequestGate = { acquire: () => Promise.resolve(TICKET), reportThrottle() {} };

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

/**
 * The HTTP layer: records when each request was handed over (signed: the requester signs before
 * send) and answers at once, as the venue would, keeping track of which orders rest where.
 */
class BenchTransport implements Transport {
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
  #nextId = 0;

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
      req.method === 'POST' && path === '/order'
        ? 'POST /order'
        : req.method === 'DELETE' && path === '/order'
          ? 'DELETE /order'
          : req.method === 'DELETE' && path === '/cancel-market-orders'
            ? 'DELETE /cancel-market-orders'
            : req.method === 'GET' && path.startsWith('/data/orders')
              ? 'GET /data/orders'
              : `${req.method} ${path}`;
    this.byRoute[route] = (this.byRoute[route] ?? 0) + 1;
    const body = req.body ?? '';
    switch (route) {
      case 'POST /order': {
        const market = this.#tokenMarket.get(field(body, 'asset_id'));
        if (market === undefined) return Promise.reject(new Error('bench transport: order for an unknown token'));
        const id = `0x${(++this.#nextId).toString(16).padStart(64, '0')}`;
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

/** Per-tick stage times of the instrumented pass, ms. */
interface StageTimes {
  check: number;
  assembly: number;
  loopSync: number;
  strategy: number;
  risk: number;
  submitSync: number;
  executorAsync: number;
  signing: number;
  transport: number;
}

const emptyStages = (): StageTimes => ({
  check: 0,
  assembly: 0,
  loopSync: 0,
  strategy: 0,
  risk: 0,
  submitSync: 0,
  executorAsync: 0,
  signing: 0,
  transport: 0,
});

interface PassResult {
  syncs: number;
  tickMs: number[];
  requests: number[];
  /** From the start to every request answered and the executor idle. */
  idleMs: number[];
  noDispatch: number;
  stages: StageTimes[];
  byRoute: Record<string, number>;
  openOrders: number;
  markets: number;
  actions: Record<string, number>;
  rejections: Record<string, number>;
  skipped: Record<string, number>;
}

async function pass(nTokens: number, warmupTicks: number, ticks: number, setup: StrategySetup, instrument: boolean): Promise<PassResult> {
  const nMarkets = nTokens / 2;
  const venue = new Venue(nMarkets, 0x5eed0000 + nTokens);
  // Simulated time: one poll per POLL_INTERVAL_MS as in the daemon, whatever the CPU time a tick
  // takes here (the strategy's volatility estimate and the tracker's 15 s memory of cancelled
  // orders depend on it); the figures are real elapsed time (performance.now()).
  const clock = new FakeClock(Date.now());
  const transport = new BenchTransport(venue.tokenMarket, clock);
  const credentials = new VenueCredentials(CREDENTIALS);
  let stage = emptyStages();
  const now = (): number => performance.now();

  if (instrument) {
    const sign = credentials.addHeaders.bind(credentials);
    credentials.addHeaders = (headers, req) => {
      const t = now();
      sign(headers, req);
      stage.signing += now() - t;
    };
  }
  const client = createVenueClient({ baseUrl: 'http://venue.bench.invalid', credentials, clock, gate: openGate, transport });

  const metas = new Map<string, MarketMeta>();
  const fees = { rate: ZERO, exponent: 1, takerOnly: true, rebateRate: ZERO };
  for (const m of venue.markets) {
    metas.set(m.conditionId, {
      conditionId: m.conditionId,
      slug: `bench-${m.conditionId.slice(2, 10)}`,
      tokens: m.tokens,
      tickSize: new Decimal('0.01'),
      minOrderSize: new Decimal(5),
      sizeStep: new Decimal('0.01'),
      negRisk: false,
      fees,
      endDateMs: undefined,
      fetchedAtMs: clock.now(),
    });
  }
  let tickChanges = 0;
  const metadata: MetadataSource = {
    get: (id) => metas.get(id),
    noteBookTick: () => void tickChanges++,
  };

  const inner = setup.strategy;
  const strategy: Strategy = instrument
    ? {
        ...inner,
        quote: (view, p, s) => {
          const t = now();
          const out = inner.quote(view, p, s);
          stage.strategy += now() - t;
          return out;
        },
      }
    : inner;
  const bindings: MarketBinding[] = venue.markets.map((m) => ({
    conditionId: m.conditionId,
    tokens: m.tokens,
    strategy,
    params: setup.params,
    state: inner.initialState(setup.params),
  }));

  const risk = new RiskGate(validateRiskLimits(RISK_LIMITS));
  const executor = new Executor({ venue: client, clock, settings: EXECUTOR_SETTINGS, setOpenOrders: () => undefined });
  if (instrument) {
    const evaluate = risk.evaluate.bind(risk);
    risk.evaluate = (view, intents, nowMs) => {
      const t = now();
      const d = evaluate(view, intents, nowMs);
      stage.risk += now() - t;
      return d;
    };
    const submit = executor.submit.bind(executor);
    executor.submit = (market, tick, wanted) => {
      const t = now();
      submit(market, tick, wanted);
      stage.submitSync += now() - t;
    };
  }
  const books = new BookStore();
  const loop = new TradingLoop({
    clock,
    markets: bindings,
    metadata,
    books,
    positions: () => new Map(),
    risk,
    executor,
    staleAfterMs: 5_000,
    trade: true,
  });
  // As the daemon: an order confirmed or gone makes its market due for evaluation.
  executor.tracker.onChange((market) => loop.markDirty(market));

  // The batch the source hands over: set before each tick, checked inside the clock.
  let rawBooks: unknown = [];
  let rawMids: unknown = {};
  let checkEnd = 0;
  let loopExit = 0;
  const source: BookSource = {
    // What the client's postBooks / postMidpoints do with the parsed answer of one batch.
    async postBooks() {
      const t = now();
      const out = validateBooks('POST /books', rawBooks);
      stage.check += now() - t;
      return out;
    },
    async postMidpoints() {
      const t = now();
      const out = CheckedMidpoints.merge([validateMidpoints('POST /midpoints', rawMids)]);
      checkEnd = now();
      stage.check += checkEnd - t;
      return out;
    },
  };
  const poller = new BookPoller({
    source,
    clock,
    tokens: venue.tokens,
    intervalMs: POLL_INTERVAL_MS,
    staleAfterMs: 5_000,
    onSnapshot: (s: MarketSnapshot) => {
      const t = now();
      stage.assembly += t - checkEnd;
      loop.onSnapshot(s);
      loopExit = now();
      stage.loopSync += loopExit - t;
    },
  });

  const scope: ReadonlySet<string> = new Set(venue.markets.map((m) => m.conditionId));
  const result: PassResult = {
    syncs: 0,
    tickMs: [],
    requests: [],
    idleMs: [],
    noDispatch: 0,
    stages: [],
    byRoute: {},
    openOrders: 0,
    markets: nMarkets,
    actions: {},
    rejections: {},
    skipped: {},
  };
  try {
    for (let i = 0; i < warmupTicks + ticks; i++) {
      clock.advance(POLL_INTERVAL_MS);
      const text = venue.next(clock.now());
      rawBooks = JSON.parse(text.books) as unknown;
      rawMids = JSON.parse(text.mids) as unknown;
      const sendsBefore = transport.sends;
      const busyBefore = transport.busyMs;
      stage = emptyStages();
      const start = performance.now();
      const snapshot = await poller.tick();
      await executor.idle();
      const idle = performance.now();
      if (snapshot.books.size !== nTokens)
        throw new Error(
          `tick ${i}: ${snapshot.books.size} of ${nTokens} books usable (${JSON.stringify([...snapshot.unusable.values()].slice(0, 3))})`,
        );
      // The tick's figures, read before the sync below sends anything.
      const sent = transport.sends - sendsBefore;
      const lastSend = transport.lastSendMs;
      const busy = transport.busyMs - busyBefore;
      // As the daemon's sync timer (executor.syncIntervalMs): the tracker checked against
      // GET /data/orders now and then, between ticks, outside the clock. It also prunes the
      // tracker's memory of dropped order ids, which would otherwise grow without bound.
      if ((i + 1) % SYNC_EVERY_TICKS === 0) {
        const r = await executor.sync(scope);
        if (r.adopted + r.vanished > 0)
          throw new Error(`tick ${i}: sync found the tracker out of step with the venue: ${JSON.stringify(r)}`);
        result.syncs++;
      }
      if (i < warmupTicks) continue;
      result.requests.push(sent);
      result.idleMs.push(idle - start);
      if (sent === 0) {
        result.noDispatch++;
        continue;
      }
      result.tickMs.push(lastSend - start);
      stage.executorAsync = lastSend - loopExit;
      stage.transport = busy;
      if (instrument) result.stages.push(stage);
    }
    if (tickChanges > 0) throw new Error(`${tickChanges} books showed a tick other than the metadata's`);
    result.openOrders = executor.tracker.openCount();
    if (result.openOrders !== transport.resting)
      throw new Error(`the tracker counts ${result.openOrders} open orders, the venue ${transport.resting}`);
    result.byRoute = { ...transport.byRoute };
    result.actions = { ...executor.stats.actions };
    result.rejections = { ...executor.stats.rejections };
    result.skipped = { ...loop.stats.skipped };
  } finally {
    await executor.stop();
    await poller.stop();
    await client.close();
  }
  if (result.noDispatch > ticks / 2)
    throw new Error(`${result.noDispatch} of ${ticks} measured ticks dispatched nothing: the scenario does not re-price`);
  if (Object.keys(result.rejections).length > 0) throw new Error(`orders rejected: ${JSON.stringify(result.rejections)}`);
  if (result.openOrders < nMarkets * LEVELS * 2 * 0.8) throw new Error(`only ${result.openOrders} orders rest over ${nMarkets} markets`);
  return result;
}

function stageSummary(stages: readonly StageTimes[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(emptyStages()) as (keyof StageTimes)[]) out[key] = round(median(stages.map((s) => s[key])), 3);
  out.loopOther = round(median(stages.map((s) => s.loopSync - s.strategy - s.risk - s.submitSync)), 3);
  out.executorAsyncOther = round(median(stages.map((s) => s.executorAsync - s.signing - s.transport)), 3);
  out.total = round(median(stages.map((s) => s.check + s.assembly + s.loopSync + s.executorAsync)), 3);
  return out;
}

function figures(r: PassResult, n: number, suffix: string): Record<string, unknown> {
  const p50 = median(r.tickMs);
  return {
    [`tick_to_dispatch_p50_ms_${n}${suffix}`]: round(p50, 3),
    [`tick_to_dispatch_p99_ms_${n}${suffix}`]: round(percentile(r.tickMs, 99), 3),
    [`tick_to_dispatch_max_ms_${n}${suffix}`]: round(Math.max(...r.tickMs), 3),
    [`tick_to_idle_p50_ms_${n}${suffix}`]: round(median(r.idleMs), 3),
    [`requests_per_tick_p50_${n}${suffix}`]: median(r.requests),
    [`us_per_token_p50_${n}${suffix}`]: round((p50 * 1000) / n, 2),
    [`us_per_request_p50_${n}${suffix}`]: round((p50 * 1000) / median(r.requests), 2),
    [`no_dispatch_ticks_${n}${suffix}`]: r.noDispatch,
    [`detail_${n}${suffix}`]: {
      markets: r.markets,
      open_order_syncs: r.syncs,
      open_orders_after: r.openOrders,
      requests_by_route: r.byRoute,
      executor_actions: r.actions,
      loop_skipped: r.skipped,
    },
  };
}

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quick = options?.quick === true;
  const full = options?.full === true;
  const warmup = quick ? QUICK_WARMUP_TICKS : WARMUP_TICKS;
  const ticks = quick ? QUICK_TICKS : MEASURED_TICKS;
  const main = avellanedaSetup();
  const alt = bandsSetup();
  const out: Record<string, unknown> = {
    scenario: `N tokens (N/2 markets x 2 outcomes), ${LEVELS} levels a side in every book, orders resting, repriceTicks 0; every midpoint moves one tick per tick (seeded walk in [${MID_LO / 100}, ${MID_HI / 100}]); clock from the parsed POST /books + POST /midpoints JSON to the last request signed and handed to the transport; limiter admits at once`,
    strategy: main.describe,
    warmup_ticks: warmup,
    measured_ticks: ticks,
    target_p99_ms_500: 25,
  };
  for (const n of SIZES) Object.assign(out, figures(await pass(n, warmup, ticks, main, false), n, ''));
  out.within_target = (out.tick_to_dispatch_p99_ms_500 as number) <= 25;
  if (!full) {
    out.extra_passes =
      'not run: `npm run bench -- --full --only tick-to-dispatch` adds the bands variant (_bands keys) and the instrumented stage times (stage_ms_p50_500)';
    return out;
  }
  out.strategy_bands_variant = alt.describe;
  for (const n of SIZES) Object.assign(out, figures(await pass(n, warmup, ticks, alt, false), n, '_bands'));
  const prof = await pass(500, warmup, quick ? QUICK_TICKS : PROFILE_TICKS, main, true);
  out.stage_ms_p50_500 = {
    note: "avellaneda, instrumented pass (adds timer calls); medians per tick: check = validateBooks + validateMidpoints; assembly = poller from the checked answers to its listener (toBookView, bookProblem, microtask hops); loopSync = TradingLoop.onSnapshot (strategy, risk, submitSync = Executor.submit up to its first await: live orders, diff, first request prepared; loopOther = BookStore, footprints, views, legs, hash keys); executorAsync = from onSnapshot returning to the last send (signing = VenueCredentials.addHeaders; transport = the stand-in transport's own bookkeeping; executorAsyncOther = the rest: request prep and body checks, VenueRequester, response checks, tracker)",
    ...stageSummary(prof.stages),
    tick_to_dispatch_p50_ms_instrumented: round(median(prof.tickMs), 3),
    requests_per_tick_p50: median(prof.requests),
  };
  return out;
}
