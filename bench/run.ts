/**
 * `npm run bench [-- --json] [-- --only name,name] [-- --quick] [-- --full]`: runs the benchmarks
 * (every bench/*.bench.ts, compiled to dist/bench) one after another in this process and reports
 * one figure per headline key, each a median (or ratio) measured within this one run, so that
 * figures compare like with like on a noisy shared machine.
 *
 *  --json     one JSON object on stdout and nothing else: the headline keys flat at the top level
 *             (units in their names; null when the bench failed or does not exist yet, with a
 *             note), `details` keyed by bench, `machine`, `benches` (duration and status each),
 *             `targets`, `notes`. Without it, a readable table on stdout.
 *  --only     benches to run (file names without .bench.ts, comma-separated or repeated; bare
 *             names work too); only their keys are reported.
 *  --quick    a few repetitions each, to check the harness (figures are not comparable).
 *  --full     also the extra passes (tick-to-dispatch: bands variant and instrumented stages).
 *  --out F    also writes the JSON object to file F (pure JSON whatever npm prints on stdout).
 *
 * A progress line per bench goes to stderr (when it starts and when it ends). The exit status is
 * 1 when any bench threw (each named on stderr and in `failed`), 2 on a bad argument.
 * `npm run bench` prints npm's own banner lines on stdout first: `npm run --silent bench -- --json`
 * for JSON alone (or `node dist/bench/run.js --json` after `npm run build`).
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What every bench's default export receives (the backtester's bench may ignore it). */
export interface BenchOptions {
  /** Few repetitions: checks the harness, figures not comparable. */
  readonly quick: boolean;
  /** Extra passes beyond the headline figures. */
  readonly full: boolean;
}

type BenchFn = (options: BenchOptions) => Promise<Record<string, unknown>>;

interface KeySpec {
  readonly key: string;
  readonly bench: string;
  readonly what: string;
  /** e.g. '< 1000'; compared by `met`. */
  readonly target?: { readonly op: '<' | '<=' | '>='; readonly value: number };
}

