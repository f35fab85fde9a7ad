/**
 * The synthetic order flow that makes the simulated venue behave like a market, deterministic
 * from the seed. Per market, every step of dt:
 *
 * 1. Fair value moves (fair-value.ts): log-odds random walk plus pre-scheduled Poisson jumps.
 * 2. Its background maker (one of the catalog's maker users) re-quotes when fair value moved by
 *    `makerRequoteMove` since its last quote or `makerRefreshMs` passed: it cancels its orders of
 *    the market and posts a post-only GTC ladder on both tokens (maker-ladder.ts), outcome 1
 *    quoted around 1 − fair.
 * 3. Takers (the catalog's taker users) arrive on each side of each token's book and send FAK
 *    orders (taker-arrivals.ts): intensity A·exp(−k·δ) of reaching distance δ from fair value,
 *    and informed takers who trade toward a jump that is due within `informedLeadMs` — or, with
 *    `foresightMs` > 0, toward where fair value will be that far ahead, at every step (a copy of
 *    the fair value drawn from the same streams runs that far in front; on a clock whose steps
 *    vary in length, as the live simulator's may, the copy's path differs from the real one by
 *    the discretisation, so the foresight is then a close forecast rather than exact).
 *
 * A market that ends within the run (`ends`, src/sim/ends/market-end.ts) gets more takers and a
 * fair value drifting toward its outcome in its last stretch, and no orders once it ended.
 *
 * Orders are priced on the market's current tick (the exchange's, which may have changed since
 * the catalog was built: src/sim/exchange/tick-rule.ts). Random streams are forked per market and per purpose from `flow:<seed>`, and markets are
 * visited in catalog order, so the same seed and the same steps give the same orders. `start()`
 * runs a step every `stepMs` on the injected clock; `step(dtMs)` is for tests and backtests.
 *
 * Prices are worked out in integer micro-units (flow-units.ts: `makerLadderUnits`,
 * `drawTakersUnits`) whenever the parameters lie on the 1e-6 grid (the defaults do), else with the
 * Decimal model (`makerLadder`, `drawTakers`); both give the same orders, texts included.
 */
import { Decimal } from '../../money.js';
import type { CatalogMarket, CatalogUser } from '../catalog/catalog-model.js';
import { makerUsers, takerUsers } from '../catalog/catalog-lookup.js';
import { SimRng } from '../rng.js';
import { FairValue } from './fair-value.js';
import { resolveFlowParams } from './flow-params.js';
import { decimalToUnits, toUnits } from '../exchange/units.js';
import { AUTO_TO_TICK, finerTickDueAtFair } from '../exchange/tick-rule.js';
import { MICRO_ONE, exactMicro, microOf, microText, sharesText } from './flow-units.js';
import { makerLadder, makerLadderUnits, type LadderLevel } from './maker-ladder.js';
import { drawTakers, drawTakersUnits, TakerDraws, type TakerUnitsSpec } from './taker-arrivals.js';
import type { OrderFlow, OrderFlowOptions } from './flow-contract.js';
import type { Side } from '../../venue/types.js';
import { endHeat, endPullShare, hasEnded, type MarketEnd } from '../ends/market-end.js';
import { emptyFlowStats, flowClockRunner, flowPlacer, JumpLog } from './flow-runner.js';

interface MarketFlow {
  readonly market: CatalogMarket;
  /** The maker's cancel filter for this market (made once: the maker re-quotes every few seconds). */
  readonly marketFilter: { readonly market: string };
  readonly tick: Decimal;
  readonly minSize: Decimal;
  readonly fv: FairValue;
  /** The same fair value `foresightMs` ahead (same streams), when informed takers foresee it. */
  readonly ahead: FairValue | undefined;
  readonly maker: CatalogUser;
  readonly makerRng: SimRng;
  readonly takerRng: SimRng;
  quotedAt: number | undefined;
  quotedP: number;
  /** Integer path (see `units` in createOrderFlow): minimum size in whole shares... */
  readonly minShares: number;
  /** ...and the maker's size texts for 1, 2 and 3 times makerSize (index 0 unused). */
  readonly makerSizeTexts: readonly string[];
  /** The exchange's tick per token as last read, and in micro-units. */
  readonly tickSeen: [Decimal | undefined, Decimal | undefined];
  readonly tickUnits: [number | undefined, number | undefined];
  /** Each token's taker spec on the integer path, updated in place every step (no allocation per step). */
  readonly takerSpecs: readonly [MutableTakerSpec, MutableTakerSpec];
  /** Its end within the run, if it has one (src/sim/ends). */
  readonly end: MarketEnd | undefined;
}

