/**
 * The executor's requests, one at a time: cancel one order, cancel a market's orders, post one
 * order (and how each answer changes the tracker and the counters), list the open orders. No decisions: what to send
 * is the executor's (executor.ts, dispatch-priority.ts). Order posts are never retried blind: a
 * post whose outcome is unknown leaves its order uncertain, settled by a listing.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { ErrorCode, type ErrorCodeValue } from '../errors.js';
import type { FailureEpisode } from '../log/failure-episode.js';
import { Decimal, toPlainString, ZERO } from '../money.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { CancelResult, OrderResponse } from '../venue/types.js';
import type { CallOptions, ExecutionVenue } from './executor-contract.js';
import type { ExecutorStats } from './executor-stats.js';
import type { CancelReason, PlaceReason } from './order-reasons.js';
import type { OrderTracker } from './order-tracker.js';
import { GONE_REASONS, UNCERTAIN_CODES, codeOf } from './venue-failures.js';

export interface OrderRequestsDeps {
  readonly venue: ExecutionVenue;
  readonly clock: Clock;
  readonly tracker: OrderTracker;
  readonly stats: ExecutorStats;
  readonly logger: Logger | undefined;
  readonly nextId: () => string;
  /** Dead-man orders' time to live in seconds (0: GTC). */
  readonly orderTtlSec: number;
  /** One warning per outage of each kind of cancel. */
  readonly cancelFailures: FailureEpisode;
  readonly cancelMarketFailures: FailureEpisode;
  /** Every failed request (the risk gate's burst rule reads throttles and errors). */
  readonly failed: (err: unknown) => void;
}

export class OrderRequests {
  readonly #d: OrderRequestsDeps;
  #postsStarted = 0;

  constructor(deps: OrderRequestsDeps) {
    this.#d = deps;
  }

  /** Order posts handed to the venue client (sent or aborted on the way). */
  get postsStarted(): number {
    return this.#postsStarted;
  }

  async cancelOne(id: string, reason: CancelReason, call: CallOptions): Promise<void> {
    const d = this.#d;
    d.tracker.markCancelling([id], true);
    try {
      this.#applyCancelResult(await d.venue.cancelOrder({ orderId: id }, call), [id]);
      d.stats.count('cancelled', 1, reason);
      d.cancelFailures.succeeded();
    } catch (err) {
      d.tracker.markCancelling([id], false);
      d.failed(err);
      d.stats.count('cancel_failed', 1, reason);
      if (codeOf(err) !== ErrorCode.ABORTED)
        d.cancelFailures.failed({ orderId: id, code: codeOf(err), err: (err as Error).message }, 'cancel failed; the order stays tracked');
    }
  }

  async cancelMarket(market: string, ids: readonly string[], why: (id: string) => CancelReason, call: CallOptions): Promise<void> {
    const d = this.#d;
    d.tracker.markCancelling(ids, true);
    try {
      this.#applyCancelResult(await d.venue.cancelMarketOrders({ market }, call), ids);
      for (const id of ids) d.stats.count('cancelled', 1, why(id));
      d.stats.count('cancel_market');
      d.cancelMarketFailures.succeeded();
    } catch (err) {
      d.tracker.markCancelling(ids, false);
      d.failed(err);
      for (const id of ids) d.stats.count('cancel_failed', 1, why(id));
      // An aborted request is the executor stopping, not a failure worth a line.
      if (codeOf(err) !== ErrorCode.ABORTED)
        d.cancelMarketFailures.failed(
          { market, code: codeOf(err), err: (err as Error).message },
          'cancel-market failed; the orders stay tracked',
        );
    }
  }

  #applyCancelResult(r: CancelResult, asked: readonly string[]): void {
    const { tracker, logger } = this.#d;
    tracker.dropIds(r.canceled);
    for (const [id, reason] of Object.entries(r.not_canceled)) {
      // Gone already (filled, cancelled elsewhere): nothing left to manage.
      if (GONE_REASONS.test(reason)) tracker.dropId(id);
      else {
        tracker.markCancelling([id], false);
        logger?.warn({ orderId: id, reason }, 'order not cancelled');
      }
    }
    // Asked for but in neither list: the venue no longer knows it. (One in `canceled` is gone
    // from the tracker already: dropping it again changes nothing.)
    for (const id of asked) if (!Object.hasOwn(r.not_canceled, id)) tracker.dropId(id);
  }

  /**
   * Posts one order. Not async: the post's own promise carries the answer's handling, so nothing
   * but a small closure is held per order while it is in flight (a burst re-prices thousands).
   */
  place(intent: OrderIntent, reason: PlaceReason, call: CallOptions): Promise<void> {
    const d = this.#d;
    const clientOrderId = d.nextId();
    const nowMs = d.clock.now();
    const ttl = d.orderTtlSec;
    // Whole seconds (the venue's unit), counted from now: the order lives ttl seconds at most.
    const expiresAtSec = ttl > 0 ? Math.floor(nowMs / 1000) + ttl : undefined;
    d.tracker.addPending(intent, clientOrderId, nowMs, expiresAtSec === undefined ? undefined : expiresAtSec * 1000);
    this.#postsStarted++;
    let posted: Promise<OrderResponse>;
    try {
      posted = d.venue.postTrustedOrder(
        {
          order: {
            asset_id: intent.tokenId,
            side: intent.side,
            price: toPlainString(intent.price),
            size: toPlainString(intent.size),
            expiration: expiresAtSec === undefined ? '0' : String(expiresAtSec),
            client_order_id: clientOrderId,
          },
          orderType: expiresAtSec === undefined ? 'GTC' : 'GTD',
          postOnly: true,
        },
        call,
      );
    } catch (err) {
      // A venue that throws instead of rejecting: the order is still settled like any failed post.
      posted = Promise.reject(err);
    }
    return posted.then(
      (res) => this.#placed(intent, reason, clientOrderId, res),
      (err: unknown) => this.#notPlaced(intent, clientOrderId, err),
    );
  }

  #placed(intent: OrderIntent, reason: PlaceReason, clientOrderId: string, res: OrderResponse): void {
    const d = this.#d;
    if (!res.success || res.status === 'unmatched') {
      d.tracker.dropClient(clientOrderId);
      d.stats.reject(res.errorMsg.includes('post-only') ? 'post_only_cross' : 'refused');
      d.logger?.debug({ market: intent.conditionId, reason: res.errorMsg }, 'order refused by the venue');
      return;
    }
    if (res.status === 'delayed') {
      d.tracker.markUncertain(clientOrderId);
      d.stats.count('uncertain');
      return;
    }
    // Shares already matched: a BUY takes shares, a SELL makes them (design.md section 3).
    const matchedText = intent.side === 'BUY' ? res.takingAmount : res.makingAmount;
    const matched = matchedText === '0' ? ZERO : /^\d+(\.\d+)?$/.test(matchedText) ? new Decimal(matchedText) : ZERO;
    d.tracker.confirm(clientOrderId, res.orderID, matched, d.clock.now());
    d.stats.count('placed', 1, reason);
  }

  #notPlaced(intent: OrderIntent, clientOrderId: string, err: unknown): void {
    const d = this.#d;
    d.failed(err);
    const code = codeOf(err);
    if (UNCERTAIN_CODES.has(code as ErrorCodeValue)) {
      d.tracker.markUncertain(clientOrderId);
      d.stats.count('uncertain');
      d.logger?.warn(
        { market: intent.conditionId, clientOrderId, code },
        'order post outcome unknown; settling through GET /data/orders before placing again',
      );
    } else {
      d.tracker.dropClient(clientOrderId);
      d.stats.reject(code);
    }
  }
}
