/**
 * Configuration schema: what is quoted and how: the default strategy, the configured markets,
 * when quoting stops before a market's end, the selector and the shard.
 */

/** One configured market: a condition id or slug, optionally its own strategy, parameters, state and stop. */
export interface MarketEntry {
  market: string;
  strategy?: string;
  params?: Record<string, unknown>;
  state?: 'ACTIVE' | 'REDUCING' | 'HALTED';
  /** This market's quoting.stopBeforeEndSec. */
  stopBeforeEndSec?: number;
}

export interface StrategyConfig {
  name: string;
  params: Record<string, unknown>;
  dir: string;
}

export const strategySchema = {
  name: {
    doc: 'Strategy of every market without its own (a file of strategies/, e.g. bands or avellaneda)',
    format: 'non-empty-string',
    default: 'bands',
    env: 'MAKERD_STRATEGY',
    arg: 'strategy',
  },
  params: {
    doc: 'Parameters of strategy.name (see Strategy tuning); JSON text in env',
    format: 'object',
    default: {} as Record<string, unknown>,
    env: 'MAKERD_STRATEGY_PARAMS',
  },
  dir: {
    doc: 'Extra directory of compiled strategies (*.js), loaded after the built-in ones; empty = none',
    format: String,
    default: '',
    env: 'MAKERD_STRATEGY_DIR',
  },
};

export const marketsSchema = {
  doc: 'Markets to quote: [{"market": "<condition id or slug>", "strategy"?, "params"?, "state"?, "stopBeforeEndSec"?}]; env: comma-separated ids/slugs or JSON',
  format: 'market-list',
  default: [] as MarketEntry[],
  env: 'MAKERD_MARKETS',
};

export interface QuotingConfig {
  stopBeforeEndSec: number;
}

export const quotingSchema = {
  stopBeforeEndSec: {
    doc: "Stop quoting a market this many seconds before its end (the listing's end_date_iso): every order there is cancelled and verified, none placed after; the selector swaps it for another. A market's own markets[i].stopBeforeEndSec replaces it (SIGHUP reloads both; docs/lifecycle.md)",
    format: 'count',
    default: 300,
    env: 'MAKERD_QUOTING_STOP_BEFORE_END_SEC',
  },
};

export interface SelectorConfig {
  top: number;
  tag: string;
  by: 'listing' | 'rewards' | 'income';
  rerankSec: number;
  swapMargin: string;
  minHoldSec: number;
  volatilityPenalty: string;
  incomeCandidates: number;
  incomeLookbackSec: number;
  incomeMarkoutSec: number;
  inventoryRisk: string;
}

export const selectorSchema = {
  top: {
    doc: 'Also quote the first N active, accepting, open markets of /sampling-simplified-markets (0 = none; sim mode with no markets quotes 10)',
    format: 'count',
    default: 0,
    env: 'MAKERD_SELECTOR_TOP',
  },
  tag: { doc: 'Only markets carrying this tag (slug or label); empty = any', format: String, default: '', env: 'MAKERD_SELECTOR_TAG' },
  by: {
    doc: 'Order of the selector: listing (the sampling listing as served), rewards (expected liquidity reward per day per unit of capital, less a volatility penalty; docs/rewards.md) or income (expected income per day per unit of capital: reward, rebates, mark-outs, inventory cost; docs/markets.md)',
    format: ['listing', 'rewards', 'income'],
    default: 'listing',
    env: 'MAKERD_SELECTOR_BY',
  },
  rerankSec: {
    doc: 'With by = rewards or income: rank the sampling markets again every this many seconds and swap the markets quoted accordingly (0 = only at start; docs/rewards.md)',
    format: 'count',
    default: 3600,
    env: 'MAKERD_SELECTOR_RERANK_SEC',
  },
  swapMargin: {
    doc: 'With rerankSec: a market joins in place of a quoted one only if its ranking value beats that one by this fraction of it (0.2 = 20 %; SIGHUP reloads it)',
    format: 'decimal-text',
    default: '0.2',
    env: 'MAKERD_SELECTOR_SWAP_MARGIN',
  },
  minHoldSec: {
    doc: 'With rerankSec: a market joined is quoted at least this many seconds before a better one can replace it (SIGHUP reloads it)',
    format: 'count',
    default: 3600,
    env: 'MAKERD_SELECTOR_MIN_HOLD_SEC',
  },
  volatilityPenalty: {
    doc: "With by = rewards: USDC of reward per day per USDC of capital deducted per unit of the midpoint's daily volatility (0 = none)",
    format: 'decimal-text',
    default: '1',
    env: 'MAKERD_SELECTOR_VOLATILITY_PENALTY',
  },
  incomeCandidates: {
    doc: "With by = income: how many of the rewards ranking's best markets are read (trade tape, price history, fee rate) and ranked by expected income; the others are not ranked",
    format: 'positive-count',
    default: 20,
    env: 'MAKERD_SELECTOR_INCOME_CANDIDATES',
  },
  incomeLookbackSec: {
    doc: "With by = income: seconds of each candidate's trade tape and price history read back (volume, mark-outs, volatility)",
    format: 'positive-count',
    default: 86400,
    env: 'MAKERD_SELECTOR_INCOME_LOOKBACK_SEC',
  },
  incomeMarkoutSec: {
    doc: "With by = income: the horizon (seconds) at which the tape's trades are marked out against the price history",
    format: 'positive-count',
    default: 300,
    env: 'MAKERD_SELECTOR_INCOME_MARKOUT_SEC',
  },
  inventoryRisk: {
    doc: "With by = income: USDC a day deducted per share of one quote per unit of the midpoint's daily variance (0 = no inventory cost)",
    format: 'decimal-text',
    default: '1',
    env: 'MAKERD_SELECTOR_INVENTORY_RISK',
  },
};

export interface ShardConfig {
  index: number;
  count: number;
}

export const shardSchema = {
  index: {
    doc: "This daemon's shard, 0 .. shard.count - 1: it quotes only the selected markets whose condition-id hash falls here",
    format: 'count',
    default: 0,
    env: 'MAKERD_SHARD_INDEX',
    arg: 'shard-index',
  },
  count: {
    doc: 'Number of daemons sharing the selection (and the account)',
    format: 'positive-count',
    default: 1,
    env: 'MAKERD_SHARD_COUNT',
    arg: 'shard-count',
  },
};
