/**
 * The backtest's HTML report: one self-contained file (the charting library, its stylesheet and
 * the data inlined; no network) with
 *
 * 1. PnL over time: per strategy, the median over runs at each moment, with the 5-95 % band;
 * 2. inventory over time: per strategy, the run whose final PnL is the median (a representative
 *    seed), net exposure in outcome-0 shares;
 * 3. PnL distribution: per strategy, a histogram of the runs' total PnL on shared bins;
 * 4. mark-out curve: per strategy, the mean over runs of the mark-out per share at each horizon
 *    (horizons evenly spaced, labelled in seconds: most of them are under a minute);
 * 5. guard activity (RunResult.guardSeconds): per strategy, bars of the mean over runs of the
 *    seconds each side was pulled and widened (zero for a strategy run without guards);
 *
 * and the summary table. Charts are drawn by uPlot (report-assets.ts). When every chart has drawn,
 * the page sets `document.body.dataset.charts` to the number drawn (tests wait for it).
 */
import { type BacktestReport, endsText, rewardsText, worldText } from './backtest-report.js';
import { emptyFigureNotes, figureTitle, runLengthText, shownMetrics } from './report-table.js';
import { METRIC_DIGITS, quantile, type Stat } from './summary.js';
import type { ChartLibrary } from './report-assets.js';

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf'];

export interface ChartData {
  readonly strategies: readonly { readonly label: string; readonly color: string }[];
  /** Hours since the start (shared sample times). */
  readonly t: readonly number[];
  readonly pnlBands: readonly { readonly p5: number[]; readonly p50: number[]; readonly p95: number[] }[];
  readonly inventory: readonly { readonly seed: string; readonly values: number[] }[];
  readonly histogram: { readonly centers: number[]; readonly counts: number[][] };
  readonly markout: { readonly horizons: number[]; readonly means: number[][] };
  /** Bars bid pulled, bid widened, ask pulled, ask widened (mean seconds); null where a strategy has none. */
  readonly guard: { readonly categories: string[]; readonly seconds: (number | null)[][] } | undefined;
}

export const GUARD_CATEGORIES = ['bid pulled', 'bid widened', 'ask pulled', 'ask widened'];

const r6 = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : x);

