/** The portfolio's public surface: what main.ts, the trading loop, metrics, risk and the CLI may use. */
export {
  DEFAULT_DEDUP_HORIZON_MS,
  FillDeduper,
  fillNotional,
  signedSize,
  type DedupVerdict,
  type Fill,
  type FillDeduperOptions,
  type FillRole,
  type FillSide,
  type OutcomeIndex,
} from './fill.js';
export { FEE_DECIMALS, makerFeeAndRebate, takerFee, type FeeTerms } from './fill-fees.js';
export { fillsFromAccountTrade, isTakerView, type AccountIdentity } from './fill-attribution.js';
export { decodeFill, encodeFill, type FillRecordV1 } from './fill-record.js';
export { FILL_RECORD_VERSION, FillRecordError } from './record-fields.js';
export { decodeEntry, encodeEntry, entryId, isFill, type JournalEntry } from './journal-record.js';
export {
  redemptionOf,
  settle,
  settlementId,
  settlementPnl,
  settlementPrice,
  type Redemption,
  type SettledPosition,
  type Settlement,
} from './settlement.js';
export { TokenPosition, type FillEffect } from './token-position.js';
export {
  Portfolio,
  type DailySnapshot,
  type EquitySnapshot,
  type MarketSnapshot,
  type PnlFigures,
  type PortfolioOptions,
  type PortfolioSnapshot,
  type RedeemableMarket,
  type TokenSnapshot,
} from './portfolio.js';
export { dayStartMs, utcDate } from './trading-day.js';
export {
  FillJournal,
  JOURNAL_DIR,
  PAPER_JOURNAL_DIR,
  JOURNAL_ERROR_CODE,
  journalDir,
  journalFileName,
  type FillJournalOptions,
  type JournalBatch,
} from './journal.js';
export { replayJournal, tradesAfterSeconds, type JournalWarning, type ReplayOptions, type ReplayResult } from './journal-replay.js';