/** The headline keys, in report order, and the bench that produces each. */
const KEYS: readonly KeySpec[] = [
  { key: 'sign_us', bench: 'signer', what: "makerd's request signer, DELETE /order (80-byte body), µs per signature" },
  { key: 'sign_node_crypto_us', bench: 'signer', what: 'node:crypto createHmac on the same input, interleaved, µs' },
  {
    key: 'sign_reference_client_us',
    bench: 'signer',
    what: "the venue's reference client's signing steps (WebCrypto key import + sign per request), same input, interleaved, µs",
  },
  {
    key: 'sign_speedup_vs_reference',
    bench: 'signer',
    what: "reference client's CPU µs per signature / makerd's, same run",
    target: { op: '>=', value: 8 },
  },
  {
    key: 'order_request_us',
    bench: 'request',
    what: 'client CPU per POST /order as the executor sends it (loopback, 16 in flight), µs',
  },
  { key: 'order_request_checked_us', bench: 'request', what: 'the same orders through the checked postOrder, µs' },
  { key: 'cancel_request_us', bench: 'request', what: 'client CPU per DELETE /order (loopback, 16 in flight), µs' },
  { key: 'limiter_admit_us', bench: 'limiter', what: 'rate limiter: µs per admitted request with 5,000 queued' },
  {
    key: 'books_budget_utilization',
    bench: 'limiter',
    what: 'POST /books saturating reader, simulated 10 min: admitted / (capacity × safety × windows)',
    target: { op: '>=', value: 0.97 },
  },
  {
    key: 'match_ops_per_s',
    bench: 'matching',
    what: 'simulator matching engine, order operations per second',
    target: { op: '>=', value: 100_000 },
  },
  { key: 'sim_books_rps', bench: 'sim-books', what: 'simulator HTTP: POST /books of 100 tokens, requests per second' },
  { key: 'tick_to_dispatch_p50_ms_100', bench: 'tick-to-dispatch', what: 'tick-to-dispatch, 100 tokens, p50 ms' },
  { key: 'tick_to_dispatch_p99_ms_100', bench: 'tick-to-dispatch', what: 'tick-to-dispatch, 100 tokens, p99 ms' },
  {
    key: 'tick_to_dispatch_p50_ms_500',
    bench: 'tick-to-dispatch',
    what: 'tick-to-dispatch, 500 tokens, p50 ms',
    target: { op: '<=', value: 12 },
  },
  {
    key: 'tick_to_dispatch_p99_ms_500',
    bench: 'tick-to-dispatch',
    what: 'tick-to-dispatch, 500 tokens, p99 ms',
    target: { op: '<=', value: 25 },
  },
  {
    key: 'request_floor_p50_ms_500',
    bench: 'tick-to-dispatch',
    what: "the same tick's 1,750 requests only written, signed and handed over (no pipeline), p50 ms",
  },
  { key: 'request_floor_p99_ms_500', bench: 'tick-to-dispatch', what: 'that floor, p99 ms' },
  {
    key: 'cancel_all_ms_500',
    bench: 'cancel-all',
    what: 'SIGTERM to the simulator showing none of 500 orders (50 markets) open, ms',
    target: { op: '<', value: 1_000 },
  },
  {
    key: 'rss_mb_500',
    bench: 'daemon-live',
    what: 'daemon RSS after 60 s quoting 500 tokens (the live bench, bands), MB',
    target: { op: '<=', value: 200 },
  },
  {
    key: 'backtest_24h_s',
    bench: 'backtest',
    what: 'backtest of 24 market-hours of one market, demo world, s',
    target: { op: '<=', value: 1.5 },
  },
  {
    key: 'backtest_24h_venue_s',
    bench: 'backtest',
    what: 'backtest of 24 market-hours of one market, venue world, s',
    target: { op: '<', value: 10 },
  },
  {
    key: 'backtest_parallel_speedup',
    bench: 'backtest-parallel',
    what: 'makerd backtest of 20 seeds of 24 market-hours (its defaults): wall time with --jobs 1 / with --jobs 2 (median of paired runs)',
    target: { op: '>=', value: 1.7 },
  },
  {
    key: 'fill_to_requote_ms_p50',
    bench: 'fill-to-requote',
    what: "fill of makerd's order to its next order request for that market, p50 ms",
    target: { op: '<', value: 50 },
  },
  { key: 'fill_to_requote_ms_p99', bench: 'fill-to-requote', what: 'fill to next order request, p99 ms' },
  {
    key: 'replay_1h_20_markets_s',
    bench: 'replay',
    what: 'replay (read + run, bands) of a recording of 1 h of 20 simulated markets, s',
    target: { op: '<=', value: 10 },
  },
  {
    key: 'recording_compression_ratio',
    bench: 'replay',
    what: 'that recording: JSON received / bytes written',
    target: { op: '>=', value: 5 },
  },
  {
    key: 'guard_eval_us',
    bench: 'guard',
    what: 'adverse-selection guards (fair value, observe, apply), µs per market evaluation',
    target: { op: '<=', value: 5 },
  },
  ...liveKeys(),
];

/** daemon_live_500_<strategy>_*: the live bench's figures per strategy (bench/daemon-live.bench.ts). */
function liveKeys(): KeySpec[] {
  const figures: [string, string, KeySpec['target']?][] = [
    ['p50_ms', 'tick-to-dispatch p50 from the daemon histogram, ms'],
    ['p99_ms', 'tick-to-dispatch p99 from the daemon histogram, ms', { op: '<=', value: 50 }],
    ['event_loop_lag_p99_ms', 'event-loop lag p99 (median of the 5 s p99s), ms'],
    ['rss_mb_60s', 'RSS after 60 s of quoting, MB'],
    ['rss_mb_end', 'RSS at the end (10 min of quoting), MB', { op: '<=', value: 200 }],
    ['cpu_s_per_min', 'daemon CPU seconds per minute'],
    ['orders_placed_per_s', 'orders placed per second'],
    ['post_burst_use', "largest share of the venue's POST /order burst window used"],
    ['post_sustained_use', "largest share of the venue's POST /order sustained window used"],
    ['delete_burst_use', "largest share of the venue's DELETE /order burst window used"],
    ['delete_sustained_use', "largest share of the venue's DELETE /order sustained window used"],
    ['throttles', '429/425 answers to the daemon', { op: '<=', value: 0 }],
    ['windows_exceeded', "requests the simulator's section-8 windows refused", { op: '<=', value: 0 }],
    ['quote_fidelity', 'mean share of time quotes within tolerance of what the strategy wants (makerd_quote_fidelity_ratio)'],
  ];
  return ['bands', 'avellaneda'].flatMap((strategy) =>
    figures.map(([name, what, target]): KeySpec => {
      const t = name === 'quote_fidelity' && strategy === 'bands' ? { op: '>=' as const, value: 0.9 } : target;
      return {
        key: `daemon_live_500_${strategy}_${name}`,
        bench: 'daemon-live',
        what: `live 500 tokens, ${strategy}: ${what}`,
        ...(t === undefined ? {} : { target: t }),
      };
    }),
  );
}

