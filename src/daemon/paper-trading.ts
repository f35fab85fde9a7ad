/**
 * Paper mode's parts of a run (trading.mode paper, docs/paper-trading.md). The executor trades on
 * a paper venue (virtual orders in the queue-fill model, driven by the market stream) instead of
 * the venue client, and phase count-missed-fills becomes `openPaperAccount`: virtual fills reach
 * the executor as order updates and the fill feed as account trades, so they are attributed,
 * journaled (in the paper journal) and counted exactly as live fills are, and the strategies see
 * the paper portfolio's positions. The venue stack has no credentials in this mode (open-venue),
 * so no request of the run can be signed.
 */
import type { Executor } from '../execution/executor.js';
import type { MetadataCache } from '../market/metadata-cache.js';
import { PaperVenue } from '../paper/paper-venue.js';
import { PortfolioPositions } from '../paper/portfolio-positions.js';
import type { AccountIdentity } from '../portfolio/fill-attribution.js';
import type { Fill } from '../portfolio/fill.js';
import { FillFeed } from '../portfolio/fill-feed.js';
import { ALL_MARKETS, type RiskGate } from '../risk/index.js';
import type { Closers } from './closers.js';
import type { AccountFeeds } from './count-missed-fills.js';
import type { DaemonContext } from './daemon-context.js';
import type { JournalState } from './replay-journal.js';

/** The paper account: fills name it as their maker (it never exists at the venue). */
export const PAPER_ACCOUNT: AccountIdentity = { address: 'paper', apiKey: 'paper' };

/** The paper venue of this run; its ids carry this data directory's prefix and the start time. */
export function createPaperVenue({ clock, logger }: DaemonContext, prefix: string): PaperVenue {
  const runId = `paper-${prefix}-${clock.now().toString(36)}`;
  logger.warn({ runId }, "paper trading: virtual orders on the venue's public data; nothing is placed at the venue");
  return new PaperVenue({ clock, account: PAPER_ACCOUNT, runId, logger: logger.child({ component: 'paper' }) });
}

export interface PaperAccountInput {
  readonly paper: PaperVenue;
  readonly executor: Executor;
  readonly metadata: MetadataCache;
  readonly scope: ReadonlySet<string>;
  readonly tokens: readonly string[];
  readonly journal: JournalState;
  readonly risk: RiskGate;
  readonly checkLosses: () => void;
  readonly onFills: (fills: readonly Fill[]) => void;
  readonly closers: Closers;
}

/** Phase count-missed-fills in paper mode: no venue account to read; the paper one, its feed started. */
export function openPaperAccount({ config, clock, logger }: DaemonContext, i: PaperAccountInput): AccountFeeds {
  const { journal, paper, risk } = i;
  const positions = new PortfolioPositions(journal.portfolio, i.tokens);
  const feed = new FillFeed({
    venue: paper,
    account: PAPER_ACCOUNT,
    fees: (market) => i.metadata.lastFees(market),
    scope: i.scope,
    journal: journal.journal,
    portfolio: journal.portfolio,
    deduper: journal.deduper,
    clock,
    pollIntervalMs: config.portfolio.pollIntervalMs,
    lastTimestampMs: journal.lastTimestampMs,
    logger: logger.child({ component: 'fills' }),
    onJournalHealth: (healthy) => risk.setOverride(ALL_MARKETS, 'journal', healthy ? undefined : 'HALTED'),
    onFills: (fills) => {
      journal.fillCounts.addAll(fills);
      positions.update(fills);
      i.onFills(fills);
      i.checkLosses();
    },
  });
  paper.onGone((order) => i.executor.applyOrderEvent(order));
  paper.onFill((trade, order) => {
    i.executor.applyOrderEvent(order);
    // A fill the journal refuses is fetched again by the feed's next catch-up (as live).
    feed.ingestTrades([trade]).catch(() => undefined);
  });
  feed.start();
  i.closers.push(() => {
    const n = paper.cancelAll();
    logger.info({ virtualOrders: n, fills: paper.stats.fills }, 'paper trading stopped: virtual orders cancelled');
  });
  return { positions: undefined, feed, paperPositions: positions };
}
