/**
 * Cancels every open order of the account in a set of markets (or all of them) and proves it:
 * list the open orders (GET /data/orders, every page), cancel market by market
 * (DELETE /cancel-market-orders, the top priority in the limiter), list again, and repeat until
 * the listing is empty or the deadline passes. Every request carries the deadline, so a slow or
 * silent venue cannot hold the caller past it. Used at start-up (orders an earlier run left:
 * crash-only recovery) and at shutdown.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { isMakerdError } from '../errors.js';
import type { CancelResult, OpenOrder, Paged } from '../venue/types.js';

export interface CancelVenue {
  getOpenOrders(
    params: { market?: string; next_cursor?: string },
    options?: { deadlineMs?: number; signal?: AbortSignal },
  ): Promise<Paged<OpenOrder>>;
  cancelMarketOrders(params: { market: string }, options?: { deadlineMs?: number; signal?: AbortSignal }): Promise<CancelResult>;
  /** One order by id: where others' orders rest beside ours (a cancel by market would take theirs). */
  cancelOrder(params: { orderId: string }, options?: { deadlineMs?: number; signal?: AbortSignal }): Promise<CancelResult>;
}

export interface CancelAndVerifyOptions {
  readonly venue: CancelVenue;
  readonly clock: Clock;
  /** Markets to clear; undefined = every market the account has orders in. */
  readonly markets?: ReadonlySet<string> | undefined;
  /** Absolute clock time (ms) by which it must be done. */
  readonly deadlineMs: number;
  readonly logger?: Logger | undefined;
  /** Aborts everything at once (a second stop signal). */
  readonly signal?: AbortSignal | undefined;
  /**
   * Whether an order (by client order id) is ours; default every order. Others' orders are
   * neither cancelled nor waited for, and a market where they rest is cancelled order by order.
   */
  readonly owns?: ((clientOrderId: string) => boolean) | undefined;
}

export interface CancelAndVerifyResult {
  /** True when a listing after the last cancels showed no open order in scope. */
  readonly verified: boolean;
  /** Orders cancelled (as the venue answered). */
  readonly cancelled: number;
  /** Rounds of list + cancel. */
  readonly rounds: number;
  /** Orders still listed (or never listed because listing failed: then empty and verified false). */
  readonly left: readonly OpenOrder[];
  /** Why it could not verify, when it could not. */
  readonly error?: string | undefined;
  /** Others' orders in scope in the last listing (see `owns`): left alone. */
  readonly others?: readonly OpenOrder[] | undefined;
}

const MAX_PAGES = 1_000;
const ROUND_PAUSE_MS = 100;

function pause(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimer(resolve, ms));
}

/** The open orders in scope (every page): ours, and others' (see `owns`). */
export async function listOpen(
  o: Pick<CancelAndVerifyOptions, 'venue' | 'markets' | 'deadlineMs' | 'signal' | 'owns'>,
): Promise<{ ours: OpenOrder[]; others: OpenOrder[] }> {
  const all = await listAll(o);
  const owns = o.owns ?? (() => true);
  return { ours: all.filter((x) => owns(x.client_order_id)), others: all.filter((x) => !owns(x.client_order_id)) };
}

async function listAll(o: Pick<CancelAndVerifyOptions, 'venue' | 'markets' | 'deadlineMs' | 'signal'>): Promise<OpenOrder[]> {
  const out: OpenOrder[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const p = await o.venue.getOpenOrders(cursor === undefined ? {} : { next_cursor: cursor }, {
      deadlineMs: o.deadlineMs,
      signal: o.signal,
    });
    for (const order of p.data) if (o.markets === undefined || o.markets.has(order.market)) out.push(order);
    if (p.next_cursor === 'LTE=' || p.next_cursor === '' || p.next_cursor === cursor) break;
    cursor = p.next_cursor;
  }
  return out;
}

export async function cancelAndVerify(o: CancelAndVerifyOptions): Promise<CancelAndVerifyResult> {
  let cancelled = 0;
  let rounds = 0;
  let left: OpenOrder[] = [];
  let shared = new Set<string>();
  let others: OpenOrder[] = [];
  let error: string | undefined;
  for (;;) {
    try {
      const listed = await listOpen(o);
      left = listed.ours;
      others = listed.others;
      shared = new Set(others.map((x) => x.market));
    } catch (err) {
      error = `could not list open orders: ${isMakerdError(err) ? `${err.code}: ` : ''}${(err as Error).message}`;
      return { verified: false, cancelled, rounds, left, error };
    }
    if (left.length === 0) return { verified: true, cancelled, rounds, left, others };
    if (o.clock.now() >= o.deadlineMs || o.signal?.aborted === true) {
      return { verified: false, cancelled, rounds, left, error: error ?? 'deadline passed with orders still open' };
    }
    // From the second round on, give the venue a moment (orders it is still matching, a failing
    // cancel): never a tight loop, never past the deadline.
    if (rounds > 0) await pause(o.clock, Math.min(ROUND_PAUSE_MS * rounds, Math.max(0, o.deadlineMs - o.clock.now())));
    rounds++;
    const call = { deadlineMs: o.deadlineMs, signal: o.signal };
    const markets = [...new Set(left.map((x) => x.market))];
    const byId = left.filter((x) => shared.has(x.market));
    const jobs = [
      ...markets
        .filter((market) => !shared.has(market))
        .map((market) => ({ market, what: 'cancel-market', run: () => o.venue.cancelMarketOrders({ market }, call) })),
      ...byId.map((x) => ({ market: x.market, what: 'cancel', run: () => o.venue.cancelOrder({ orderId: x.id }, call) })),
    ];
    const results = await Promise.allSettled(jobs.map((j) => j.run()));
    results.forEach((r, i) => {
      const { market, what } = jobs[i]!;
      if (r.status === 'fulfilled') {
        cancelled += r.value.canceled.length;
        const notCancelled = Object.entries(r.value.not_canceled);
        if (notCancelled.length > 0) o.logger?.warn({ market, not_canceled: r.value.not_canceled }, 'orders not cancelled');
      } else {
        const e = r.reason as Error;
        error = `${what} failed: ${isMakerdError(e) ? `${e.code}: ` : ''}${e.message}`;
        o.logger?.warn({ market, err: e.message }, `${what} failed`);
      }
    });
  }
}
