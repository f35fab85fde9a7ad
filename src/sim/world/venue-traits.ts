/**
 * The venue world's markets: each market of the catalog draws how it trades — activity, trade
 * size, background makers (how many, how tight, how deep), informed flow, news, reward terms and
 * fee schedule — from distributions whose medians and spreads follow the venue's published
 * figures (docs/simulator.md, "How the simulator's markets compare with the venue's").
 *
 * Activity is drawn by quantile along a golden-ratio sequence over the catalog order, so that any
 * prefix of the listing (the first 20 markets, the first 100) spreads evenly over the population
 * instead of clumping by chance; everything else is drawn from the market's own stream
 * (`venue:<seed>:<condition id>`). Pure and deterministic: the same seed, catalog and kind give
 * the same traits.
 *
 * Model state, not money: rates and distances are numbers here (price units: 0.01 = one cent).
 */
import type { FeeSchedule } from '../../venue/types.js';
import type { CatalogMarket } from '../catalog/catalog-model.js';
import type { RewardTerms } from '../catalog/generate-catalog.js';
import { SimRng } from '../rng.js';
import { KIND_SLICES, type MarketKind } from './market-kinds.js';
import { VENUE_WORLD } from './venue-world-params.js';

/** One background maker's ladder on a market (both tokens, both sides). */
export interface MakerTraits {
  /** Distance of its best level from fair value (price units). */
  readonly halfSpread: number;
  /** Levels per side, one tick apart. */
  readonly levels: number;
  /** Size of its best level in shares; level i is size x growth^i (whole shares). */
  readonly size: number;
  readonly growth: number;
}

export interface MarketTraits {
  readonly conditionId: string;
  /** The activity quantile drawn, in [0, 1). */
  readonly activityQuantile: number;
  /** The trades a day aimed at (the taker intensity is solved from it). */
  readonly tradesPerDay: number;
  /** Taker arrivals per side per token per second at distance 0 (A of A·exp(−k·δ)). */
  readonly A: number;
  /** Decay of an uninformed taker's reach with distance from fair value, per price unit. */
  readonly k: number;
  /** Share of takers that know the next move of fair value. */
  readonly informedShare: number;
  /** That move, in price units of the token traded. */
  readonly informedMove: number;
  /** An informed taker's size is this times an uninformed one's. */
  readonly informedSizeFactor: number;
  /** Median USDC of an uninformed taker's order, and the log-normal spread of it. */
  readonly takerUsdc: number;
  readonly takerUsdcSigma: number;
  /** Volatility of fair value in log-odds per √second. */
  readonly sigma: number;
  /** News jumps a day, their typical size in log-odds (±size·U(0.5, 1.5)). */
  readonly newsPerDay: number;
  readonly newsSize: number;
  readonly makers: readonly MakerTraits[];
  /** Liquidity-reward terms, undefined when the market pays none. */
  readonly rewards: RewardTerms | undefined;
  readonly fee: FeeSchedule;
}

/** Values given for every market instead of the drawn ones (a backtest's --flow-* flags). */
export type VenueTraitOverrides = Partial<Pick<MarketTraits, 'A' | 'k' | 'sigma' | 'informedShare' | 'newsPerDay' | 'newsSize'>>;

/** The traits with `overrides` applied. */
export function overrideTraits(traits: readonly MarketTraits[], overrides: VenueTraitOverrides): MarketTraits[] {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return traits.map((t) => ({ ...t, ...given }));
}

/** Standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const q = Math.min(1 - 1e-12, Math.max(1e-12, p));
  if (q < 0.02425) {
    const r = Math.sqrt(-2 * Math.log(q));
    return (
      (((((c[0]! * r + c[1]!) * r + c[2]!) * r + c[3]!) * r + c[4]!) * r + c[5]!) /
      ((((d[0]! * r + d[1]!) * r + d[2]!) * r + d[3]!) * r + 1)
    );
  }
  if (q > 1 - 0.02425) return -normalQuantile(1 - q);
  const r = (q - 0.5) * (q - 0.5);
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * (q - 0.5)) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
/** `x` within a [lo, hi] range. */
const within = (x: number, range: readonly [number, number]): number => clamp(x, range[0], range[1]);
/** A log-normal draw: `median` x e^(sigma·N(0,1)). */
const logNormal = (rng: SimRng, median: number, sigma: number): number => median * Math.exp(sigma * rng.normal());
const GOLDEN = 0.6180339887498949;

