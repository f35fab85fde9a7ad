/**
 * A facts file (`makerd survey --compare FILE`, e.g. config/venue-facts.json): published figures
 * about a venue's markets, each with the survey key it compares with (where one does), its value
 * (a number, a [low, high] range, or null for a statement without a figure), unit, source, trust
 * (A: primary data or the venue's documentation; B: real but partial or derived) and a note.
 *
 * The comparison lists every headline figure the survey measures, beside the published figures
 * of its key (blank when none was published), with measured / published; then the published
 * figures the survey does not measure, with the measured side blank. Nothing is computed for a
 * figure the file does not give.
 */
import { readFileSync } from 'node:fs';
import { ErrorCode, MakerdError } from '../errors.js';
import { round } from './stats.js';
import type { SurveyReport } from './summary.js';

export type FactValue = number | readonly [number, number] | null;

export interface Fact {
  readonly key: string;
  /** What was measured, and over which markets. */
  readonly what: string;
  readonly value: FactValue;
  readonly unit: string;
  readonly source: string;
  readonly trust: 'A' | 'B';
  readonly note: string;
}

export interface FactsFile {
  readonly about: string;
  readonly figures: readonly Fact[];
}

/** The survey's headline figures that a facts file may give, in the order they are compared. */
export const COMPARED_KEYS = [
  'trades_per_day_median',
  'trades_per_day_p90',
  'usdc_per_day_median',
  'trade_usdc_median',
  'spread_cents_median',
  'spread_bps_mid_0_20_median',
  'spread_bps_mid_20_40_median',
  'spread_bps_mid_40_60_median',
  'spread_bps_mid_60_80_median',
  'spread_bps_mid_80_100_median',
  'depth_l1_top10_median',
  'depth_l1_top10_p10',
  'depth_l1_top10_p90',
  'mid_moves_per_hour_median',
  'mid_move_cents_median',
  'maker_half_spread_cents_0s',
  'maker_markout_cents_60s',
  'maker_markout_cents_300s',
  'pool_usdc_day_median',
  'pool_usdc_day_mean',
  'paying_share',
  'max_spread_cents_range',
  'min_size_range',
  'fee_paying_share',
  'fee_rate_range',
  'fee_rebate_rate_range',
] as const satisfies readonly (keyof SurveyReport)[];

export type ComparedKey = (typeof COMPARED_KEYS)[number];

function bad(file: string, field: string, rule: string): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `--compare ${file}: ${field} ${rule}`, { where: 'survey --compare', field });
}

function isNumber(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

/** Checks a parsed facts file; a CONFIG error names the file and the field. */
export function checkFacts(raw: unknown, file: string): FactsFile {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad(file, 'the file', 'must hold a JSON object');
  const o = raw as Record<string, unknown>;
  if (typeof o.about !== 'string') throw bad(file, 'about', 'must be a string');
  if (!Array.isArray(o.figures)) throw bad(file, 'figures', 'must be an array');
  const figures = o.figures.map((f: unknown, i): Fact => {
    const at = `figures[${i}]`;
    if (typeof f !== 'object' || f === null || Array.isArray(f)) throw bad(file, at, 'must be an object');
    const g = f as Record<string, unknown>;
    for (const k of ['key', 'what', 'unit', 'source', 'note'] as const)
      if (typeof g[k] !== 'string') throw bad(file, `${at}.${k}`, 'must be a string');
    if (g.key === '') throw bad(file, `${at}.key`, 'must not be empty');
    if (g.trust !== 'A' && g.trust !== 'B') throw bad(file, `${at}.trust`, 'must be "A" or "B"');
    const v = g.value;
    const pair = Array.isArray(v) && v.length === 2 && isNumber(v[0]) && isNumber(v[1]) && v[0] <= v[1];
    if (!(v === null || isNumber(v) || pair)) throw bad(file, `${at}.value`, 'must be a number, a [low, high] pair or null');
    return g as unknown as Fact;
  });
  return { about: o.about, figures };
}

export function readFacts(file: string): FactsFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new MakerdError(
      ErrorCode.CONFIG,
      `--compare ${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      {
        where: 'survey --compare',
        field: 'file',
      },
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw bad(file, 'the file', `is not JSON (${(err as Error).message})`);
  }
  return checkFacts(raw, file);
}

/** One line of the comparison. */
export interface CompareRow {
  readonly key: string;
  /** The survey's figure; null when it was not measured (or the file's key is not the survey's). */
  readonly measured: number | readonly [number, number] | null;
  readonly published: FactValue;
  readonly unit: string;
  /** measured / published: a number, a [low, high] range against a published range, or null. */
  readonly ratio: number | readonly [number, number] | null;
  readonly what: string;
  readonly source: string;
  readonly trust: 'A' | 'B' | '';
  readonly note: string;
}

/** measured / published where both are numbers (a published range gives a range), else null. */
export function ratioOf(measured: CompareRow['measured'], published: FactValue): CompareRow['ratio'] {
  if (typeof measured !== 'number' || published === null) return null;
  if (typeof published === 'number') return published === 0 ? null : round(measured / published, 3);
  const [lo, hi] = published;
  if (lo === 0 || hi === 0 || Math.sign(lo) !== Math.sign(hi)) return null;
  const a = round(measured / hi, 3)!;
  const b = round(measured / lo, 3)!;
  return a <= b ? [a, b] : [b, a];
}

export function compare(report: SurveyReport, facts: FactsFile): CompareRow[] {
  const rows: CompareRow[] = [];
  const measuredKeys = new Set<string>(COMPARED_KEYS);
  for (const key of COMPARED_KEYS) {
    const measured = report[key] as CompareRow['measured'];
    const published = facts.figures.filter((f) => f.key === key);
    if (published.length === 0) {
      rows.push({ key, measured, published: null, unit: '', ratio: null, what: '', source: '', trust: '', note: '' });
      continue;
    }
    for (const f of published)
      rows.push({
        key,
        measured,
        published: f.value,
        unit: f.unit,
        ratio: ratioOf(measured, f.value),
        what: f.what,
        source: f.source,
        trust: f.trust,
        note: f.note,
      });
  }
  for (const f of facts.figures) {
    if (measuredKeys.has(f.key)) continue;
    rows.push({
      key: f.key,
      measured: null,
      published: f.value,
      unit: f.unit,
      ratio: null,
      what: f.what,
      source: f.source,
      trust: f.trust,
      note: f.note,
    });
  }
  return rows;
}
