/**
 * The executor's contract (executor.ts): the venue calls it makes, the per-call options it passes,
 * what comes with a wish, and its options.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import type { UnheardFillsFit } from '../risk/unheard-order.js';
import type { CancelResult, OpenOrder, OrderResponse, Paged } from '../venue/types.js';
import type { DispatchTrace } from './dispatch-trace.js';
import type { DiffSettings } from './order-diff.js';
import type { PullReason } from './order-reasons.js';
import type { WriteBudgetSettings } from './write-budget.js';

/** What the limiter could admit of order posts right now, and what the cancel reserve holds back. */
export interface WriteRoom {
  /** Posts admissible now without waiting: room in every POST /order window, and in the DELETE /order windows beyond the cancel reserve. */
  readonly posts: number;
  /** Open orders and posts in flight plus limits.cancelReserve: kept out of the paced sustained budget. */
  readonly reserve: number;
}

/** The venue calls the executor makes (the venue client satisfies it). */
export interface ExecutionVenue {
  /** Its orders are built from checked values (tick, size step, its own ids): the client does not check them again. */
  postTrustedOrder(
    params: {
      order: { asset_id: string; side: 'BUY' | 'SELL'; price: string; size: string; expiration: string; client_order_id: string };
      orderType: 'GTC' | 'GTD';
      postOnly: boolean;
    },
    options?: CallOptions,
  ): Promise<OrderResponse>;
  cancelOrder(params: { orderId: string }, options?: CallOptions): Promise<CancelResult>;
  cancelMarketOrders(params: { market: string }, options?: CallOptions): Promise<CancelResult>;
  getOpenOrders(params: { market?: string; next_cursor?: string }, options?: CallOptions): Promise<Paged<OpenOrder>>;
}

/** Per-call options the executor passes: its stop signal. */
export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
  /** Called when the request has been signed and handed to the HTTP layer. */
  readonly onSend?: (() => void) | undefined;
}

/** What came with a wish besides the orders: why leftovers go, and the tick that caused it. */
export interface WishContext {
  /** Why orders with no replacement are cancelled (default `unwanted`). */
  readonly pull?: PullReason | undefined;
  /** The tick-to-dispatch trace of the tick that caused this wish. */
  readonly trace?: DispatchTrace | undefined;
  /**
   * The risk gate found that the wanted orders and every order the market has now may rest
   * together (src/risk/overlap.ts): replacements may be posted with the cancels of the orders they
   * replace rather than after their answers, as long as no order was added to the market since.
   */
  readonly overlap?: boolean | undefined;
  /** The risk gate's check of the places after cancels whose orders may have filled unheard (src/risk/position-doubt.ts). */
  readonly unheardFit?: UnheardFillsFit | undefined;
}

export interface ExecutorOptions {
  readonly venue: ExecutionVenue;
  readonly clock: Clock;
  readonly settings: DiffSettings;
  /** The limiter's open-order count for the cancel reserve. */
  readonly setOpenOrders: (n: number) => void;
  /** A venue error or throttle answered one of our requests (the risk gate's burst rule). */
  readonly onVenueFailure?: ((kind: 'error' | 'throttle') => void) | undefined;
  readonly logger?: Logger | undefined;
  /** Client order id source; default: a per-process prefix and a counter. */
  readonly nextClientOrderId?: (() => string) | undefined;
  /**
   * Dead-man orders: > 0 posts GTD orders expiring this many seconds after the post, and re-places
   * each once half of that has passed (see `touchExpiring`); 0 or undefined posts GTC.
   */
  readonly orderTtlSec?: number | undefined;
  /** Whether a client order id is ours (this data directory's prefix); default: every order. */
  readonly owns?: ((clientOrderId: string) => boolean) | undefined;
  /** A listing showed orders in `market` that are not ours (another daemon on the account). */
  readonly onForeignOrders?: ((market: string, orders: readonly OpenOrder[]) => void) | undefined;
  /**
   * The write budget (write-budget.ts, dispatch-priority.ts): posts paced to the sustained limit
   * and, when more are wanted than it allows, sent most-wrong first. Undefined: every wanted post
   * goes at once (the limiter alone paces them).
   */
  readonly writeBudget?: { readonly settings: WriteBudgetSettings; readonly room: () => WriteRoom } | undefined;
}
