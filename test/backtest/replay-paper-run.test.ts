/**
 * Why a replay used to part from the paper run it replays, each cause on a hand-built recording
 * (docs/recording-and-replay.md#agreement-with-paper-mode), and the live run's recording refused:
 *
 * - the fill model is fed by the market stream only, as paper mode's: a polled book (taken at
 *   another venue time than the stream's last event) no longer moves the queue;
 * - an order placed before its token's first stream book waits for that book and joins its
 *   queue then (the replay used to refuse it, paper mode holds it);
 * - a paper run's recording holds where the run evaluated (`eval`) and when its fills reached the
 *   positions (`fills`, after the journal write): the replay evaluates exactly there, on the
 *   positions the run had then.
 *
 * Market: the catalog's single market of seed '2' (tick 0.01, minimum size 5). The strategy bids
 * 0.48 x 10 (BUY X) and asks 0.52 x 10 (BUY Y at 0.48) and notes the position it was shown.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReplay } from '../../src/backtest/replay-data.js';
import { runReplay, type ReplaySettings } from '../../src/backtest/run-replay.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { Decimal } from '../../src/money.js';
import type { RecordBody } from '../../src/record/recording-format.js';
import { SegmentWriter } from '../../src/record/segment-writer.js';
import { DEFAULT_RISK_LIMITS } from '../../src/risk/risk-limits.js';
import { createCatalogLookup, generateCatalog } from '../../src/sim/catalog/index.js';
import { createSimExchange } from '../../src/sim/exchange/index.js';
import { createCatalogApi } from '../../src/sim/server/catalog-api.js';
import type { Strategy } from '../../src/strategy/strategy.js';
import { cli } from '../cli/run-cli.js';

const settings: ReplaySettings = {
  staleAfterMs: 60_000,
  markoutHorizonsS: [0],
  risk: DEFAULT_RISK_LIMITS,
  diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
  samples: 5,
};

/** Positions shown to the strategy, one entry per evaluation: `<seconds> <outcome-0 position>`. */
const seen: string[] = [];
let t0 = 0;
const fixed: Strategy<null, null> = {
  name: 'fixed',
  description: 'bid 0.48 x 10, ask 0.52 x 10',
  params: {},
  parse: () => null,
  initialState: () => null,
  quote(view, _p, state) {
    seen.push(`${(view.nowMs - t0) / 1000} ${view.position.outcome0.toFixed()}`);
    if (view.mid === undefined) return { quotes: [], state, idleReason: 'no-midpoint' };
    return {
      quotes: [
        { side: 'bid', price: new Decimal('0.48'), size: new Decimal(10) },
        { side: 'ask', price: new Decimal('0.52'), size: new Decimal(10) },
      ],
      state,
    };
  },
};

/** A recording written by `script` (each call's records at the clock's time; `at(s)` moves it). */
function recording(script: (r: RecordingScript) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'makerd-replay-paper-'));
  const catalog = generateCatalog({ seed: '2', markets: 1 });
  const clock = new FakeClock(Date.UTC(2026, 0, 5, 12));
  t0 = clock.now();
  const api = createCatalogApi(catalog, createSimExchange({ clock, catalog: createCatalogLookup(catalog) }), []);
  const m = catalog.markets[0]!;
  const [x, y] = m.tokenIds;
  const w = new SegmentWriter({ dir, group: 'g', clock, flushMs: 60_000, maxBytes: 1e9, source: 'test', tokens: [x, y] });
  const snapshot = (token: string, bidSize: string, hash: string) => ({
    market: m.conditionId,
    asset_id: token,
    timestamp: String(clock.now()),
    hash,
    bids: [{ price: '0.48', size: bidSize }],
    asks: [{ price: '0.52', size: '30' }],
    min_order_size: '5',
    tick_size: '0.01',
    neg_risk: false,
    last_trade_price: '0.5',
  });
  w.append({ k: 'meta', market: m.conditionId, m: api.market(m.conditionId)!, c: api.clobMarket(m.conditionId), f: api.feeRate(x) });
  script({
    x,
    y,
    market: m.conditionId,
    at: (s) => clock.advance(t0 + s * 1000 - clock.now()),
    append: (b) => w.append(b),
    poll: (bidSize, hash = `p${bidSize}`) => {
      w.append({ k: 'books', b: [snapshot(x, bidSize, `${hash}x`), snapshot(y, bidSize, `${hash}y`)] });
      w.append({ k: 'mids', m: { [x]: '0.5', [y]: '0.5' } });
    },
    streamBook: (token, bidSize, hash = `s${bidSize}`) =>
      w.append({ k: 'ws', e: { event_type: 'book', ...snapshot(token, bidSize, hash) } }),
    sellX: (size) =>
      w.append({
        k: 'ws',
        e: {
          event_type: 'last_trade_price',
          asset_id: x,
          market: m.conditionId,
          price: '0.48',
          side: 'SELL',
          size,
          timestamp: String(clock.now()),
        },
      }),
    changeX: (bidSize) =>
      w.append({
        k: 'ws',
        e: {
          event_type: 'price_change',
          asset_id: x,
          market: m.conditionId,
          changes: [{ price: '0.48', side: 'BUY', size: bidSize }],
          timestamp: String(clock.now()),
          hash: `c${bidSize}`,
        },
      }),
  });
  w.close();
  return dir;
}

