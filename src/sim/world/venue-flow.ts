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
import { microText } from '../flow/flow-units.js';
import type { SimRng } from '../rng.js';
import { touchMicro, venueLadder } from './venue-ladders.js';
import type { VenueMarketModel } from './venue-market-model.js';
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
  readonly model: VenueMarketModel;
  readonly makers: readonly CatalogUser[];
  readonly touch: number;
  readonly minShares: number;
  readonly tickSeen: [Decimal | undefined, Decimal | undefined];
  readonly tickUnits: [number, number];
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
  const markets: LiveMarket[] = [];
  const byToken = new Map<string, readonly [LiveMarket, 0 | 1]>();
  catalog.markets.forEach((market, i) => {
    const model = options.models.get(market.conditionId);
    if (model === undefined) return;
    const count = Math.min(model.traits.makers.length, makerPool.length);
    const lm: LiveMarket = {
      market,
      model,
      makers: Array.from({ length: count }, (_, j) => makerPool[(i + j) % makerPool.length]!),
      touch: touchMicro(model.traits.makers),
      minShares: Math.max(1, Math.ceil(Number(market.minOrderSize))),
      tickSeen: [undefined, undefined],
      tickUnits: [0, 0],
      quotedAt: undefined,
      quotedP: 0,
      end: options.ends?.get(market.conditionId),
    };
    markets.push(lm);
    byToken.set(market.tokenIds[0], [lm, 0]);
    byToken.set(market.tokenIds[1], [lm, 1]);
  });

  const stats = emptyFlowStats();
  const place = flowPlacer(exchange, stats);
  const jumps = new JumpLog(stats);
  let elapsedMs = 0;

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

  function requote(lm: LiveMarket): void {
    const traits = lm.model.traits.makers;
    for (let j = 0; j < lm.makers.length; j++) {
      const maker = lm.makers[j]!;
      exchange.cancelMarketOrders(maker, { market: lm.market.conditionId });
      for (const i of [0, 1] as const) {
        for (const level of venueLadder(traits[j]!, j, lm.model.fairMicro(i), tickOf(lm, i), lm.minShares)) {
          place(maker, lm.market.tokenIds[i], level.side, microText(level.priceMicro), String(level.shares), 'm');
          stats.makerOrders++;
        }
      }
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
      for (const j of lm.model.advance(dtMs)) {
        jumps.record(lm.market, now, j.from, j.to);
      }
      if (end?.winner !== undefined) lm.model.pullToward(end.winner, endPullShare(end, now, dtMs));
      if (fairTickRule && finerTickDueAtFair(tickOf(lm, 0), lm.model.fairMicro(0)))
        exchange.setTickSize(lm.market.tokenIds[0], AUTO_TO_TICK);
      const ticks: [number, number] = [tickOf(lm, 0), tickOf(lm, 1)];
      const moved = Math.abs(lm.model.p - lm.quotedP) * 1_000_000 >= VENUE_WORLD.makerRequoteTicks * ticks[0];
      if (lm.quotedAt === undefined || moved || lm.model.touched || elapsedMs - lm.quotedAt >= VENUE_WORLD.makerRefreshMs) requote(lm);
      if (dtMs <= 0) continue;
      const heat = endHeat(end, now);
      lm.model.takers(
        dtMs,
        ticks,
        lm.touch,
        (o) => {
          const account = options.accounts.pick(takers);
          const res = place(
            account,
            lm.market.tokenIds[o.tokenIndex],
            o.side,
            microText(o.limitMicro),
            String(o.shares),
            o.informed ? 'i' : 't',
          );
          stats.takerOrders++;
          if (o.informed) stats.informedOrders++;
          if (res?.success === true && res.takingAmount !== '0') stats.takerFills++;
        },
        heat,
      );
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
