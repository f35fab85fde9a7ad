/**
 * The backtest's and the replay's report as a text table (`makerd backtest` without --json): a
 * head line, one row per figure and strategy (mean, sd, p5, p50, p95 over runs), a note under the
 * table for every figure left empty (`-`) saying why, and the comparison lines.
 *
 * Figure names are one form everywhere (table, HTML report): `mark-out @60s` for the main horizon
 * (--markout-s) as for the fixed ones (`mark-out @5s`, `@300s`), `adverse fills @60s`.
 */
import { type BacktestReport, comparison, endsText, rewardsText, worldText } from './backtest-report.js';
import { durationText } from './duration-text.js';
import type { RunResult } from './run-contract.js';
import { FIXED_MARKOUT_S, METRIC_DIGITS, METRICS, type MetricKey } from './summary.js';

/** A figure's name without its unit: the mark-out figures name their horizon. */
export function figureTitle(key: MetricKey, mainHorizonS: number): string {
  if (key === 'markout') return `mark-out @${mainHorizonS}s`;
  if (key === 'adverseShare') return `adverse fills @${mainHorizonS}s`;
  return METRICS.find((m) => m.key === key)!.title;
}

/** The figures the table shows, in order: a fixed mark-out horizon equal to the main one is its row already. */
export function shownMetrics(mainHorizonS: number): (typeof METRICS)[number][] {
  return METRICS.filter((m) => FIXED_MARKOUT_S[m.key] !== mainHorizonS);
}

/** The horizon (s) a mark-out figure is measured at; undefined for the other figures. */
function horizonOf(key: MetricKey, mainHorizonS: number): number | undefined {
  if (key === 'markout' || key === 'adverseShare') return mainHorizonS;
  return FIXED_MARKOUT_S[key];
}

/** How long a run lasted, for people: the recording's span for a replay, else the runs' market time. */
export function runLengthText(report: BacktestReport): string {
  const r = report.settings.replay;
  if (r !== undefined) return durationText((Date.parse(r.end) - Date.parse(r.start)) / 1000);
  return durationText(report.settings.hours * 3600);
}

/** Why a strategy's figure is empty (no run has a value), in words. */
function whyEmpty(key: MetricKey, runs: readonly RunResult[], report: BacktestReport): string {
  const mainH = report.settings.markoutHorizonS;
  const h = horizonOf(key, mainH);
  const replay = report.settings.replay !== undefined;
  const fills = runs.reduce((a, r) => a + r.fills, 0);
  if (runs.length === 0) return 'no run';
  if (fills === 0)
    return `no fill ${replay ? 'in the recording' : 'in any run'}, and ${h === undefined ? 'this figure' : 'a mark-out'} needs fills`;
  if (h === undefined) return 'no run has a value';
  const measured = runs.flatMap((r) => r.markouts.filter((m) => m.horizonS === h));
  if (measured.length === 0) return `the ${h} s horizon was not measured`;
  if (h === 0) return `no midpoint was known at any of its ${fills} fill(s)`;
  const ended = replay ? `the ${runLengthText(report)} recording ended` : `each ${runLengthText(report)} run ended`;
  return `no fill old enough for the ${h} s horizon: ${ended} before a midpoint came ${h} s after any of its ${fills} fill(s)`;
}

/**
 * One line per strategy and reason for every figure the table leaves empty (`-`): which figures,
 * and why (no fills; fills too recent for the horizon before the recording or run ends; a
 * horizon not measured). Empty when every figure has a value.
 */
export function emptyFigureNotes(report: BacktestReport): string[] {
  const mainH = report.settings.markoutHorizonS;
  const notes: string[] = [];
  for (const s of report.strategies) {
    const byReason = new Map<string, string[]>();
    for (const m of shownMetrics(mainH)) {
      if (s.summary.stats[m.key].n > 0) continue;
      const why = whyEmpty(m.key, s.runs, report);
      byReason.set(why, [...(byReason.get(why) ?? []), figureTitle(m.key, mainH)]);
    }
    for (const [why, titles] of byReason) notes.push(`note: "-" in ${joinWords(titles)} (${s.summary.label}): ${why}`);
  }
  return notes;
}

function joinWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The head line: what ran, on what, for how long. */
export function tableHead(report: BacktestReport): string {
  const s = report.settings;
  if (s.replay !== undefined)
    return `replay of ${s.replay.dir}: ${report.strategies.length} strategy(ies), ${s.markets} market(s), ${runLengthText(report)}, ${s.replay.records} records, digest ${s.replay.digest.slice(0, 16)}`;
  return `${s.runs} seed(s) x ${report.strategies.length} strategy(ies), ${s.markets} market(s), ${s.hours} h each; seeds ${s.seeds[0]}..${s.seeds[s.seeds.length - 1]}; ${worldText(s)}; ${rewardsText(s.rewards)}${s.ends === undefined ? '' : `; ${endsText(s)}`}`;
}

/** How income splits into the table's figures, each counted once (src/portfolio/income.ts). */
export const INCOME_NOTE =
  'income = PnL total + liquidity rewards; PnL total = PnL realized + unrealized; PnL realized = trading (closing gains - fees paid) + settlement + rebates';

/** The whole text report: head, table, the notes on empty figures, the income identity, the comparison lines. */
export function reportTable(report: BacktestReport): string {
  const mainH = report.settings.markoutHorizonS;
  const rows: string[][] = [['figure', 'strategy', 'mean', 'sd', 'p5', 'p50', 'p95']];
  const f = (x: number, d: number): string => (Number.isFinite(x) ? x.toFixed(d) : '-');
  for (const m of shownMetrics(mainH)) {
    for (const s of report.strategies) {
      const st = s.summary.stats[m.key];
      const d = METRIC_DIGITS[m.key] ?? 2;
      rows.push([
        `${figureTitle(m.key, mainH)} (${m.unit})`,
        s.summary.label,
        f(st.mean, d),
        f(st.sd, d),
        f(st.p5, d),
        f(st.p50, d),
        f(st.p95, d),
      ]);
    }
  }
  const widths = rows[0]!.map((_, c) => rows.reduce((w, r) => Math.max(w, r[c]!.length), 0));
  const body = rows.map((r) => r.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')).join('\n');
  const notes = emptyFigureNotes(report).map((n) => `${n}\n`);
  return `${tableHead(report)}\n${body}\n${notes.join('')}${INCOME_NOTE}\n${comparisonLines(report)}`;
}

/** The comparison (reportJson's), one line per strategy after the first. */
function comparisonLines(report: BacktestReport): string {
  if (report.strategies.length < 2) return '';
  const n = (x: unknown, d: number): string => (typeof x === 'number' ? x.toFixed(d) : '-');
  return comparison(report)
    .map(
      (c) =>
        `${String(c.strategy)} vs ${String(c.against)}: mean PnL difference ${n(c.meanPnlDifference, 4)} (paired se ${n(c.pairedStandardError, 4)}), ` +
        `PnL sd ratio ${n(c.pnlSdRatio, 3)}, largest-inventory ratio ${n(c.maxInventoryRatio, 3)}, ` +
        `mean/sd ${n(c.pnlMeanOverSd, 3)} against ${n(c.againstPnlMeanOverSd, 3)}; ` +
        `with rewards (income = PnL + rewards): mean total difference ${n(c.meanTotalDifference, 4)} (paired se ${n(c.totalPairedStandardError, 4)}), ` +
        `total ratio ${n(c.totalRatio, 3)}, total sd ratio ${n(c.totalSdRatio, 3)}\n`,
    )
    .join('');
}
