/**
 * `makerd tune` end to end, in-process (runs in this thread): a small search (6 settings, 3
 * tuning and 2 validation seeds, 12 minutes of the demo world each) writes its results file, the
 * best setting as a config file that `makerd check-config` accepts and `makerd backtest` scores as
 * the search did; a run stopped half-way and run again ends with the very file of an
 * uninterrupted run; `--shard 1/2` and `--shard 2/2` merged give that file too; and every refusal
 * comes before any run, naming what is wrong (exit 2 for options, 1 for files).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.js';
import { cli } from '../cli/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'makerd-tune-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (f: string): string => join(dir, f);

const OPTIONS: Readonly<Record<string, string>> = {
  strategy: 'avellaneda',
  world: 'demo',
  hours: '0.2',
  settings: '6',
  brackets: '2',
  seeds: '3',
  'min-seeds': '1',
  'validation-seeds': '2',
  'search-seed': 'e2e',
};

/** The small search's command line, with options replaced or added (`--flag value` pairs). */
function search(over: readonly string[] = []): string[] {
  const given = new Set(over.filter((w) => w.startsWith('--')).map((w) => w.slice(2)));
  const base = Object.entries(OPTIONS).flatMap(([k, v]) => (given.has(k) ? [] : [`--${k}`, v]));
  return ['tune', ...base, ...over];
}
const SEARCH = search();

type Json = Record<string, any>;
const json = (f: string): Json => JSON.parse(readFileSync(at(f), 'utf8')) as Json;

let one: Awaited<ReturnType<typeof cli>>;
beforeAll(async () => {
  one = await cli([
    ...SEARCH,
    '--results',
    at('one.json'),
    '--out-config',
    at('best.json'),
    '--report',
    at('one.html'),
    '--json',
    '--no-progress',
  ]);
}, 120_000);

describe('a small search', () => {
  it('writes the complete results file: the search, its settings, every run, the outcome', () => {
    expect(one.code, one.stderr).toBe(0);
    const r = json('one.json');
    expect(r).toMatchObject({ format: 'makerd-tune-results/1', shard: null, status: 'complete' });
    expect(r.searchId).toMatch(/^[0-9a-f]{16}$/);
    expect(r.search).toMatchObject({
      strategy: 'avellaneda',
      settings: 6,
      brackets: 2,
      eta: 3,
      minSeeds: 1,
      searchSeed: 'e2e',
      tuningSeeds: ['1', '2', '3'],
      validationSeeds: ['4', '5'],
      objective: 'mean-sd:0.1',
      limits: { maxInventory: null, maxLoss: null },
      backtest: { hours: 0.2, markets: 1, flowProfile: 'default' },
    });
    expect(r.settings.map((s: Json) => [s.index, s.bracket])).toEqual([
      [0, 0],
      [1, 1],
      [2, 0],
      [3, 1],
      [4, 0],
      [5, 1],
    ]);
    // Rungs of 1 and 3 seeds: each bracket runs 3 settings on seed 1, its best on seeds 2-3, and
    // validates it on seeds 4-5: 7 runs a bracket.
    const counts = Object.values(r.runs as Record<string, object>).map((x) => Object.keys(x).length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(14);
    for (const b of r.result.brackets) {
      expect(b.rungs.map((x: Json) => x.seeds)).toEqual([1, 3]);
      expect(b.rungs[0].ranked).toHaveLength(3);
      expect(b.rungs[1].kept).toEqual([b.winner]);
      expect(Object.keys(r.runs[String(b.winner)])).toEqual(['1', '2', '3', '4', '5']);
    }
    const all = Object.values(r.runs as Record<string, Record<string, Json>>).flatMap((x) => Object.values(x));
    for (const run of all) {
      expect(run.total).toMatch(/^-?\d+\.\d{6}$/);
      expect(Number(run.total)).toBeCloseTo(Number(run.totalPnl) + Number(run.rewards), 6);
    }
    expect(all.some((run) => run.fills > 0)).toBe(true);
  });

  it('prints the outcome as JSON with --json: the best first, its tuning and validation figures', () => {
    const out = JSON.parse(one.stdout) as Json;
    const r = json('one.json');
    expect(out.searchId).toBe(r.searchId);
    expect(out.finalists).toEqual(r.result.finalists);
    expect(out.best).toEqual(r.result.finalists[0]);
    expect(out.best.tuning.runs).toBe(3);
    expect(out.best.validation.runs).toBe(2);
    expect(typeof out.best.overfit).toBe('boolean');
    expect(one.stderr).toContain(`tune: report written to ${at('one.html')}`);
  });

  it('writes the best setting as a configuration makerd check-config accepts', async () => {
    const best = json('best.json');
    const r = json('one.json');
    expect(best).toEqual({ strategy: { name: 'avellaneda', params: r.result.finalists[0].params } });
    const check = await cli(['check-config', '--config', at('best.json')]);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stderr).toMatch(/^configuration valid: .*strategy avellaneda/);
  });

  it("and makerd backtest on the tuning seeds gives the best's tuning mean, to the micro-USDC", async () => {
    const r = json('one.json');
    const best = r.result.finalists[0];
    const bt = await cli([
      'backtest',
      '--strategy',
      'avellaneda',
      '--world',
      'demo',
      '--hours',
      '0.2',
      '--seeds',
      '3',
      '--params',
      at('best.json'),
      '--json',
      '--no-progress',
    ]);
    expect(bt.code, bt.stderr).toBe(0);
    const perRun = (JSON.parse(bt.stdout) as Json).strategies[0].perRun as Json[];
    expect(perRun.map((x) => x.total)).toEqual(['1', '2', '3'].map((s) => r.runs[String(best.index)][s].total));
    expect(best.tuning.mean).toBeCloseTo(perRun.reduce((a, x) => a + Number(x.total), 0) / 3, 6);
  });

  it('prints the finalists table without --json', async () => {
    const again = await cli([...SEARCH, '--results', at('one.json'), '--no-progress']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`tune: continuing from 14 run(s) in ${at('one.json')}`);
    expect(again.stdout).toMatch(/^tune avellaneda: 6 settings \(the base and 5 sampled, search seed e2e\) over gamma, k, /);
    expect(again.stdout).toContain("finalists (each bracket's winner), best first:");
    expect(again.stdout).toMatch(new RegExp(`\\nbest: #${json('one.json').result.finalists[0].index}: gamma=`));
  });
});

