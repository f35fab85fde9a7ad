/**
 * makerd's one configuration schema. Precedence (lowest to highest): these defaults, then
 * config/default.json, then an optional `--config FILE`, then MAKERD_* environment variables,
 * then command-line flags. Unknown keys, wrong types and out-of-range values stop start-up.
 * The README's configuration table is generated from this file (`makerd config-doc`), in the
 * order of the sections below; each section lives in `schema/`, one concept a file.
 */
import {
  type ExecutorConfig,
  executorSchema,
  type PortfolioConfig,
  portfolioSchema,
  type TradingConfig,
  tradingSchema,
} from './schema/execution.js';
import { type IntensityConfig, intensitySchema } from './schema/intensity.js';
import { type LimitsConfig, limitsSchema } from './schema/limits.js';
import {
  type BooksConfig,
  booksSchema,
  type MetadataConfig,
  metadataSchema,
  type PollerConfig,
  pollerSchema,
  type StreamConfig,
  streamSchema,
} from './schema/market-data.js';
import {
  type DataConfig,
  dataSchema,
  type LifecycleConfig,
  type LogConfig,
  lifecycleSchema,
  logSchema,
  type MetricsConfig,
  metricsSchema,
} from './schema/process.js';
import {
  type MarketEntry,
  marketsSchema,
  type QuotingConfig,
  quotingSchema,
  type SelectorConfig,
  type ShardConfig,
  type StrategyConfig,
  selectorSchema,
  shardSchema,
  strategySchema,
} from './schema/quoting.js';
import { type RecordConfig, recordSchema } from './schema/record.js';
import { type RiskConfig, riskSchema } from './schema/risk.js';
import { type SimConfig, simSchema } from './schema/sim.js';
import { type VenueConfig, venueSchema } from './schema/venue.js';

export type { StreamMode } from './schema/market-data.js';
export type { MarketEntry } from './schema/quoting.js';

export interface MakerdConfig {
  venue: VenueConfig;
  limits: LimitsConfig;
  poller: PollerConfig;
  books: BooksConfig;
  sim: SimConfig;
  strategy: StrategyConfig;
  markets: MarketEntry[];
  quoting: QuotingConfig;
  selector: SelectorConfig;
  shard: ShardConfig;
  metadata: MetadataConfig;
  stream: StreamConfig;
  risk: RiskConfig;
  intensity: IntensityConfig;
  executor: ExecutorConfig;
  trading: TradingConfig;
  lifecycle: LifecycleConfig;
  portfolio: PortfolioConfig;
  metrics: MetricsConfig;
  data: DataConfig;
  record: RecordConfig;
  log: LogConfig;
}

export const schema = {
  venue: venueSchema,
  limits: limitsSchema,
  poller: pollerSchema,
  books: booksSchema,
  sim: simSchema,
  strategy: strategySchema,
  markets: marketsSchema,
  quoting: quotingSchema,
  selector: selectorSchema,
  shard: shardSchema,
  metadata: metadataSchema,
  stream: streamSchema,
  risk: riskSchema,
  intensity: intensitySchema,
  executor: executorSchema,
  trading: tradingSchema,
  lifecycle: lifecycleSchema,
  portfolio: portfolioSchema,
  metrics: metricsSchema,
  data: dataSchema,
  record: recordSchema,
  log: logSchema,
};
