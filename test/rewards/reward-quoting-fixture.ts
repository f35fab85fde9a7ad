/** Views and settings for the reward-aware quoting tests: hand-made books, rules and positions. */
import type { BookView } from '../../src/market/book-view.js';
import type { LiveOrderView, MarketView } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import { parseRewardRules } from '../../src/rewards/reward-rules.js';
import { type RewardQuotingSettings, parseRewardQuotingSettings } from '../../src/rewards/reward-quoting-settings.js';
import type { Quote } from '../../src/strategy/strategy.js';
import { CONDITION, NOW_MS, TOKEN_NO, TOKEN_YES, makeView } from '../strategy/view-fixture.js';

export type Levels = readonly (readonly [string, string])[];

export interface RewardViewOptions {
  /** Outcome 0's levels, best first; outcome 1's mirror them (1 − p) unless given. */
  readonly bids: Levels;
  readonly asks: Levels;
  readonly bids1?: Levels;
  readonly asks1?: Levels;
  /** The market's `rewards` object as the venue sends it; default max_spread 3, min_size 50, rate 100. */
  readonly rewards?: unknown;
  readonly tick?: string;
  readonly minOrderSize?: string;
  readonly sizeStep?: string;
  /** Shares held of outcome 0 and outcome 1. */
  readonly position?: readonly [string, string];
  readonly live?: readonly LiveOrderView[];
}

export const REWARDS = { rates: [{ asset_address: '0xusdc', rewards_daily_rate: 100 }], min_size: 50, max_spread: 3 };

const levels = (ls: Levels) => ls.map(([p, s]) => ({ price: new Decimal(p), size: new Decimal(s) }));
const mirror = (ls: Levels): Levels => ls.map(([p, s]) => [new Decimal(1).minus(p).toFixed(), s] as const);

function book(tokenId: string, bids: Levels, asks: Levels, tick: string, minSize: string): BookView {
  return {
    tokenId,
    market: CONDITION,
    bids: levels(bids),
    asks: levels(asks),
    tickSize: new Decimal(tick),
    minOrderSize: new Decimal(minSize),
    negRisk: false,
    timestampMs: NOW_MS - 500,
    hash: '0xbook',
    lastTradePrice: undefined,
    mid: undefined,
  };
}

export function rewardView(o: RewardViewOptions): MarketView {
  const tick = o.tick ?? '0.01';
  const minSize = o.minOrderSize ?? '5';
  const b0 = book(TOKEN_YES, o.bids, o.asks, tick, minSize);
  const b1 = book(TOKEN_NO, o.bids1 ?? mirror(o.asks), o.asks1 ?? mirror(o.bids), tick, minSize);
  const best = (ls: Levels) => (ls[0] === undefined ? undefined : new Decimal(ls[0][0]));
  const bb = best(o.bids);
  const ba = best(o.asks);
  const base = makeView({ tick, minSize, sizeStep: o.sizeStep ?? '0.01', position: o.position ?? ['0', '0'], live: o.live ?? [] });
  return {
    ...base,
    meta: { ...base.meta, rewards: parseRewardRules(o.rewards === undefined ? REWARDS : o.rewards) },
    books: [b0, b1],
    mid: bb !== undefined && ba !== undefined ? bb.plus(ba).div(2) : undefined,
  };
}

/** The stage's settings: on, the schema's defaults, then `raw`. */
export function settings(raw: Record<string, unknown> = {}): RewardQuotingSettings {
  return parseRewardQuotingSettings({ enabled: true, ...raw }, undefined, 'test');
}

export const q = (side: 'bid' | 'ask', price: string, size: string): Quote => ({
  side,
  price: new Decimal(price),
  size: new Decimal(size),
});
export const shown = (quotes: readonly Quote[]): string[] => quotes.map((x) => `${x.side} ${x.price.toFixed()} x ${x.size.toFixed()}`);

/** A book around 0.50: bids 0.49 × 100 and 0.48 × 250, asks 0.51 × 80 and 0.52 × 120. */
export const AROUND_HALF = {
  bids: [
    ['0.49', '100'],
    ['0.48', '250'],
  ],
  asks: [
    ['0.51', '80'],
    ['0.52', '120'],
  ],
} as const;
