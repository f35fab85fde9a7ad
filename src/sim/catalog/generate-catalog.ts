/**
 * `generateCatalog`: the whole synthetic catalog from a seed. Same seed and options -> the same
 * frozen, JSON-identical catalog; no wall clock, no Math.random.
 */
import type { FeeSchedule, Rewards } from '../../venue/types.js';
import { SimRng } from '../rng.js';
import { CATEGORIES, type CatalogCreator, type CatalogSeries, type CatalogTag, type Category, type SimCatalog } from './catalog-model.js';
import { address, DAY_MS, DEFAULT_EPOCH_MS, imageUrl, isoAt, REWARD_ASSET_ADDRESS, slugify } from './catalog-ids.js';
import { categoryLabel, SUB_TAGS } from './catalog-words.js';
import { generateComments } from './generate-comments.js';
import { generateEvents } from './generate-events.js';
import { generateUsers } from './generate-users.js';

export interface CatalogOptions {
  readonly seed: string | number;
  /** Number of markets (binary, two tokens each). */
  readonly markets: number;
  /** Synthetic users (default 40); the first `makers` of them are background makers. */
  readonly users?: number;
  /** Background maker accounts among the users (default 4). */
  readonly makers?: number;
  /** Event creators (default 4). */
  readonly creators?: number;
  /** Origin of every catalog date (default 2025-01-01T00:00:00Z). */
  readonly epochMs?: number;
  /** Overrides of the fee schedule applied to every market and the default. */
  readonly fee?: Partial<Pick<FeeSchedule, 'rate' | 'exponent' | 'takerOnly' | 'rebateRate'>>;
  /**
   * Liquidity-reward terms for every market instead of the drawn ones (about half the markets
   * pay, with drawn terms): a daily rate of 0 makes every market pay nothing. The draws are made
   * either way, so the rest of the catalog is the same.
   */
  readonly rewards?: RewardTerms;
  /** Share of markets that pay liquidity rewards, in [0, 1] (default 0.5; 1 makes every market a sampling market). */
  readonly samplingShare?: number;
}

/** A market's liquidity-reward terms (venue-api.md 2.5 `rewards`), as numbers. */
export interface RewardTerms {
  /** USDC paid out per UTC day (`rates[0].rewards_daily_rate`). */
  readonly dailyRate: number;
  /** `max_spread`, in cents. */
  readonly maxSpread: number;
  /** `min_size`, in shares. */
  readonly minSize: number;
}

/** The venue's `rewards` object of the terms (the non-paying form for a rate of 0). */
export function rewardsOfTerms(t: RewardTerms): Rewards {
  if (t.dailyRate === 0) return { rates: [], min_size: 0, max_spread: 0 };
  return {
    rates: [{ asset_address: REWARD_ASSET_ADDRESS, rewards_daily_rate: t.dailyRate }],
    min_size: t.minSize,
    max_spread: t.maxSpread,
  };
}

const SERIES_BY_CATEGORY: Partial<Record<Category, readonly (readonly [string, string])[]>> = {
  POLITICS: [['Election Night', 'annual']],
  SPORTS: [
    ['Lunar Cup Matchday', 'weekly'],
    ['Continental League Season', 'annual'],
  ],
  CRYPTO: [
    ['Daily Coin Close', 'daily'],
    ['Weekly Coin Close', 'weekly'],
  ],
  ECONOMICS: [['Central Bank Meetings', 'monthly']],
  WEATHER: [['Monthly Snowfall', 'monthly']],
  MENTIONS: [['Press Conference Words', 'weekly']],
};

function makeTags(rng: SimRng, epochMs: number): CatalogTag[] {
  const labels: (readonly [string, Category])[] = [...CATEGORIES.map((c) => [categoryLabel(c), c] as const), ...SUB_TAGS];
  return labels.map(([label, category], i) => {
    const created = -rng.int(300, 900) * DAY_MS;
    return {
      id: String(100 + i),
      label,
      slug: slugify(label),
      category,
      createdAt: isoAt(epochMs, created),
      updatedAt: isoAt(epochMs, created + rng.int(0, 200) * DAY_MS),
      requiresTranslation: false,
    };
  });
}

