/**
 * Kinds of market of the venue world, for backtests and evidence (`makerd backtest --kind`): each
 * draws the markets' traits from a slice of the world's population (venue-traits.ts) instead of
 * the whole of it.
 *
 * | kind | activity quantiles | news a day | rewards | stands for |
 * | --- | --- | --- | --- | --- |
 * | all | 0-1 | the world's | the world's share pays | the population as it is (the default) |
 * | quiet | 0.05-0.35 | the world's | the world's | a market trading a few times a day |
 * | median | 0.35-0.65 | the world's | the world's | the median market: about 30 trades a day |
 * | busy | 0.90-0.995 | the world's | the world's | the busiest decile: hundreds of trades a day |
 * | news | 0.35-0.65 | 10x | the world's | headline-driven: a jump every couple of hours, with its aftermath |
 * | paying | 0-1 | the world's | every market pays | reward-paying markets (pools as drawn) |
 * | unpaid | 0-1 | the world's | none pays | markets without liquidity rewards |
 * | rich | 0-1 | the world's | every market pays, pools at or above the world's median | the better half of the reward-paying markets |
 */
import { ErrorCode, MakerdError } from '../../errors.js';

export const MARKET_KINDS = ['all', 'quiet', 'median', 'busy', 'news', 'paying', 'unpaid', 'rich'] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];

export interface KindSlice {
  /** Activity quantiles drawn from: [lo, hi). */
  readonly activity: readonly [number, number];
  /** Factor on the world's news rate. */
  readonly newsFactor: number;
  /** undefined: the world's share of paying markets; true/false: every market / none. */
  readonly pays: boolean | undefined;
  /** Pools from the upper half of the world's pool distribution only (the median and above). */
  readonly richPools?: true;
}

export const KIND_SLICES: Readonly<Record<MarketKind, KindSlice>> = Object.freeze({
  all: { activity: [0, 1], newsFactor: 1, pays: undefined },
  quiet: { activity: [0.05, 0.35], newsFactor: 1, pays: undefined },
  median: { activity: [0.35, 0.65], newsFactor: 1, pays: undefined },
  busy: { activity: [0.9, 0.995], newsFactor: 1, pays: undefined },
  news: { activity: [0.35, 0.65], newsFactor: 10, pays: undefined },
  paying: { activity: [0, 1], newsFactor: 1, pays: true },
  unpaid: { activity: [0, 1], newsFactor: 1, pays: false },
  rich: { activity: [0, 1], newsFactor: 1, pays: true, richPools: true },
});

export function isMarketKind(name: unknown): name is MarketKind {
  return typeof name === 'string' && (MARKET_KINDS as readonly string[]).includes(name);
}

/** The kind called `name`; a CONFIG error naming `key`, the value and the allowed names otherwise. */
export function marketKind(name: unknown, key = '--kind'): MarketKind {
  if (isMarketKind(name)) return name;
  throw new MakerdError(ErrorCode.CONFIG, `${key}: unknown kind of market ${JSON.stringify(name)} (allowed: ${MARKET_KINDS.join(', ')})`, {
    where: 'sim world',
    field: key,
  });
}
