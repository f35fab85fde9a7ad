/**
 * The HTML report of `makerd tune` (--report): one self-contained file (uPlot and the data
 * inlined, as the backtest report: src/backtest/report-assets.ts; no network) with
 *
 * 1. the frontier of mean against sd: every setting at the deepest rung it reached (mean income
 *    and its sd over that rung's seeds), coloured by rung, the finalists and the best marked, and
 *    the efficient frontier (no other setting has a higher mean with a lower sd) as a line;
 * 2. each parameter's effect: the score of every setting on the first rung (the seeds every
 *    setting ran) against the parameter's value (log axis for a log-scale range; choices as
 *    categories), the best marked;
 *
 * and the finalists' table (tuning and validation figures, the overfit flag) and each bracket's
 * rungs. When every chart has drawn, the page sets `document.body.dataset.charts` to their number.
 */
import type { ChartLibrary } from '../backtest/report-assets.js';
import type { SearchDefinition, Setting } from './search-definition.js';
import type { SearchState } from './search-engine.js';
import { searchLines } from './tune-text.js';

export interface FrontierPoint {
  readonly index: number;
  readonly rung: number;
  readonly runs: number;
  readonly mean: number;
  readonly sd: number;
  readonly score: number;
}

export interface TuneChartData {
  /** Seeds of each rung (labels of the frontier's colours). */
  readonly rungs: readonly number[];
  readonly points: readonly FrontierPoint[];
  readonly finalists: readonly number[];
  readonly best: number | undefined;
  /** The efficient frontier, by sd. */
  readonly frontier: readonly { readonly sd: number; readonly mean: number }[];
  readonly effects: readonly {
    readonly path: string;
    readonly log: boolean;
    /** The searched range (ranges only). */
    readonly min: number | null;
    readonly max: number | null;
    /** Choices' names (x is the choice's place), or undefined for a range. */
    readonly categories: readonly string[] | undefined;
    readonly x: readonly number[];
    readonly y: readonly number[];
    /** The best setting's point, or null. */
    readonly best: readonly [number, number] | null;
  }[];
}

/** Chart data: numbers, for drawing only. */
export function tuneChartData(
  def: SearchDefinition,
  settings: readonly Setting[],
  state: Pick<SearchState, 'brackets' | 'finalists'>,
): TuneChartData {
  const deepest = new Map<number, FrontierPoint>();
  const first = new Map<number, number>();
  for (const b of state.brackets)
    b.rungs.forEach((rung, k) => {
      for (const e of rung.ranked) {
        deepest.set(e.index, { index: e.index, rung: k, runs: e.scored.runs, mean: e.scored.mean, sd: e.scored.sd, score: e.scored.score });
        if (k === 0) first.set(e.index, e.scored.score);
      }
    });
  const points = [...deepest.values()].sort((a, b) => a.index - b.index);
  const bySd = [...points].sort((a, b) => a.sd - b.sd || b.mean - a.mean);
  const frontier: { sd: number; mean: number }[] = [];
  for (const p of bySd)
    if (frontier.length === 0 || p.mean > frontier[frontier.length - 1]!.mean) frontier.push({ sd: p.sd, mean: p.mean });
  const best = state.finalists[0]?.index;
  const bySetting = new Map(settings.map((s) => [s.index, s]));
  const effects = def.space.map((dim) => {
    const categories = dim.kind === 'choice' ? dim.values.map((v) => String(v)) : undefined;
    const xOf = (index: number): number => {
      const v = bySetting.get(index)?.values[dim.path];
      return categories === undefined ? Number(v) : categories.indexOf(String(v));
    };
    const x: number[] = [];
    const y: number[] = [];
    for (const [index, score] of [...first.entries()].sort((a, b) => a[0] - b[0])) {
      const xv = xOf(index);
      if (!Number.isFinite(xv) || xv < 0 || (dim.kind === 'range' && dim.log && xv <= 0)) continue;
      x.push(xv);
      y.push(score);
    }
    const bestScore = best === undefined ? undefined : first.get(best);
    const bestPoint: [number, number] | null = best === undefined || bestScore === undefined ? null : [xOf(best), bestScore];
    const min = dim.kind === 'range' ? dim.min : null;
    const max = dim.kind === 'range' ? dim.max : null;
    return { path: dim.path, log: dim.kind === 'range' && dim.log, min, max, categories, x, y, best: bestPoint };
  });
  const rungs = state.brackets[0]?.rungs.map((r) => r.seeds) ?? [];
  return { rungs, points, finalists: state.finalists.map((f) => f.index), best, frontier, effects };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (x: number | undefined, digits = 3): string => (x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits));

