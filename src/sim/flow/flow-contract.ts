/**
 * What the synthetic order flow (order-flow.ts) is given and what it offers: its options, the
 * jumps it made, its counters, and the running flow.
 */
import type { Clock } from '../../clock/clock.js';
import type { Decimal } from '../../money.js';
import type { SimExchange } from '../contracts.js';
import type { SimCatalog } from '../catalog/catalog-model.js';
import type { FlowParams } from './flow-params.js';
import type { MarketEnd } from '../ends/market-end.js';

export interface OrderFlowOptions {
  readonly clock: Clock;
  readonly exchange: SimExchange;
  readonly catalog: SimCatalog;
  /** Default: the catalog's seed. */
  readonly seed?: string | number | undefined;
  readonly params?: Partial<FlowParams> | undefined;
  /**
   * 'decimal' prices every order with the Decimal model even when the integer path could (tests
   * compare the two); default 'units' where the parameters allow it.
   */
  readonly pricing?: 'units' | 'decimal' | undefined;
  /**
   * Who moves a market to the fine tick near the bounds. 'venue' (default): the exchange's own
   * rule, from the book's midpoint (src/sim/exchange/tick-rule.ts), as on the real venue. 'fair':
   * the flow, from its fair value, checked at every step before anyone quotes, through the
   * exchange's tick change: for an exchange made with `autoTick: false` (backtests), so that the
   * switch — and every order priced on the tick after it — does not depend on the strategy's
   * orders in the book.
   */
  readonly tickRule?: 'venue' | 'fair' | undefined;
  /**
   * Markets that end within the run, by condition id (src/sim/ends): the flow heats up and drifts
   * toward the outcome in the last stretch and leaves a market alone once it ended.
   */
  readonly ends?: ReadonlyMap<string, MarketEnd> | undefined;
}

/** A jump of a market's fair value (outcome 0), as it happened. */
export interface FlowJump {
  readonly conditionId: string;
  /** Token id of outcome 0. */
  readonly tokenId: string;
  /** Clock time (ms) of the step that applied it. */
  readonly atMs: number;
  /** Fair value of outcome 0 just before and just after, 6 decimals. */
  readonly from: string;
  readonly to: string;
}

export interface FlowStats {
  steps: number;
  makerRefreshes: number;
  makerOrders: number;
  takerOrders: number;
  informedOrders: number;
  /** Taker orders that traded at least in part. */
  takerFills: number;
  /** Orders the exchange refused (e.g. a FAK that found nothing at its price). */
  refused: number;
  /** Orders the exchange threw on (should stay 0). */
  errors: number;
  jumps: number;
}

export interface OrderFlow {
  /** Posts the initial ladders at once, then steps every `stepMs` on the clock. */
  start(): void;
  stop(): void;
  /** Advances the flow by `dtMs` of market time now (does not touch the clock). */
  step(dtMs: number): void;
  /** Current fair value of a token (Decimal, 6 decimals), or undefined for a token not traded. */
  fair(tokenId: string): Decimal | undefined;
  /** The most recent jumps, oldest first (bounded history). */
  jumps(): readonly FlowJump[];
  stats(): Readonly<FlowStats>;
  readonly running: boolean;
  readonly params: FlowParams;
}
