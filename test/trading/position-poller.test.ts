/**
 * PositionPoller against the simulator over HTTP (GET /positions, every page, no size threshold):
 * balances per token as Decimals, onChange with the changed markets only, a failed read keeping
 * the last balances, coalesced refreshes, and the timer on the fake clock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock, TimerHandle } from '../../src/clock/clock.js';
import { Decimal } from '../../src/money.js';
import type { SimAccount, SimToken } from '../../src/sim/contracts.js';
import { marketOf } from '../../src/market/token-id.js';
import { PositionPoller, type PositionsVenue } from '../../src/trading/position-poller.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import type { Position } from '../../src/venue/types.js';
import { logCapture } from '../support/log-capture.js';
import { RecordingGate } from '../support/recording-gate.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

const INTERVAL = 10_000;

let h: SimHarness;
let client: VenueClient;
let maker: SimAccount;
let taker: SimAccount;
/** Outcome-0 tokens of two different markets, each with a 0.01 tick. */
let tokA: SimToken;
let tokB: SimToken;
/** Every GET /positions the poller made, with its parameters. */
let calls: Parameters<PositionsVenue['getPositions']>[0][];
let venue: PositionsVenue;
let changes: string[][];

function poller(
  user = taker.address,
  v: PositionsVenue = venue,
  logger?: ReturnType<typeof logCapture>['logger'],
  clock: Clock = h.clock,
): PositionPoller {
  const p = new PositionPoller({ venue: v, user, clock, intervalMs: INTERVAL, logger });
  p.onChange((markets) => changes.push([...markets].sort()));
  return p;
}

/** The taker buys `size` of `token` at 0.50 from a resting sell of the maker (in-process). */
function takerBuys(token: SimToken, size: string): void {
  rest(h, maker, token.tokenId, 'SELL', '0.50', size);
  const r = rest(h, taker, token.tokenId, 'BUY', '0.50', size);
  expect(r.status).toBe('matched');
}

