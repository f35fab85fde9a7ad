/**
 * MetadataCache: freshness by TTL on a fake clock, re-reads ahead of expiry, tick size changes,
 * visible and counted failures (logged once per state change), coalesced reads, bounded
 * concurrency. The answers are the simulator's (captured over HTTP once, then served by a
 * controllable source), and one test runs the whole path against the simulator.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { MetadataCache, type MetadataSource } from '../../src/market/metadata-cache.js';
import { Decimal } from '../../src/money.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import type { ClobMarketSettings, FeeRate, Market } from '../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;
const answers = new Map<string, { clob: ClobMarketSettings; market: Market; fee: FeeRate }>();
let ids: string[];

beforeAll(async () => {
  h = await startSimHarness({ markets: 8 });
  client = createVenueClient({ baseUrl: h.baseUrl, clock: h.clock });
  ids = h.sim.world.catalog.markets.map((m) => m.conditionId);
  for (const id of ids) {
    const [clob, market] = await Promise.all([client.getClobMarket({ condition_id: id }), client.getMarket({ condition_id: id })]);
    answers.set(id, { clob, market, fee: await client.getFeeRate({ token_id: `${id}:0` }) });
  }
});

afterAll(async () => {
  await client?.close();
  await h?.close();
});

interface Deferred {
  resolve: () => void;
  promise: Promise<void>;
}
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { resolve, promise };
}

/** Serves the captured answers; can hold reads, fail them, change ticks, and counts them. */
class FakeSource implements MetadataSource {
  reads = 0;
  inFlight = 0;
  maxInFlight = 0;
  readonly inFlightByMarket = new Map<string, number>();
  maxPerMarket = 0;
  hold: Deferred | undefined;
  fail: MakerdError | undefined;
  readonly ticks = new Map<string, number>();

  async #read<T>(_id: string, make: () => T): Promise<T> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await this.hold?.promise;
      await Promise.resolve();
      if (this.fail) throw this.fail;
      return make();
    } finally {
      this.inFlight--;
    }
  }

  /** One market read = its getClobMarket; the three calls of a read overlap per market. */
  getClobMarket = ({ condition_id }: { condition_id: string }) => {
    this.reads++;
    const n = (this.inFlightByMarket.get(condition_id) ?? 0) + 1;
    this.inFlightByMarket.set(condition_id, n);
    this.maxPerMarket = Math.max(this.maxPerMarket, n);
    return this.#read(condition_id, () => {
      const a = answers.get(condition_id)!;
      return { ...a.clob, mts: this.ticks.get(condition_id) ?? a.clob.mts };
    }).finally(() => this.inFlightByMarket.set(condition_id, this.inFlightByMarket.get(condition_id)! - 1));
  };
  getMarket = ({ condition_id }: { condition_id: string }) => this.#read(condition_id, () => answers.get(condition_id)!.market);
  getFeeRate = ({ token_id }: { token_id?: string }) => this.#read(token_id!, () => answers.get(token_id!.split(':')[0]!)!.fee);
}

function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  return { logger: pino({ level: 'info' }, destination), lines };
}

function setup(options: { ttlMs?: number; concurrency?: number; retryMs?: number } = {}) {
  const clock = new FakeClock(1_767_225_600_000);
  const source = new FakeSource();
  const log = memoryLogger();
  const cache = new MetadataCache({
    source,
    clock,
    ttlMs: options.ttlMs ?? 60_000,
    concurrency: options.concurrency,
    retryMs: options.retryMs,
    logger: log.logger,
  });
  return { clock, source, cache, log };
}

