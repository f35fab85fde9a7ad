/** Configuration schema: risk limits, loss limits and the kill switch. */

export interface RiskConfig {
  state: 'ACTIVE' | 'REDUCING' | 'HALTED';
  maxPositionPerToken: string;
  maxNetExposure: string;
  maxGrossNotional: string;
  maxOpenOrders: number;
  maxOrdersPerMarket: number;
  maxOrderSize: string;
  minPrice: string;
  maxPrice: string;
  errorBurst: { count: number; windowMs: number; backoffMs: number };
  perEvent: { maxWorstLossUsdc: string };
  killSwitch: boolean;
  killSwitchFile: string;
  maxDailyLoss: string;
  maxDrawdown: string;
  lossAction: 'REDUCING' | 'HALTED';
  dayResetHourUtc: number;
  scope: 'daemon' | 'account';
}

export const riskSchema = {
  state: {
    doc: 'Trading state of every market: ACTIVE, REDUCING (only orders that reduce exposure) or HALTED (cancel all, place nothing)',
    format: ['ACTIVE', 'REDUCING', 'HALTED'],
    default: 'ACTIVE',
    env: 'MAKERD_RISK_STATE',
  },
  maxPositionPerToken: {
    doc: 'Shares held of one token at most (buys that could pass it are trimmed)',
    format: 'decimal-text',
    default: '500',
    env: 'MAKERD_RISK_MAX_POSITION_PER_TOKEN',
  },
  maxNetExposure: {
    doc: 'Net exposure of a market at most, |outcome 0 - outcome 1| shares, counting every resting order as filled',
    format: 'decimal-text',
    default: '300',
    env: 'MAKERD_RISK_MAX_NET_EXPOSURE',
  },
  maxGrossNotional: {
    doc: 'USDC at most in resting orders (price x size) over all markets',
    format: 'decimal-text',
    default: '5000',
    env: 'MAKERD_RISK_MAX_GROSS_NOTIONAL',
  },
  maxOpenOrders: {
    doc: 'Resting orders at most over all markets',
    format: 'positive-count',
    default: 2_000,
    env: 'MAKERD_RISK_MAX_OPEN_ORDERS',
  },
  maxOrdersPerMarket: {
    doc: 'Resting orders at most in one market',
    format: 'positive-count',
    default: 20,
    env: 'MAKERD_RISK_MAX_ORDERS_PER_MARKET',
  },
  maxOrderSize: {
    doc: 'Shares per order at most (larger quotes are trimmed)',
    format: 'decimal-text',
    default: '200',
    env: 'MAKERD_RISK_MAX_ORDER_SIZE',
  },
  minPrice: { doc: 'Lowest order price allowed', format: 'decimal-text', default: '0.01', env: 'MAKERD_RISK_MIN_PRICE' },
  maxPrice: { doc: 'Highest order price allowed', format: 'decimal-text', default: '0.99', env: 'MAKERD_RISK_MAX_PRICE' },
  errorBurst: {
    count: {
      doc: 'Venue errors or throttles within risk.errorBurst.windowMs that pull every quote',
      format: 'positive-count',
      default: 20,
      env: 'MAKERD_RISK_ERROR_BURST_COUNT',
    },
    windowMs: {
      doc: 'Window of the error burst',
      format: 'positive-duration-ms',
      default: 10_000,
      env: 'MAKERD_RISK_ERROR_BURST_WINDOW_MS',
    },
    backoffMs: {
      doc: 'How long quotes stay pulled after an error burst',
      format: 'positive-duration-ms',
      default: 5_000,
      env: 'MAKERD_RISK_ERROR_BACKOFF_MS',
    },
  },
  perEvent: {
    maxWorstLossUsdc: {
      doc: 'Worst-case loss in USDC at most over the outcomes of one neg-risk event: for each way the event can resolve (one of its markets Yes, the others No), the cost of the shares held in its markets less what they pay, every resting order counted as filled where that adds to the loss. Orders that would pass it are trimmed or refused (event-loss); markets of events that are not neg-risk have the per-market limits only; "0" = off',
      format: 'decimal-text',
      default: '500',
      env: 'MAKERD_RISK_PER_EVENT_MAX_WORST_LOSS_USDC',
    },
  },
  killSwitch: {
    doc: 'Halt everything: cancel every order, place none (also engaged while risk.killSwitchFile exists)',
    format: 'strict-boolean',
    default: false,
    env: 'MAKERD_RISK_KILL_SWITCH',
    arg: 'kill-switch',
  },
  killSwitchFile: {
    doc: 'File name in data.dir whose existence halts everything (touch to halt, remove to resume)',
    format: 'non-empty-string',
    default: 'KILL',
    env: 'MAKERD_RISK_KILL_SWITCH_FILE',
  },
  maxDailyLoss: {
    doc: 'Daily loss limit in USDC (realized + unrealized change since the trading day began); "0" = off',
    format: 'decimal-text',
    default: '0',
    env: 'MAKERD_RISK_MAX_DAILY_LOSS',
  },
  maxDrawdown: {
    doc: 'Drawdown limit in USDC below the peak of total PnL; "0" = off',
    format: 'decimal-text',
    default: '0',
    env: 'MAKERD_RISK_MAX_DRAWDOWN',
  },
  lossAction: {
    doc: 'State of every market while a loss limit is crossed',
    format: ['REDUCING', 'HALTED'],
    default: 'HALTED',
    env: 'MAKERD_RISK_LOSS_ACTION',
  },
  dayResetHourUtc: {
    doc: 'Hour (UTC) at which the trading day of the daily loss limit begins',
    format: 'hour-of-day',
    default: 0,
    env: 'MAKERD_RISK_DAY_RESET_HOUR_UTC',
  },
  scope: {
    doc: 'What risk.maxNetExposure, risk.maxGrossNotional, risk.maxOpenOrders and the loss limits limit: this daemon (daemon) or the whole account, shared by shard.count shards that each read the account from the venue and keep to their share (account; see docs/sharding.md). Read at start-up',
    format: ['daemon', 'account'],
    default: 'daemon',
    env: 'MAKERD_RISK_SCOPE',
  },
};