/** Chart data from the report (numbers: for drawing only). */
export function chartData(report: BacktestReport): ChartData {
  const strategies = report.strategies.map((s, i) => ({ label: s.summary.label, color: PALETTE[i % PALETTE.length]! }));
  const first = report.strategies[0]?.runs[0];
  const t = (first?.series ?? []).map((p) => r6(p.t / 3600));
  const pnlBands = report.strategies.map((s) => {
    const p5: number[] = [];
    const p50: number[] = [];
    const p95: number[] = [];
    t.forEach((_, i) => {
      const xs = s.runs
        .map((r) => r.series[i]?.pnl ?? Number.NaN)
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      p5.push(r6(quantile(xs, 0.05)));
      p50.push(r6(quantile(xs, 0.5)));
      p95.push(r6(quantile(xs, 0.95)));
    });
    return { p5, p50, p95 };
  });
  const inventory = report.strategies.map((s) => {
    const sorted = [...s.runs].sort((a, b) => a.totalPnl.cmp(b.totalPnl));
    const rep = sorted[Math.floor((sorted.length - 1) / 2)];
    return { seed: rep?.seed ?? '', values: t.map((_, i) => rep?.series[i]?.inventory ?? Number.NaN) };
  });
  const all = report.strategies.flatMap((s) => s.runs.map((r) => r.totalPnl.toNumber()));
  // A loop, not Math.min(...all): a spread's arguments live on the stack, and runs have no bound.
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of all) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const bins = Math.max(5, Math.min(30, Math.ceil(Math.sqrt(all.length) * 1.5)));
  const width = hi > lo ? (hi - lo) / bins : 1;
  const centers = Array.from({ length: bins }, (_, i) => r6(lo + width * (i + 0.5)));
  const counts = report.strategies.map((s) => {
    const c = new Array<number>(bins).fill(0);
    for (const r of s.runs) c[Math.min(bins - 1, Math.max(0, Math.floor((r.totalPnl.toNumber() - lo) / width)))]!++;
    return c;
  });
  const horizons = report.strategies[0]?.summary.markoutCurve.map((m) => m.horizonS) ?? [];
  const means = report.strategies.map((s) => s.summary.markoutCurve.map((m) => r6(m.mean)));
  const guards = report.strategies.map((s) => s.summary.guardSeconds);
  const guard = guards.every((g) => g === undefined)
    ? undefined
    : {
        categories: GUARD_CATEGORIES,
        seconds: guards.map((g) =>
          g === undefined ? GUARD_CATEGORIES.map(() => null) : [g.bid.pulled, g.bid.widened, g.ask.pulled, g.ask.widened].map(r6),
        ),
      };
  return { strategies, t, pnlBands, inventory, histogram: { centers, counts }, markout: { horizons, means }, guard };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fmt(x: number, digits: number): string {
  if (!Number.isFinite(x)) return '-';
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function statCells(s: Stat, digits: number): string {
  return `<td>${fmt(s.mean, digits)}</td><td>${fmt(s.sd, digits)}</td><td>${fmt(s.p5, digits)}</td><td>${fmt(s.p50, digits)}</td><td>${fmt(s.p95, digits)}</td>`;
}

function summaryTable(report: BacktestReport): string {
  const rows: string[] = [];
  const h = report.settings.markoutHorizonS;
  for (const m of shownMetrics(h)) {
    report.strategies.forEach((s, i) => {
      const title = figureTitle(m.key, h);
      rows.push(
        `<tr>${i === 0 ? `<th rowspan="${report.strategies.length}">${esc(title)}<br><small>${esc(m.unit)}</small></th>` : ''}<td class="s">${esc(s.summary.label)}</td>${statCells(s.summary.stats[m.key], METRIC_DIGITS[m.key] ?? 2)}</tr>`,
      );
    });
  }
  const notes = emptyFigureNotes(report).map((n) => `<p class="note">${esc(n)}</p>`);
  return `<table class="summary"><thead><tr><th>figure</th><th>strategy</th><th>mean</th><th>sd</th><th>p5</th><th>p50</th><th>p95</th></tr></thead><tbody>${rows.join('')}</tbody></table>${notes.join('')}`;
}

/** Browser code: draws the four charts from the inlined data with uPlot. */
const PAGE_SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById('backtest-data').textContent);
  var drawn = 0, total = data.guard ? 5 : 4;
  function done() { drawn++; if (drawn === total) document.body.dataset.charts = String(drawn); }
  function width(el) { return Math.max(480, Math.min(1100, el.clientWidth || 900)); }
  function once(fn) { var called = false; return function (u) { if (!called) { called = true; fn(u); } }; }
  function alpha(hex, a) { var n = parseInt(hex.slice(1), 16); return 'rgba(' + (n >> 16) + ',' + ((n >> 8) & 255) + ',' + (n & 255) + ',' + a + ')'; }
  function make(id, opts, cols) {
    var el = document.getElementById(id);
    opts.width = width(el); opts.height = 300;
    opts.hooks = { draw: [once(done)] };
    return new uPlot(opts, cols, el);
  }
  var S = data.strategies;
  var hoursAxis = { label: 'hours of market time' };
  // 1. PnL over time: median and 5-95 % band per strategy.
  (function () {
    var series = [{ label: 'hours' }], cols = [data.t], bands = [];
    S.forEach(function (s, i) {
      var b = data.pnlBands[i];
      var base = cols.length;
      series.push({ label: s.label + ' p95', stroke: alpha(s.color, 0.35), width: 1, dash: [4, 4] });
      series.push({ label: s.label + ' median', stroke: s.color, width: 2 });
      series.push({ label: s.label + ' p5', stroke: alpha(s.color, 0.35), width: 1, dash: [4, 4] });
      cols.push(b.p95, b.p50, b.p5);
      bands.push({ series: [base, base + 2], fill: alpha(s.color, 0.12) });
    });
    make('chart-pnl', { title: 'PnL over time (median over runs, 5-95 % band), USDC', series: series, bands: bands, axes: [hoursAxis, { label: 'USDC' }], scales: { x: { time: false } } }, cols);
  })();
  // 2. Inventory of a representative run per strategy.
  (function () {
    var series = [{ label: 'hours' }], cols = [data.t];
    S.forEach(function (s, i) { series.push({ label: s.label + ' (seed ' + data.inventory[i].seed + ')', stroke: s.color, width: 1.5 }); cols.push(data.inventory[i].values); });
    make('chart-inventory', { title: 'Inventory over time: net exposure, outcome-0 shares (run with the median PnL)', series: series, axes: [hoursAxis, { label: 'shares' }], scales: { x: { time: false } } }, cols);
  })();
  // 3. Histogram of final PnL.
  (function () {
    var series = [{ label: 'PnL' }], cols = [data.histogram.centers];
    S.forEach(function (s, i) {
      series.push({ label: s.label, stroke: s.color, width: 1.5, fill: alpha(s.color, 0.25), paths: uPlot.paths.stepped({ align: 0 }) });
      cols.push(data.histogram.counts[i]);
    });
    make('chart-histogram', { title: 'PnL distribution over runs (count of runs per PnL bin)', series: series, axes: [{ label: 'total PnL, USDC' }, { label: 'runs' }], scales: { x: { time: false } } }, cols);
  })();
  // Category axis: points at 0, 1, 2, ... labelled with the given names.
  function categoryAxis(label, names) {
    return { label: label, splits: function () { return names.map(function (_, i) { return i; }); }, values: function (_, splits) { return splits.map(function (i) { return names[i]; }); } };
  }
  function indexes(xs) { return xs.map(function (_, i) { return i; }); }
  // 4. Mark-out curve: horizons evenly spaced (most are under a minute).
  (function () {
    var h = data.markout.horizons;
    var series = [{ label: 'horizon', value: function (_, i) { return i == null ? '' : h[i] + ' s'; } }], cols = [indexes(h)];
    S.forEach(function (s, i) { series.push({ label: s.label, stroke: s.color, width: 2, points: { show: true, size: 6 } }); cols.push(data.markout.means[i]); });
    make('chart-markout', { title: 'Mark-out per share vs horizon (mean over runs; adverse selection < 0)', series: series, axes: [categoryAxis('seconds after the fill', h.map(String)), { label: 'USDC per share' }], scales: { x: { time: false, range: [-0.5, h.length - 0.5] } } }, cols);
  })();
  // 5. Guard activity: bars side by side, one slot per strategy in each category's group and an
  // empty slot between groups (evenly spaced x, so every bar has the same width).
  if (data.guard) (function () {
    var g = data.guard, n = S.length, slots = g.categories.length * (n + 1), xs = [];
    for (var k = 0; k < slots; k++) xs.push(k);
    var series = [{ label: 'side', value: function (_, k) { return k == null ? '' : (g.categories[Math.floor(k / (n + 1))] || ''); } }], cols = [xs];
    S.forEach(function (s, i) {
      var ys = xs.map(function (k) { var c = Math.floor(k / (n + 1)), slot = k % (n + 1); return slot === i ? g.seconds[i][c] : null; });
      series.push({ label: s.label, stroke: s.color, fill: alpha(s.color, 0.6), width: 1, paths: uPlot.paths.bars({ size: [0.9, Infinity], align: 0 }), points: { show: false } });
      cols.push(ys);
    });
    var centers = g.categories.map(function (_, c) { return c * (n + 1) + (n - 1) / 2; });
    var xAxis = { label: 'side and action', splits: function () { return centers; }, values: function (_, splits) { return splits.map(function (x) { return g.categories[Math.round((x - (n - 1) / 2) / (n + 1))]; }); } };
    make('chart-guards', { title: 'Guard activity: seconds each side was pulled / widened (mean over runs)', series: series, axes: [xAxis, { label: 'seconds of market time' }], scales: { x: { time: false, range: [-0.5, slots - 0.5] }, y: { range: function (u, lo, hi) { return [0, Math.max(1, hi * 1.1)]; } } } }, cols);
  })();
})();
`;

export function reportHtml(report: BacktestReport, lib: ChartLibrary): string {
  const data = chartData(report);
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const s = report.settings;
  const names = report.strategies.map((x) => x.summary.label).join(' vs ');
  const r = s.replay;
  const head =
    r !== undefined
      ? [
          `strategies: ${names}`,
          `replay of the recording ${esc(r.dir)}${r.groups === undefined ? '' : ` (groups ${esc(r.groups.join(', '))})`}: ${s.markets} market(s), ${esc(r.start)} … ${esc(r.end)} (${runLengthText(report)}), ${r.records} records, digest ${esc(r.digest.slice(0, 16))}…; ${r.damaged} damaged stretch(es) skipped, ${r.problems} record(s) left out`,
          `virtual orders filled by the queue model (paper mode's); fees as recorded per market; mark-out horizon ${s.markoutHorizonS} s; generated ${esc(report.generatedAt)} by makerd ${esc(report.version)}`,
        ]
      : [
          `strategies: ${names}`,
          `${s.runs} seed(s) each (${esc(s.seeds[0] ?? '')} … ${esc(s.seeds[s.seeds.length - 1] ?? '')}), ${s.markets} market(s), ${s.hours} h of market time per run`,
          `${esc(worldText(s))}; fees: ${s.venue?.fees === 'per market' ? "each market's own schedule" : `rate ${s.fee.rate}, exponent ${s.fee.exponent}, ${s.fee.takerOnly ? `makers pay none and get ${s.fee.rebateRate} of the taker fee` : 'makers pay the taker formula'}`}`,
          esc(rewardsText(s.rewards)),
          ...(s.ends === undefined ? [] : [esc(endsText(s))]),
          `poll every ${s.pollIntervalMs} ms of virtual time; mark-out horizon ${s.markoutHorizonS} s; generated ${esc(report.generatedAt)} by makerd ${esc(report.version)}`,
        ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>makerd backtest: ${esc(names)}</title>
<style>${lib.css}</style>
<style>
body { font: 14px/1.4 system-ui, -apple-system, 'DejaVu Sans', sans-serif; margin: 24px; color: #222; background: #fff; }
h1 { font-size: 20px; margin: 0 0 4px; }
p.meta { margin: 2px 0; color: #555; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 16px; margin: 16px 0; }
.chart { min-width: 480px; border: 1px solid #ddd; padding: 8px; }
table.summary { border-collapse: collapse; margin-top: 8px; }
table.summary th, table.summary td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
table.summary th { background: #f4f4f4; text-align: left; }
table.summary td.s { text-align: left; }
p.note { margin: 4px 0; color: #555; font-size: 13px; }
footer { margin-top: 16px; color: #777; font-size: 12px; }
</style>
</head>
<body>
<h1>makerd backtest</h1>
${head.map((l) => `<p class="meta">${l}</p>`).join('\n')}
<div class="grid">
<div class="chart" id="chart-pnl"></div>
<div class="chart" id="chart-inventory"></div>
<div class="chart" id="chart-histogram"></div>
<div class="chart" id="chart-markout"></div>
${data.guard === undefined ? '' : '<div class="chart" id="chart-guards"></div>\n'}</div>
<h2>Summary over runs</h2>
${summaryTable(report)}
<footer>Charts drawn with ${lib.name} ${lib.version} (MIT), inlined. Money figures are exact per run; statistics over runs are floating point.</footer>
<script>${lib.script}</script>
<script type="application/json" id="backtest-data">${json}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
