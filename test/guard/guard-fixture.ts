/** Views and settings for the guard tests: one market around 0.5 with hand-made books. */
import { GUARD_SCHEMA, type GuardSettings, parseGuardSettings } from '../../src/guard/index.js';
import type { BookView } from '../../src/market/book-view.js';
import type { MarketView } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import type { Quote } from '../../src/strategy/strategy.js';
import { NOW_MS, makeView } from '../strategy/view-fixture.js';

export { NOW_MS };

/** Every guard off except those given (so each test sees one guard alone). */
export function only(raw: Record<string, unknown>): GuardSettings {
  const off = { jumpTicks: 0, sweepLevels: 0, tradeThrough: false, burstFills: 0, toxicityMaxTicks: 0 };
  return parseGuardSettings({ ...off, ...raw }, undefined, 'test');
}

export const DEFAULTS: GuardSettings = parseGuardSettings(undefined, undefined, 'test');
export { GUARD_SCHEMA };

const lv = (p: string, s: string) => ({ price: new Decimal(p), size: new Decimal(s) });

/** A view at `atS` seconds with outcome-0 midpoint `mid` and, optionally, outcome 0's book levels. */
export function viewAt(atS: number, mid: string, levels?: { bids: [string, string][]; asks: [string, string][] }): MarketView {
  const v = makeView({ mid, nowMs: NOW_MS + atS * 1000 });
  if (levels === undefined) return v;
  const b0 = v.books[0] as BookView;
  const book: BookView = { ...b0, bids: levels.bids.map(([p, s]) => lv(p, s)), asks: levels.asks.map(([p, s]) => lv(p, s)) };
  return { ...v, books: [book, v.books[1]] };
}

export const q = (side: 'bid' | 'ask', price: string, size = '10'): Quote => ({ side, price: new Decimal(price), size: new Decimal(size) });
export const shown = (quotes: readonly Quote[]): string[] => quotes.map((x) => `${x.side} ${x.price.toFixed()} x ${x.size.toFixed()}`);
export const TICK = new Decimal('0.01');
export const ms = (s: number): number => NOW_MS + s * 1000;
