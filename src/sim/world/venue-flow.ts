/**
 * The venue world's live order flow on the exchange (the demo world's is src/sim/flow/order-flow.ts;
 * both answer the same OrderFlow contract). Per market, every step of dt:
 *
 * 1. Fair value moves (venue-market-model.ts: diffusion, news and its aftermath).
 * 2. Its background makers (two to six of the catalog's maker users, venue-traits.ts) re-quote
 *    their ladders on both tokens when fair value moved half a tick since they last quoted, when a
 *    taker reached the tightest maker's distance (they replenish), or every `makerRefreshMs`.
 *    Every trigger comes from the model, never from the book, so a strategy's orders cannot change
 *    what the flow does: paired backtests stay exactly paired.
 * 3. Takers send FAK orders (the model's takers, informed ones moving fair value after their
 *    order).
 *
 * A market that ends within the run (`ends`, src/sim/ends/market-end.ts) gets more takers and a
 * fair value drifting toward its outcome in its last stretch, and no orders once it ended.
 *
 * Random streams are forked per market and purpose from `venue-flow:<seed>`; markets are visited
 * in catalog order.
 */
import { Decimal } from '../../money.js';
import type { SimExchange } from '../contracts.js';
import type { CatalogMarket, CatalogUser, SimCatalog } from '../catalog/catalog-model.js';
import { makerUsers, takerUsers } from '../catalog/catalog-lookup.js';
import type { Clock } from '../../clock/clock.js';
import { decimalToUnits } from '../exchange/units.js';
import { AUTO_TO_TICK, finerTickDueAtFair } from '../exchange/tick-rule.js';
import type { OrderFlow } from '../flow/flow-contract.js';
import { endHeat, endPullShare, hasEnded, type MarketEnd } from '../ends/market-end.js';
import { emptyFlowStats, flowClockRunner, flowPlacer, JumpLog } from '../flow/flow-runner.js';
import { resolveFlowParams } from '../flow/flow-params.js';
import { microText, sharesText } from '../flow/flow-units.js';
import type { SimRng } from '../rng.js';
import { touchMicro, venueLadder } from './venue-ladders.js';
import type { VenueMarketModel, VenueTaker } from './venue-market-model.js';
import { VENUE_WORLD } from './venue-world-params.js';

export interface VenueFlowOptions {
  readonly clock: Clock;
  readonly exchange: SimExchange;
  readonly catalog: SimCatalog;
  /** Each market's model, in catalog order (venue-models.ts), possibly advanced through the past. */
  readonly models: ReadonlyMap<string, VenueMarketModel>;
  /** Picks the taker account of each order (its own stream, so the model's draws stay the model's). */
  readonly accounts: SimRng;
  readonly stepMs?: number | undefined;
  /** As OrderFlowOptions.tickRule: 'fair' for exchanges without the automatic tick rule (backtests). */
  readonly tickRule?: 'venue' | 'fair' | undefined;
  /** Markets that end within the run, by condition id (as OrderFlowOptions.ends). */
  readonly ends?: ReadonlyMap<string, MarketEnd> | undefined;
}

interface LiveMarket {
  readonly market: CatalogMarket;
  /** The makers' cancel filter for this market (made once: they re-quote every few seconds). */
  readonly marketFilter: { readonly market: string };
  readonly model: VenueMarketModel;
  readonly makers: readonly CatalogUser[];
  readonly touch: number;
  readonly minShares: number;
  readonly tickSeen: [Decimal | undefined, Decimal | undefined];
  readonly tickUnits: [number, number];
  /** The ticks as read at the start of a step, for its takers (a re-quote may read newer ones). */
  readonly stepTicks: [number, number];
  /** Places one of the model's takers in this market (made once, not per step). */
  readonly sendTaker: (o: VenueTaker) => void;
  quotedAt: number | undefined;
  quotedP: number;
  /** Its end within the run, if it has one (src/sim/ends). */
  readonly end: MarketEnd | undefined;
}

