/**
 * The state one exchange shares between its concerns (placement, cancellation, tick sizes,
 * queries, positions): the books by token, created on first use from the catalog; the accounts'
 * states; the id source; the events of the current call; the GTD expiry queue; the execution
 * history; and the operator's counters for /_sim/stats. Internal to src/sim/exchange: the
 * MatchingExchange facade (sim-exchange.ts) owns one and is the only way in.
 */
import type { Clock } from '../../clock/clock.js';
import type { SimAccount, SimCatalogLookup } from '../contracts.js';
import { AccountState } from './account-state.js';
import { CallEvents } from './call-events.js';
import { EventBus } from './event-bus.js';
import type { Execution } from './execution.js';
import { ExpiryQueue } from './expiry-queue.js';
import { IdSource } from './ids.js';
import { TokenBook } from './token-book.js';

export interface SimExchangeRetention {
  /** Closed orders remembered per account for `order(id)` (default 10,000). */
  closedOrdersPerAccount?: number;
  /** Account-trade views kept per account (default 100,000; oldest dropped). */
  tradesPerAccount?: number;
  /** Executions kept for GET /trades and builder trades (default 100,000; oldest dropped). */
  executions?: number;
  /**
   * Keep positions, account-trade views and closed orders for the operator's accounts only
   * (default false: for every account); other accounts' orders are found by id while they rest. Backtests set it: nobody there asks after a synthetic
   * user's positions, trades or orders by id, and folding tens of thousands of their fills a day
   * was a tenth of a backtest's time.
   */
  operatorHistoryOnly?: boolean;
}

export const lower = (address: string): string => address.toLowerCase();

export class ExchangeCore {
  readonly clock: Clock;
  readonly #catalog: SimCatalogLookup;
  readonly #books = new Map<string, TokenBook>();
  readonly accounts = new Map<string, AccountState>();
  /** Account state by account object, saving the address lookup on the hot path. */
  readonly #stateByAccount = new WeakMap<SimAccount, AccountState>();
  readonly ids = new IdSource();
  readonly bus = new EventBus();
  readonly events = new CallEvents(this.bus);
  readonly expiry = new ExpiryQueue();
  /** Every execution, oldest first (builder trades and GET /trades). */
  executions: Execution[] = [];
  operatorOpen = 0;
  operatorFills = 0;
  /** What a share of each token of a resolved market pays: 1 (the winner) or 0 (market-close.ts). */
  readonly settlement = new Map<string, 0 | 1>();
  readonly closedCap: number;
  readonly tradesCap: number;
  readonly executionsCap: number;
  readonly operatorHistoryOnly: boolean;
  /** The automatic tick rule (tick-rule.ts) applies; off in backtests, where the flow decides it. */
  readonly autoTick: boolean;

  constructor(clock: Clock, catalog: SimCatalogLookup, retention: SimExchangeRetention = {}, autoTick = true) {
    this.clock = clock;
    this.autoTick = autoTick;
    this.#catalog = catalog;
    this.closedCap = retention.closedOrdersPerAccount ?? 10_000;
    this.tradesCap = retention.tradesPerAccount ?? 100_000;
    this.executionsCap = retention.executions ?? 100_000;
    this.operatorHistoryOnly = retention.operatorHistoryOnly ?? false;
  }

  nowSec(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  /** The token's book, created on first use; undefined for a token the catalog does not know. */
  book(tokenId: string): TokenBook | undefined {
    let book = this.#books.get(tokenId);
    if (book === undefined) {
      const token = this.#catalog.token(tokenId);
      if (token === undefined) return undefined;
      book = new TokenBook(token);
      this.#books.set(tokenId, book);
    }
    return book;
  }

  /** The token's book if it was ever used (no creation). */
  existingBook(tokenId: string): TokenBook | undefined {
    return this.#books.get(tokenId);
  }

  /** The account's state, created on first use. */
  state(account: SimAccount): AccountState {
    let state = this.#stateByAccount.get(account);
    if (state !== undefined) return state;
    const key = lower(account.address);
    state = this.accounts.get(key);
    if (state === undefined) {
      state = new AccountState(account, key, account.operator || !this.operatorHistoryOnly);
      this.accounts.set(key, state);
    }
    this.#stateByAccount.set(account, state);
    return state;
  }

  /** The state of the account at `address`, if it ever traded (no creation). */
  stateOf(address: string): AccountState | undefined {
    return this.accounts.get(lower(address));
  }
}
