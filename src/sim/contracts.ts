/**
 * The seams between the simulator's parts, so that the catalog, the exchange (matching engine and
 * accounts), the synthetic order flow and the HTTP/WebSocket server can be built and tested on
 * their own. Everything here is in-process and synchronous and takes time from an injected Clock.
 *
 *   catalog (src/sim/catalog)   -> SimCatalog: markets, tokens and their trading rules
 *   exchange (src/sim/exchange) -> SimExchange: books, orders, fills, accounts, positions
 *   flow (src/sim/flow)         -> drives synthetic accounts' orders through SimExchange
 *   server (src/sim/server)     -> HTTP + WS around all of it, auth, edge limits, faults
 */
import type { Decimal } from '../money.js';
import type {
  AccountTrade,
  CancelResult,
  FeeSchedule,
  OpenOrder,
  OrderBookSnapshot,
  OrderResponse,
  Position,
  Side,
  TradeFill,
} from '../venue/types.js';
import type { CheckedOrderBody } from '../venue/body-rules.js';

/** Everything the exchange needs to know about one outcome token. */
export interface SimToken {
  /** `<condition_id>:<outcome_index>` */
  readonly tokenId: string;
  readonly conditionId: string;
  readonly outcomeIndex: number;
  readonly outcome: string;
  readonly oppositeTokenId: string;
  readonly oppositeOutcome: string;
  /** The catalog's tick size; the exchange's current one is `SimExchange.tickSize(tokenId)`. */
  readonly tickSize: Decimal;
  readonly minOrderSize: Decimal;
  readonly negRisk: boolean;
  readonly fee: FeeSchedule;
  /** Market metadata copied into trade fills and positions. */
  readonly title: string;
  readonly slug: string;
  readonly eventSlug: string;
  readonly icon: string;
  readonly endDate: string;
  /** Fair value the synthetic flow starts from, in (0, 1). */
  readonly initialFair: Decimal;
}

export interface SimCatalogLookup {
  token(tokenId: string): SimToken | undefined;
  tokens(): readonly SimToken[];
}

/** A trading account: the operator's (credentials printed at start) or a synthetic user. */
export interface SimAccount {
  readonly address: string;
  readonly apiKey: string;
  readonly passphrase: string;
  /** base64url secret the account signs with. */
  readonly secret: string;
  /** The operator's accounts are counted in /_sim/stats; synthetic ones are not. */
  readonly operator: boolean;
  readonly name: string;
  readonly pseudonym: string;
}

export interface OrderFilter {
  market?: string;
  asset_id?: string;
}

export interface AccountTradeFilter {
  id?: string;
  taker?: string;
  maker?: string;
  market?: string;
  asset_id?: string;
  /** Unix seconds, strict */
  before?: number;
  after?: number;
}

export interface TradeFillFilter {
  user?: string;
  markets?: readonly string[];
  side?: Side;
  takerOnly: boolean;
  filterType?: 'CASH' | 'TOKENS';
  filterAmount?: number;
  /** Skip this many matching fills (default 0). */
  offset?: number;
  /** Stop after this many fills (default all), so a page never walks the whole history. */
  limit?: number;
}

/** What an account has traded since the simulator started (every fill, as taker or maker). */
export interface AccountActivity {
  readonly fills: number;
  /** Sum of size x price over its fills, USDC. */
  readonly volume: Decimal;
}

/** What the exchange tells its listeners; the server turns these into WebSocket events. */
export type ExchangeEvent =
  | { type: 'book'; tokenId: string }
  | {
      type: 'price_change';
      tokenId: string;
      changes: { price: string; side: Side; size: string }[];
    }
  | { type: 'last_trade_price'; tokenId: string; price: string; side: Side; size: string }
  | { type: 'tick_size_change'; tokenId: string; oldTickSize: string; newTickSize: string }
  /** The token's market resolved (src/sim/exchange/market-close.ts): one per token of the market. */
  | { type: 'market_resolved'; tokenId: string; winningTokenId: string; winningOutcome: string }
  /** An account trade involving `address` (as taker or maker). */
  | { type: 'trade'; address: string; trade: AccountTrade }
  /** Order lifecycle for its owner: PLACEMENT, UPDATE (partial fill), CANCELLATION, (EXPIRY as cancellation). */
  | { type: 'order'; address: string; event: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION'; order: OpenOrder };

/** What `SimExchange.setTickSize` did to a market (both of its tokens). */
export interface TickSizeChange {
  /** Condition id of the market. */
  readonly market: string;
  /** Its tokens, outcome 0 first. */
  readonly tokenIds: readonly string[];
  readonly oldTickSize: Decimal;
  readonly tickSize: Decimal;
}

export interface SimExchange {
  /** Places an order for `account`; tick, min size, post-only, FOK/FAK, STP applied. */
  placeOrder(account: SimAccount, order: CheckedOrderBody): OrderResponse;
  cancelOrder(account: SimAccount, orderId: string): CancelResult;
  cancelMarketOrders(account: SimAccount, filter: OrderFilter): CancelResult;
  cancelAll(account: SimAccount): CancelResult;
  openOrders(account: SimAccount, filter: OrderFilter): OpenOrder[];
  /** An order of this account (open or closed), or undefined. */
  order(account: SimAccount, orderId: string): OpenOrder | undefined;
  accountTrades(account: SimAccount, filter: AccountTradeFilter): AccountTrade[];
  /** Builder trades: every account trade in the venue (the simulator has one builder). */
  builderTrades(filter: AccountTradeFilter): AccountTrade[];
  /** Fills in the shape of GET /trades, newest first. */
  tradeFills(filter: TradeFillFilter): TradeFill[];
  /** How many fills `tradeFills` would find with no offset and no limit, counting no further than `max`. */
  countTradeFills(filter: TradeFillFilter, max: number): number;
  /** Fills and volume of a wallet (any case), undefined before its first fill; O(1). */
  activity(address: string): AccountActivity | undefined;
  /** Positions of a wallet (size > 0 or realized PnL), computed from its fills. */
  positions(address: string): Position[];
  book(tokenId: string): OrderBookSnapshot | undefined;
  /** (best bid + best ask) / 2 as a string, or undefined when a side is empty. */
  midpoint(tokenId: string): string | undefined;
  lastTradePrice(tokenId: string): string | undefined;
  /**
   * The token's current tick size: the catalog's until the market's tick changes (automatically
   * near the price bounds, or by `setTickSize`); undefined for an unknown token.
   */
  tickSize(tokenId: string): Decimal | undefined;
  /**
   * Sets the tick size of the token's market (both tokens), in either direction; resting orders
   * stay where they are. Emits `tick_size_change` for each token whose tick changed. Undefined for
   * an unknown token; throws BAD_PARAMETER for a tick not in (0, 1) on the 0.000001 grid.
   */
  setTickSize(tokenId: string, tickSize: Decimal): TickSizeChange | undefined;
  /** Expires GTD orders whose time has come (also done lazily on every call). */
  expire(): void;
  subscribe(listener: (event: ExchangeEvent) => void): () => void;
  /** Counters for /_sim/stats, restricted to operator accounts. */
  operatorStats(): { open_orders: number; fills_total: number };
}
