/**
 * Market-side responses from the catalog: Market (2.5), SimplifiedMarket (2.6), the paged
 * listings (4.6, 4.9, 4.10), order-book settings (2.8) and fee rates (2.9), with the seed's
 * field names and JSON types. Token prices come from an injected `priceOf` (the exchange's
 * midpoint) when given, else from the catalog's initial fair values; tick sizes likewise from an
 * injected `tickOf` (the exchange's current tick, which may have changed), else the catalog's.
 * A market that ended (market-status.ts) shows `closed` and no longer `accepting_orders`; once it
 * resolved, its tokens' prices are 1 and 0 and the winner's `winner` is true.
 */
import { Decimal } from '../../money.js';
import { ENDPOINTS } from '../../venue/endpoints.js';
import type {
  ClobMarketSettings,
  FeeDetails,
  FeeRate,
  FeeSchedule,
  Market,
  MarketToken,
  Paged,
  Rewards,
  SimplifiedMarket,
} from '../../venue/types.js';
import { mapPage, MARKETS_PAGE_SIZE, SIMPLIFIED_MARKETS_PAGE_SIZE } from '../paging.js';
import type { CatalogMarket, SimCatalog } from './catalog-model.js';
import { indexOf } from './catalog-index.js';
import { statusOf } from './market-status.js';
import { rewardsOf } from './reward-overrides.js';

/** Current price of a token (e.g. the exchange's midpoint), or undefined to use the fair value. */
export type PriceOf = (tokenId: string) => Decimal | string | undefined;

/** Current tick size of a token (both tokens of a market share it), or undefined for the catalog's. */
export type TickOf = (tokenId: string) => Decimal | string | undefined;

function tickNumber(m: CatalogMarket, tickOf: TickOf | undefined): number {
  return new Decimal(tickOf?.(m.tokenIds[0]) ?? m.tickSize).toNumber();
}

/** Initial fair value of outcome `i` of a market (outcome 1 = 1 - outcome 0). */
export function initialFairOf(market: CatalogMarket, outcomeIndex: 0 | 1): Decimal {
  const p0 = new Decimal(market.initialFair);
  return outcomeIndex === 0 ? p0 : new Decimal(1).minus(p0);
}

/**
 * Base fees in basis points: the taker fee per share at p = 0.5, rate x (0.5 x 0.5)^exponent, in
 * bps of one dollar (rounded to an integer); makers pay none when the schedule is taker-only.
 */
export function baseFeeBps(fee: FeeSchedule): { maker: number; taker: number } {
  const taker = new Decimal(String(fee.rate)).mul(10_000).mul(new Decimal('0.25').pow(fee.exponent)).round().toNumber();
  return { maker: fee.takerOnly ? 0 : taker, taker };
}

export function feeDetails(fee: FeeSchedule): FeeDetails {
  return { r: fee.rate, e: fee.exponent, to: fee.takerOnly };
}

function copyRewards(r: Rewards): Rewards {
  return { rates: r.rates.map((x) => ({ ...x })), min_size: r.min_size, max_spread: r.max_spread };
}

/**
 * A token's price: 1 for the winner and 0 for the loser once the market resolved, its price at the
 * close while it waits for that (its book is empty), else the live one.
 */
function tokenPrice(m: CatalogMarket, i: 0 | 1, priceOf: PriceOf | undefined): Decimal {
  const status = statusOf(m);
  if (status.winner !== undefined) return new Decimal(status.winner === i ? 1 : 0);
  const live = status.closingPrices?.[i] ?? priceOf?.(m.tokenIds[i]);
  return live === undefined ? initialFairOf(m, i) : new Decimal(live);
}

function tokensOf(m: CatalogMarket, priceOf: PriceOf | undefined): MarketToken[] {
  const winner = statusOf(m).winner;
  return ([0, 1] as const).map((i) => ({
    token_id: m.tokenIds[i],
    mirror_token_id: m.mirrorTokenIds[i],
    outcome: m.outcomes[i],
    price: tokenPrice(m, i, priceOf).toNumber(),
    winner: winner === i,
  }));
}

export function buildMarket(catalog: SimCatalog, m: CatalogMarket, priceOf?: PriceOf, tickOf?: TickOf): Market {
  const ix = indexOf(catalog);
  const event = ix.eventById.get(m.eventId)!;
  const fees = baseFeeBps(m.fee);
  const { closed } = statusOf(m);
  return {
    enable_order_book: true,
    active: true,
    closed,
    archived: false,
    accepting_orders: !closed,
    accepting_order_timestamp: m.acceptingOrdersAt,
    minimum_order_size: new Decimal(m.minOrderSize).toNumber(),
    minimum_tick_size: tickNumber(m, tickOf),
    condition_id: m.conditionId,
    creator: m.creatorAddress,
    mirror_condition_id: m.mirrorConditionId,
    status: 'active',
    neg_risk: m.negRisk,
    market_id: m.marketId,
    question_id: m.questionId,
    question: m.question,
    slug: m.slug,
    description: m.description,
    market_slug: m.slug,
    end_date_iso: m.endDate,
    game_start_time: m.gameStartTime,
    seconds_delay: m.secondsDelay,
    fpmm: m.fpmm,
    maker_base_fee: fees.maker,
    taker_base_fee: fees.taker,
    notifications_enabled: true,
    neg_risk_market_id: m.negRiskMarketId,
    neg_risk_request_id: m.negRiskRequestId,
    icon: m.icon,
    image: m.image,
    rewards: copyRewards(rewardsOf(m)),
    is_50_50_outcome: false,
    tokens: tokensOf(m, priceOf),
    tags: event.tagIds.map((id) => ix.tagById.get(id)!.label),
    assets_ids: [...m.tokenIds],
    outcomes: [...m.outcomes],
    event: { id: event.id, slug: event.slug, title: event.title, ticker: event.ticker, description: event.description },
    raw_metadata: { category: m.category.toLowerCase(), eventSlug: event.slug },
  };
}

