/**
 * A recording of one market group from configuration `record.*`: the segment writer and the
 * recorder's taps on it, for `makerd record` and for `makerd run` with `record.dir` set. The
 * directory must be this venue's (record-dir-identity.ts) before anything is written in it.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import type { RecordConfig } from '../config/schema/record.js';
import { MarketRecorder } from './market-recorder.js';
import { claimRecordDir } from './record-dir-identity.js';
import { SegmentWriter, type WriterStats } from './segment-writer.js';

export interface RecordingSession {
  readonly recorder: MarketRecorder;
  readonly writer: SegmentWriter;
  /** Flushes, closes and releases the group; returns the figures. */
  close(): RecordingFigures;
}

export interface RecordingFigures extends WriterStats {
  /** JSON text of what was recorded, as received. */
  readonly receivedBytes: number;
  /** receivedBytes / bytesWritten. */
  readonly compression: number;
}

export function openRecording(
  record: RecordConfig,
  o: {
    readonly clock: Clock;
    readonly tokens: readonly string[];
    readonly source: string;
    /** The venue recorded (src/data-dir/venue-identity.ts: `embedded-simulator` or the normalized base URL). */
    readonly venue: string;
    readonly logger?: Logger | undefined;
  },
): RecordingSession {
  claimRecordDir(record.dir, o.venue, o.clock.now(), o.logger);
  let recorder: MarketRecorder | undefined;
  const writer = new SegmentWriter({
    dir: record.dir,
    group: record.group,
    clock: o.clock,
    flushMs: record.flushMs,
    maxBytes: Math.floor(record.maxMegabytes * 1_000_000),
    source: o.source,
    // The recorder's, once it exists (the first header is written before: the tokens at start).
    tokens: () => recorder?.tokens ?? o.tokens,
    logger: o.logger,
    onSegment: () => recorder?.newSegment(),
  });
  recorder = new MarketRecorder(writer, o.tokens);
  const rec = recorder;
  return {
    recorder: rec,
    writer,
    close: () => {
      writer.close();
      return { ...writer.stats, receivedBytes: rec.receivedBytes, compression: rec.receivedBytes / Math.max(1, writer.stats.bytesWritten) };
    },
  };
}