function makeSeries(rng: SimRng, epochMs: number): CatalogSeries[] {
  const out: CatalogSeries[] = [];
  for (const category of CATEGORIES) {
    for (const [title, recurrence] of SERIES_BY_CATEGORY[category] ?? []) {
      const id = String(7_000 + out.length);
      const created = -rng.int(100, 600) * DAY_MS;
      out.push({
        id,
        ticker: slugify(title),
        slug: slugify(title),
        title,
        seriesType: 'single',
        recurrence,
        image: imageUrl('series', id),
        icon: imageUrl('icons', `series-${id}`),
        category,
        createdAt: isoAt(epochMs, created),
        updatedAt: isoAt(epochMs, created + rng.int(0, 90) * DAY_MS),
      });
    }
  }
  return out;
}

const CREATOR_NAMES = ['Oracle Desk', 'Harbor Markets', 'Civic Forecasts', 'Pitchside Odds', 'Ledger Labs', 'Almanac'] as const;

function makeCreators(rng: SimRng, epochMs: number, count: number): CatalogCreator[] {
  return Array.from({ length: count }, (_, i) => {
    const base = CREATOR_NAMES[i % CREATOR_NAMES.length]!;
    const creatorName = i < CREATOR_NAMES.length ? base : `${base} ${Math.floor(i / CREATOR_NAMES.length) + 1}`;
    const handle = slugify(creatorName).replace(/-/g, '');
    const created = -rng.int(400, 1000) * DAY_MS;
    return {
      id: String(1 + i),
      address: address(rng),
      creatorName,
      creatorHandle: handle,
      creatorUrl: `https://${handle}.sim.makerd.invalid`,
      creatorImage: imageUrl('creators', handle),
      createdAt: isoAt(epochMs, created),
      updatedAt: isoAt(epochMs, created + rng.int(0, 300) * DAY_MS),
    };
  });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export function generateCatalog(options: CatalogOptions): SimCatalog {
  if (!Number.isInteger(options.markets) || options.markets < 1)
    throw new RangeError(`generateCatalog: markets must be a positive integer (got ${options.markets})`);
  const seed = String(options.seed);
  const root = new SimRng(`catalog:${seed}`);
  const epochMs = options.epochMs ?? DEFAULT_EPOCH_MS;
  const userCount = options.users ?? 40;
  const makers = Math.min(options.makers ?? 4, userCount - 1);
  const samplingShare = options.samplingShare ?? 0.5;
  if (!(samplingShare >= 0 && samplingShare <= 1))
    throw new RangeError(`generateCatalog: samplingShare must be in [0, 1] (got ${options.samplingShare})`);
  if (makers < 1) throw new RangeError('generateCatalog: need at least 2 users (one maker, one taker)');

  const feeOf = (category: Category | 'default'): FeeSchedule => ({
    rate: options.fee?.rate ?? 0.25,
    exponent: options.fee?.exponent ?? 2,
    takerOnly: options.fee?.takerOnly ?? true,
    rebateRate: options.fee?.rebateRate ?? 0.2,
    category: category === 'default' ? 'default' : category.toLowerCase(),
    version: 1,
    source: 'sim',
  });

  const tags = makeTags(root.fork('tags'), epochMs);
  const series = makeSeries(root.fork('series'), epochMs);
  const creators = makeCreators(root.fork('creators'), epochMs, options.creators ?? 4);
  const generated = generateEvents({
    rng: root.fork('events'),
    epochMs,
    marketCount: options.markets,
    tags,
    series,
    creators,
    feeOf,
    samplingShare,
  });
  const { events } = generated;
  const terms = options.rewards;
  const markets = terms === undefined ? generated.markets : generated.markets.map((m) => ({ ...m, rewards: rewardsOfTerms(terms) }));
  const users = generateUsers({ rng: root.fork('users'), count: userCount, makers, markets });
  const comments = generateComments({ rng: root.fork('comments'), epochMs, events, users });

  return deepFreeze({ seed, epochMs, tags, series, creators, events, markets, users, comments, defaultFee: feeOf('default') });
}