interface RecordingScript {
  readonly x: string;
  readonly y: string;
  readonly market: string;
  at(seconds: number): void;
  append(b: RecordBody): void;
  /** A poll: both books bid 0.48 x bidSize, ask 0.52 x 30. */
  poll(bidSize: string, hash?: string): void;
  streamBook(token: string, bidSize: string, hash?: string): void;
  /** A public taker SELL of X at 0.48 (it meets the bids at 0.48). */
  sellX(size: string): void;
  /** The stream's price_change of X's 0.48 bid level. */
  changeX(bidSize: string): void;
}

function replay(dir: string) {
  seen.length = 0;
  const data = loadReplay(dir);
  expect(data.problems).toEqual([]);
  const r = runReplay({ data, strategy: { label: 'fixed', strategy: fixed as Strategy, params: null }, settings });
  const side = (token: string) => (token.endsWith(':0') ? 'X' : 'Y');
  return { data, r, fills: r.fillLog.map((f) => `${(f.timestampMs - t0) / 1000} ${f.side} ${side(f.tokenId)} ${f.price} x ${f.size}`) };
}

describe('replay of a paper run: what made it part from the run, and what it follows now', () => {
  it('feeds the fill model the stream only: a polled book does not move the queue, a stream change does', () => {
    const dir = recording((r) => {
      r.streamBook(r.x, '30');
      r.streamBook(r.y, '30');
      r.poll('30', 's30'); // 0 s: the strategy bids 0.48 x 10 behind the stream's 30
      r.at(1);
      r.poll('5'); // a poll showing 5 at 0.48 (taken at another venue time): the queue stays 30
      r.at(2);
      r.sellX('10'); // 10 of the 30 ahead trade: nothing reaches our bid (it filled 5 when the poll was fed)
      r.at(3);
      r.changeX('8'); // the stream says 8 are left at 0.48, 20 of them gone: our bid moves up to 8
      r.at(4);
      r.sellX('12'); // 8 ahead, then 4 of our bid
      r.at(5);
      r.poll('30', 's30');
    });
    expect(replay(dir).fills).toEqual(['4 BUY X 0.48 x 4']);
  });

  it('holds an order placed before its token’s first stream book until that book, and queues it behind that book’s level', () => {
    const dir = recording((r) => {
      r.poll('30'); // 0 s: evaluated on the poll; the stream has not sent X's book yet: the order waits
      r.at(1);
      r.streamBook(r.x, '40'); // it joins the queue now, behind 40 (not the poll's 30)
      r.at(2);
      r.sellX('45'); // 40 ahead, then 5 of ours
      r.at(3);
      r.poll('30');
    });
    const { fills, r } = replay(dir);
    expect(fills).toEqual(['2 BUY X 0.48 x 5']);
    // The order of Y never met a stream book: it waited all along, and was never refused.
    expect(r.orders.refused).toBe(0);
  });

  it('evaluates where the paper run evaluated, on the positions it had then (its fills counted after the journal write)', () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'paper' });
      r.streamBook(r.x, '0');
      r.streamBook(r.y, '30');
      r.poll('0', 's0');
      r.append({ k: 'eval', m: r.market }); // 0 s
      r.at(1);
      r.poll('0', 's0'); // polls do not evaluate: the run did not (nothing changed)
      r.at(2);
      r.sellX('4'); // our bid at 0.48 has nothing ahead: it fills 4
      r.append({ k: 'eval', m: r.market }); // the run evaluated before the fill reached its positions
      r.at(3);
      r.append({ k: 'fills', n: 1 }); // the journal write done: position 4
      r.append({ k: 'eval', m: r.market });
    });
    const { data, fills, r } = replay(dir);
    expect(data.evaluations).toBe(3);
    expect(fills).toEqual(['2 BUY X 0.48 x 4']);
    expect(seen).toEqual(['0 0', '2 0', '3 4']);
    expect(r.evaluations).toBe(3);
  });

  it('follows only a paper run’s schedule: a monitor run’s evaluations (made with no orders of its own) are left out', () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'monitor' });
      r.streamBook(r.x, '30');
      r.streamBook(r.y, '30');
      r.poll('30', 's30');
      r.append({ k: 'eval', m: r.market });
      r.at(1);
      r.poll('30', 's30');
      r.append({ k: 'eval', m: r.market });
    });
    const { data, r } = replay(dir);
    expect(data.evaluations).toBe(0);
    expect(data.events.some((e) => e.k === 'eval')).toBe(false);
    // The backtester's schedule: the first poll, and the second, whose books now hold our orders.
    expect(seen).toEqual(['0 0', '1 0']);
    expect(r.evaluations).toBe(2);
  });

  it('refuses a live run’s recording, naming why (its books hold the account’s own orders)', async () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'live' });
      r.poll('30');
    });
    expect(() => loadReplay(dir)).toThrow(/was made by a live run: its books hold the account's own orders/);
    const out = await cli(['backtest', '--replay', dir, '--no-progress'], { MAKERD_LOG_LEVEL: 'silent' });
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/was made by a live run: its books hold the account's own orders, which a replay would count again/);
  });
});