export interface TraitsOptions {
  readonly seed: string;
  readonly kind?: MarketKind | undefined;
  /** Share of markets that pay liquidity rewards (the kind may force all or none). */
  readonly payingShare: number;
}

/** The traits of every market of the catalog, in catalog order. */
export function drawVenueTraits(markets: readonly CatalogMarket[], options: TraitsOptions): MarketTraits[] {
  const w = VENUE_WORLD;
  const slice = KIND_SLICES[options.kind ?? 'all'];
  const start = new SimRng(`venue-activity:${options.seed}`).next();
  return markets.map((market, i) => {
    const rng = new SimRng(`venue:${options.seed}:${market.conditionId}`);
    const u = (start + (i + 1) * GOLDEN) % 1;
    const quantile = slice.activity[0] + u * (slice.activity[1] - slice.activity[0]);
    const tradesPerDay = within(w.tradesPerDayMedian * Math.exp(w.tradesPerDaySigma * normalQuantile(quantile)), w.tradesPerDayRange);
    const tick = Number(market.tickSize);
    // Busier markets draw more makers and tighter quotes (more competition at the touch).
    const busy = Math.log(tradesPerDay / w.tradesPerDayMedian);
    const halfSpread = within(
      logNormal(rng, w.halfSpreadMedian, w.halfSpreadSigma) * Math.exp(-w.halfSpreadActivity * busy),
      w.halfSpreadRange,
    );
    const makerCount = clamp(Math.round(w.makersMedian + w.makersActivity * busy + rng.normal() * 0.7), 1, w.makersMax);
    const makers: MakerTraits[] = [];
    for (let j = 0; j < makerCount; j++) {
      makers.push({
        halfSpread: halfSpread * (1 + w.makerStepOut * j) * (0.9 + 0.2 * rng.next()),
        levels: rng.int(w.makerLevels[0], w.makerLevels[1]),
        size: Math.round(logNormal(rng, w.makerSizeMedian, w.makerSizeSigma)),
        growth: w.makerGrowth[0] + rng.next() * (w.makerGrowth[1] - w.makerGrowth[0]),
      });
    }
    const k = 1 / clamp(logNormal(rng, w.reachMedian, w.reachSigma), 0.002, 0.1);
    const touch = halfSpread + tick / 2;
    const informedMove = Math.max(w.informedMoveFactor * touch, touch + tick);
    const newsPerDay = logNormal(rng, w.newsPerDayMedian, w.newsPerDaySigma) * slice.newsFactor;
    // Solved so that the takers reaching the touch trade `tradesPerDay` times a day on average
    // (4 streams: each side of each token), news bursts included.
    const reachShare = (1 - w.informedShare) * Math.exp(-k * touch) + w.informedShare;
    const burst = 1 + (newsPerDay * w.newsBurst * w.newsBurstSec) / 86_400;
    const A = tradesPerDay / (4 * 86_400 * reachShare * burst * w.printsPerTaker);
    const pays = slice.pays ?? rng.chance(options.payingShare);
    return {
      conditionId: market.conditionId,
      activityQuantile: quantile,
      tradesPerDay,
      A,
      k,
      informedShare: w.informedShare,
      informedMove,
      informedSizeFactor: w.informedSizeFactor,
      takerUsdc: within(logNormal(rng, w.takerUsdcMedian, w.takerUsdcAcross), w.takerUsdcRange),
      takerUsdcSigma: w.takerUsdcWithin,
      sigma: logNormal(rng, w.dailyVolMedian, w.dailyVolSigma) / Math.sqrt(86_400),
      newsPerDay,
      newsSize: w.newsSize,
      makers,
      rewards: pays ? drawRewards(rng, slice.richPools === true) : undefined,
      fee: market.category === 'CRYPTO' ? { ...w.cryptoFee } : { ...w.noFee },
    };
  });
}

/** A paying market's terms; `rich`: its pool from the median up (the same draws, the lower half mirrored). */
function drawRewards(rng: SimRng, rich: boolean): RewardTerms {
  const w = VENUE_WORLD;
  const featured = rng.chance(w.featuredShare);
  const fold = (z: number): number => (rich ? Math.abs(z) : z);
  const pool = featured
    ? w.featuredPool[0] + rng.next() * (w.featuredPool[1] - w.featuredPool[0])
    : within(w.poolMedian * Math.exp(w.poolSigma * fold(rng.normal())), w.poolRange);
  return {
    dailyRate: Math.round(pool * 100) / 100,
    maxSpread: rng.pick(w.maxSpreadCents),
    minSize: rng.pick(w.minSizes),
  };
}
