/**
 * Part of phase start-quoting: what makerd earns in liquidity rewards, estimated once a minute
 * (src/trading/reward-sampler.ts) and shown in /metrics and /status beside trading PnL. The day's
 * figures are saved in the data directory after each sample (src/rewards/estimate-file.ts), so a
 * restart on the same UTC day goes on from them; `makerd pnl` reads them. Paper runs save theirs
 * apart (`paper-rewards/`): a paper run never restores the account's estimate, nor the reverse. A
 * monitor run without credentials has no account (and no order: its estimate stays 0), so it
 * neither restores nor saves one. A file that cannot be read or written costs the estimate its
 * history, never the run: logged once, then ignored. A minute whose sample is missed on a market
 * is counted (makerd_reward_samples_missed_total) and logged once per episode of consecutive
 * missed minutes: when it starts, and when the market is sampled again, with the minutes missed.
 */
import type { Registry } from 'prom-client';
import { runIdentity } from '../data-dir/venue-identity.js';
import type { Executor } from '../execution/executor.js';
import type { MetadataCache } from '../market/metadata-cache.js';
import { registerRewardMetrics } from '../metrics/reward-metrics.js';
import { estimatesFolder, readTodayEstimate, writeEstimate } from '../rewards/estimate-file.js';
import { RewardEstimator } from '../rewards/reward-estimator.js';
import type { BookStore, StoredBook } from '../trading/book-store.js';
import type { PaperVenue } from '../paper/paper-venue.js';
import { RewardSampler } from '../trading/reward-sampler.js';
import type { DaemonContext } from './daemon-context.js';
import type { DaemonView } from './daemon-view.js';

export interface RewardEstimatesInput {
  readonly registry: Registry;
  readonly view: DaemonView;
  readonly books: BookStore;
  readonly executor: Executor;
  readonly metadata: MetadataCache;
}

function overlaid(stored: StoredBook | undefined, paper: PaperVenue): StoredBook | undefined {
  return stored === undefined ? undefined : paper.overlay(stored).stored;
}

/** Starts the sampler; returns its stop. */
export function startRewardEstimates({ config, clock, logger }: DaemonContext, i: RewardEstimatesInput): () => void {
  const log = logger.child({ component: 'rewards' });
  const dataDir = config.data.dir;
  const folder = estimatesFolder(config.trading.mode);
  // The account's saved day is the account's: a live monitor run without credentials leaves it alone.
  const accountless = config.venue.mode === 'live' && config.trading.mode === 'monitor' && runIdentity(config).account === null;
  const estimator = new RewardEstimator({
    onMalformed: (market, reason) => log.warn({ market, reason }, 'rewards object malformed: market not estimated (quoted as before)'),
  });
  const saved = accountless ? undefined : readTodayEstimate(dataDir, clock.now(), folder);
  if (saved !== undefined && 'problem' in saved) log.warn({ problem: saved.problem }, "today's reward estimate not restored");
  else if (saved !== undefined && estimator.restore(saved.state, clock.now()))
    log.info({ markets: Object.keys(saved.state.markets).length }, "today's reward estimate restored");
  let writeFailed = false;
  const save = (): void => {
    if (accountless) return;
    try {
      writeEstimate(dataDir, estimator.state(), folder);
      writeFailed = false;
    } catch (err) {
      if (!writeFailed) log.warn({ err: (err as Error).message }, 'reward estimate not saved (a restart will start the day again)');
      writeFailed = true;
    }
  };
  const paper = i.view.paper;
  const sampler = new RewardSampler({
    clock,
    // The markets of the moment: the selector's swaps change them at runtime.
    markets: () => i.view.markets.map((m) => ({ conditionId: m.conditionId, tokens: [m.tokens[0]!, m.tokens[1]!] as const })),
    // Paper mode: the virtual orders are added to the public books, as a live account's orders are
    // in the venue's (the sampler then takes them out again as ours, as in live mode).
    books: paper === undefined ? i.books : { get: (tokenId) => overlaid(i.books.get(tokenId), paper) },
    liveOrders: (market) => i.executor.tracker.liveOf(market),
    footprints: (market, nowMs) => i.executor.tracker.footprints(market, nowMs),
    metadata: (market) => i.metadata.get(market),
    estimator,
    staleAfterMs: config.poller.staleAfterMs,
    onSample: save,
    onMissStart: (e) =>
      log.warn(
        { market: e.market, minute: new Date(e.sinceMs).toISOString(), reason: Object.keys(e.reasons)[0] },
        'reward sample missed: the minute counts 0 in the estimate (logged again when sampling resumes)',
      ),
    onResume: (e) =>
      log.info(
        { market: e.market, since: new Date(e.sinceMs).toISOString(), missedMinutes: e.minutes, reasons: e.reasons },
        'reward sampling resumed after missed minutes',
      ),
  });
  registerRewardMetrics(i.registry, {
    estimates: () => estimator.estimates(),
    malformed: () => estimator.malformed(),
    missed: () => sampler.missed(),
    markets: () => i.view.markets.map((m) => m.conditionId),
  });
  i.view.rewards = estimator;
  sampler.start();
  return () => sampler.stop();
}
