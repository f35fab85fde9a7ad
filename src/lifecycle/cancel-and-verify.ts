/**
 * Cancels every open order of ours in a set of markets (or all of them) and proves it: cancel
 * market by market (DELETE /cancel-market-orders, which also catches posts still in flight when
 * they land; order by order where others' orders rest beside ours), list the open orders
 * (GET /data/orders, every page), and repeat until a listing shows none of ours or the deadline
 * passes. Every request carries the deadline, so a slow or silent venue cannot hold the caller
 * past it. Used at start-up (orders an earlier run left: crash-only recovery) and at shutdown.
 *
 * On a slow venue the listing does not wait for the cancels' answers: it goes out once they are
 * answered or LIST_LAG_MS after they were sent, whichever comes first, so a venue that takes 12 s
 * to answer is cancelled and verified in about 12 s, not 24. A failed listing or cancel (5xx,
 * 429, timeout) is tried again in the next round; a refusal that cannot change (credentials, a
 * bad parameter) ends at once.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { isMakerdError } from '../errors.js';
import { isRetryable } from '../venue/http/retry-policy.js';
import { everyPage } from '../venue/pagination.js';
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
  /**
   * Markets cancelled by market at once, before the first listing (shutdown: the markets it
   * quoted where no one else's order was seen).
   */
  readonly cancelFirst?: Iterable<string> | undefined;
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
  /** True when a listing after the last cancels showed no open order of ours in scope. */
  readonly verified: boolean;
  /** Orders cancelled (as the venue answered). */
  readonly cancelled: number;
  /** Rounds of cancels sent (each followed by a listing). */
  readonly rounds: number;
  /** Our orders the last listing showed (empty when verified, or when no listing ever answered). */
  readonly left: readonly OpenOrder[];
  /** True when at least one listing answered (`left` is then what the venue showed). */
  readonly listed: boolean;
  /** Why it could not verify, when it could not. */
  readonly error?: string | undefined;
  /** Others' orders in scope in the last listing (see `owns`): left alone. */
  readonly others?: readonly OpenOrder[] | undefined;
}

const MAX_PAGES = 1_000;
/** Longest wait for the cancels' answers before listing anyway. */
const LIST_LAG_MS = 250;
/** Pause after a round that failed: grows per round, capped so a venue that recovers is used soon. */
const ROUND_PAUSE_MS = 100;
const MAX_ROUND_PAUSE_MS = 1_000;

function pause(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimer(resolve, Math.max(0, ms)));
}

function describe(err: unknown): string {
  return `${isMakerdError(err) ? `${err.code}: ` : ''}${(err as Error).message}`;
}

/** A failure that another try can fix (the venue's 5xx, 429, 425, a timeout, the network). */
function transient(err: unknown): boolean {
  return isMakerdError(err) && isRetryable(err);
}

/**
 * The open orders in scope (every page): ours, and others' (see `owns`), and the pages read. A
 * listing of several pages is not one snapshot: the venue pages by offset, and an order that goes
 * while a later page is on its way moves the orders after it forward, past that page's start.
 */
export async function listOpen(
  o: Pick<CancelAndVerifyOptions, 'venue' | 'markets' | 'deadlineMs' | 'signal' | 'owns'>,
): Promise<{ ours: OpenOrder[]; others: OpenOrder[]; pages: number }> {
  const { orders, pages } = await listAll(o);
  const owns = o.owns ?? (() => true);
  return { ours: orders.filter((x) => owns(x.client_order_id)), others: orders.filter((x) => !owns(x.client_order_id)), pages };
}

async function listAll(
  o: Pick<CancelAndVerifyOptions, 'venue' | 'markets' | 'deadlineMs' | 'signal'>,
): Promise<{ orders: OpenOrder[]; pages: number }> {
  const call = { deadlineMs: o.deadlineMs, signal: o.signal };
  const { items, pages } = await everyPage(
    (cursor) => o.venue.getOpenOrders(cursor === undefined ? {} : { next_cursor: cursor }, call),
    MAX_PAGES,
  );
  const markets = o.markets;
  return { orders: markets === undefined ? items : items.filter((x) => markets.has(x.market)), pages };
}

interface CancelJob {
  readonly market: string;
  readonly what: 'cancel-market' | 'cancel';
  readonly run: () => Promise<CancelResult>;
}

