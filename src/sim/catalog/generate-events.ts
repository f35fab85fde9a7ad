/**
 * Events and their markets. Each event is drawn from its own forked stream (`event:<i>`), so the
 * catalog of M markets is (up to the last, possibly shortened event) a prefix of the one of M + n.
 */
import type { FeeSchedule, Rewards } from '../../venue/types.js';
import type { SimRng } from '../rng.js';
import {
  CATEGORIES,
  type CatalogCreator,
  type CatalogEvent,
  type CatalogMarket,
  type CatalogSeries,
  type CatalogTag,
  type Category,
} from './catalog-model.js';
import { address, DAY_MS, hash32, imageUrl, isoAt, REWARD_ASSET_ADDRESS, slugify, tickerOf } from './catalog-ids.js';
import { draftEvent } from './event-templates.js';

export interface EventsInput {
  readonly rng: SimRng;
  readonly epochMs: number;
  readonly marketCount: number;
  readonly tags: readonly CatalogTag[];
  readonly series: readonly CatalogSeries[];
  readonly creators: readonly CatalogCreator[];
  readonly feeOf: (category: Category) => FeeSchedule;
  /** Share of markets that pay liquidity rewards (the sampling markets); default 0.5. */
  readonly samplingShare?: number;
}

export interface EventsOutput {
  readonly events: CatalogEvent[];
  readonly markets: CatalogMarket[];
}

const FIRST_EVENT_ID = 20_000;
const FIRST_MARKET_ID = 500_000;

/** Slugs must be unique: a repeated one gets `-2`, `-3`, ... in generation order. */
function uniqueSlug(used: Set<string>, text: string): string {
  const base = slugify(text) || 'market';
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}

function rewardsOf(rng: SimRng, samplingShare: number): Rewards {
  // About `samplingShare` of the markets (half by default) pay liquidity rewards: the "sampling" markets.
  if (!rng.chance(samplingShare)) return { rates: [], min_size: 0, max_spread: 0 };
  return {
    rates: [{ asset_address: REWARD_ASSET_ADDRESS, rewards_daily_rate: rng.int(1, 40) * 5 }],
    min_size: rng.pick([20, 50, 100, 200]),
    max_spread: rng.pick([2, 3, 3.5, 4.5]),
  };
}

/** Initial fair values of outcome 0: free for one market, summing to about 1 for a neg-risk set. */
function initialFairs(rng: SimRng, count: number): string[] {
  const clamp = (milli: number): string => (Math.min(940, Math.max(60, milli)) / 1000).toFixed(3);
  if (count === 1) return [clamp(rng.int(60, 940))];
  const weights = Array.from({ length: count }, () => rng.exponential(1));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => clamp(Math.round((1000 * w) / total)));
}

export function generateEvents(input: EventsInput): EventsOutput {
  const { epochMs } = input;
  const events: CatalogEvent[] = [];
  const markets: CatalogMarket[] = [];
  const slugs = new Set<string>();
  const marketSlugs = new Set<string>();
  const categoryTag = new Map(input.tags.filter((t) => t.label.toUpperCase() === t.category).map((t) => [t.category, t]));

  for (let i = 0; markets.length < input.marketCount; i++) {
    const rng = input.rng.fork(`event:${i}`);
    const eventId = String(FIRST_EVENT_ID + i);
    const category = rng.pick(CATEGORIES);
    const wanted = Math.min(rng.chance(0.6) ? 1 : rng.int(2, 4), input.marketCount - markets.length);
    const createdOffset = -rng.int(5, 300) * DAY_MS - rng.int(0, DAY_MS / 1000) * 1000;
    const endOffset = rng.int(200, 900) * DAY_MS;
    const year = new Date(epochMs + endOffset).getUTCFullYear();
    const draft = draftEvent(rng, category, wanted, year);
    const negRisk = draft.markets.length > 1;
    const createdAt = isoAt(epochMs, createdOffset);
    const startDate = isoAt(epochMs, createdOffset + rng.int(0, 2) * DAY_MS);
    const endDate = isoAt(epochMs, endOffset);
    const updatedAt = isoAt(epochMs, -rng.int(0, 4) * DAY_MS - rng.int(0, 86_399) * 1000);
    const creator = rng.pick(input.creators);
    const subTags = input.tags.filter((t) => t.category === category && t.label.toUpperCase() !== category);
    const tagIds = [categoryTag.get(category)!.id, ...rng.sample(subTags, rng.int(0, 2)).map((t) => t.id)];
    const seriesOfCategory = input.series.filter((s) => s.category === category);
    const seriesId = seriesOfCategory.length > 0 && rng.chance(0.4) ? rng.pick(seriesOfCategory).id : undefined;
    const fairs = initialFairs(rng, draft.markets.length);
    const negRiskMarketId = negRisk ? hash32(rng) : '';
    const sports = category === 'SPORTS';
    const fee = input.feeOf(category);

    const conditionIds: string[] = [];
    draft.markets.forEach((m, j) => {
      const conditionId = hash32(rng);
      const mirrorConditionId = hash32(rng);
      conditionIds.push(conditionId);
      const marketId = FIRST_MARKET_ID + markets.length;
      markets.push({
        marketId,
        conditionId,
        questionId: hash32(rng),
        mirrorConditionId,
        question: m.question,
        slug: uniqueSlug(marketSlugs, m.question),
        description: m.description,
        eventId,
        category,
        outcomes: m.outcomes,
        tokenIds: [`${conditionId}:0`, `${conditionId}:1`],
        mirrorTokenIds: [`${mirrorConditionId}:0`, `${mirrorConditionId}:1`],
        tickSize: rng.chance(0.8) ? '0.01' : '0.001',
        minOrderSize: rng.chance(0.7) ? '5' : rng.pick(['1', '15']),
        negRisk,
        negRiskMarketId,
        negRiskRequestId: negRisk ? hash32(rng) : '',
        fee,
        rewards: rewardsOf(rng, input.samplingShare ?? 0.5),
        initialFair: fairs[j]!,
        creatorAddress: creator.address,
        fpmm: address(rng),
        image: imageUrl('markets', String(marketId)),
        icon: imageUrl('icons', String(marketId)),
        startDate,
        endDate,
        createdAt,
        updatedAt,
        acceptingOrdersAt: startDate,
        gameStartTime: sports ? isoAt(epochMs, endOffset - 3 * 3_600_000) : '',
        secondsDelay: sports ? 3 : 0,
        rfqEnabled: rng.chance(0.3),
      });
    });

    events.push({
      id: eventId,
      ticker: tickerOf(draft.title, eventId),
      slug: uniqueSlug(slugs, draft.title),
      title: draft.title,
      description: draft.description,
      resolutionSource: draft.resolutionSource,
      category,
      startDate,
      creationDate: createdAt,
      endDate,
      createdAt,
      updatedAt,
      image: imageUrl('events', eventId),
      icon: imageUrl('icons', `event-${eventId}`),
      creatorId: creator.id,
      tagIds,
      seriesId,
      conditionIds,
      negRisk,
    });
  }
  return { events, markets };
}
