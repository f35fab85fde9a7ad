/**
 * Start-up reconciliation: when the journal and the venue disagree on a position, the mismatch is
 * logged with both figures, counted, and puts that market in REDUCING (nothing that adds to its
 * exposure is placed) until the daemon is restarted with --accept-position-mismatch.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { loadConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/log/logger.js';
import { runDaemon } from '../../src/main.js';
import { Decimal } from '../../src/money.js';
import { FillJournal } from '../../src/portfolio/index.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

let h: SimHarness;
let market: string;
let t0: string;
let dataDir: string;

beforeAll(async () => {
  h = await startSimHarness({ markets: 2, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  const token = h.sim.world.lookup.tokens().find((t) => t.outcomeIndex === 0 && t.tickSize.eq('0.01'))!;
  market = token.conditionId;
  t0 = token.tokenId;
  const maker = synthetic(h, 0);
  for (const t of [token.tokenId, token.oppositeTokenId]) {
    rest(h, maker, t, 'BUY', '0.40', '100');
    rest(h, maker, t, 'SELL', '0.60', '100');
  }
  // A journal that says the account holds 10 of outcome 0; the venue says it holds nothing.
  dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-mismatch-')), 'data');
  const journal = new FillJournal({ dataDir, clock: h.clock });
  await journal.append([
    {
      tradeId: 'elsewhere:1',
      conditionId: market,
      tokenId: t0,
      outcomeIndex: 0,
      side: 'BUY',
      price: new Decimal('0.5'),
      size: new Decimal('10'),
      role: 'maker',
      fee: new Decimal(0),
      rebate: new Decimal(0),
      matchTime: new Date(h.clock.now() - 60_000).toISOString(),
      timestampMs: h.clock.now() - 60_000,
      orderId: 'o-1',
    },
  ]);
  await journal.close();
});

afterAll(async () => {
  await h?.close();
});

function start(extra: NodeJS.ProcessEnv) {
  const env = liveEnvFor(h, {
    MAKERD_MARKETS: market,
    MAKERD_POLLER_INTERVAL_MS: '150',
    MAKERD_POLLER_STALE_AFTER_MS: '3600000',
    MAKERD_METRICS_PORT: '0',
    MAKERD_DATA_DIR: dataDir,
    ...extra,
  });
  const records: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _e, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) records.push(JSON.parse(line) as Record<string, unknown>);
      cb();
    },
  });
  const stop = new AbortController();
  const running = runDaemon(loadConfig({ env }).config, createLogger({ level: 'info', destination }), stop.signal);
  return { records, stop, running };
}

const metricsOf = async (records: Record<string, unknown>[]): Promise<string> =>
  (
    await fetch(
      `${records.find((r) => r.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)')!.url as string}/metrics`,
    )
  ).text();

describe('journal vs venue positions at start-up', () => {
  it('a mismatch is logged with both figures, counted, and holds the market in REDUCING', async () => {
    const d = start({});
    try {
      await vi.waitFor(() => expect(d.records.some((r) => r.msg === 'quoting markets')).toBe(true), { timeout: 10_000, interval: 10 });
      expect(
        d.records.find(
          (r) =>
            r.msg ===
            'position mismatch between the journal and the venue: market REDUCING until restarted with --accept-position-mismatch',
        ),
      ).toMatchObject({
        market,
        token: t0,
        journal: '10',
        venue: '0',
      });
      await vi.waitFor(async () => expect(await metricsOf(d.records)).toMatch(/makerd_poll_ticks_total ([5-9]|\d{2,})\n/), {
        timeout: 10_000,
        interval: 20,
      });
      const scrape = await metricsOf(d.records);
      expect(scrape).toContain(`makerd_reconciliation_mismatches_total{market="${market}"} 1`);
      expect(scrape).toContain(`makerd_trading_state{market="${market}",state="REDUCING"} 1`);
      // The venue's position is flat: REDUCING leaves nothing to place.
      expect((h.sim.stats() as { open_orders: number }).open_orders).toBe(0);
    } finally {
      d.stop.abort();
      expect(await d.running).toBe(0);
    }
  });

  it('restarted with --accept-position-mismatch it logs the mismatch and quotes', async () => {
    const d = start({ MAKERD_ACCEPT_POSITION_MISMATCH: 'true' });
    try {
      await vi.waitFor(() => expect((h.sim.stats() as { open_orders: number }).open_orders).toBeGreaterThan(0), {
        timeout: 10_000,
        interval: 20,
      });
      expect(
        d.records.find((r) => r.msg === 'position mismatch between the journal and the venue: accepted (lifecycle.acceptPositionMismatch)'),
      ).toMatchObject({ market, journal: '10', venue: '0' });
    } finally {
      d.stop.abort();
      expect(await d.running).toBe(0);
    }
  });
});
