/**
 * A recording directory holds one venue's recordings (src/record/record-dir-identity.ts): a replay
 * reads all its groups together, so a session of another venue is refused, whatever its group,
 * before it writes anything; an older directory (segments, no venue.json) is adopted.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { EMBEDDED_SIMULATOR, IDENTITY_FILE } from '../../src/data-dir/venue-identity.js';
import { listSegments } from '../../src/record/recording-reader.js';
import { openRecording } from '../../src/record/recording-session.js';
import { SegmentWriter } from '../../src/record/segment-writer.js';
import { rejectionOf } from '../support/catch-error.js';
import { logCapture } from '../support/log-capture.js';

const T0 = Date.UTC(2026, 2, 14, 9, 0, 0);
const VENUE = 'https://venue.example';

function session(dir: string, group: string, venue: string, clock = new FakeClock(T0)) {
  const { logger, lines } = logCapture();
  const s = openRecording(
    { dir, group, flushMs: 1000, maxMegabytes: 100 },
    { clock, tokens: ['m:0', 'm:1'], source: 'test', venue, logger },
  );
  return { s, lines };
}

describe('the venue of a recording directory', () => {
  it('is written by the first session; another venue is refused, in any group, before anything is written', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'makerd-rec-id-')), 'rec');
    const first = session(dir, 'a', VENUE);
    first.s.close();
    expect(JSON.parse(readFileSync(join(dir, IDENTITY_FILE), 'utf8'))).toEqual({
      venue: VENUE,
      account: null,
      since: new Date(T0).toISOString(),
    });
    // The same venue, another group: fine (and the reader skips the file).
    session(dir, 'b', VENUE).s.close();
    expect(listSegments(dir).map((r) => r.group)).toEqual(['a', 'b']);

    const err = await rejectionOf(Promise.resolve().then(() => session(dir, 'c', EMBEDDED_SIMULATOR)));
    expect([err.code, err.field]).toEqual(['MAKERD_ERR_CONFIG', 'record.dir']);
    expect(err.message).toBe(
      `record.dir: ${dir} holds recordings of venue ${VENUE} (since ${new Date(T0).toISOString()}), and this session records venue embedded-simulator: ` +
        'a replay reads every group of a recording directory together, so it holds one venue. ' +
        `To record, use another record.dir for this session (--record-dir or MAKERD_RECORD_DIR), or move ${dir} away`,
    );
    expect(existsSync(join(dir, 'c'))).toBe(false);
    // Nor in a group of the venue's.
    await rejectionOf(Promise.resolve().then(() => session(dir, 'a', EMBEDDED_SIMULATOR)));
    expect(readdirSync(join(dir, 'a')).filter((f) => f.endsWith('.mkrec.gz'))).toHaveLength(1);
  });

  it("adopts an older makerd's recording directory, saying so", () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'makerd-rec-id-')), 'rec');
    const clock = new FakeClock(T0);
    new SegmentWriter({ dir, group: 'g', clock, flushMs: 1000, maxBytes: 1e9, source: VENUE, tokens: ['m:0'] }).close();
    const { s, lines } = session(dir, 'g', VENUE, clock);
    s.close();
    expect(lines.filter((l) => String(l.msg).startsWith('recording directory of an older makerd adopted'))).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, IDENTITY_FILE), 'utf8')).venue).toBe(VENUE);
    // A new directory: no such line.
    const other = session(join(mkdtempSync(join(tmpdir(), 'makerd-rec-id-')), 'rec'), 'g', VENUE);
    other.s.close();
    expect(other.lines.filter((l) => String(l.msg).includes('adopted'))).toEqual([]);
  });
});
