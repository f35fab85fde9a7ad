/** Configuration schema: how wanted quotes become orders, and how fills and positions are read back. */

export interface ExecutorConfig {
  repriceTicks: number;
  overlapReplacements: boolean;
  resizeFraction: number;
  cancelMarketFraction: number;
  syncIntervalMs: number;
  positionsIntervalMs: number;
  orderTtlSec: number;
}

export const executorSchema = {
  repriceTicks: {
    doc: 'Keep a resting order whose price is within this many ticks of the wanted one',
    format: 'count',
    default: 0,
    env: 'MAKERD_EXECUTOR_REPRICE_TICKS',
  },
  overlapReplacements: {
    doc: "Post a re-price's new order with the cancel of the old one, without waiting for the cancel's answer, when the risk gate finds that both may rest together within every limit (one round trip instead of two; off: every place waits for the cancels before it: cancel before place). Read at start-up",
    format: 'strict-boolean',
    default: false,
    env: 'MAKERD_EXECUTOR_OVERLAP_REPLACEMENTS',
  },
  resizeFraction: {
    doc: 'Keep a resting order whose size is within this fraction of the wanted one',
    format: 'ratio',
    default: 0.2,
    env: 'MAKERD_EXECUTOR_RESIZE_FRACTION',
  },
  cancelMarketFraction: {
    doc: "When more than this fraction of a market's orders go, one DELETE /cancel-market-orders replaces the single cancels",
    format: 'ratio',
    default: 0.5,
    env: 'MAKERD_EXECUTOR_CANCEL_MARKET_FRACTION',
  },
  syncIntervalMs: {
    doc: 'How often the live-order view is checked against GET /data/orders',
    format: 'positive-duration-ms',
    default: 5_000,
    env: 'MAKERD_EXECUTOR_SYNC_INTERVAL_MS',
  },
  positionsIntervalMs: {
    doc: 'How often positions are read from GET /positions',
    format: 'positive-duration-ms',
    default: 2_000,
    env: 'MAKERD_EXECUTOR_POSITIONS_INTERVAL_MS',
  },
  orderTtlSec: {
    doc: 'Dead-man orders: 0 places GTC orders; N places GTD orders that expire N seconds after they are posted, each re-placed once half of that has passed, so a daemon that dies leaves nothing resting for more than N seconds (costs order posts: see docs/executor.md)',
    format: 'order-ttl-seconds',
    default: 0,
    env: 'MAKERD_EXECUTOR_ORDER_TTL_SEC',
  },
};

/** live: orders at the venue; paper: virtual orders filled by the queue model (docs/paper-trading.md); monitor: watch only. */
export type TradingMode = 'live' | 'paper' | 'monitor';

export interface TradingConfig {
  mode: TradingMode;
  monitorOnly: boolean;
}

export const tradingSchema = {
  mode: {
    doc: "live: quote at the venue; paper: quote virtual orders on the venue's public data, filled by a queue model, no credentials used (docs/paper-trading.md); monitor: watch markets without trading",
    format: ['live', 'paper', 'monitor'],
    default: 'live',
    env: 'MAKERD_TRADING_MODE',
    arg: 'trading-mode',
  },
  monitorOnly: {
    doc: 'Deprecated alias of trading.mode monitor (true there means mode monitor; kept equal to mode === monitor after loading)',
    format: 'strict-boolean',
    default: false,
    env: 'MAKERD_MONITOR_ONLY',
    arg: 'monitor-only',
  },
};

export interface PortfolioConfig {
  pollIntervalMs: number;
  redeemableAlertAfterSec: number;
}

export const portfolioSchema = {
  pollIntervalMs: {
    doc: "How often the account's trades are fetched (GET /data/trades after the last fill)",
    format: 'positive-duration-ms',
    default: 2_000,
    env: 'MAKERD_PORTFOLIO_POLL_INTERVAL_MS',
  },
  redeemableAlertAfterSec: {
    doc: "How long a resolved market's payout may wait to be redeemed before the MakerdRedeemableWaiting alert fires (exported as makerd_redeemable_alert_after_seconds, which the alert compares makerd_redeemable_oldest_seconds with; docs/operations.md)",
    format: 'positive-count',
    default: 86_400,
    env: 'MAKERD_PORTFOLIO_REDEEMABLE_ALERT_AFTER_SEC',
  },
};
