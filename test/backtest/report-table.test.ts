/**
 * The text report reads well: durations in h / min / s (a 60 s replay is `1 min 0 s`, not
 * `0.016648 h`), one name form for every mark-out horizon, and a note under the table for every
 * figure left empty (`-`) saying why.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BacktestReport, ReportSettings } from '../../src/backtest/backtest-report.js';
import { durationText } from '../../src/backtest/duration-text.js';
import type { MarkoutFigure } from '../../src/backtest/markout.js';
import { emptyFigureNotes, reportTable } from '../../src/backtest/report-table.js';
import type { RunResult } from '../../src/backtest/run-contract.js';
import { summarise } from '../../src/backtest/summary.js';
import { Decimal } from '../../src/money.js';
import { recordSimulation } from '../../src/record/sim-recording.js';
import { cli } from '../cli/run-cli.js';

describe('durationText', () => {
  it('writes seconds under a minute, min and s under an hour, h and min from an hour', () => {
    expect(durationText(60)).toBe('1 min 0 s');
    expect(durationText(0.5)).toBe('0.5 s');
    expect(durationText(0)).toBe('0 s');
    expect(durationText(42)).toBe('42 s');
    expect(durationText(59.999)).toBe('59.999 s');
    expect(durationText(90)).toBe('1 min 30 s');
    expect(durationText(3 * 3600 + 2 * 60)).toBe('3 h 2 min');
    expect(durationText(2 * 3600 + 5 * 60 + 10)).toBe('2 h 5 min');
    expect(durationText(3600)).toBe('1 h 0 min');
    expect(durationText(49 * 3600)).toBe('49 h 0 min');
  });

  it('rounds before it picks the units: never "60 s" nor "60 min"', () => {
    expect(durationText(59.9996)).toBe('1 min 0 s');
    expect(durationText(3599.6)).toBe('1 h 0 min');
    expect(durationText(0.016648 * 3600)).toBe('59.933 s');
    expect(durationText(Number.NaN)).toBe('-');
    expect(durationText(-1)).toBe('-');
  });
});

const D0 = new Decimal(0);

function markout(horizonS: number, fills: number, unresolved: number): MarkoutFigure {
  return {
    horizonS,
    perShare: fills > 0 ? new Decimal('0.01') : undefined,
    total: D0,
    shares: new Decimal(fills),
    fills,
    adverseShares: D0,
    adverseFills: 0,
    unresolved,
  };
}

function run(fills: number, markouts: readonly MarkoutFigure[]): RunResult {
  return {
    seed: '1',
    label: 'bands',
    realizedPnl: D0,
    unrealizedPnl: D0,
    totalPnl: D0,
    settlement: D0,
    rewards: D0,
    total: D0,
    fills,
    volumeShares: D0,
    volumeNotional: D0,
    fees: D0,
    rebates: D0,
    maxInventory: D0,
    finalInventory: D0,
    twoSidedShare: 1,
    markouts,
    series: [],
    orders: {} as RunResult['orders'],
    evaluations: 0,
    strategyErrors: 0,
    guardErrors: 0,
    flowOrders: 0,
    flowDigest: undefined,
    marketTimeS: 180,
    guardSeconds: { bid: { pulled: 0, widened: 0 }, ask: { pulled: 0, widened: 0 } },
  };
}

function report(runs: readonly RunResult[], over: Partial<ReportSettings> = {}): BacktestReport {
  const settings = {
    runs: runs.length,
    seeds: runs.map((r) => r.seed),
    markets: 1,
    hours: 0.05,
    pollIntervalMs: 1000,
    flowStepMs: 100,
    flow: { profile: 'default', A: 0, k: 0, sigma: 0, jumpRatePerHour: 0, jumpSize: 0, informedShare: 0, foresightMs: 0 },
    fee: { rate: 0, exponent: 0, takerOnly: true, rebateRate: 0 },
    rewards: 'catalog',
    markoutHorizonS: 60,
    markoutHorizonsS: [5, 60, 300],
    ...over,
  } as ReportSettings;
  return {
    version: 't',
    generatedAt: '2026-01-01T00:00:00.000Z',
    settings,
    strategies: [{ summary: summarise('bands', 'bands', {}, runs, settings.markoutHorizonS), paramsSource: 'defaults', runs }],
  };
}

describe('notes on empty figures', () => {
  it('a run without fills: every mark-out figure is empty, for want of fills', () => {
    const r = report([run(0, [markout(5, 0, 0), markout(60, 0, 0), markout(300, 0, 0)])]);
    expect(emptyFigureNotes(r)).toEqual([
      'note: "-" in mark-out @60s, mark-out @5s, mark-out @300s and adverse fills @60s (bands): no fill in any run, and a mark-out needs fills',
    ]);
  });

  it('fills too recent for a horizon: the note names the horizon, the fills and the run length', () => {
    const r = report([run(14, [markout(5, 14, 0), markout(60, 0, 14), markout(300, 0, 14)])]);
    const text = reportTable(r);
    expect(text).toMatch(/^mark-out @60s \(USDC\/share\)\s+bands\s+-\s+-\s+-\s+-\s+-$/m);
    expect(text).toMatch(/^mark-out @5s \(USDC\/share\)\s+bands\s+0\.01000 /m);
    expect(emptyFigureNotes(r)).toEqual([
      'note: "-" in mark-out @60s and adverse fills @60s (bands): no fill old enough for the 60 s horizon: each 3 min 0 s run ended before a midpoint came 60 s after any of its 14 fill(s)',
      'note: "-" in mark-out @300s (bands): no fill old enough for the 300 s horizon: each 3 min 0 s run ended before a midpoint came 300 s after any of its 14 fill(s)',
    ]);
    // The notes come right under the table.
    const lines = text.split('\n');
    const last = lines.findIndex((l) => l.startsWith('adverse fills @60s'));
    expect(lines[last + 1]).toMatch(/^note: "-" in mark-out @60s and adverse fills @60s/);
  });

  it('a horizon not measured says so; a report with every figure has no note', () => {
    const unmeasured = report([run(3, [markout(5, 3, 0), markout(60, 3, 0)])]);
    expect(emptyFigureNotes(unmeasured)).toEqual(['note: "-" in mark-out @300s (bands): the 300 s horizon was not measured']);
    const full = report([run(3, [markout(5, 3, 0), markout(60, 3, 0), markout(300, 3, 0)])]);
    expect(emptyFigureNotes(full)).toEqual([]);
    expect(reportTable(full)).not.toContain('note:');
  });
});

describe('income in the table', () => {
  it('names the total income, and says how it splits into the figures, each once', () => {
    const r = run(3, [markout(5, 3, 0), markout(60, 3, 0), markout(300, 3, 0)]);
    // realized 1.5 = trading 1.2 (closing gains - fees) + settlement 0.25 + rebates 0.05; income = 1.5 + 0.5 + rewards 0.3.
    const figures = { ...r, realizedPnl: new Decimal('1.5'), unrealizedPnl: new Decimal('0.5'), totalPnl: new Decimal('2') };
    const text = reportTable(
      report([
        {
          ...figures,
          settlement: new Decimal('0.25'),
          rebates: new Decimal('0.05'),
          rewards: new Decimal('0.3'),
          total: new Decimal('2.3'),
        },
      ]),
    );
    expect(text).toMatch(/^income = PnL \+ rewards \(USDC\)\s+bands\s+2\.30\s/m);
    expect(text).toMatch(/^PnL total \(USDC\)\s+bands\s+2\.00\s/m);
    expect(text).toContain(
      'income = PnL total + liquidity rewards; PnL total = PnL realized + unrealized; PnL realized = trading (closing gains - fees paid) + settlement + rebates',
    );
  });
});

describe('makerd backtest --replay: the text report of a 60 s recording', () => {
  it('says 1 min 0 s, names every horizon alike, and explains the empty main mark-out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'makerd-replay-60s-'));
    await recordSimulation({ dir, seed: 'replay-60', markets: 2, hours: 60 / 3600 });
    const out = join(mkdtempSync(join(tmpdir(), 'makerd-replay-60s-html-')), 'report.html');
    const r = await cli(['backtest', '--replay', dir, '--no-progress', '--out', out], { MAKERD_LOG_LEVEL: 'silent' });
    expect(r.code).toBe(0);
    const head = r.stdout.split('\n')[0]!;
    expect(head).toMatch(/^replay of .*: 1 strategy\(ies\), 2 market\(s\), 1 min 0 s, \d+ records, digest [0-9a-f]{16}$/);
    expect(head).not.toMatch(/\d h\b/);
    expect(r.stdout).toMatch(/^mark-out @60s \(USDC\/share\)\s+bands\s+-/m);
    expect(r.stdout).toMatch(/^adverse fills @60s \(share of filled shares\)\s+bands/m);
    expect(r.stdout).not.toMatch(/mark-out@|fills@/);
    expect(r.stdout).toMatch(
      /^note: "-" in mark-out @60s and adverse fills @60s \(bands\): no fill old enough for the 60 s horizon: the 1 min 0 s recording ended before a midpoint came 60 s after any of its \d+ fill\(s\)$/m,
    );
    // The HTML report says the same.
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('(1 min 0 s)');
    expect(html).toContain('no fill old enough for the 60 s horizon');
    expect(html).not.toContain(' h),');
  }, 60_000);
});
