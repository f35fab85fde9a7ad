/**
 * Part of phase select-markets: with `record.dir` set, `makerd run` records what it reads of the
 * venue for its markets (src/record: the poller's books and midpoints, the rules it reads, the
 * market stream's events) — the data a replay of this run needs (docs/recording-and-replay.md).
 * The recording is closed (flushed) at stop. It also records what the run did with that data:
 * its trading mode, each market evaluation and when fills reached the positions (main.ts), so a
 * replay of a paper run evaluates where the run did, on the same positions.
 */
import { venueOf } from '../data-dir/venue-identity.js';
import type { MarketRecorder } from '../record/market-recorder.js';
import { openRecording } from '../record/recording-session.js';
import type { Closers } from './closers.js';
import type { DaemonContext } from './daemon-context.js';

export function startRecording(
  { config, clock, logger }: DaemonContext,
  i: { readonly tokens: readonly string[]; readonly source: string; readonly closers: Closers },
): MarketRecorder | undefined {
  if (config.record.dir === '') return undefined;
  const session = openRecording(config.record, {
    clock,
    tokens: i.tokens,
    source: i.source,
    venue: venueOf(config),
    logger: logger.child({ component: 'recording' }),
  });
  // The mode first: a replay refuses a live run's books (they hold our orders) by it.
  session.recorder.run(config.trading.mode);
  i.closers.push(async () => {
    const figures = session.close();
    logger.info({ dir: session.writer.groupDir, ...figures }, 'recording closed');
  });
  return session.recorder;
}
