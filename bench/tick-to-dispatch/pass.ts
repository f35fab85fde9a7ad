/** One pass of the scenario: the daemon's pipeline in-process over N tokens, timed tick by tick. */
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { Executor } from '../../src/execution/executor.js';
import type { MarketMeta } from '../../src/market/market-view.js';
import { BookPoller, type BookSource, type MarketSnapshot } from '../../src/market/poller.js';
import { Decimal, ZERO } from '../../src/money.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import type { Strategy } from '../../src/strategy/strategy.js';
import { BookStore } from '../../src/trading/book-store.js';
import { TradingLoop, type MarketBinding, type MetadataSource } from '../../src/trading/trading-loop.js';
import { CheckedMidpoints } from '../../src/venue/checked-book.js';
import { createVenueClient } from '../../src/venue/client.js';
import { VenueCredentials } from '../../src/venue/credentials.js';
import { validateBooks, validateMidpoints } from '../../src/venue/validate/order-book.js';
import { CREDENTIALS, EXECUTOR_SETTINGS, LEVELS, POLL_INTERVAL_MS, RISK_LIMITS, SYNC_EVERY_TICKS, type StrategySetup } from './scenario.js';
import { emptyStages, type StageTimes } from './stages.js';
import { BenchTransport, openGate } from './transport.js';
import { Venue } from './venue-feed.js';

export interface PassResult {
  syncs: number;
  tickMs: number[];
  /** Garbage collection inside each measured tick's window (V8's gc entries that began in it), ms. */
  gcMs: number[];
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

export async function pass(
  nTokens: number,
  warmupTicks: number,
  ticks: number,
  setup: StrategySetup,
  instrument: boolean,
): Promise<PassResult> {
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
    risk.evaluate = (...args) => {
      const t = now();
      const d = evaluate(...args);
      stage.risk += now() - t;
      return d;
    };
    const submit = executor.submit.bind(executor);
    executor.submit = (market, tick, wanted, context) => {
      const t = now();
      submit(market, tick, wanted, context);
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
    gcMs: [],
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
  // V8 reports each collection after the fact: the windows are matched with them at the end.
  const gcs: PerformanceEntry[] = [];
  const windows: [number, number][] = [];
  const gcObserver = new PerformanceObserver((list) => void gcs.push(...list.getEntries()));
  gcObserver.observe({ entryTypes: ['gc'] });
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
      windows.push([start, lastSend]);
      stage.executorAsync = lastSend - loopExit;
      stage.transport = busy;
      if (instrument) result.stages.push(stage);
    }
    if (tickChanges > 0) throw new Error(`${tickChanges} books showed a tick other than the metadata's`);
    await new Promise<void>((resolve) => setImmediate(resolve));
    gcs.push(...gcObserver.takeRecords());
    for (const [from, to] of windows) {
      let ms = 0;
      for (const g of gcs) if (g.startTime >= from && g.startTime < to) ms += g.duration;
      result.gcMs.push(ms);
    }
    result.openOrders = executor.tracker.openCount();
    if (result.openOrders !== transport.resting)
      throw new Error(`the tracker counts ${result.openOrders} open orders, the venue ${transport.resting}`);
    result.byRoute = { ...transport.byRoute };
    result.actions = { ...executor.stats.actions };
    result.rejections = { ...executor.stats.rejections };
    result.skipped = { ...loop.stats.skipped };
  } finally {
    gcObserver.disconnect();
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