/** The harness clock, telling when a timer is set (so a test can await the end of a read). */
class TimerWatch implements Clock {
  #waiting: ((ms: number) => void)[] = [];
  constructor(private readonly h: SimHarness) {}
  now(): number {
    return this.h.clock.now();
  }
  setTimer(fn: () => void, ms: number): TimerHandle {
    const handle = this.h.clock.setTimer(fn, ms);
    for (const resolve of this.#waiting.splice(0)) resolve(ms);
    return handle;
  }
  clearTimer(handle: TimerHandle): void {
    this.h.clock.clearTimer(handle);
  }
  /** Resolves with the delay of the next timer set. */
  nextSet(): Promise<number> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
}

const text = (m: ReadonlyMap<string, Decimal>): Record<string, string> => Object.fromEntries([...m].map(([k, v]) => [k, v.toFixed()]));

beforeEach(async () => {
  h = await startSimHarness({ markets: 4, edgeLimits: { enabled: false } });
  client = createVenueClient({
    baseUrl: h.baseUrl,
    credentials: h.credentials,
    clock: h.clock,
    gate: new RecordingGate(),
    retry: { maxAttempts: 1 },
  });
  maker = synthetic(h, 0);
  taker = synthetic(h, 1);
  const tokens = h.sim.world.lookup.tokens().filter((t) => t.outcomeIndex === 0 && t.tickSize.eq('0.01') && t.minOrderSize.lte(5));
  const byMarket = new Map(tokens.map((t) => [t.conditionId, t]));
  [tokA, tokB] = [...byMarket.values()] as [SimToken, SimToken];
  expect(tokB).toBeDefined();
  calls = [];
  changes = [];
  venue = {
    getPositions: (params) => {
      calls.push(params);
      return client.getPositions(params);
    },
  };
});

afterEach(async () => {
  await client.close();
  await h.close();
});

describe('PositionPoller against the simulator', () => {
  it('reads every balance with no size threshold, as exact Decimals, and reports the changed markets', async () => {
    takerBuys(tokA, '7.25');
    const p = poller();
    expect(p.lastReadMs).toBeUndefined();
    await p.refresh();
    expect(calls).toEqual([{ user: taker.address, sizeThreshold: 0, limit: 500, offset: 0, sortBy: 'TITLE', sortDirection: 'ASC' }]);
    expect(text(p.positions)).toEqual({ [tokA.tokenId]: '7.25' });
    expect(changes).toEqual([[tokA.conditionId]]);
    expect(p.lastReadMs).toBe(h.clock.now());
    expect(p.failures).toBe(0);
  });

  it('a short (size < 0, the simulator lets an account sell what it does not hold) is read as it is', async () => {
    // The maker sold what it did not hold; the simulator allows that and reports -7.25.
    takerBuys(tokA, '7.25');
    const m = poller(maker.address);
    await m.refresh();
    expect(m.failures).toBe(0);
    expect(text(m.positions)).toEqual({ [tokA.tokenId]: '-7.25' });
    expect(changes).toEqual([[tokA.conditionId]]);
  });

  it('calls onChange with only the markets whose balances moved, and not at all when none did', async () => {
    takerBuys(tokA, '10');
    const p = poller();
    await p.refresh();
    expect(changes).toEqual([[tokA.conditionId]]);

    await p.refresh();
    expect(changes).toHaveLength(1);

    takerBuys(tokB, '5');
    h.clock.advance(1_000);
    await p.refresh();
    expect(changes).toEqual([[tokA.conditionId], [tokB.conditionId]]);
    expect(text(p.positions)).toEqual({ [tokA.tokenId]: '10', [tokB.tokenId]: '5' });
    expect(p.lastReadMs).toBe(h.clock.now());

    takerBuys(tokA, '5.5');
    await p.refresh();
    expect(changes.at(-1)).toEqual([tokA.conditionId]);
    expect(p.positions.get(tokA.tokenId)!.toFixed()).toBe('15.5');
  });

  it('a failed read keeps the last balances, counts and logs the failure; the next good read goes on', async () => {
    const { logger, lines } = logCapture();
    takerBuys(tokA, '10');
    const p = poller(taker.address, venue, logger);
    await p.refresh();
    const before = p.positions;
    const readAt = p.lastReadMs;

    takerBuys(tokB, '5');
    h.clock.advance(1_000);
    expect((await h.setFaults({ errorRate: 1 })).status).toBe(200);
    await p.refresh();
    expect(p.failures).toBe(1);
    expect(p.positions).toBe(before);
    expect(text(p.positions)).toEqual({ [tokA.tokenId]: '10' });
    expect(p.lastReadMs).toBe(readAt);
    expect(changes).toHaveLength(1);
    expect(lines.filter((l) => l.msg === 'could not read positions; keeping the last known').map((l) => [l.level, l.code])).toEqual([
      ['warn', 'MAKERD_ERR_VENUE_FAULT'],
    ]);

    await h.setFaults({ errorRate: 0 });
    await p.refresh();
    expect(p.failures).toBe(1);
    expect(text(p.positions)).toEqual({ [tokA.tokenId]: '10', [tokB.tokenId]: '5' });
    expect(changes).toEqual([[tokA.conditionId], [tokB.conditionId]]);
  });

  it('refresh() during a read coalesces: any number of calls make one more read, right after', async () => {
    const p = poller();
    const first = p.refresh();
    takerBuys(tokA, '10'); // the first read may or may not see it; the follow-up read does
    const second = p.refresh();
    const third = p.refresh();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(calls).toHaveLength(1);
    await first;
    // The follow-up read has started (once): stop() hands back that read.
    expect(calls).toHaveLength(2);
    await p.stop();
    expect(calls).toHaveLength(2);
    expect(text(p.positions)).toEqual({ [tokA.tokenId]: '10' });
  });

  it('stop() drops a coalesced read that has not started yet', async () => {
    const p = poller();
    void p.refresh();
    void p.refresh();
    await p.stop();
    expect(calls).toHaveLength(1);
  });

  it('start() reads at once and then every intervalMs of the fake clock; stop() ends the timer', async () => {
    const clock = new TimerWatch(h);
    const p = poller(taker.address, venue, undefined, clock);
    let armed = clock.nextSet();
    p.start();
    expect(calls).toHaveLength(1);
    expect(await armed).toBe(INTERVAL);
    expect(p.lastReadMs).toBe(h.clock.now());

    takerBuys(tokA, '6');
    h.clock.advance(INTERVAL - 1);
    expect(calls).toHaveLength(1);
    armed = clock.nextSet();
    h.clock.advance(1);
    expect(calls).toHaveLength(2);
    await armed; // the second read is done and the next one scheduled
    expect(p.positions.get(tokA.tokenId)!.toFixed()).toBe('6');
    expect(changes).toEqual([[tokA.conditionId]]);

    await p.stop();
    h.clock.advance(10 * INTERVAL);
    expect(calls).toHaveLength(2);
  });

  it('refresh() between timer reads moves the next timer read to intervalMs after it', async () => {
    const clock = new TimerWatch(h);
    const p = poller(taker.address, venue, undefined, clock);
    let armed = clock.nextSet();
    p.start();
    await armed;
    h.clock.advance(4_000);
    armed = clock.nextSet();
    await p.refresh();
    await armed;
    expect(calls).toHaveLength(2);
    h.clock.advance(INTERVAL - 1);
    expect(calls).toHaveLength(2);
    h.clock.advance(1);
    expect(calls).toHaveLength(3);
    await p.stop();
  });
});

describe('PositionPoller paging (scripted venue)', () => {
  const row = (asset: string, size: number): Position => ({ asset, size }) as Position;

  it('reads overlapping pages until a short page; a row in two pages is one position', async () => {
    const rows = [
      ...Array.from({ length: 499 }, (_, i) => row(`0xm${String(i).padStart(3, '0')}:0`, 1)),
      row('0xz:1', 0.3),
      row('0xz:0', 3),
    ];
    const seen: number[] = [];
    const scripted: PositionsVenue = {
      getPositions: async (params) => {
        seen.push(params.offset);
        return rows.slice(params.offset, params.offset + params.limit);
      },
    };
    const p = poller('0xwallet', scripted);
    await p.refresh();
    // The second page starts 50 rows before the first one's end.
    expect(seen).toEqual([0, 450]);
    expect(p.positions.size).toBe(501);
    expect(p.positions.get('0xz:1')!.toFixed()).toBe('0.3');
    expect(p.positions.get('0xm449:0')!.toFixed()).toBe('1');
    expect(p.positions.get('0xz:0')!.toFixed()).toBe('3');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toHaveLength(500);
  });

  it('skips a row whose size is not a finite number; a token that went to nothing is a change', async () => {
    let rows: Position[] = [row('0xa:0', 5), row('0xb:0', Number.NaN)];
    const p = poller('0xwallet', { getPositions: async () => rows });
    await p.refresh();
    expect(text(p.positions)).toEqual({ '0xa:0': '5' });
    rows = [];
    await p.refresh();
    expect(text(p.positions)).toEqual({});
    expect(changes).toEqual([['0xa'], ['0xa']]);
    // A new token at size 0 is no change.
    rows = [row('0xc:1', 0)];
    await p.refresh();
    expect(changes).toHaveLength(2);
  });

  it('asks for an order that fills do not change, so that a read of several pages is not reshuffled between its pages', async () => {
    // The venue sorts by size (TOKENS, descending) unless told otherwise: a fill between two
    // pages moves a position across their boundary, read twice or not at all. By title, a
    // position keeps its place whatever its size.
    const sizes = new Map<string, number>(Array.from({ length: 600 }, (_, i) => [`0x${String(i).padStart(3, '0')}:0`, 1000 - i]));
    const scripted: PositionsVenue = {
      getPositions: async (params) => {
        const rows = [...sizes].map(([asset, size]) => ({ asset, size, title: asset.slice(0, 5) }) as Position);
        if (params.sortBy === 'TITLE')
          rows.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) * (params.sortDirection === 'ASC' ? 1 : -1));
        else rows.sort((a, b) => b.size - a.size);
        const page = rows.slice(params.offset, params.offset + params.limit);
        // Between the two pages, the smallest position of page 2 grows past page 1's smallest.
        if (params.offset === 0) sizes.set('0x599:0', 5000);
        return page;
      },
    };
    const p = poller('0xwallet', scripted);
    await p.refresh();
    expect(p.positions.size).toBe(600);
    expect(p.positions.get('0x599:0')!.toFixed()).toBe('5000');
    expect(p.positions.get('0x499:0')!.toFixed()).toBe('501');
  });

