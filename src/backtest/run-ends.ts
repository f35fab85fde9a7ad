/**
 * Markets that end within a backtest run (`makerd backtest --ends-every SEC`), as they end in the
 * simulator (src/sim/ends): the schedule (one listed market every SEC seconds from the start, the
 * markets of a neg-risk event together), the outcome drawn when the last stretch begins (the flow
 * heats up and drifts toward it), the close at the end (the venue cancels every order resting
 * there, the account's told to the executor and counted: none when quoting stopped in time) and
 * the resolution `resolveAfterSec` later. A resolved market's positions are then settled at 1 / 0
 * into the run's realized PnL (`settlePositions`, the daemon's own settlement of
 * src/portfolio/settlement.ts). Everything runs on the run's FakeClock: its timers fire inside
 * `clock.advance`.
 */
import type { FakeClock } from '../clock/fake-clock.js';
import { marketOf } from '../market/token-id.js';
import { type Decimal, ZERO } from '../money.js';
import type { Portfolio } from '../portfolio/portfolio.js';
import { settle } from '../portfolio/settlement.js';
import type { SimCatalog } from '../sim/catalog/index.js';
import { type EndedMarket, type MarketEnd, MarketEnds, type MarketEndsExchange, scheduleEnds } from '../sim/ends/index.js';

export interface RunEndsOptions {
  readonly clock: FakeClock;
  readonly exchange: MarketEndsExchange;
  /** The run's catalog with the ends' dates (scheduleRunEnds). */
  readonly schedule: ReturnType<typeof scheduleEnds>;
  readonly seed: string;
  /** The flow's fair value of a token (decimal text); undefined: the catalog's initial value is used. */
  readonly fair: (tokenId: string) => string | undefined;
  /** The account whose orders the venue cancels at an end. */
  readonly address: string;
  /** A market closed at its end; `ours`: the account's orders the venue cancelled there. */
  readonly onClosed: (conditionId: string, ours: readonly string[]) => void;
}

/** The run's catalog with end dates inside it, or undefined when no market ends within the run. */
export function scheduleRunEnds(
  catalog: SimCatalog,
  startMs: number,
  ends: { readonly everySec: number; readonly resolveAfterSec: number } | undefined,
): ReturnType<typeof scheduleEnds> | undefined {
  if (ends === undefined || ends.everySec <= 0) return undefined;
  return scheduleEnds(catalog, startMs, ends);
}

export class RunEnds {
  readonly #ends: MarketEnds;
  /** How far `takeResolved` has read the ended markets (they resolve in the order they ended). */
  #taken = 0;
  /** The account's orders the venue cancelled at an end. */
  ordersAtEnd = 0;

  constructor(o: RunEndsOptions) {
    const exchange: MarketEndsExchange = {
      closeMarket: (tokenIds) => {
        const cancelled = o.exchange.closeMarket(tokenIds);
        const ours = cancelled.filter((c) => c.address === o.address).map((c) => c.orderId);
        this.ordersAtEnd += ours.length;
        o.onClosed(marketOf(tokenIds[0]!), ours);
        return cancelled;
      },
      resolveMarket: (tokenIds, winner) => o.exchange.resolveMarket(tokenIds, winner),
      midpoint: (tokenId) => o.exchange.midpoint(tokenId),
    };
    this.#ends = new MarketEnds({ clock: o.clock, exchange, groups: o.schedule.groups, seed: o.seed, fair: o.fair });
  }

  /** Each scheduled market's end, for the flow. */
  get records(): ReadonlyMap<string, MarketEnd> {
    return this.#ends.records;
  }

  start(): void {
    this.#ends.start();
  }

  stop(): void {
    this.#ends.stop();
  }

  /** The markets resolved since the last call, in the order they resolved. */
  takeResolved(): readonly { readonly conditionId: string; readonly winner: 0 | 1 }[] {
    const ended: readonly EndedMarket[] = this.#ends.ended();
    const out: { conditionId: string; winner: 0 | 1 }[] = [];
    while (this.#taken < ended.length && ended[this.#taken]!.winner !== undefined) {
      const e = ended[this.#taken++]!;
      out.push({ conditionId: e.market.conditionId, winner: e.winner! });
    }
    return out;
  }
}

/** Settles every position of the market at 1 / 0 (`winner` won) into the portfolio; the change of realized PnL. */
export function settlePositions(portfolio: Portfolio, conditionId: string, winner: 0 | 1, atMs: number): Decimal {
  let pnl = ZERO;
  for (const t of portfolio.market(conditionId)?.tokens ?? []) {
    const s = settle(t, winner, atMs);
    if (s !== undefined) pnl = pnl.add(portfolio.settle(s) ?? ZERO);
  }
  return pnl;
}