export async function cancelAndVerify(o: CancelAndVerifyOptions): Promise<CancelAndVerifyResult> {
  let cancelled = 0;
  let rounds = 0;
  let left: OpenOrder[] = [];
  let others: OpenOrder[] = [];
  let listed = false;
  let error: string | undefined;
  // Why the venue gave no listing, from a listing that failed before the deadline: when nothing
  // was ever listed this is the reason to report (a cancel cut short by the deadline in the last
  // round says less).
  let listError: string | undefined;
  let failures = 0;
  let lastFailure: { what: string; err: unknown } | undefined;
  /** The last listing, of several pages, showed none of ours: one more must confirm it. */
  let noneBefore = false;
  const call = { deadlineMs: o.deadlineMs, signal: o.signal };
  const byMarket = (market: string): CancelJob => ({
    market,
    what: 'cancel-market',
    run: () => o.venue.cancelMarketOrders({ market }, call),
  });
  let jobs: CancelJob[] = [...new Set(o.cancelFirst ?? [])].filter((m) => o.markets === undefined || o.markets.has(m)).map(byMarket);
  const outOfTime = (): boolean => o.clock.now() >= o.deadlineMs || o.signal?.aborted === true;
  const run = async (j: CancelJob): Promise<void> => {
    try {
      const r = await j.run();
      cancelled += r.canceled.length;
      if (Object.keys(r.not_canceled).length > 0)
        o.logger?.warn({ market: j.market, not_canceled: r.not_canceled }, 'orders not cancelled');
    } catch (err) {
      // Counted, not logged one by one: a venue in an outage fails every round (logged once below).
      failures++;
      lastFailure = { what: j.what, err };
      error = `${j.what} failed: ${describe(err)}`;
    }
  };
  try {
    for (let pass = 1; ; pass++) {
      if (pass > 1 && outOfTime()) {
        const why = listed ? error : (listError ?? error);
        return { verified: false, cancelled, rounds, left, listed, error: why ?? 'deadline passed with orders still open', others };
      }
      let roundFailed = false;
      if (jobs.length > 0) {
        rounds++;
        const sent = Promise.all(jobs.map(run));
        // Listing once the cancels are answered, or soon after they were sent on a slow venue.
        await Promise.race([sent, pause(o.clock, Math.min(LIST_LAG_MS, o.deadlineMs - o.clock.now()))]);
      }
      try {
        const found = await listOpen(o);
        listed = true;
        left = found.ours;
        others = found.others;
        // None of ours in a listing of several pages proves nothing alone (orders of others going
        // meanwhile can shift ours past a page's start): a second listing after it must agree.
        if (left.length === 0 && (found.pages <= 1 || noneBefore)) return { verified: true, cancelled, rounds, left, listed, others };
        noneBefore = left.length === 0;
        // By market where only ours rest; order by order where others' rest beside them.
        const shared = new Set(others.map((x) => x.market));
        jobs = [
          ...[...new Set(left.map((x) => x.market))].filter((m) => !shared.has(m)).map(byMarket),
          ...left
            .filter((x) => shared.has(x.market))
            .map((x): CancelJob => ({ market: x.market, what: 'cancel', run: () => o.venue.cancelOrder({ orderId: x.id }, call) })),
        ];
      } catch (err) {
        // A listing cut short by the deadline says less than the venue's own refusal before it.
        if (error === undefined || !outOfTime()) error = `could not list open orders: ${describe(err)}`;
        if (!outOfTime()) listError = error;
        if (!transient(err) || outOfTime())
          return { verified: false, cancelled, rounds, left, listed, error: listed ? error : (listError ?? error), others };
        roundFailed = true;
      }
      if (outOfTime()) continue;
      // From the second round on, give the venue a moment (orders it is still matching, a failing
      // cancel, a throttle): never a tight loop, never past the deadline.
      const wait = Math.min(ROUND_PAUSE_MS * pass, MAX_ROUND_PAUSE_MS, o.deadlineMs - o.clock.now());
      if (roundFailed || rounds > 1) await pause(o.clock, wait);
    }
  } finally {
    if (lastFailure !== undefined)
      o.logger?.warn({ failures, err: describe(lastFailure.err) }, `${lastFailure.what} failed (tried again each round)`);
  }
}
