/**
 * Hand-built recordings for the replay tests (replay-paper-run.test.ts, replay-swaps.test.ts): the
 * catalog's single market of seed '2' (tick 0.01, minimum size 5), records written at a FakeClock's
 * times, and a strategy that bids 0.48 x 10 (BUY X) and asks 0.52 x 10 (BUY Y at 0.48) and notes
 * the position it was shown. Both books bid 0.48 x (the script's size) and 0.47 x 30, and ask 0.52 x 30.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadReplay } from '../../src/backtest/replay-data.js';
import { runReplay, type ReplaySettings } from '../../src/backtest/run-replay.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import type { RecordBody } from '../../src/record/recording-format.js';
import { SegmentWriter } from '../../src/record/segment-writer.js';
import { DEFAULT_RISK_LIMITS } from '../../src/risk/risk-limits.js';
import { createCatalogLookup, generateCatalog } from '../../src/sim/catalog/index.js';
import { createSimExchange } from '../../src/sim/exchange/index.js';
import { createCatalogApi } from '../../src/sim/server/catalog-api.js';
import type { Strategy } from '../../src/strategy/strategy.js';
import { fixedQuotes } from '../support/fixed-quotes.js';

export const settings: ReplaySettings = {
  staleAfterMs: 60_000,
  markoutHorizonsS: [0],
  risk: DEFAULT_RISK_LIMITS,
  diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
  samples: 5,
};

/** Positions shown to the strategy, one entry per evaluation: `<seconds> <outcome-0 position>`. */
export const seen: string[] = [];
let t0 = 0;
/** The recording's start (Unix ms). */
export const startMs = (): number => t0;
/** fixedQuotes (bid 0.48 × 10, ask 0.52 × 10) that notes each position it is shown in `seen`. */
export const fixed: Strategy<null, null> = {
  ...fixedQuotes,
  quote(view, params, state) {
    seen.push(`${(view.nowMs - t0) / 1000} ${view.position.outcome0.toFixed()}`);
    return fixedQuotes.quote(view, params, state);
  },
};

/** A recording written by `script` (each call's records at the clock's time; `at(s)` moves it). */
export function recording(script: (r: RecordingScript) => void): string {
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
    // A deeper bid the trades at 0.48 never reach: the book keeps a midpoint when 0.48 holds only ours.
    bids: [
      { price: '0.48', size: bidSize },
      { price: '0.47', size: '30' },
    ],
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

export interface RecordingScript {
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

export function replay(dir: string) {
  seen.length = 0;
  const data = loadReplay(dir);
  expect(data.problems).toEqual([]);
  const r = runReplay({ data, strategy: { label: 'fixed', strategy: fixed as Strategy, params: null }, settings });
  const side = (token: string) => (token.endsWith(':0') ? 'X' : 'Y');
  return { data, r, fills: r.fillLog.map((f) => `${(f.timestampMs - t0) / 1000} ${f.side} ${side(f.tokenId)} ${f.price} x ${f.size}`) };
}
