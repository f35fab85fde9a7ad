/**
 * `makerd run` end to end in sim mode: the embedded simulator starts on an ephemeral port, the
 * daemon discovers the tokens, polls them through the limiter over HTTP, and on the stop signal
 * stops, cancels and closes everything.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/log/logger.js';
import { PHASES } from '../../src/daemon/phase-runner.js';
import { runDaemon } from '../../src/main.js';

describe('runDaemon (sim mode)', () => {
  it('polls every token of the embedded simulator, then stops cleanly on signal', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-run-')), 'data');
    const { config } = loadConfig({
      env: {
        MAKERD_SIM_MARKETS: '3',
        MAKERD_SIM_FLOW: 'false',
        MAKERD_POLLER_INTERVAL_MS: '20',
        MAKERD_DATA_DIR: dataDir,
        MAKERD_METRICS_PORT: '0',
      },
    });
    const records: Record<string, unknown>[] = [];
    const stop = new AbortController();
    let snapshotSeen: () => void = () => {};
    const firstSnapshot = new Promise<void>((r) => (snapshotSeen = r));
    const destination = new Writable({
      write(chunk, _e, cb) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const rec = JSON.parse(line) as Record<string, unknown>;
          records.push(rec);
          if (rec.msg === 'market snapshot') snapshotSeen();
        }
        cb();
      },
    });
    const logger = createLogger({ level: 'info', destination });
    const running = runDaemon(config, logger, stop.signal);
    await firstSnapshot;
    const metricsUrl = records.find((r) => r.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')!.url as string;
    expect(await (await fetch(`${metricsUrl}/healthz`)).text()).toBe('ok\n');
    expect((await fetch(`${metricsUrl}/readyz`)).status).toBe(200);
    const scrape = await (await fetch(`${metricsUrl}/metrics`)).text();
    expect(scrape).toMatch(/makerd_venue_requests_total\{route="POST \/books",outcome="200"\} [1-9]/);
    expect(scrape).toMatch(/makerd_rate_limit_capacity\{scope="POST \/books",window="10s"\} 72/);
    // /status says what runs: the embedded simulator (venue.mode sim), trading live on it, and
    // each market by its question and slug as the simulator's catalog names it.
    const sim = records.find((r) => r.msg === 'embedded venue simulator started')!;
    const status = (await (await fetch(`${metricsUrl}/status`)).json()) as {
      venue: unknown;
      trading: string;
      markets: { market: string; question: string | null; slug: string | null }[];
    };
    expect(status.venue).toEqual({ kind: 'embedded-simulator', baseUrl: sim.baseUrl });
    expect(status.trading).toBe('live');
    expect(status.markets).toHaveLength(3);
    for (const m of status.markets) {
      expect(m.market).toMatch(/^0x[0-9a-f]{64}$/);
      expect(m.question).toMatch(/^[A-Z].* /);
      expect(m.slug).toMatch(/^[a-z0-9-]+$/);
    }
    expect(scrape).toMatch(/makerd_rate_limit_headroom_ratio\{scope="POST \/books"/);
    expect(scrape).toMatch(/makerd_poll_ticks_total [1-9]/);
    stop.abort();
    await running;
    await expect(fetch(`${metricsUrl}/healthz`)).rejects.toThrow();

    const msgs = records.map((r) => r.msg);
    expect(msgs).toContain('embedded venue simulator started');
    const quoting = records.find((r) => r.msg === 'quoting markets')!;
    // Nothing configured in sim mode: the simulator's markets that accept orders (all 3 here).
    expect(quoting).toMatchObject({ markets: 3, tokens: 6, strategies: ['bands'] });
    const snap = records.find((r) => r.msg === 'market snapshot')!;
    // Books from the simulator with no flow are empty on both sides but fresh: all usable, and
    // with no midpoint nothing is quoted.
    expect(snap).toMatchObject({ tick: 1, usable: 6, unusable: 0, openOrders: 0 });
    // The run as its phases: each started and finished once, in order, with its duration.
    const phaseLines = records.filter((r) => r.phase !== undefined);
    expect(phaseLines.map((r) => `${r.msg as string} ${r.phase as string}`)).toEqual(
      PHASES.flatMap((p) => [`phase started ${p}`, `phase finished ${p}`]),
    );
    for (const r of phaseLines.filter((l) => l.msg === 'phase finished')) expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(msgs.filter((m) => !String(m).startsWith('phase ')).slice(-4)).toEqual([
      'stopping: no new orders; cancelling open orders',
      // Nothing placed (no flow, no quote) after a start-up that verified none left.
      'no order placed by this run and none left by an earlier one: nothing to cancel',
      'journal flushed',
      'stopped',
    ]);
  });
});