function finalistsTable(state: Pick<SearchState, 'finalists'>, def: SearchDefinition): string {
  const paths = def.space.map((d) => d.path);
  const rows = state.finalists.map(
    (f, i) =>
      `<tr${i === 0 ? ' class="best"' : ''}><td class="s">#${f.index}${f.index === 0 ? ' (base)' : ''}</td><td>${f.bracket}</td><td>${fmt(f.tuning.mean)}</td><td>${fmt(f.tuning.sd)}</td><td>${fmt(f.tuning.score)}</td><td>${fmt(f.validation?.mean)}</td><td>${fmt(f.validation?.sd)}</td><td>${fmt(f.validation?.score)}</td><td class="${f.overfit === true ? 'overfit' : ''}">${f.overfit === null ? '-' : f.overfit ? 'overfit' : 'no'}</td>${paths.map((p) => `<td>${esc(String(f.values[p]))}</td>`).join('')}</tr>`,
  );
  return `<table class="summary"><thead><tr><th>setting</th><th>bracket</th><th>tuning mean</th><th>sd</th><th>score</th><th>validation mean</th><th>sd</th><th>score</th><th>overfit</th>${paths.map((p) => `<th>${esc(p)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function rungsTable(state: Pick<SearchState, 'brackets'>): string {
  const rows = state.brackets.flatMap((b) =>
    b.rungs.map(
      (r, k) =>
        `<tr><td>${b.bracket}</td><td>${k + 1}</td><td>${r.seeds}</td><td>${r.ranked.length}</td><td class="s">${r.ranked
          .slice(0, 5)
          .map((e) => `#${e.index} ${fmt(e.scored.score)}${e.breach === undefined ? '' : ' (over a limit)'}`)
          .join(', ')}${r.ranked.length > 5 ? ', …' : ''}</td><td class="s">${r.kept.map((i) => `#${i}`).join(', ')}</td></tr>`,
    ),
  );
  return `<table class="summary"><thead><tr><th>bracket</th><th>rung</th><th>seeds</th><th>settings</th><th>best scores</th><th>kept</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Browser code: the frontier and one chart per parameter, points drawn by a small paths function. */
const PAGE_SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById('tune-data').textContent);
  var total = 1 + data.effects.length, drawn = 0;
  function done() { drawn++; if (drawn === total) document.body.dataset.charts = String(drawn); }
  function once(fn) { var called = false; return function (u) { if (!called) { called = true; fn(u); } }; }
  var RUNG = ['#9ecae1', '#6baed6', '#3182bd', '#08519c', '#08306b'];
  // Scatter points (uPlot's faceted mode: each series its own x and y).
  function dots(size) {
    return function (u, si) {
      var d = u.data[si], p = new Path2D(), r = size * devicePixelRatio;
      for (var i = 0; i < d[0].length; i++) {
        if (d[0][i] == null || d[1][i] == null) continue;
        var x = u.valToPos(d[0][i], 'x', true), y = u.valToPos(d[1][i], 'y', true);
        p.moveTo(x + r, y); p.arc(x, y, r, 0, 2 * Math.PI);
      }
      return { stroke: p, fill: p };
    };
  }
  function line(u, si) {
    var d = u.data[si], p = new Path2D();
    for (var i = 0; i < d[0].length; i++) {
      var x = u.valToPos(d[0][i], 'x', true), y = u.valToPos(d[1][i], 'y', true);
      if (i === 0) p.moveTo(x, y); else p.lineTo(x, y);
    }
    return { stroke: p };
  }
  function pad(lo, hi) { var w = hi - lo || Math.abs(hi) || 1; return [lo - w * 0.08, hi + w * 0.08]; }
  function make(el, title, xAxis, yLabel, series, cols, xScale) {
    var opts = {
      mode: 2, title: title, width: Math.max(420, Math.min(1100, el.clientWidth || 900)), height: 300,
      legend: { live: false }, cursor: { drag: { x: false, y: false } },
      scales: { x: xScale || { time: false, range: function (u, lo, hi) { return pad(lo, hi); } }, y: { range: function (u, lo, hi) { return pad(lo, hi); } } },
      axes: [xAxis, { label: yLabel }],
      series: [{}].concat(series),
      hooks: { draw: [once(done)] }
    };
    return new uPlot(opts, [null].concat(cols), el);
  }
  // 1. Frontier of mean against sd.
  (function () {
    var series = [], cols = [];
    data.rungs.forEach(function (seeds, k) {
      var ps = data.points.filter(function (p) { return p.rung === k; });
      series.push({ label: 'rung ' + (k + 1) + ' (' + seeds + ' seeds)', stroke: RUNG[k % RUNG.length], fill: RUNG[k % RUNG.length], paths: dots(3.5), points: { show: false } });
      cols.push([ps.map(function (p) { return p.sd; }), ps.map(function (p) { return p.mean; })]);
    });
    var fin = data.points.filter(function (p) { return data.finalists.indexOf(p.index) >= 0; });
    series.push({ label: 'finalists', stroke: '#ff7f0e', fill: 'rgba(255,127,14,0.5)', paths: dots(6), points: { show: false } });
    cols.push([fin.map(function (p) { return p.sd; }), fin.map(function (p) { return p.mean; })]);
    var best = data.points.filter(function (p) { return p.index === data.best; });
    series.push({ label: 'best', stroke: '#d62728', fill: '#d62728', paths: dots(7), points: { show: false } });
    cols.push([best.map(function (p) { return p.sd; }), best.map(function (p) { return p.mean; })]);
    series.push({ label: 'efficient frontier', stroke: '#2ca02c', width: 2, paths: line, points: { show: false } });
    cols.push([data.frontier.map(function (p) { return p.sd; }), data.frontier.map(function (p) { return p.mean; })]);
    make(document.getElementById('chart-frontier'), 'Mean income against its sd over the seeds (each setting at its deepest rung)', { label: 'sd of income per run, USDC' }, 'mean income per run, USDC', series, cols);
  })();
  // 2. Each parameter's effect on the first rung's score.
  data.effects.forEach(function (e, i) {
    var el = document.getElementById('chart-effect-' + i);
    var xAxis = { label: e.path };
    var xScale = { time: false, range: function (u, lo, hi) { return pad(e.min === null ? lo : Math.min(lo, e.min), e.max === null ? hi : Math.max(hi, e.max)); } };
    if (e.categories) {
      xAxis.splits = function () { return e.categories.map(function (_, k) { return k; }); };
      xAxis.values = function (_, splits) { return splits.map(function (k) { return e.categories[k]; }); };
      xScale.range = function () { return [-0.5, e.categories.length - 0.5]; };
    } else if (e.log) {
      xScale = { time: false, distr: 3, range: function (u, lo, hi) { return [Math.min(lo, e.min) / 1.2, Math.max(hi, e.max) * 1.2]; } };
    }
    var series = [
      { label: 'settings', stroke: '#3182bd', fill: 'rgba(49,130,189,0.45)', paths: dots(3.5), points: { show: false } },
      { label: 'best', stroke: '#d62728', fill: '#d62728', paths: dots(6), points: { show: false } }
    ];
    var best = e.best === null ? [[], []] : [[e.best[0]], [e.best[1]]];
    make(el, e.path, xAxis, 'score, first rung', series, [[e.x, e.y], best], xScale);
  });
})();
`;

export function tuneReportHtml(
  def: SearchDefinition,
  settings: readonly Setting[],
  state: Pick<SearchState, 'brackets' | 'finalists'>,
  lib: ChartLibrary,
  meta: { readonly version: string; readonly generatedAt: string; readonly shard: string | undefined },
): string {
  const data = tuneChartData(def, settings, state);
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const invalid = settings.filter((s) => s.invalid !== undefined);
  const head = [
    ...searchLines(def),
    `${meta.shard === undefined ? 'the whole search' : `shard ${meta.shard} of the search (its brackets only)`}; generated ${meta.generatedAt} by makerd ${meta.version}`,
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>makerd tune: ${esc(def.strategy)}</title>
<style>${lib.css}</style>
<style>
body { font: 14px/1.4 system-ui, -apple-system, 'DejaVu Sans', sans-serif; margin: 24px; color: #222; background: #fff; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 20px 0 4px; }
p.meta { margin: 2px 0; color: #555; }
p.note { margin: 4px 0; color: #555; font-size: 13px; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(460px, 1fr)); gap: 16px; margin: 16px 0; }
.chart { min-width: 420px; border: 1px solid #ddd; padding: 8px; }
table.summary { border-collapse: collapse; margin-top: 8px; }
table.summary th, table.summary td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
table.summary th { background: #f4f4f4; text-align: left; }
table.summary td.s { text-align: left; }
tr.best td { font-weight: 600; }
td.overfit { color: #b00; font-weight: 600; }
footer { margin-top: 16px; color: #777; font-size: 12px; }
</style>
</head>
<body>
<h1>makerd tune</h1>
${head.map((l) => `<p class="meta">${esc(l)}</p>`).join('\n')}
<h2>Finalists: each bracket's winner, best first</h2>
${finalistsTable(state, def)}
<p class="note">Tuning: the tuning seeds every finalist ran; validation: seeds no rung saw. A finalist is flagged overfit when its validation mean falls below its tuning mean by more than two standard errors of the difference: its tuning score owed much to luck on those seeds.</p>
<h2>Mean against sd</h2>
<div class="grid"><div class="chart" id="chart-frontier"></div></div>
<h2>Each parameter's effect</h2>
<p class="note">Every setting's score on the first rung (the seeds all settings ran) against its value of the parameter; the others vary at the same time, so read the trend, not a single point.</p>
<div class="grid">
${data.effects.map((_, i) => `<div class="chart" id="chart-effect-${i}"></div>`).join('\n')}
</div>
<h2>Rungs</h2>
${rungsTable(state)}
${invalid.length === 0 ? '' : `<p class="note">${invalid.length} setting(s) refused by the strategy's own rules and not run: ${invalid.map((s) => `#${s.index}`).join(', ')}.</p>`}
<footer>Charts drawn with ${lib.name} ${lib.version} (MIT), inlined. Money per run is exact; statistics over runs are floating point.</footer>
<script>${lib.script}</script>
<script type="application/json" id="tune-data">${json}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