/** Run order: in-process CPU benches first, then the ones with processes; unknown benches last. */
const ORDER = [
  'signer',
  'request',
  'limiter',
  'guard',
  'matching',
  'sim-books',
  'tick-to-dispatch',
  'cancel-all',
  'fill-to-requote',
  'daemon-live',
  'backtest',
  'backtest-parallel',
  'replay',
];

const USAGE = 'usage: node dist/bench/run.js [--json] [--quick] [--full] [--out file.json] [--only name[,name...]] [name ...]';

function parseArgs(argv: readonly string[]): { json: boolean; quick: boolean; full: boolean; only: string[]; out: string | undefined } {
  const out = { json: false, quick: false, full: false, only: [] as string[], out: undefined as string | undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') out.json = true;
    else if (a === '--quick') out.quick = true;
    else if (a === '--full') out.full = true;
    else if (a === '--only') {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error('--only needs a bench name');
      out.only.push(...v.split(',').filter((s) => s !== ''));
    } else if (a.startsWith('--only='))
      out.only.push(
        ...a
          .slice('--only='.length)
          .split(',')
          .filter((s) => s !== ''),
      );
    else if (a === '--out') {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error('--out needs a file name');
      out.out = v;
    } else if (a.startsWith('--out=')) out.out = a.slice('--out='.length);
    else if (a === '--help' || a === '-h') throw new Error('');
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else out.only.push(a);
  }
  return out;
}

function met(spec: KeySpec, value: unknown): boolean | null {
  if (spec.target === undefined || typeof value !== 'number') return null;
  const { op, value: t } = spec.target;
  return op === '<' ? value < t : op === '<=' ? value <= t : value >= t;
}

const targetText = (spec: KeySpec): string | null => (spec.target === undefined ? null : `${spec.target.op} ${spec.target.value}`);

