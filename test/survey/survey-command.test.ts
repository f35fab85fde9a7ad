/**
 * `makerd survey` end to end, in-process, against the simulator on port 0 with its synthetic flow
 * on a fake clock that the survey shares (io.clock): the test moves time forward in steps while
 * the command runs, so a window of minutes takes seconds. The simulator is reached in live mode
 * without credentials, as a venue would be. Then against a venue answering 429, 5xx and malformed
 * pages: the survey finishes with what it read and names the rest.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.js';
import { SURVEY_HELP } from '../../src/cli/commands/survey.js';
import { packageRoot } from '../../src/package-root.js';
import type { SurveyReport } from '../../src/survey/summary.js';
import type { TradeFill } from '../../src/venue/types.js';
import { cli } from '../cli/run-cli.js';
import { type SimHarness, startSimHarness } from '../support/sim-harness.js';
import { driven, trackRequests } from './drive-clock.js';

const FACTS = join(packageRoot(), 'config', 'venue-facts.json');

trackRequests();

function env(h: SimHarness, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    MAKERD_VENUE_MODE: 'live',
    MAKERD_VENUE_BASE_URL: h.baseUrl,
    MAKERD_LOG_LEVEL: 'silent',
    MAKERD_POLLER_INTERVAL_MS: '2000',
    MAKERD_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'makerd-survey-')), 'data'),
    ...extra,
  };
}

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('makerd survey', () => {
  it('has its own help, and refuses bad flags before starting anything', async () => {
    expect((await cli(['survey', '--help'])).stdout).toBe(SURVEY_HELP);
    for (const args of [['--markets', '0'], ['--markets', '3', '--all'], ['--for', '-1'], ['--lookback', 'x'], ['--whatever']]) {
      const run = await cli(['survey', ...args], { MAKERD_LOG_LEVEL: 'silent' });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^makerd: survey: .* \(see makerd --help\)\n$/);
    }
    const missing = await cli(['survey', '--compare', '/nonexistent/facts.json'], { MAKERD_LOG_LEVEL: 'silent' });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/MAKERD_ERR_CONFIG: --compare \/nonexistent\/facts\.json: cannot read it/);
  });

  it('measures the simulator: figures consistent with its own trade tape, mark-outs at 300 s, the published figures beside them', async () => {
    h = await startSimHarness({ markets: 4, seed: 'survey-e2e', flow: { enabled: true, A: 2, k: 120 } });
    const out = join(mkdtempSync(join(tmpdir(), 'makerd-survey-')), 'survey.json');
    const args = ['survey', '--markets', '3', '--for', '320', '--json', '--quiet', '--compare', FACTS, '--out', out];
    const run = await driven(h.clock, cli(args, env(h), { clock: h.clock }), 200);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const r = JSON.parse(run.stdout) as SurveyReport & {
      compare: { key: string; measured: unknown; published: unknown; ratio: unknown }[];
    };
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(r);

    for (const key of [
      'trades_per_day_median',
      'trades_per_day_p90',
      'usdc_per_day_median',
      'trade_usdc_median',
      'spread_bps_mid_40_60_median',
      'depth_l1_top10_median',
      'maker_half_spread_cents_0s',
      'maker_markout_cents_300s',
      'pool_usdc_day_median',
      'paying_share',
      'markets',
      'unread',
    ])
      expect(r, key).toHaveProperty(key);
    expect(r.markets).toHaveLength(3);
    expect(r.unread).toEqual([]);
    expect(r.survey.window_s).toBeGreaterThanOrEqual(320);
    expect(r.survey.polls).toBeGreaterThan(100);

    for (const m of r.markets) {
      // Trades a day is the tape's count over its span, and the count is the simulator's own.
      const tape = m.tape!;
      expect(tape.bound).toBe('tape-end');
      expect(m.trades_per_day).toBeCloseTo((tape.trades * 86_400) / tape.span_s, 1);
      const fromS = Date.parse(tape.from!) / 1000;
      const toS = Date.parse(tape.to) / 1000;
      expect(toS - fromS).toBe(tape.span_s);
      const all = await h.request<TradeFill[]>('GET', '/trades', { query: { market: m.market, limit: 10_000 } });
      const own = all.body.filter((t) => t.timestamp >= fromS && t.timestamp < toS);
      expect(tape.trades).toBe(own.length);
      expect(tape.trades).toBeGreaterThan(50);
      const usdc = own.reduce((s, t) => s + t.usdcSize, 0);
      expect(m.usdc_per_day).toBeCloseTo((usdc * 86_400) / tape.span_s, -1);
      expect(m.book_polls).toBeGreaterThan(100);
      expect(m.spread_cents_median).toBeGreaterThan(0);
      expect(m.depth_l1_top10).toBeGreaterThan(0);
      expect(m.depth_l1_top10).toBeLessThanOrEqual(1);
      expect(m.fees).not.toBeNull();
    }
    // The makers' edge rests on trades inside the window, the 300 s mark-out on its first seconds.
    expect(r.maker_trades_0s).toBeGreaterThan(r.maker_trades_300s);
    expect(r.maker_trades_300s).toBeGreaterThan(0);
    expect(typeof r.maker_markout_cents_300s).toBe('number');
    // The simulator's background makers quote around fair value: takers pay them a spread.
    expect(r.maker_half_spread_cents_0s).toBeGreaterThan(0);
    expect(r.trades_per_day_median).toBeGreaterThan(1_000);

    const compared = r.compare.find((c) => c.key === 'trades_per_day_median' && c.published === 640);
    expect(compared?.ratio).toBeCloseTo(r.trades_per_day_median! / 640, 2);
    expect(r.compare.find((c) => c.key === 'trades_per_day_p90')).toMatchObject({ published: null, ratio: null });
    // Within the venue's limits all along (the simulator counts every window at its edge).
    const stats = await h.stats();
    expect(stats.edge_throttled_total).toBe(0);
  }, 30_000);

  it('against 429s, 5xx and malformed pages: finishes with what it read and names what it could not', async () => {
    h = await startSimHarness({
      markets: 3,
      seed: 'survey-faults',
      flow: { enabled: true, A: 2, k: 120 },
      faults: { throttleStormMs: 4_000, errorRate: 0.25, malformed: { kind: 'price', rate: 0.4 } },
    });
    const sim = h.sim;
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: {
        write: (s: string) => {
          stderr += s;
          // Once the window is over, every trade page comes back malformed.
          if (s.includes('reading the trade tapes')) sim.setFaults({ errorRate: 0, malformed: { kind: 'missing', rate: 1 } });
        },
      },
      env: env(h),
      clock: h.clock,
    };
    const run = await driven(
      h.clock,
      runCli(['survey', '--markets', '3', '--for', '60', '--json'], io).then((code) => ({ code, stdout, stderr })),
      200,
    );
    expect(run.code).toBe(0);
    const r = JSON.parse(run.stdout) as SurveyReport;
    const books = r.unread.find((u) => u.what === 'books')!;
    expect(books.failed).toBeGreaterThan(0);
    expect(books.failed).toBeLessThan(books.of!);
    expect(books.error).toMatch(/MAKERD_ERR_BAD_RESPONSE/);
    expect(r.unread.find((u) => u.what === 'midpoints')?.failed).toBeGreaterThan(0);
    const trades = r.unread.filter((u) => u.what === 'trades');
    expect(trades.map((u) => u.market).sort()).toEqual(r.markets.map((m) => m.market).sort());
    for (const u of trades) expect(u).toMatchObject({ read: 0, error: expect.stringMatching(/^MAKERD_ERR_BAD_RESPONSE: GET \/trades/) });
    // Every unread item is named on stderr too, after the progress lines.
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('makerd: survey: not read: '));
    expect(lines).toHaveLength(r.unread.length);
    expect(run.stderr).toMatch(/not read: books: \d+ of \d+ requests failed \(/);
    expect(run.stderr).toMatch(/not read: trades of [a-z0-9-]+: read 0 before it failed \(MAKERD_ERR_BAD_RESPONSE/);
    expect(run.stderr).toMatch(/makerd: survey: window over: \d+ polls in 60 s; reading the trade tapes of 3 markets/);
    // Partial figures: what was read is measured, what was not is null.
    expect(r.spread_cents_median).not.toBeNull();
    expect(r.depth_l1_top10_median).not.toBeNull();
    expect(r.mid_moves_per_hour_median).not.toBeNull();
    expect(r.paying_share).not.toBeNull();
    expect(r.trades_per_day_median).toBeNull();
    expect(r.maker_half_spread_cents_0s).toBeNull();
    expect(r.survey.tapes_read).toBe(0);
    const stats = await h.stats();
    // 429s it was sent (the storm), none it caused: never over a window.
    expect(stats.throttled_total).toBeGreaterThan(0);
    expect(stats.edge_throttled_total).toBe(0);
  }, 30_000);
});