describe('resuming', () => {
  it('a run stopped half-way, run again, ends with the file of an uninterrupted run', async () => {
    const stop = new AbortController();
    let stderr = '';
    const code = await runCli([...SEARCH, '--results', at('resumed.json')], {
      stdout: { write: () => true },
      // Stop at the first progress line after the start: when the first settings are settled.
      stderr: {
        write: (s: string) => {
          stderr += s;
          if (/tune: [1-9]\d*\/6 settings/.test(s)) stop.abort('SIGINT');
          return true;
        },
      },
      env: {},
      stopSignal: stop.signal,
    });
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(
      /tune: stopped \(SIGINT\) after \d+ of 14 run\(s\), kept in .*resumed\.json: run the same command again to continue/,
    );
    const partial = json('resumed.json');
    expect(partial.status).toBe('running');
    expect(partial.result).toBeNull();
    const kept = Object.values(partial.runs as Record<string, object>).reduce((a, x) => a + Object.keys(x).length, 0);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(14);
    const rest = await cli([...SEARCH, '--results', at('resumed.json'), '--no-progress']);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stderr).toContain(`continuing from ${kept} run(s)`);
    expect(rest.stderr).toContain(`tune: 14 run(s) done`);
    expect(readFileSync(at('resumed.json'), 'utf8')).toBe(readFileSync(at('one.json'), 'utf8'));
  }, 120_000);
});