describe('MetadataCache', () => {
  it('answers fresh rules only, for ttlMs', async () => {
    const { clock, cache } = setup({ ttlMs: 60_000 });
    const id = ids[0]!;
    expect(cache.get(id)).toBeUndefined();
    const meta = await cache.refresh(id);
    expect(meta?.conditionId).toBe(id);
    expect(cache.get(id)).toBe(meta);
    clock.advance(59_999);
    expect(cache.get(id)).toBe(meta);
    clock.advance(1);
    expect(cache.get(id)).toBeUndefined();
    expect(cache.unavailable()).toEqual([id]);
  });

  it('refreshDue re-reads what is missing or at 80% of its TTL, a few markets at a time', async () => {
    const { clock, source, cache } = setup({ ttlMs: 10_000, concurrency: 2 });
    cache.track(ids);
    await cache.refreshDue();
    expect(source.reads).toBe(ids.length);
    expect(source.maxInFlight).toBeLessThanOrEqual(2 * 3);
    expect(cache.unavailable()).toEqual([]);
    clock.advance(7_999);
    await cache.refreshDue();
    expect(source.reads).toBe(ids.length); // nothing due yet
    clock.advance(1);
    await cache.refreshDue();
    expect(source.reads).toBe(2 * ids.length);
    expect(cache.get(ids[0]!)?.fetchedAtMs).toBe(clock.now());
  });

  it('bounds concurrency: at most `concurrency` markets read at once', async () => {
    const { source, cache } = setup({ concurrency: 3 });
    cache.track(ids);
    source.hold = deferred();
    const pass = cache.refreshDue();
    await new Promise((r) => setImmediate(r));
    expect(source.reads).toBe(3);
    source.hold.resolve();
    await pass;
    expect(source.reads).toBe(ids.length);
  });

  it('coalesces concurrent refreshes of one market into one read', async () => {
    const { source, cache } = setup();
    const id = ids[1]!;
    source.hold = deferred();
    const a = cache.refresh(id);
    const b = cache.refresh(id);
    const c = cache.refreshDue();
    cache.track([id]);
    source.hold.resolve();
    const [ma, mb] = await Promise.all([a, b, c]);
    expect(source.reads).toBe(1);
    expect(ma).toBe(mb);
    expect(ma).toBe(cache.get(id));
  });

  it('a tick size change hides the rules and re-reads at once; a change during a read reads once more, never twice at once', async () => {
    const { source, cache } = setup();
    const id = ids[2]!;
    const old = (await cache.refresh(id))!;
    const newTick = old.tickSize.eq('0.01') ? '0.001' : '0.01';
    // A change announced while a read is in flight: that read's answer may predate it.
    source.hold = deferred();
    const first = cache.refresh(id);
    source.ticks.set(id, Number(newTick));
    const second = cache.onTickSize(`${id}:1`, newTick);
    expect(cache.get(id)).toBeUndefined(); // in doubt until re-read
    source.hold.resolve();
    const [m1, m2] = await Promise.all([first, second]);
    expect(source.reads).toBe(3);
    expect(source.maxPerMarket).toBe(1);
    expect(m1).toBe(m2);
    expect(cache.get(id)?.tickSize.toFixed()).toBe(newTick);
    expect(cache.stats.tickChanges).toBe(1);
    expect(cache.failures.tick_mismatch).toBeUndefined();
  });

  it('knownTick: none before the first read; the read tick, past the TTL too; the announced one while a change settles', async () => {
    const { clock, source, cache } = setup({ ttlMs: 60_000 });
    const id = ids[4]!;
    expect(cache.knownTick(id)).toBeUndefined();
    const meta = (await cache.refresh(id))!;
    expect(cache.knownTick(id)).toBe(meta.tickSize);
    clock.advance(60_000);
    expect(cache.get(id)).toBeUndefined();
    expect(cache.knownTick(id)).toBe(meta.tickSize);
    const newTick = meta.tickSize.eq('0.01') ? '0.001' : '0.01';
    source.ticks.set(id, Number(newTick));
    source.hold = deferred();
    const settled = cache.onTickSize(id, newTick);
    expect(cache.knownTick(id)?.toFixed()).toBe(newTick);
    source.hold.resolve();
    await settled;
    expect(cache.knownTick(id)?.toFixed()).toBe(newTick);
    expect(cache.knownTick('0xnot-tracked')).toBeUndefined();
  });

  it('noteBookTick acts only when a book shows another tick than the cached one', async () => {
    const { source, cache } = setup();
    const id = ids[3]!;
    const meta = (await cache.refresh(id))!;
    cache.noteBookTick(id, meta.tickSize);
    expect(source.reads).toBe(1);
    const other = meta.tickSize.eq('0.01') ? new Decimal('0.001') : new Decimal('0.01');
    source.ticks.set(id, other.toNumber());
    cache.noteBookTick(id, other);
    expect(cache.get(id)).toBeUndefined();
    cache.noteBookTick(id, other); // a second book while the read runs: no second read
    await cache.refresh(id);
    expect(source.reads).toBe(2);
    expect(cache.get(id)?.tickSize.eq(other)).toBe(true);
  });

  it('counts and logs a tick that the venue then contradicts, and keeps the venue settings', async () => {
    const { cache, log } = setup();
    const id = ids[3]!;
    const meta = (await cache.refresh(id))!;
    await cache.onTickSize(id, meta.tickSize.eq('0.01') ? '0.001' : '0.01');
    expect(cache.failures.tick_mismatch).toBe(1);
    expect(cache.get(id)?.tickSize.eq(meta.tickSize)).toBe(true);
    expect(log.lines.filter((l) => String(l.msg).includes('differs from the venue settings'))).toHaveLength(1);
  });

  it('makes a market without rules visible: counted per failure, logged once per state change, retried after retryMs', async () => {
    const { clock, source, cache, log } = setup({ ttlMs: 60_000, retryMs: 5_000 });
    const id = ids[4]!;
    cache.track([id]);
    source.fail = new MakerdError(ErrorCode.NOT_FOUND, 'GET /clob-markets/{condition_id}: not found');
    await cache.refreshDue();
    expect(cache.get(id)).toBeUndefined();
    expect(cache.failures).toEqual({ not_found: 1 });
    await cache.refreshDue(); // within retryMs: not retried
    expect(source.reads).toBe(1);
    clock.advance(5_000);
    await cache.refreshDue();
    expect(cache.failures).toEqual({ not_found: 2 });
    source.fail = new MakerdError(ErrorCode.TIMEOUT, 'timed out');
    await cache.refresh(id);
    expect(cache.failures).toEqual({ not_found: 2, timeout: 1 });
    const warnings = log.lines.filter((l) => l.level === 40);
    expect(warnings.map((w) => [w.market, w.reason, w.msg])).toEqual([
      [id, 'not_found', 'market metadata unavailable; market not quoted'],
      [id, 'timeout', 'market metadata unavailable; market not quoted'],
    ]);
    source.fail = undefined;
    clock.advance(5_000);
    await cache.refreshDue();
    expect(cache.get(id)).toBeDefined();
    expect(log.lines.filter((l) => l.msg === 'market metadata available again')).toHaveLength(1);
  });

  it('a bad answer is a failure (bad_response), never cached rules', async () => {
    const { source, cache } = setup();
    const id = ids[5]!;
    source.ticks.set(id, 0);
    expect(await cache.refresh(id)).toBeUndefined();
    expect(cache.get(id)).toBeUndefined();
    expect(cache.failures).toEqual({ bad_response: 1 });
  });

  it('keeps cached rules through a failed early refresh until they expire', async () => {
    const { clock, source, cache } = setup({ ttlMs: 10_000 });
    const id = ids[6]!;
    cache.track([id]);
    await cache.refreshDue();
    clock.advance(8_000);
    source.fail = new MakerdError(ErrorCode.VENUE_FAULT, '503');
    await cache.refreshDue();
    expect(cache.get(id)).toBeDefined();
    clock.advance(2_000);
    expect(cache.get(id)).toBeUndefined();
  });

  it('against the simulator: a tick change on the venue reaches the cache through onTickSize', async () => {
    const cache = new MetadataCache({ source: client, clock: h.clock, ttlMs: 60_000 });
    const cm = h.sim.world.catalog.markets[0]!;
    const before = (await cache.refresh(cm.conditionId))!;
    expect(before.tickSize.toFixed()).toBe(cm.tickSize);
    const target = cm.tickSize === '0.01' ? '0.001' : '0.01';
    expect((await h.request('POST', '/_sim/tick-size', { body: { market: cm.conditionId, tick_size: target } })).status).toBe(200);
    const after = await cache.onTickSize(cm.tokenIds[0], target);
    expect(after?.tickSize.toFixed()).toBe(target);
    expect(cache.get(cm.conditionId)).toBe(after);
    expect(cache.failures).toEqual({});
    await cache.close();
  });
});
