/**
 * Phase count-missed-fills: the venue's positions are read (and then polled), and the account's
 * fills since the last journaled one are fetched, journaled and applied to the portfolio, so the
 * journal is complete before it is compared with the venue; then the positions of markets that
 * resolved meanwhile are settled (market-settlements.ts: a settlement a crash cut short is made
 * now), and so on after every read of the positions. Without credentials there is no account to
 * read: nothing happens.
 */
import type { MetadataCache } from '../market/metadata-cache.js';
import type { PortfolioPositions } from '../paper/portfolio-positions.js';
import type { Fill } from '../portfolio/fill.js';
import { FillFeed } from '../portfolio/fill-feed.js';
import { ALL_MARKETS, type RiskGate } from '../risk/index.js';
import { PositionPoller } from '../trading/position-poller.js';
import type { VenueClient } from '../venue/client.js';
import type { VenueCredentialsInput } from '../venue/credentials.js';
import type { Closers } from './closers.js';
import type { DaemonContext } from './daemon-context.js';
import type { DaemonView } from './daemon-view.js';
import { MarketSettlements } from './market-settlements.js';
import type { JournalState } from './replay-journal.js';

export interface CountMissedFillsInput {
  readonly client: VenueClient;
  readonly credentials: VenueCredentialsInput | undefined;
  readonly scope: ReadonlySet<string>;
  readonly metadata: MetadataCache;
  readonly journal: JournalState;
  readonly risk: RiskGate;
  readonly checkLosses: () => void;
  /** Told every batch of new fills (the trading loop evaluates their markets again, and the guards learn of them). */
  readonly onFills: (fills: readonly Fill[]) => void;
  /** Where the positions poller's stop goes as soon as it runs (a failed catch-up still stops it). */
  readonly closers: Closers;
  /** Where the settlements are shown (the market stream tells them of markets resolving). */
  readonly view?: DaemonView | undefined;
}

export interface AccountFeeds {
  /** Started; stopped through `closers`. */
  readonly positions: PositionPoller | undefined;
  /** Caught up, not yet started (the caller starts it once the positions are reconciled). */
  readonly feed: FillFeed | undefined;
  /** Paper mode: the positions the strategies see, from the paper portfolio (src/daemon/paper-trading.ts). */
  readonly paperPositions?: PortfolioPositions | undefined;
  /** Resolved markets settled into the books (market-settlements.ts); with credentials only. */
  readonly settlements?: MarketSettlements | undefined;
}

export async function countMissedFills({ config, clock, logger }: DaemonContext, i: CountMissedFillsInput): Promise<AccountFeeds> {
  const { client, credentials, risk } = i;
  if (credentials === undefined) return { positions: undefined, feed: undefined };
  const positions = new PositionPoller({
    venue: client,
    user: credentials.address,
    clock,
    intervalMs: config.executor.positionsIntervalMs,
    logger: logger.child({ component: 'positions' }),
  });
  await positions.refresh();
  positions.start();
  i.closers.push(() => positions.stop());
  const feed = new FillFeed({
    venue: client,
    account: { address: credentials.address, apiKey: credentials.apiKey },
    fees: (market) => i.metadata.lastFees(market),
    scope: i.scope,
    journal: i.journal.journal,
    portfolio: i.journal.portfolio,
    deduper: i.journal.deduper,
    clock,
    pollIntervalMs: config.portfolio.pollIntervalMs,
    lastTimestampMs: i.journal.lastTimestampMs,
    logger: logger.child({ component: 'fills' }),
    // Fills that cannot be made durable must not go on being made: halt until the journal works.
    onJournalHealth: (healthy) => risk.setOverride(ALL_MARKETS, 'journal', healthy ? undefined : 'HALTED'),
    onFills: (fills: readonly Fill[]) => {
      i.journal.fillCounts.addAll(fills);
      i.onFills(fills);
      void positions.refresh();
      i.checkLosses();
    },
  });
  const counted = await feed.catchUp();
  logger.info({ fills: counted }, 'start-up: fills since the last journaled one counted');
  const settlements = new MarketSettlements({
    clock,
    logger: logger.child({ component: 'settlements' }),
    portfolio: i.journal.portfolio,
    journal: i.journal.journal,
    exclusive: (job) => feed.exclusive(job),
    positions,
    listing: (conditionId) => client.getMarket({ condition_id: conditionId }),
    endOf: (conditionId) => i.metadata.lastKnown(conditionId)?.endDateMs,
  });
  i.closers.push(() => settlements.close());
  // Before the journal is reconciled with the venue: what resolved while no daemon ran is settled.
  await settlements.check();
  if (i.view !== undefined) i.view.settlements = settlements;
  return { positions, feed, settlements };
}