type MutableTakerSpec = { -readonly [K in keyof TakerUnitsSpec]: TakerUnitsSpec[K] };

export function createOrderFlow(options: OrderFlowOptions): OrderFlow {
  const { clock, exchange, catalog } = options;
  const params = resolveFlowParams(options.params);
  const fairTickRule = options.tickRule === 'fair';
  const root = new SimRng(`flow:${String(options.seed ?? catalog.seed)}`);
  const makers = makerUsers(catalog);
  const takers = takerUsers(catalog);
  if (makers.length === 0 || takers.length === 0) throw new RangeError('createOrderFlow: the catalog needs maker and taker users');
  const wanted = params.markets === undefined ? undefined : new Set(params.markets);
  const makerSize = new Decimal(params.makerSize);
  const takerSize = new Decimal(params.takerSize);
  // The integer path needs the spreads and the taker size on the 1e-6 grid, within safe integers.
  const halfUnits = exactMicro(params.makerHalfSpread);
  const spacingUnits = exactMicro(params.makerLevelSpacing);
  const takerMicroShares = toUnits(params.takerSize, 6);
  const units =
    options.pricing !== 'decimal' &&
    halfUnits !== undefined &&
    spacingUnits !== undefined &&
    takerMicroShares !== undefined &&
    Number.isSafeInteger(halfUnits + spacingUnits * params.makerDepthLevels) &&
    Number.isSafeInteger(takerMicroShares * 1_500_000)
      ? { half: halfUnits, spacing: spacingUnits, takerSize: takerMicroShares }
      : undefined;

  // Fair value is read only when a taker arrives; the rest is set before each draw.
  const takerSpec = (fair: () => number): MutableTakerSpec => ({
    fair,
    informedTarget: undefined,
    tick: 0,
    minShares: 0,
    dtMs: 0,
    A: 0,
    k: params.k,
    informedShare: params.informedShare,
    takerSize: units?.takerSize ?? 0,
  });

  const markets: MarketFlow[] = [];
  const byToken = new Map<string, readonly [MarketFlow, 0 | 1]>();
  catalog.markets.forEach((market, i) => {
    if (wanted !== undefined && !wanted.has(market.conditionId)) return;
    const rng = root.fork(`market:${market.conditionId}`);
    const tick = new Decimal(market.tickSize);
    const minSize = new Decimal(market.minOrderSize);
    // A fork depends only on the seed text and the label: a second fork of 'walk' and 'jumps'
    // draws the very path `fv` will follow, which `ahead` runs foresightMs in front of it.
    const fairValue = (): FairValue =>
      new FairValue({
        initial: Number(market.initialFair),
        tick: tick.toNumber(),
        sigma: params.sigma,
        jumpRate: params.jumpRate,
        jumpSize: params.jumpSize,
        walkRng: rng.fork('walk'),
        jumpRng: rng.fork('jumps'),
      });
    const fv = fairValue();
    const ahead = params.foresightMs > 0 ? fairValue() : undefined;
    if (ahead !== undefined)
      for (let t = 0; t < params.foresightMs; t += params.stepMs) ahead.advance(Math.min(params.stepMs, params.foresightMs - t));
    const mf: MarketFlow = {
      market,
      marketFilter: { market: market.conditionId },
      tick,
      minSize,
      fv,
      ahead,
      maker: makers[i % makers.length]!,
      makerRng: rng.fork('maker'),
      takerRng: rng.fork('takers'),
      quotedAt: undefined,
      quotedP: 0,
      minShares: minSize.ceil().toNumber(),
      makerSizeTexts: ['', ...[1, 2, 3].map((k) => Decimal.max(minSize, makerSize.mul(k)).toFixed())],
      tickSeen: [undefined, undefined],
      tickUnits: [undefined, undefined],
      takerSpecs: [takerSpec(() => fv.fairUnits(0)), takerSpec(() => fv.fairUnits(1))],
      end: options.ends?.get(market.conditionId),
    };
    markets.push(mf);
    byToken.set(market.tokenIds[0], [mf, 0]);
    byToken.set(market.tokenIds[1], [mf, 1]);
  });

  const stats = emptyFlowStats();
  const place = flowPlacer(exchange, stats);
  const jumps = new JumpLog(stats);
  let elapsedMs = 0;

  function tickOf(mf: MarketFlow, i: 0 | 1): Decimal {
    return exchange.tickSize(mf.market.tokenIds[i]) ?? mf.tick;
  }

  /** The token's current tick in micro-units (converted once per tick seen); undefined off the grid. */
  function tickUnitsOf(mf: MarketFlow, i: 0 | 1): number | undefined {
    const tick = tickOf(mf, i);
    if (tick !== mf.tickSeen[i]) {
      mf.tickSeen[i] = tick;
      const u = decimalToUnits(tick, 6);
      mf.tickUnits[i] = u !== undefined && u > 0 ? u : undefined;
    }
    return mf.tickUnits[i];
  }

  const ladderOut: LadderLevel[] = [];
  const takersOut = new TakerDraws();

  function requote(mf: MarketFlow): void {
    exchange.cancelMarketOrders(mf.maker, mf.marketFilter);
    // Token by token, not a for-of over the indexes (its iterator is allocated on every call).
    ladderOn(mf, 0);
    ladderOn(mf, 1);
    mf.quotedAt = elapsedMs;
    mf.quotedP = mf.fv.p;
    stats.makerRefreshes++;
  }

  /** The maker's ladder on token `i`: in micro-units when they apply, else with the Decimal model. */
  function ladderOn(mf: MarketFlow, i: 0 | 1): void {
    const tickUnits = units === undefined ? undefined : tickUnitsOf(mf, i);
    if (units === undefined || tickUnits === undefined) {
      ladderDecimal(mf, i);
      return;
    }
    const ladder = makerLadderUnits(
      { fair: mf.fv.fairUnits(i), tick: tickUnits, levels: params.makerDepthLevels, halfSpread: units.half, spacing: units.spacing },
      ladderOut,
    );
    for (const o of ladder) {
      const size = mf.makerSizeTexts[mf.makerRng.int(1, 3)]!;
      place(mf.maker, mf.market.tokenIds[i], o.side, microText(o.price), size, 'm');
      stats.makerOrders++;
    }
  }

  /** The maker's ladder on token `i` with the Decimal model (parameters off the 1e-6 grid). */
  function ladderDecimal(mf: MarketFlow, i: 0 | 1): void {
    const ladder = makerLadder({
      fair: mf.fv.fair(i),
      tick: tickOf(mf, i),
      levels: params.makerDepthLevels,
      halfSpread: params.makerHalfSpread,
      spacing: params.makerLevelSpacing,
      sizeOf: () => Decimal.max(mf.minSize, makerSize.mul(mf.makerRng.int(1, 3))),
    });
    for (const o of ladder) {
      place(mf.maker, mf.market.tokenIds[i], o.side, o.price.toFixed(), o.size.toFixed(), 'm');
      stats.makerOrders++;
    }
  }

  /**
   * `heat`: the factor on the arrival rate (a market near its end: src/sim/ends/market-end.ts).
   * The integer path allocates nothing on a step without takers (most steps): its specs are
   * updated in place, and the Decimal path's closures live in their own function.
   */
  function takersOn(mf: MarketFlow, dtMs: number, heat: number): void {
    const A = params.A * heat;
    const pending = mf.fv.pendingJump;
    const informedWindow = pending !== undefined && pending.atMs - mf.fv.elapsedMs <= params.informedLeadMs;
    // With foresight, informed takers aim at fair value foresightMs ahead, at every step.
    const after = mf.ahead !== undefined ? mf.ahead.p : informedWindow ? mf.fv.afterPendingJump() : undefined;
    // Token by token, not a for-of over the indexes (its iterator is allocated on every call).
    takersOnToken(mf, 0, dtMs, A, after);
    takersOnToken(mf, 1, dtMs, A, after);
  }

  /** Takers on token `i` (`A` and `after` as in takersOn): in micro-units when they apply, else with the Decimal model. */
  function takersOnToken(mf: MarketFlow, i: 0 | 1, dtMs: number, A: number, after: number | undefined): void {
    const tickUnits = units === undefined || !Number.isSafeInteger(mf.minShares) ? undefined : tickUnitsOf(mf, i);
    if (units === undefined || tickUnits === undefined) {
      takersDecimal(mf, i, dtMs, A, after);
      return;
    }
    let target: number | undefined;
    if (after !== undefined) {
      const p0 = microOf(after);
      target = i === 0 ? p0 : MICRO_ONE - p0;
    }
    const spec = mf.takerSpecs[i];
    spec.informedTarget = target;
    spec.tick = tickUnits;
    spec.minShares = mf.minShares;
    spec.dtMs = dtMs;
    spec.A = A;
    const draws = drawTakersUnits(mf.takerRng, spec, takersOut);
    for (let n = 0; n < draws.count; n++) {
      const o = draws.orders[n]!;
      placeTaker(mf, i, o.side, microText(o.price), sharesText(o.shares), o.informed);
    }
  }

  /** Takers on token `i` with the Decimal model (parameters off the 1e-6 grid); `after` as in takersOn. */
  function takersDecimal(mf: MarketFlow, i: 0 | 1, dtMs: number, A: number, after: number | undefined): void {
    let target: Decimal | undefined;
    if (after !== undefined) {
      const p0 = new Decimal(after.toFixed(6));
      target = i === 0 ? p0 : new Decimal(1).minus(p0);
    }
    const orders = drawTakers(mf.takerRng, {
      // Read only when a taker arrives (most steps bring none).
      get fair() {
        return mf.fv.fair(i);
      },
      informedTarget: target,
      tick: tickOf(mf, i),
      minSize: mf.minSize,
      dtMs,
      A,
      k: params.k,
      informedShare: params.informedShare,
      takerSize,
    });
    for (const o of orders) placeTaker(mf, i, o.side, o.price.toFixed(), o.size.toFixed(), o.informed);
  }

  /** One taker's FAK on token `i` from one of the catalog's takers, counted. */
  function placeTaker(mf: MarketFlow, i: 0 | 1, side: Side, price: string, size: string, informed: boolean): void {
    const account = mf.takerRng.pick(takers);
    const res = place(account, mf.market.tokenIds[i], side, price, size, informed ? 'i' : 't');
    stats.takerOrders++;
    if (informed) stats.informedOrders++;
    if (res?.success === true && res.takingAmount !== '0') stats.takerFills++;
  }

  /** The venue's rule from the fair value (tickRule 'fair'): before the maker and takers price. */
  function applyFairTickRule(mf: MarketFlow): void {
    if (finerTickDueAtFair(tickUnitsOf(mf, 0), mf.fv.fairUnits(0))) exchange.setTickSize(mf.market.tokenIds[0], AUTO_TO_TICK);
  }

  function step(dtMs: number): void {
    if (!(dtMs >= 0) || !Number.isFinite(dtMs)) throw new RangeError(`OrderFlow.step: dtMs must be >= 0 (got ${dtMs})`);
    elapsedMs += dtMs;
    stats.steps++;
    const now = clock.now();
    for (const mf of markets) {
      // A market that ended is left alone; one far from its end costs one comparison.
      const end = mf.end !== undefined && now >= mf.end.windowStartMs ? mf.end : undefined;
      if (hasEnded(end, now)) continue;
      mf.ahead?.advance(dtMs);
      // Indexed: for-of over the shared frozen empty list allocates an iterator result every step.
      const applied = mf.fv.advance(dtMs);
      for (let n = 0; n < applied.length; n++) jumps.record(mf.market, now, applied[n]!.from, applied[n]!.to);
      if (end?.winner !== undefined) mf.fv.pullToward(end.winner, endPullShare(end, now, dtMs));
      if (fairTickRule) applyFairTickRule(mf);
      const stale =
        mf.quotedAt === undefined ||
        elapsedMs - mf.quotedAt >= params.makerRefreshMs ||
        Math.abs(mf.fv.p - mf.quotedP) >= params.makerRequoteMove;
      if (stale) requote(mf);
      if (dtMs > 0) takersOn(mf, dtMs, endHeat(end, now));
    }
  }

  const runner = flowClockRunner(clock, params.stepMs, step);

  return {
    start: () => runner.start(),
    stop: () => runner.stop(),
    step,
    fair(tokenId) {
      const hit = byToken.get(tokenId);
      return hit === undefined ? undefined : hit[0].fv.fair(hit[1]);
    },
    jumps: () => jumps.list(),
    stats: () => ({ ...stats }),
    get running() {
      return runner.running;
    },
    params,
  };
}
