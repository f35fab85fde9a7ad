/**
 * `makerd backtest` from the command line, in-process: the summary JSON's shape, `--compare` on
 * identical seeds facing the identical flow, determinism, progress only on stderr, and usage
 * errors that name the option and the rule.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBacktestArgs } from '../../src/cli/commands/backtest-args.js';
import { backtestSettings } from '../../src/cli/commands/backtest.js';
import { loadConfig } from '../../src/config/load.js';
import { cli } from '../cli/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'makerd-backtest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, any>;

describe('makerd backtest --compare', () => {
  const compare = cli([
    'backtest',
    '--world',
    'demo',
    '--compare',
    'bands,avellaneda',
    '--params',
    'avellaneda=config/avellaneda-tuned.json',
    '--hours',
    '0.1',
    '--seeds',
    '3',
    '--seed-start',
    '5',
    '--json',
    '--flow-digest',
  ]);

  it('prints the summary JSON on stdout and progress lines on stderr only', async () => {
    const run = await compare;
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Json;
    expect(Object.keys(out)).toEqual(['version', 'generatedAt', 'settings', 'strategies', 'comparison']);
    expect(out.settings).toMatchObject({ runs: 3, seeds: ['5', '6', '7'], markets: 1, hours: 0.1, markoutHorizonS: 60, world: 'demo' });
    expect(out.settings.flow).toEqual({
      profile: 'default',
      A: 0.5,
      k: 60,
      sigma: 0.01,
      jumpRatePerHour: 12,
      jumpSize: 0.4,
      informedShare: 0.3,
      foresightMs: 0,
    });
    expect(out.strategies.map((s: Json) => s.label)).toEqual(['bands', 'avellaneda']);
    for (const s of out.strategies) {
      expect(Object.keys(s.summary)).toEqual([
        'totalPnl',
        'settlement',
        'rewards',
        'total',
        'realizedPnl',
        'unrealizedPnl',
        'fills',
        'volumeNotional',
        'fees',
        'rebates',
        'maxInventory',
        'twoSidedShare',
        'markout',
        'markout5',
        'markout60',
        'markout300',
        'adverseShare',
      ]);
      for (const stat of Object.values(s.summary) as Json[])
        expect(Object.keys(stat)).toEqual(['mean', 'sd', 'se', 'p5', 'p50', 'p95', 'min', 'max', 'n']);
      expect(s.perRun).toHaveLength(3);
      for (const r of s.perRun) {
        expect(r.totalPnl).toMatch(/^-?\d+\.\d{6}$/);
        // Total = realized + unrealized, exactly (each already at micro-USDC... rounded the same way).
        expect(Math.abs(Number(r.totalPnl) - Number(r.realizedPnl) - Number(r.unrealizedPnl))).toBeLessThanOrEqual(0.000001);
      }
      expect(s.markoutCurve.map((c: Json) => c.horizonS)).toEqual([0, 1, 5, 15, 30, 60, 120, 300, 600]);
    }
    expect(Object.keys(out.comparison[0])).toEqual([
      'strategy',
      'against',
      'meanPnlDifference',
      'pairedStandardError',
      'meanPnlDifferenceInBaseSe',
      'pnlSdRatio',
      'maxInventoryRatio',
      'pnlMeanOverSd',
      'againstPnlMeanOverSd',
      'meanTotalDifference',
      'totalPairedStandardError',
      'totalSdRatio',
      'totalRatio',
      'totalMeanOverSd',
      'againstTotalMeanOverSd',
    ]);
    expect(out.comparison[0]).toMatchObject({ strategy: 'avellaneda', against: 'bands' });
    const base = out.strategies[0].summary.totalPnl;
    expect(out.comparison[0].againstPnlMeanOverSd).toBeCloseTo(base.mean / base.sd, 3);
    expect(run.stderr).toContain('backtest: run 6/6 done');
    expect(run.stdout).not.toContain('backtest: run');
  });

  it('runs every strategy on the identical seed list, facing the identical flow', async () => {
    const out = JSON.parse((await compare).stdout) as Json;
    const [a, b] = out.strategies;
    expect(a.seeds).toEqual(['5', '6', '7']);
    expect(b.seeds).toEqual(a.seeds);
    a.perRun.forEach((ra: Json, i: number) => {
      const rb = b.perRun[i];
      expect(rb.seed).toBe(ra.seed);
      // The orders the flow submitted (token, side, price, size, type, time) are the same...
      expect(rb.flowOrders).toBe(ra.flowOrders);
      expect(rb.flowDigest).toMatch(/^[0-9a-f]{64}$/);
      expect(rb.flowDigest).toBe(ra.flowDigest);
    });
    // ...while what the strategies made of them differs.
    expect(a.perRun.map((r: Json) => r.totalPnl)).not.toEqual(b.perRun.map((r: Json) => r.totalPnl));
    // And different seeds are different flows.
    expect(new Set(a.perRun.map((r: Json) => r.flowDigest)).size).toBe(3);
  });
});

describe('makerd backtest guards', () => {
  it('runs with each strategy guards unless --no-guards, on the same flow', async () => {
    // Guards that act at once: every fill widens its side (a burst of one).
    const file = join(dir, 'eager-guards.json');
    writeFileSync(file, JSON.stringify({ guards: { burstFills: 1, burstWindowS: 60, coolDownS: 600 } }));
    const args = [
      'backtest',
      '--world',
      'demo',
      '--strategy',
      'bands',
      '--params',
      file,
      '--hours',
      '0.5',
      '--seeds',
      '1',
      '--json',
      '--flow-digest',
      '--no-progress',
    ];
    const guarded = JSON.parse((await cli(args)).stdout) as Json;
    const plain = JSON.parse((await cli([...args, '--no-guards'])).stdout) as Json;
    const [g] = guarded.strategies[0].perRun;
    const [p] = plain.strategies[0].perRun;
    expect(p.flowDigest).toBe(g.flowDigest);
    expect(g.guardSeconds.bid.widened + g.guardSeconds.ask.widened).toBeGreaterThan(0);
    expect(p.guardSeconds).toEqual({ bid: { pulled: 0, widened: 0 }, ask: { pulled: 0, widened: 0 } });
    expect(p.totalPnl).not.toBe(g.totalPnl);
  });
});

describe('makerd backtest determinism', () => {
  it('gives the same result for the same seed', async () => {
    const args = ['backtest', '--strategy', 'bands', '--hours', '0.1', '--seeds', '2', '--json', '--flow-digest', '--no-progress'];
    const [one, two] = [await cli(args), await cli(args)];
    expect(one.code).toBe(0);
    const strip = (s: string) => ({ ...(JSON.parse(s) as Json), generatedAt: undefined });
    expect(strip(two.stdout)).toEqual(strip(one.stdout));
    expect(one.stderr).toBe('');
  });

  it('prints a table without --json', async () => {
    const run = await cli(['backtest', '--strategy', 'bands', '--hours', '0.05', '--seeds', '1']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^1 seed\(s\) x 1 strategy\(ies\), 1 market\(s\), 0.05 h each; seeds 1..1; venue world, all kinds of market; liquidity rewards: each market's terms in the catalog\n/,
    );
    expect(run.stdout).toMatch(/liquidity rewards \(USDC\)\s+bands/);
    expect(run.stdout).toMatch(/PnL \+ rewards \(USDC\)\s+bands/);
    expect(run.stdout).toMatch(/PnL total \(USDC\)\s+bands/);
    // One form for every horizon's name, the main one's (--markout-s 60) as the fixed ones'.
    expect(run.stdout).toMatch(/mark-out @60s \(USDC\/share\)\s+bands/);
    expect(run.stdout).toMatch(/mark-out @5s \(USDC\/share\)\s+bands/);
    expect(run.stdout).toMatch(/mark-out @300s \(USDC\/share\)\s+bands/);
    expect(run.stdout).toMatch(/adverse fills @60s \(share of filled shares\)\s+bands/);
    expect(run.stdout).not.toMatch(/mark-out@|fills@/);
    // The main horizon's row is not repeated.
    expect(run.stdout.match(/^mark-out @60s /gm)).toHaveLength(1);
    // One run, stderr not a terminal: no progress.
    expect(run.stderr).toBe('');
  });
});

describe('makerd backtest liquidity rewards', () => {
  it('--reward-* gives every market the terms; rewards and PnL + rewards per run and in the comparison', async () => {
    const base = ['backtest', '--hours', '0.2', '--seeds', '2', '--json', '--no-progress'];
    const terms = ['--reward-rate', '480', '--reward-max-spread', '4.5', '--reward-min-size', '10'];
    const run = await cli([...base, '--compare', 'bands,avellaneda', '--params', 'avellaneda=config/avellaneda-tuned.json', ...terms]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Json;
    expect(out.settings.rewards).toEqual({ dailyRate: 480, maxSpread: 4.5, minSize: 10 });
    for (const s of out.strategies) {
      for (const r of s.perRun) {
        expect(r.rewards).toMatch(/^\d+\.\d{6}$/);
        // 0.2 h of a day pays at most 480 x 0.2 / 24 = 4 (a share of 1 at every sample).
        expect(Number(r.rewards)).toBeLessThanOrEqual(4);
        expect(Number(r.total)).toBeCloseTo(Number(r.totalPnl) + Number(r.rewards), 6);
      }
    }
    expect(Number(out.strategies[0].perRun[0].rewards)).toBeGreaterThan(0);
    const c = out.comparison[0];
    const diff = (k: string) => out.strategies[1].summary[k].mean - out.strategies[0].summary[k].mean;
    expect(c.meanTotalDifference).toBeCloseTo(diff('total'), 5);
    // The same seeds without paying terms: the same trading, no rewards.
    const none = JSON.parse((await cli([...base, '--strategy', 'bands', '--reward-rate', '0'])).stdout) as Json;
    expect(none.strategies[0].perRun.map((r: Json) => [r.totalPnl, r.rewards, r.total])).toEqual(
      out.strategies[0].perRun.map((r: Json) => [r.totalPnl, '0.000000', r.totalPnl]),
    );
  });
});

describe('makerd backtest --flow PROFILE', () => {
  it('runs on the profile, with a flag overriding one of its values', async () => {
    const run = await cli([
      'backtest',
      '--world',
      'demo',
      '--strategy',
      'bands',
      '--flow',
      'news',
      '--jump-rate',
      '30',
      '--hours',
      '0.01',
      '--seeds',
      '1',
      '--json',
    ]);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as Json).settings.flow).toEqual({
      profile: 'news',
      A: 0.5,
      k: 60,
      sigma: 0.015,
      jumpRatePerHour: 30,
      jumpSize: 0.6,
      informedShare: 0.5,
      foresightMs: 0,
    });
  });

  it('replaces sim.flow.profile, while a sim.flow key the configuration gave still wins over it', () => {
    const file = join(dir, 'busy.json');
    writeFileSync(file, JSON.stringify({ sim: { flow: { profile: 'busy', k: 90 } } }));
    const loaded = loadConfig({ env: {}, configFile: file });
    const fromConfig = backtestSettings(loaded.config, parseBacktestArgs(['--world', 'demo']), loaded.given);
    expect(fromConfig.flowProfile).toBe('busy');
    expect(fromConfig.flow).toMatchObject({ A: 2, k: 90, sigma: 0.01, jumpRate: 8 / 3600, jumpSize: 0.3, informedShare: 0.2 });
    const calm = backtestSettings(loaded.config, parseBacktestArgs(['--world', 'demo', '--flow', 'calm', '--flow-a', '0.7']), loaded.given);
    expect(calm.flowProfile).toBe('calm');
    expect(calm.flow).toMatchObject({ A: 0.7, k: 90, sigma: 0.004, jumpRate: 2 / 3600, jumpSize: 0.3, informedShare: 0.1 });
  });
});

describe('makerd backtest in the venue world', () => {
  it('is the default: each market draws its own flow, fees and rewards; --kind picks a slice of the population', async () => {
    const run = await cli([
      'backtest',
      '--strategy',
      'bands',
      '--kind',
      'busy',
      '--flow-a',
      '0.02',
      '--hours',
      '0.05',
      '--seeds',
      '1',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Json;
    expect(out.settings.world).toBe('venue');
    expect(out.settings.venue).toEqual({ kind: 'busy', overrides: { A: 0.02 }, fees: 'per market' });
    expect(out.settings.flow).toBeUndefined();
    const loaded = loadConfig({ env: {} });
    const venue = backtestSettings(loaded.config, parseBacktestArgs(['--fee-rate', '0.1']), loaded.given);
    expect(venue.venue).toEqual({ kind: 'all', feeOverride: true, overrides: expect.any(Object) });
    expect(backtestSettings(loaded.config, parseBacktestArgs(['--world', 'demo']), loaded.given).venue).toBeUndefined();
  });

  it("refuses the demo world's flow options, naming them and what to use", async () => {
    for (const flag of [
      ['--flow', 'news'],
      ['--foresight-ms', '1000'],
    ]) {
      const run = await cli(['backtest', ...flag, '--hours', '0.01', '--seeds', '1']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${flag[0]} is an option of the demo world's flow`);
    }
  });
});

describe('makerd backtest usage errors name the option and the rule', () => {
  const cases: [string[], RegExp][] = [
    [['--hours', '0'], /--hours must be a number > 0 and <= 8760 \(got "0"\)/],
    [['--hours', 'x'], /--hours must be a number > 0 and <= 8760 \(got "x"\)/],
    [['--seeds', '2.5'], /--seeds must be an integer >= 1 and <= 100000 \(got "2.5"\)/],
    [['--markets', '0'], /--markets must be an integer >= 1 and <= 200 \(got "0"\)/],
    [['--informed-share', '2'], /--informed-share must be a number >= 0 and <= 1 \(got "2"\)/],
    [['--flow-k', '0'], /--flow-k must be a number > 0 \(got "0"\)/],
    [['--compare', 'bands'], /--compare must list at least two strategy names \(or LABEL:NAME\) separated by commas \(got "bands"\)/],
    [['--flow', 'loud'], /--flow must be one of calm, default, news, busy, informed \(got "loud"\)/],
    [['--world', 'moon'], /--world must be one of venue, demo \(got "moon"\)/],
    [['--kind', 'loud'], /--kind must be one of all, quiet, median, busy, news, paying, unpaid, rich \(got "loud"\)/],
    [['--strategy', 'bands', '--compare', 'bands,avellaneda'], /--strategy and --compare exclude each other/],
    [['--compare', 'bands,avellaneda', '--params', 'x.json'], /with --compare, give parameters per strategy: --params NAME=FILE/],
    [['--wat'], /unknown option --wat/],
    [['--reward-min-size', '10'], /--reward-min-size needs --reward-rate/],
    [['--reward-rate', '-1'], /--reward-rate must be a number >= 0 and <= 1000000 \(got "-1"\)/],
    [['--reward-rate', '5', '--reward-max-spread', '0'], /--reward-max-spread must be a number > 0 and <= 99 \(got "0"\)/],
    [['--hours'], /--hours needs a value/],
    [['--hours', '1', '--hours', '2'], /--hours given twice/],
    [['bands'], /unexpected argument 'bands'/],
  ];
  for (const [args, message] of cases) {
    it(args.join(' '), async () => {
      const run = await cli(['backtest', ...args]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
    });
  }

  it('an unknown strategy lists the known ones', async () => {
    const run = await cli(['backtest', '--strategy', 'nope', '--hours', '0.01', '--seeds', '1']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/MAKERD_ERR_CONFIG: --strategy: unknown strategy "nope" \(known: avellaneda, bands, glft\)/);
  });

  it('a bad parameter file names the file, the parameter and the rule', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ gamma: -1 }));
    const run = await cli(['backtest', '--strategy', 'avellaneda', '--params', file, '--hours', '0.01', '--seeds', '1']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`--params ${file} (avellaneda)`);
    expect(run.stderr).toMatch(/params\.gamma must be a number > 0/);
  });

  it('--help prints the backtest options', async () => {
    const run = await cli(['backtest', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('makerd backtest');
    expect(run.stdout).toContain('--compare A,B[,C]');
  });
});
