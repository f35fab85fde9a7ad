/**
 * Each venue and account keeps its own books, end to end: `makerd run` in sim mode (the embedded
 * simulator) on a data directory, then `makerd run` in live mode against another simulator (a
 * venue at a base URL) on the same directory. The live run stops in check-config with
 * MAKERD_ERR_CONFIG naming both (before, it replayed the embedded run's journal, reported a
 * position mismatch and set the markets REDUCING); it sends the venue nothing and leaves the
 * directory as it was. Another sim-mode run is welcome.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { runDaemon } from '../../src/main.js';
import { rejectionOf } from '../support/catch-error.js';
import { liveEnvFor } from '../support/live-env.js';
import { logCapture } from '../support/log-capture.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness | undefined;

afterAll(async () => {
  await h?.close();
});

/** A sim-mode run until it quotes, then stopped. */
async function simRun(dataDir: string, seed: string): Promise<Record<string, unknown>[]> {
  const { config } = loadConfig({
    env: { MAKERD_SIM_MARKETS: '2', MAKERD_SIM_FLOW: 'false', MAKERD_SIM_SEED: seed, MAKERD_DATA_DIR: dataDir, MAKERD_METRICS_PORT: '0' },
  });
  const { logger, lines } = logCapture();
  const stop = new AbortController();
  const running = runDaemon(config, logger, stop.signal);
  try {
    await vi.waitFor(() => expect(lines.find((l) => l.msg === 'quoting markets')).toBeDefined(), { timeout: 20_000, interval: 20 });
  } finally {
    stop.abort();
  }
  expect(await running).toBe(0);
  return lines;
}

describe('a data directory belongs to one venue and one account', () => {
  it('used with the embedded simulator, it is refused to a live venue, naming both, before any request', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-venue-')), 'data');
    await simRun(dataDir, '1');
    const identity = JSON.parse(readFileSync(join(dataDir, 'venue.json'), 'utf8')) as { venue: string; account: null; since: string };
    expect(identity).toEqual({ venue: 'embedded-simulator', account: null, since: expect.any(String) });
    const before = readdirSync(dataDir).sort();

    h = await startSimHarness({ markets: 2 });
    const venue = h.baseUrl.replace(/\/+$/, '');
    const account = h.credentials.address.toLowerCase();
    const { config } = loadConfig({ env: liveEnvFor(h, { MAKERD_DATA_DIR: dataDir, MAKERD_METRICS_PORT: '0' }) });
    const { logger, lines } = logCapture();
    const err = await rejectionOf(runDaemon(config, logger, new AbortController().signal));
    expect([err.code, err.field]).toEqual(['MAKERD_ERR_CONFIG', 'data.dir']);
    expect(err.message).toBe(
      `data.dir: ${dataDir} holds the data of venue embedded-simulator (since ${identity.since}), and this run is venue ${venue} account ${account}: ` +
        'a data directory keeps the journal, positions and reward estimates of one venue and one account. ' +
        `To start, use another data directory for this run (--data-dir or MAKERD_DATA_DIR), or move ${dataDir} away`,
    );
    // Stopped in the first phase: no journal replayed, nothing asked of the venue, nothing written.
    expect(lines.filter((l) => l.msg === 'phase started').map((l) => l.phase)).toEqual(['check-config']);
    expect(lines.find((l) => l.msg === 'journal replayed')).toBeUndefined();
    const stats = (await h.stats()) as { requests_by_route: Record<string, number> };
    expect(Object.keys(stats.requests_by_route).filter((r) => !r.includes('/_sim/'))).toEqual([]);
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(JSON.parse(readFileSync(join(dataDir, 'venue.json'), 'utf8'))).toEqual(identity);

    // Another embedded-simulator run (another seed even) is the same venue.
    const again = await simRun(dataDir, '1');
    expect(again.find((l) => l.msg === 'journal replayed')).toBeDefined();
  }, 60_000);
});