export function buildSimplifiedMarket(m: CatalogMarket, priceOf?: PriceOf): SimplifiedMarket {
  const { closed } = statusOf(m);
  return {
    condition_id: m.conditionId,
    creator: m.creatorAddress,
    mirror_condition_id: m.mirrorConditionId,
    status: 'active',
    neg_risk: m.negRisk,
    market_id: m.marketId,
    question: m.question,
    slug: m.slug,
    active: true,
    closed,
    archived: false,
    accepting_orders: !closed,
    tokens: tokensOf(m, priceOf),
    rewards: copyRewards(rewardsOf(m)),
    assets_ids: [...m.tokenIds],
    outcomes: [...m.outcomes],
  };
}

/** GET /markets/{condition_id}; undefined for an unknown condition id (404). */
export function getMarket(catalog: SimCatalog, conditionId: string, priceOf?: PriceOf, tickOf?: TickOf): Market | undefined {
  const m = indexOf(catalog).marketByCondition.get(conditionId);
  return m === undefined ? undefined : buildMarket(catalog, m, priceOf, tickOf);
}

/** GET /markets; a bad cursor throws badParameter (400). */
export function listMarkets(catalog: SimCatalog, cursor: string | undefined, priceOf?: PriceOf, tickOf?: TickOf): Paged<Market> {
  return mapPage(catalog.markets, cursor, { pageSize: MARKETS_PAGE_SIZE, where: ENDPOINTS.getMarkets.route }, (m) =>
    buildMarket(catalog, m, priceOf, tickOf),
  );
}

/** GET /simplified-markets */
export function listSimplifiedMarkets(catalog: SimCatalog, cursor: string | undefined, priceOf?: PriceOf): Paged<SimplifiedMarket> {
  return mapPage(catalog.markets, cursor, { pageSize: SIMPLIFIED_MARKETS_PAGE_SIZE, where: ENDPOINTS.getSimplifiedMarkets.route }, (m) =>
    buildSimplifiedMarket(m, priceOf),
  );
}

/** The sampling markets: those that pay liquidity rewards (rewards.min_size > 0). */
export function samplingMarkets(catalog: SimCatalog): readonly CatalogMarket[] {
  return catalog.markets.filter((m) => rewardsOf(m).min_size > 0);
}

/** GET /sampling-simplified-markets */
export function listSamplingSimplifiedMarkets(catalog: SimCatalog, cursor: string | undefined, priceOf?: PriceOf): Paged<SimplifiedMarket> {
  return mapPage(
    samplingMarkets(catalog),
    cursor,
    { pageSize: SIMPLIFIED_MARKETS_PAGE_SIZE, where: ENDPOINTS.getSamplingSimplifiedMarkets.route },
    (m) => buildSimplifiedMarket(m, priceOf),
  );
}

/** GET /clob-markets/{condition_id}; undefined for an unknown condition id (404). */
export function getClobMarketSettings(catalog: SimCatalog, conditionId: string, tickOf?: TickOf): ClobMarketSettings | undefined {
  const m = indexOf(catalog).marketByCondition.get(conditionId);
  if (m === undefined) return undefined;
  const fees = baseFeeBps(m.fee);
  return {
    gst: m.gameStartTime === '' ? m.acceptingOrdersAt : m.gameStartTime,
    r: copyRewards(rewardsOf(m)),
    c: m.conditionId,
    creator: m.creatorAddress,
    mirror_condition_id: m.mirrorConditionId,
    nr: m.negRisk,
    t: ([0, 1] as const).map((i) => ({ t: m.tokenIds[i], mirror_token_id: m.mirrorTokenIds[i], o: m.outcomes[i] })),
    mts: tickNumber(m, tickOf),
    mos: new Decimal(m.minOrderSize).toNumber(),
    fd: feeDetails(m.fee),
    mbf: fees.maker,
    tbf: fees.taker,
    rfqe: m.rfqEnabled,
    itode: false,
    ibce: false,
    oas: m.secondsDelay,
  };
}

function feeRateOf(fee: FeeSchedule): FeeRate {
  return { base_fee: baseFeeBps(fee).taker, fd: feeDetails(fee), fee_schedule: { ...fee } };
}

/**
 * GET /fee-rate: the token's market schedule, or the default one when `tokenId` is omitted;
 * undefined for an unknown token (404).
 */
export function getFeeRate(catalog: SimCatalog, tokenId?: string): FeeRate | undefined {
  if (tokenId === undefined) return feeRateOf(catalog.defaultFee);
  const hit = indexOf(catalog).marketByToken.get(tokenId);
  return hit === undefined ? undefined : feeRateOf(hit[0].fee);
}