function formatNumber(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v !== 'number') return String(v);
  if (Number.isInteger(v)) return v.toLocaleString('en-US');
  return Math.abs(v) >= 100 ? v.toLocaleString('en-US', { maximumFractionDigits: 1 }) : String(Number(v.toPrecision(4)));
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r, i) => {
      const line = r
        .map((cell, c) => (c === 1 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
        .join('  ')
        .trimEnd();
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

/** One line of stderr: what is running, and how far through. */
const progress = (line: string): void => void process.stderr.write(`[bench] ${line}\n`);

async function main(): Promise<void> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    const m = (err as Error).message;
    process.stderr.write(`${m === '' ? '' : `${m}\n`}${USAGE}\n`);
    process.exitCode = m === '' ? 0 : 2;
    return;
  }
  const here = dirname(fileURLToPath(import.meta.url));
  const found = readdirSync(here)
    .filter((f) => f.endsWith('.bench.js'))
    .map((f) => f.slice(0, -'.bench.js'.length));
  const known = new Set([...found, ...KEYS.map((k) => k.bench)]);
  const unknown = args.only.filter((o) => !known.has(o));
  if (unknown.length > 0) {
    process.stderr.write(`no such bench: ${unknown.join(', ')} (benches: ${[...known].sort().join(', ')})\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const rank = (n: string): number => (ORDER.includes(n) ? ORDER.indexOf(n) : ORDER.length);
  const selected = [...known]
    .filter((n) => args.only.length === 0 || args.only.includes(n))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const options: BenchOptions = { quick: args.quick, full: args.full };

  const started = performance.now();
  const machine = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? 'unknown',
    memory_gib: Math.round(totalmem() / 2 ** 30),
    load_average_at_start: loadavg().map((x) => Math.round(x * 100) / 100),
    load_average_at_end: [] as number[],
    date: new Date().toISOString(),
  };
  const values: Record<string, unknown> = {};
  const details: Record<string, Record<string, unknown>> = {};
  const benches: Record<string, { status: 'ok' | 'failed' | 'missing'; duration_s: number }> = {};
  const notes: string[] = [];
  const failed: string[] = [];
  const headlineOf = (bench: string): KeySpec[] => KEYS.filter((k) => k.bench === bench);

  for (const [i, name] of selected.entries()) {
    const tag = `${i + 1}/${selected.length} ${name}`;
    const file = join(here, `${name}.bench.js`);
    const keys = headlineOf(name);
    if (!existsSync(file)) {
      for (const k of keys) values[k.key] = null;
      const note = `${name}: bench/${name}.bench.ts does not exist (yet), so ${keys.map((k) => k.key).join(', ')} ${keys.length === 1 ? 'is' : 'are'} null`;
      notes.push(note);
      benches[name] = { status: 'missing', duration_s: 0 };
      progress(`${tag}: skipped (no bench/${name}.bench.ts)`);
      continue;
    }
    progress(`${tag}: running`);
    const t0 = performance.now();
    try {
      const mod = (await import(pathToFileURL(file).href)) as { default?: BenchFn };
      if (typeof mod.default !== 'function') throw new Error(`bench/${name}.bench.ts has no default export function`);
      const result = await mod.default(options);
      const rest: Record<string, unknown> = { ...result };
      for (const k of keys) {
        const v = result[k.key];
        values[k.key] = typeof v === 'number' && Number.isFinite(v) ? v : null;
        if (values[k.key] === null) notes.push(`${name}: returned no finite ${k.key} (got ${JSON.stringify(v)})`);
        delete rest[k.key];
      }
      const duration = (performance.now() - t0) / 1000;
      details[name] = { ...rest, duration_s: Math.round(duration * 10) / 10 };
      benches[name] = { status: 'ok', duration_s: Math.round(duration * 10) / 10 };
      const shown = keys.map((k) => `${k.key}=${formatNumber(values[k.key])}`).join(' ');
      progress(`${tag}: done in ${duration.toFixed(1)} s${shown === '' ? '' : `: ${shown}`}`);
    } catch (err) {
      const duration = (performance.now() - t0) / 1000;
      for (const k of keys) values[k.key] = null;
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      details[name] = { error: message, duration_s: Math.round(duration * 10) / 10 };
      benches[name] = { status: 'failed', duration_s: Math.round(duration * 10) / 10 };
      failed.push(name);
      notes.push(`${name}: failed: ${message.split('\n')[0]}`);
      progress(`${tag}: FAILED after ${duration.toFixed(1)} s: ${message}`);
      process.exitCode = 1;
    }
  }
  machine.load_average_at_end = loadavg().map((x) => Math.round(x * 100) / 100);
  const totalS = Math.round((performance.now() - started) / 100) / 10;

  const reported = KEYS.filter((k) => selected.includes(k.bench));
  const flat: Record<string, unknown> = {};
  for (const k of reported) flat[k.key] = values[k.key] ?? null;
  const targets: Record<string, { target: string; met: boolean | null }> = {};
  for (const k of reported) if (k.target !== undefined) targets[k.key] = { target: targetText(k)!, met: met(k, flat[k.key]) };
  if (args.quick) notes.unshift('--quick: a few repetitions each; the figures are not comparable with a full run');
  const report = { ...flat, quick: args.quick, total_s: totalS, failed, notes, targets, benches, machine, details };

  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (args.out !== undefined) writeFileSync(args.out, json);
  if (args.json) {
    process.stdout.write(json);
  } else {
    const rows = [['key', 'value', 'target', 'met', 'what']];
    for (const k of reported) {
      const m = met(k, flat[k.key]);
      rows.push([k.key, formatNumber(flat[k.key]), targetText(k) ?? '', m === null ? '' : m ? 'yes' : 'NO', k.what]);
    }
    const lines = [
      `makerd benchmarks, ${machine.date} — node ${machine.node}, ${machine.cpus} × ${machine.cpu_model}, load ${machine.load_average_at_start.join(' ')} → ${machine.load_average_at_end.join(' ')}${args.quick ? ' (--quick: not comparable)' : ''}`,
      '',
      table(rows),
      '',
      `benches: ${Object.entries(benches)
        .map(([n, b]) => `${n} ${b.status === 'ok' ? `${b.duration_s} s` : b.status}`)
        .join(', ')}; total ${totalS} s`,
      ...notes.map((n) => `note: ${n}`),
      '(--json for every detail)',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (failed.length > 0) process.stderr.write(`[bench] failed: ${failed.join(', ')}\n`);
}

await main();
