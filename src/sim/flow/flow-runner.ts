/**
 * What every synthetic flow (the demo world's, src/sim/flow/order-flow.ts, and the venue
 * world's, src/sim/world/venue-flow.ts) does alike: placing its orders on the exchange, counting
 * what the exchange refused or threw on, and stepping itself on the clock.
 */
import type { Clock, TimerHandle } from '../../clock/clock.js';
import { isMakerdError } from '../../errors.js';
import type { OrderResponse, Side } from '../../venue/types.js';
import type { SimAccount, SimExchange } from '../contracts.js';
import type { FlowJump, FlowStats } from './flow-contract.js';

/** Jumps a flow remembers (the most recent). */
const JUMP_HISTORY = 10_000;
/** Catch-up cap when the clock was late: at most this many steps' worth in one step. */
const MAX_CATCH_UP_STEPS = 10;

export function emptyFlowStats(): FlowStats {
  return { steps: 0, makerRefreshes: 0, makerOrders: 0, takerOrders: 0, informedOrders: 0, takerFills: 0, refused: 0, errors: 0, jumps: 0 };
}

/** Places one flow order: 'm' a post-only GTC maker order, 't' / 'i' an (informed) taker's FAK. */
export type FlowPlace = (
  account: SimAccount,
  tokenId: string,
  side: Side,
  price: string,
  size: string,
  kind: 'm' | 't' | 'i',
) => OrderResponse | undefined;

export function flowPlacer(exchange: SimExchange, stats: FlowStats): FlowPlace {
  let orderSeq = 0;
  return (account, tokenId, side, price, size, kind) => {
    try {
      const res = exchange.placeOrder(account, {
        order: { asset_id: tokenId, side, price, size, expiration: '0', client_order_id: `sim-${kind}${++orderSeq}` },
        owner: account.apiKey,
        orderType: kind === 'm' ? 'GTC' : 'FAK',
        postOnly: kind === 'm',
      });
      if (!res.success) stats.refused++;
      return res;
    } catch (err) {
      // A rule the flow broke (tick, min size): count it rather than stop the whole venue.
      if (!isMakerdError(err)) throw err;
      stats.errors++;
      return undefined;
    }
  };
}

export interface FlowClockRunner {
  start(): void;
  stop(): void;
  readonly running: boolean;
}

/** Runs `step(0)` at start, then `step(dt)` every `stepMs` on the clock, dt as late as the clock was (capped). */
export function flowClockRunner(clock: Clock, stepMs: number, step: (dtMs: number) => void): FlowClockRunner {
  let timer: TimerHandle | undefined;
  let running = false;
  let lastTickAt = 0;
  const schedule = (): void => {
    timer = clock.setTimer(() => {
      timer = undefined;
      if (!running) return;
      const now = clock.now();
      const dt = Math.min(now - lastTickAt, stepMs * MAX_CATCH_UP_STEPS);
      lastTickAt = now;
      step(Math.max(0, dt));
      if (running) schedule();
    }, stepMs);
  };
  return {
    start() {
      if (running) return;
      running = true;
      lastTickAt = clock.now();
      step(0);
      schedule();
    },
    stop() {
      running = false;
      if (timer !== undefined) clock.clearTimer(timer);
      timer = undefined;
    },
    get running() {
      return running;
    },
  };
}

/** A flow's most recent jumps of fair value (outcome 0), oldest first, counted in its stats. */
export class JumpLog {
  readonly #jumps: FlowJump[] = [];
  readonly #stats: FlowStats;

  constructor(stats: FlowStats) {
    this.#stats = stats;
  }

  /** A jump of `market`'s fair value from `from` to `to` (model numbers), applied at clock time `atMs`. */
  record(
    market: { readonly conditionId: string; readonly tokenIds: readonly [string, string] },
    atMs: number,
    from: number,
    to: number,
  ): void {
    this.#stats.jumps++;
    this.#jumps.push({ conditionId: market.conditionId, tokenId: market.tokenIds[0], atMs, from: from.toFixed(6), to: to.toFixed(6) });
    if (this.#jumps.length > JUMP_HISTORY) this.#jumps.shift();
  }

  list(): FlowJump[] {
    return this.#jumps.slice();
  }
}
