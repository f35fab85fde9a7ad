/**
 * What the exchange keeps per account: its orders (live ones separately, for open-order queries
 * and cancel-all), its account-trade views, and its positions per token. Closed orders are kept
 * for `order(id)` lookups up to a retention cap (oldest closed forgotten first); trade views up to
 * their own cap (oldest dropped first).
 */
import { type Decimal, ZERO } from '../../money.js';
import type { OrderFilter, SimAccount, SimToken } from '../contracts.js';
import type { Execution } from './execution.js';
import { orderSeqOf } from './ids.js';
import { PositionLedger } from './position-ledger.js';
import { matchesOrderFilter, type SimOrder } from './sim-order.js';
import { NOTIONAL_DECIMALS } from './units.js';

export class AccountState {
  /**
   * Every order still remembered (live and closed), by its counter (`order(id)` looks one up). Not
   * used without history: such an account (a backtest's synthetic user) rests a few dozen orders
   * and is hardly ever asked for one, so its live list is searched instead of keeping a Map entry
   * for each of its many orders.
   */
  readonly #orders = new Map<number, SimOrder>();
  /** Resting orders in placement order: an intrusive list (no hashing on the hot path). */
  #liveHead: SimOrder | undefined = undefined;
  #liveTail: SimOrder | undefined = undefined;
  liveCount = 0;
  /** Executions this account took part in (as taker or maker), oldest first. */
  trades: Execution[] = [];
  /** True while `trades` is in non-decreasing time (always, unless the clock was set back). */
  tradesInTimeOrder = true;
  readonly positions = new Map<string, PositionLedger>();
  /** Counters of the closed orders remembered, oldest first (from #closedHead). */
  #closed: number[] = [];
  #closedHead = 0;
  /** Fills (as taker or maker) and their notional (1e-8 USDC units = #volumeDec + #volumeInt). */
  fills = 0;
  #volumeInt = 0;
  #volumeDec: Decimal = ZERO;

  constructor(
    readonly account: SimAccount,
    readonly key: string,
    /**
     * False: the account's closed orders, trade views and positions are not kept (a synthetic
     * user's in a backtest: exchange-core.ts operatorHistoryOnly); its live orders (found by id
     * while they rest) and its fill counters are.
     */
    readonly keepsHistory = true,
  ) {}

  /** One of the account's remembered orders by id. */
  order(id: string): SimOrder | undefined {
    const seq = orderSeqOf(id);
    if (seq === undefined) return undefined;
    const order = this.keepsHistory ? this.#orders.get(seq) : this.#liveBySeq(seq);
    return order !== undefined && order.id === id ? order : undefined;
  }

  #liveBySeq(seq: number): SimOrder | undefined {
    for (let o = this.#liveHead; o !== undefined; o = o.nextLive) if (o.seq === seq) return o;
    return undefined;
  }

  /** A new order rests: remembered for `order(id)` and listed live. */
  addLive(order: SimOrder): void {
    if (this.keepsHistory) this.#orders.set(order.seq, order);
    order.prevLive = this.#liveTail;
    order.nextLive = undefined;
    if (this.#liveTail) this.#liveTail.nextLive = order;
    else this.#liveHead = order;
    this.#liveTail = order;
    this.liveCount++;
  }

  #removeLive(order: SimOrder): void {
    if (order.prevLive) order.prevLive.nextLive = order.nextLive;
    else if (this.#liveHead === order) this.#liveHead = order.nextLive;
    else return; // not in the list (never rested)
    if (order.nextLive) order.nextLive.prevLive = order.prevLive;
    else this.#liveTail = order.prevLive;
    order.prevLive = undefined;
    order.nextLive = undefined;
    this.liveCount--;
  }

  /** Live orders in placement order, those in `filter` when given (a copy, safe to cancel while iterating). */
  liveOrders(filter?: OrderFilter): SimOrder[] {
    const out: SimOrder[] = [];
    for (let o = this.#liveHead; o !== undefined; o = o.nextLive) if (filter === undefined || matchesOrderFilter(o, filter)) out.push(o);
    return out;
  }

  /**
   * A new order that ended in its placement (filled, or a FAK's rest cancelled), never live:
   * remembered as closed (not without history, which forgets closed orders).
   */
  closedAtOnce(order: SimOrder, cap: number): void {
    if (!this.keepsHistory) return;
    this.#orders.set(order.seq, order);
    this.#rememberClosed(order, cap);
  }

  /** Records that a resting `order` ended. */
  noteClosed(order: SimOrder, cap: number): void {
    this.#removeLive(order);
    if (this.keepsHistory) this.#rememberClosed(order, cap);
  }

  /** Keeps a closed order for `order(id)`; forgets the oldest closed order beyond `cap`. */
  #rememberClosed(order: SimOrder, cap: number): void {
    this.#closed.push(order.seq);
    if (this.#closed.length - this.#closedHead > cap) {
      this.#orders.delete(this.#closed[this.#closedHead]!);
      this.#closedHead++;
      if (this.#closedHead > 4096 && this.#closedHead * 2 > this.#closed.length) {
        this.#closed = this.#closed.slice(this.#closedHead);
        this.#closedHead = 0;
      }
    }
  }

  addTrade(exec: Execution, cap: number): void {
    if (!this.keepsHistory) return;
    const last = this.trades[this.trades.length - 1];
    if (last !== undefined && exec.timeSec < last.timeSec) this.tradesInTimeOrder = false;
    this.trades.push(exec);
    if (this.trades.length > cap * 2) this.trades = this.trades.slice(-cap);
  }

  /** Counts one fill of `notional` units (price units x size units). */
  addFill(notional: number): void {
    this.fills++;
    this.#volumeInt += notional;
    // Keep the integer accumulator exact: move it into the Decimal long before 2^53.
    if (this.#volumeInt > 2 ** 50) {
      this.#volumeDec = this.#volumeDec.add(this.#volumeInt);
      this.#volumeInt = 0;
    }
  }

  /** Notional traded, in USDC. */
  volume(): Decimal {
    return this.#volumeDec.add(this.#volumeInt).div(10 ** NOTIONAL_DECIMALS);
  }

  ledger(token: SimToken): PositionLedger {
    let ledger = this.positions.get(token.tokenId);
    if (ledger === undefined) {
      ledger = new PositionLedger(this.account.address, token);
      this.positions.set(token.tokenId, ledger);
    }
    return ledger;
  }
}