describe('shards', () => {
  it('--shard 1/2 and --shard 2/2 merged give the file, the best setting and the report of one run', async () => {
    const first = await cli([...SEARCH, '--shard', '1/2', '--results', at('s1.json'), '--no-progress']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('(shard 1/2: bracket(s) 0)');
    const second = await cli([...SEARCH, '--shard', '2/2', '--results', at('s2.json'), '--no-progress']);
    expect(second.code, second.stderr).toBe(0);
    expect(json('s1.json')).toMatchObject({ shard: { index: 1, count: 2 }, status: 'complete' });
    expect(json('s1.json').settings.map((s: Json) => s.index)).toEqual([0, 2, 4]);
    const merged = await cli([
      'tune',
      'merge',
      at('s2.json'),
      at('s1.json'),
      '--results',
      at('merged.json'),
      '--out-config',
      at('merged-best.json'),
    ]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stderr).toContain(`tune merge: 2 shard(s), 14 run(s): results in ${at('merged.json')}`);
    expect(readFileSync(at('merged.json'), 'utf8')).toBe(readFileSync(at('one.json'), 'utf8'));
    expect(readFileSync(at('merged-best.json'), 'utf8')).toBe(readFileSync(at('best.json'), 'utf8'));
  }, 120_000);

  it('merge refuses a missing shard, another search, and a whole search', async () => {
    const missing = await cli(['tune', 'merge', at('s1.json'), '--results', at('m2.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("tune merge: shard 2/2 missing: give every shard's results file");
    const whole = await cli(['tune', 'merge', at('s1.json'), at('one.json'), '--results', at('m2.json')]);
    expect(whole.code).toBe(1);
    expect(whole.stderr).toContain(`tune merge: ${at('one.json')} holds the whole search, not a shard: nothing to merge`);
    expect(existsSync(at('m2.json'))).toBe(false);
    const none = await cli(['tune', 'merge']);
    expect(none.code).toBe(2);
  });
});

describe('refusals before any run', () => {
  const refused = async (args: string[], code: number, message: string, results = 'refused.json'): Promise<void> => {
    const before = existsSync(at(results)) ? readFileSync(at(results), 'utf8') : undefined;
    const r = await cli(search(['--results', at(results), '--no-progress', ...args]));
    expect(r.code, r.stderr).toBe(code);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
    // Nothing ran: the results file is as it was (absent, or untouched).
    expect(existsSync(at(results)) ? readFileSync(at(results), 'utf8') : undefined).toBe(before);
  };

  it('a search space outside the schema’s range, naming the parameter and the rule (exit 1)', async () => {
    writeFileSync(at('space.json'), JSON.stringify({ gamma: { min: 0, max: 0.5 } }));
    await refused(
      ['--space', at('space.json')],
      1,
      `MAKERD_ERR_CONFIG: --space ${at('space.json')}: gamma: the range 0 .. 0.5 reaches outside the schema's range: the parameter must be a number > 0`,
    );
  });

  it('an unknown parameter (exit 1)', async () => {
    writeFileSync(at('space2.json'), JSON.stringify({ spread: { min: 0, max: 0.5 } }));
    await refused(
      ['--space', at('space2.json')],
      1,
      `--space ${at('space2.json')}: spread is not a parameter of avellaneda (known: gamma, k,`,
    );
  });

  it('an unknown objective (exit 2)', async () => {
    await refused(
      ['--objective', 'sharpe'],
      2,
      'makerd: tune: --objective: unknown objective "sharpe": must be mean, mean-sd:K or mean-se:K (K a number >= 0) (see makerd --help)',
    );
  });

  it('a results file from another search, naming the difference (exit 1), left as it was', async () => {
    await refused(
      ['--hours', '0.3'],
      1,
      `tune: the results file ${at('one.json')} is from another search (the runs (--world, --kind, --flow..., --hours, --markets, fees, rewards, the configuration): backtest.hours is 0.2 there, 0.3 here)`,
      'one.json',
    );
    await refused(
      ['--objective', 'mean'],
      1,
      'is from another search (--objective: objective is "mean-sd:0.1" there, "mean" here)',
      'one.json',
    );
    await refused(
      ['--shard', '1/2'],
      1,
      `tune: the results file ${at('one.json')} holds the whole search of this search, and this run is shard 1/2`,
      'one.json',
    );
  });

  it('a file that is not a results file (exit 1)', async () => {
    writeFileSync(at('other.json'), '{"strategy": {}}');
    await refused([], 1, `tune: ${at('other.json')} is not a results file of makerd tune`, 'other.json');
  });

  it.each([
    [
      ['--validation-seed-start', '3'],
      'tune: the validation seeds 3..4 overlap the tuning seeds 1..3: validation must run on seeds the search never saw',
    ],
    [['--shard', '3/2'], 'tune: --shard must be I/N with 1 <= I <= N (slice I of N, e.g. 1/4) (got "3/2")'],
    [
      ['--shard', '1/2', '--out-config', 'x.json'],
      'tune: --out-config and --report describe the whole search: give them to makerd tune merge',
    ],
    [['--compare', 'a,b'], 'tune: --compare is an option of makerd backtest, not of tune'],
    [['--kind', 'loud'], 'tune: --kind must be one of all, quiet, median, busy, news, paying, unpaid, rich (got "loud")'],
    [['--settings', '0'], 'tune: --settings must be an integer >= 1 and <= 100000 (got "0")'],
    [['--brackets', '7'], 'tune: --brackets must be an integer >= 1 and <= 6 (got "7")'],
    [['--max-inventory', '-5'], 'tune: --max-inventory must be a number > 0 (got "-5")'],
  ])('options %j (exit 2)', async (args, message) => {
    await refused(args, 2, message);
  });

  it('an unknown strategy (exit 1)', async () => {
    await refused(['--strategy', 'nope'], 1, '--strategy: unknown strategy "nope" (known: avellaneda, bands, glft');
  });

  it('bands without a space file: its schema declares no search range (exit 1)', async () => {
    await refused(
      ['--strategy', 'bands'],
      1,
      'tune: strategy bands: declares no search range in its parameter schema: give a search-space file (--space FILE)',
    );
  });
});

describe('makerd tune --help', () => {
  it('lists the options', async () => {
    const r = await cli(['tune', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^makerd tune — search a strategy's parameters/);
    for (const flag of ['--space', '--objective', '--validation-seeds', '--shard', '--results', '--out-config', '--report', '--jobs'])
      expect(r.stdout).toContain(flag);
  });
});