  it('marketOf takes the condition id out of a token id', () => {
    expect(marketOf('0xabc:1')).toBe('0xabc');
    expect(marketOf('0xa:b:0')).toBe('0xa:b');
    expect(marketOf('plain')).toBe('plain');
  });
});

describe('PositionPoller: fills heard before a read holds them', () => {
  const row = (asset: string, size: number): Position => ({ asset, size }) as Position;
  /** A venue whose reads the test releases one by one, each answering the balances of its start. */
  function gated(): { venue: PositionsVenue; set(rows: Position[]): void; release(): void; reads(): number } {
    let rows: Position[] = [];
    const waiting: (() => void)[] = [];
    let reads = 0;
    return {
      venue: {
        getPositions: async () => {
          reads++;
          const answer = rows;
          await new Promise<void>((resolve) => waiting.push(resolve));
          return answer;
        },
      },
      set: (r) => {
        rows = r;
      },
      release: () => waiting.shift()?.(),
      reads: () => reads,
    };
  }
  const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  it('counts a fill on top of the last read until a read begun after it completes, and reads at once', async () => {
    const v = gated();
    const p = poller('0xwallet', v.venue);
    v.set([row('0xa:0', 30)]);
    const first = p.refresh();
    v.release();
    await first;
    expect(text(p.positions)).toEqual({ '0xa:0': '30' });
    p.start();
    await settle();
    // A read is in flight (begun before the venue sold 20): its answer does not hold the sale.
    const inFlight = v.reads();
    p.heardFill('0xa:0', new Decimal('-20'));
    p.heardFill('0xb:1', new Decimal('5'));
    expect(text(p.positions)).toEqual({ '0xa:0': '10', '0xb:1': '5' });
    expect(changes.slice(-2)).toEqual([['0xa'], ['0xb']]);
    // From now on the venue's answers hold the fills.
    v.set([row('0xa:0', 10), row('0xb:1', 5)]);
    v.release();
    await settle();
    expect(text(p.positions)).toEqual({ '0xa:0': '10', '0xb:1': '5' });
    // The read asked for by the fills begins now, after them: its answer holds them, so they go.
    expect(v.reads()).toBe(inFlight + 1);
    v.release();
    await settle();
    expect(text(p.positions)).toEqual({ '0xa:0': '10', '0xb:1': '5' });
    // Counted once: a later read without the fills' token shows it gone.
    v.set([row('0xa:0', 10)]);
    void p.refresh();
    v.release();
    await settle();
    expect(text(p.positions)).toEqual({ '0xa:0': '10' });
    await p.stop();
    v.release();
    await settle();
  });

  it('keeps the fills when the read fails, and is exact in Decimal', async () => {
    let fail = false;
    let rows: Position[] = [row('0xa:0', 0.3)];
    const p = poller('0xwallet', {
      getPositions: async () => {
        if (fail) throw new Error('down');
        return rows;
      },
    });
    await p.refresh();
    p.heardFill('0xa:0', new Decimal('0.1'));
    p.heardFill('0xa:0', new Decimal('0.2'));
    expect(text(p.positions)).toEqual({ '0xa:0': '0.6' });
    fail = true;
    await p.refresh();
    expect(text(p.positions)).toEqual({ '0xa:0': '0.6' });
    fail = false;
    rows = [row('0xa:0', 0.6)];
    await p.refresh();
    expect(text(p.positions)).toEqual({ '0xa:0': '0.6' });
  });
});

