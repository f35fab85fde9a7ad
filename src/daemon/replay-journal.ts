/**
 * Phase replay-journal: what was counted before a crash is counted again, exactly once. The fills
 * of the journal (and the settlements of resolved markets, journal-record.ts) rebuild the portfolio, prime the de-duplicator and the fill counts, and the
 * journal is opened for appending. The embedded simulator starts empty every run, so its previous
 * journal is set aside first.
 */
import { FillCounts } from '../metrics/portfolio-metrics.js';
import { FillDeduper, FillJournal, JOURNAL_DIR, PAPER_JOURNAL_DIR, Portfolio, replayJournal } from '../portfolio/index.js';
import { archiveSimJournal } from '../portfolio/sim-journal.js';
import type { DaemonContext } from './daemon-context.js';

export interface ReplayJournalInput {
  /** Told the latency of every journal write (the metric is registered later). */
  readonly onJournalWrite: (latencyMs: number) => void;
}

export interface JournalState {
  readonly portfolio: Portfolio;
  readonly deduper: FillDeduper;
  readonly fillCounts: FillCounts;
  readonly journal: FillJournal;
  /** Venue time of the last journaled fill: where the fill feed catches up from. */
  readonly lastTimestampMs: number | undefined;
}

export async function restoreJournal(
  { config, clock, logger }: DaemonContext,
  { onJournalWrite }: ReplayJournalInput,
): Promise<JournalState> {
  // Paper mode keeps its virtual fills in a journal of their own, never mixed with the account's.
  const folder = config.trading.mode === 'paper' ? PAPER_JOURNAL_DIR : JOURNAL_DIR;
  if (config.venue.mode === 'sim') {
    const moved = archiveSimJournal(config.data.dir, clock.now(), folder);
    if (moved !== undefined) logger.info({ movedTo: moved }, "embedded simulator starts empty: the previous run's journal was set aside");
  }
  const replay = await replayJournal({ dataDir: config.data.dir, folder });
  for (const w of replay.warnings) logger.warn({ file: w.file, line: w.line }, `journal: ${w.message}`);
  const portfolio = new Portfolio({ clock, resetHourUtc: config.risk.dayResetHourUtc });
  const deduper = new FillDeduper();
  for (const f of replay.fills) deduper.admit(f);
  // Fills, and the settlements of resolved markets and their redemptions, in their order.
  portfolio.applyEntries(replay.entries);
  logger.info(
    {
      fills: replay.fills.length,
      settlements: replay.settlements,
      redemptions: replay.redemptions,
      files: replay.files.length,
      duplicates: replay.duplicates,
      lastMatchTime: replay.lastMatchTime,
    },
    'journal replayed',
  );
  const fillCounts = new FillCounts();
  fillCounts.addAll(replay.fills);
  const journal = new FillJournal({ dataDir: config.data.dir, folder, clock, onBatch: (b) => onJournalWrite(b.latencyMs) });
  return { portfolio, deduper, fillCounts, journal, lastTimestampMs: replay.lastTimestampMs };
}