export function createVenueFlow(options: VenueFlowOptions): OrderFlow {
  const { clock, exchange, catalog } = options;
  const params = resolveFlowParams({ stepMs: options.stepMs ?? 250 });
  const fairTickRule = options.tickRule === 'fair';
  const makerPool = makerUsers(catalog);
  const takers = takerUsers(catalog);
  if (makerPool.length === 0 || takers.length === 0) throw new RangeError('createVenueFlow: the catalog needs maker and taker users');
  const stats = emptyFlowStats();
  const place = flowPlacer(exchange, stats);
  const jumps = new JumpLog(stats);
  let elapsedMs = 0;

  /** One of the model's takers in `market`, from a taker account picked on its own stream, counted. */
  function placeTaker(market: CatalogMarket, o: VenueTaker): void {
    const account = options.accounts.pick(takers);
    const res = place(
      account,
      market.tokenIds[o.tokenIndex],
      o.side,
      microText(o.limitMicro),
      sharesText(o.shares),
      o.informed ? 'i' : 't',
    );
    stats.takerOrders++;
    if (o.informed) stats.informedOrders++;
    if (res?.success === true && res.takingAmount !== '0') stats.takerFills++;
  }

  const markets: LiveMarket[] = [];
  const byToken = new Map<string, readonly [LiveMarket, 0 | 1]>();
  catalog.markets.forEach((market, i) => {
    const model = options.models.get(market.conditionId);
    if (model === undefined) return;
    const count = Math.min(model.traits.makers.length, makerPool.length);
    const lm: LiveMarket = {
      market,
      marketFilter: { market: market.conditionId },
      model,
      makers: Array.from({ length: count }, (_, j) => makerPool[(i + j) % makerPool.length]!),
      touch: touchMicro(model.traits.makers),
      minShares: Math.max(1, Math.ceil(Number(market.minOrderSize))),
      tickSeen: [undefined, undefined],
      tickUnits: [0, 0],
      stepTicks: [0, 0],
      sendTaker: (o) => placeTaker(market, o),
      quotedAt: undefined,
      quotedP: 0,
      end: options.ends?.get(market.conditionId),
    };
    markets.push(lm);
    byToken.set(market.tokenIds[0], [lm, 0]);
    byToken.set(market.tokenIds[1], [lm, 1]);
  });

  /** The token's current tick in micro-units (read from the exchange, converted once per tick seen). */
  function tickOf(lm: LiveMarket, i: 0 | 1): number {
    const tick = exchange.tickSize(lm.market.tokenIds[i]) ?? new Decimal(lm.market.tickSize);
    if (tick !== lm.tickSeen[i]) {
      lm.tickSeen[i] = tick;
      lm.tickUnits[i] = decimalToUnits(tick, 6) ?? 10_000;
      if (i === 0) lm.model.setTick(lm.tickUnits[0] / 1_000_000);
    }
    return lm.tickUnits[i];
  }

  /** Maker `j`'s ladder on token `i` (token by token: a for-of over [0, 1] allocates on every call). */
  function ladderOn(lm: LiveMarket, j: number, i: 0 | 1): void {
    const maker = lm.makers[j]!;
    for (const level of venueLadder(lm.model.traits.makers[j]!, j, lm.model.fairMicro(i), tickOf(lm, i), lm.minShares)) {
      place(maker, lm.market.tokenIds[i], level.side, microText(level.priceMicro), sharesText(level.shares), 'm');
      stats.makerOrders++;
    }
  }

  function requote(lm: LiveMarket): void {
    for (let j = 0; j < lm.makers.length; j++) {
      exchange.cancelMarketOrders(lm.makers[j]!, lm.marketFilter);
      ladderOn(lm, j, 0);
      ladderOn(lm, j, 1);
    }
    lm.quotedAt = elapsedMs;
    lm.quotedP = lm.model.p;
    lm.model.touched = false;
    stats.makerRefreshes++;
  }

  function step(dtMs: number): void {
    if (!(dtMs >= 0) || !Number.isFinite(dtMs)) throw new RangeError(`VenueFlow.step: dtMs must be >= 0 (got ${dtMs})`);
    elapsedMs += dtMs;
    stats.steps++;
    const now = clock.now();
    for (const lm of markets) {
      // A market that ended is left alone; one far from its end costs one comparison.
      const end = lm.end !== undefined && now >= lm.end.windowStartMs ? lm.end : undefined;
      if (hasEnded(end, now)) continue;
      // Indexed: for-of over the shared frozen empty list allocates an iterator result every step.
      const applied = lm.model.advance(dtMs);
      for (let n = 0; n < applied.length; n++) jumps.record(lm.market, now, applied[n]!.from, applied[n]!.to);
      if (end?.winner !== undefined) lm.model.pullToward(end.winner, endPullShare(end, now, dtMs));
      if (fairTickRule && finerTickDueAtFair(tickOf(lm, 0), lm.model.fairMicro(0)))
        exchange.setTickSize(lm.market.tokenIds[0], AUTO_TO_TICK);
      const ticks = lm.stepTicks;
      ticks[0] = tickOf(lm, 0);
      ticks[1] = tickOf(lm, 1);
      const moved = Math.abs(lm.model.p - lm.quotedP) * 1_000_000 >= VENUE_WORLD.makerRequoteTicks * ticks[0];
      if (lm.quotedAt === undefined || moved || lm.model.touched || elapsedMs - lm.quotedAt >= VENUE_WORLD.makerRefreshMs) requote(lm);
      if (dtMs <= 0) continue;
      const heat = endHeat(end, now);
      lm.model.takers(dtMs, ticks, lm.touch, lm.sendTaker, heat);
    }
  }

  const runner = flowClockRunner(clock, params.stepMs, step);

  return {
    start: () => runner.start(),
    stop: () => runner.stop(),
    step,
    fair(tokenId) {
      const hit = byToken.get(tokenId);
      return hit === undefined ? undefined : new Decimal(hit[0].model.fairMicro(hit[1])).div(1_000_000);
    },
    jumps: () => jumps.list(),
    stats: () => ({ ...stats }),
    get running() {
      return runner.running;
    },
    params,
  };
}