describe('PositionPoller: doubt until a read settles it', () => {
  const row = (asset: string, size: number): Position => ({ asset, size }) as Position;
  const tokens = ['0xa:0', '0xa:1'] as const;
  const shown = (p: PositionPoller) => {
    const doubt = p.doubt('0xa', tokens);
    return doubt === undefined
      ? undefined
      : { up: doubt.up.toFixed(), down: doubt.down.toFixed(), more: doubt.more.map((m) => m.toFixed()) };
  };

  it('an order forgotten with shares unmatched may have filled by all of them, until a read begun after it completes', async () => {
    let release: (() => void) | undefined;
    let rows: Position[] = [row('0xa:0', 10)];
    const p = poller('0xwallet', {
      getPositions: async () => {
        const answer = rows;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return answer;
      },
    });
    const first = p.refresh();
    release!();
    await first;
    expect(p.doubt('0xa', tokens)).toBeUndefined();
    // A read begins; then a bid of outcome 0 (7.5 left) and a sale of outcome 1 (2 left) are forgotten.
    const during = p.refresh();
    p.heardGone('0xa:0', new Decimal('7.5'));
    p.heardGone('0xa:1', new Decimal('-2'));
    p.heardGone('0xa:1', new Decimal('0'));
    // Outcome-0 exposure may be 7.5 + 2 higher; outcome 0's balance 7.5 higher. The positions stay.
    expect(shown(p)).toEqual({ up: '9.5', down: '0', more: ['7.5', '0'] });
    expect(text(p.positions)).toEqual({ '0xa:0': '10' });
    expect(p.doubt('0xb', ['0xb:0', '0xb:1'])).toBeUndefined();
    // The read in flight began before: it settles nothing.
    release!();
    await during;
    expect(shown(p)).toEqual({ up: '9.5', down: '0', more: ['7.5', '0'] });
    // The next read began after: the doubt is gone, and the market is reported changed (its room grew).
    changes = [];
    rows = [row('0xa:0', 17.5)];
    const after = p.refresh();
    release!();
    await after;
    expect(p.doubt('0xa', tokens)).toBeUndefined();
    expect(changes).toEqual([['0xa']]);
  });

  it('a heard fill may be in the last read already: the position may be lower by it', async () => {
    const p = poller('0xwallet', { getPositions: async () => [row('0xa:0', 10)] });
    await p.refresh();
    p.heardFill('0xa:0', new Decimal('5'));
    p.heardFill('0xa:1', new Decimal('3'));
    // Counted: 15 of outcome 0 and 3 of outcome 1 (exposure 12); either may be in the read already.
    expect(text(p.positions)).toEqual({ '0xa:0': '15', '0xa:1': '3' });
    expect(shown(p)).toEqual({ up: '3', down: '5', more: ['0', '0'] });
    // A sale heard (-4 of outcome 0) may have been counted: the balance may be 4 higher.
    p.heardFill('0xa:0', new Decimal('-4'));
    expect(shown(p)).toEqual({ up: '7', down: '5', more: ['4', '0'] });
    await p.refresh();
    expect(p.doubt('0xa', tokens)).toBeUndefined();
  });
});
