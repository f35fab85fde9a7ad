/**
 * `makerd survey` without --json: the headline figures, one row per market, the comparison with a
 * facts file (--compare) and what could not be read. A figure not measured is left blank.
 */
import type { Unread } from './run-survey.js';
import { median } from './stats.js';
import type { CompareRow } from './facts.js';
import type { MarketRow, SurveyReport } from './summary.js';

/** A number for people: at most `dp` decimals, no trailing zeros; blank for null. */
export function num(x: number | null | undefined, dp = 2): string {
  if (x === null || x === undefined) return '';
  const r = Number(x.toFixed(dp));
  return String(Object.is(r, -0) ? 0 : r);
}

function pair(x: number | readonly [number, number] | null, dp = 2): string {
  if (x === null) return '';
  return typeof x === 'number' ? num(x, dp) : `${num(x[0], dp)}-${num(x[1], dp)}`;
}

/** Columns padded to their widest cell: numbers right-aligned, the columns in `left` (words) left-aligned. */
export function table(rows: readonly (readonly string[])[], left: readonly number[] = [0]): string {
  const widths = rows[0]!.map((_, c) => rows.reduce((w, r) => Math.max(w, r[c]!.length), 0));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (left.includes(c) ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** One line per thing not read, as on stderr. */
export function unreadLines(unread: readonly Unread[], slugOf: (market: string) => string): string[] {
  return unread.map((u) => {
    const whose = u.market === undefined ? '' : ` of ${slugOf(u.market)}`;
    const count =
      u.failed !== undefined ? `: ${u.failed} of ${u.of} requests failed` : u.read !== undefined ? `: read ${u.read} before it failed` : '';
    return `${u.what}${whose}${count} (${u.error})`;
  });
}

function headline(r: SurveyReport): string[][] {
  const s = r.survey;
  const rows: string[][] = [['FIGURE', 'MEASURED', 'RESTS ON']];
  const m = (n: number): string => `${n} markets`;
  rows.push(['trades a day, median', num(r.trades_per_day_median, 1), m(s.tapes_read)]);
  rows.push(['trades a day, p90', num(r.trades_per_day_p90, 1), m(s.tapes_read)]);
  rows.push(['USDC a day, median', num(r.usdc_per_day_median, 0), m(s.tapes_read)]);
  const spans = r.markets.filter((x) => x.tape !== null).map((x) => x.tape!.span_s);
  rows.push(['trade tape span (s), median', num(median(spans), 0), m(spans.length)]);
  rows.push(["a market's mean trade (USDC), median", num(r.trade_usdc_median, 2), m(s.tapes_read)]);
  rows.push(['quoted spread (cents), median', num(r.spread_cents_median, 2), m(s.books_read)]);
  rows.push(['quoted spread (bps of mid), median', num(r.spread_bps_median, 1), m(s.books_read)]);
  const inBucket = (label: string): string => m(r.markets.filter((x) => x.spread_bps_by_mid[label] !== null).length);
  rows.push(['  mid 0-0.2', num(r.spread_bps_mid_0_20_median, 1), inBucket('0-0.2')]);
  rows.push(['  mid 0.2-0.4', num(r.spread_bps_mid_20_40_median, 1), inBucket('0.2-0.4')]);
  rows.push(['  mid 0.4-0.6', num(r.spread_bps_mid_40_60_median, 1), inBucket('0.4-0.6')]);
  rows.push(['  mid 0.6-0.8', num(r.spread_bps_mid_60_80_median, 1), inBucket('0.6-0.8')]);
  rows.push(['  mid 0.8-1', num(r.spread_bps_mid_80_100_median, 1), inBucket('0.8-1')]);
  rows.push(['depth: level 1 / top 10, median', num(r.depth_l1_top10_median, 3), m(s.books_read)]);
  rows.push(['depth: level 1 / top 10, p10 / p90', `${num(r.depth_l1_top10_p10, 3)} / ${num(r.depth_l1_top10_p90, 3)}`, '']);
  rows.push(['midpoint moves an hour, median', num(r.mid_moves_per_hour_median, 1), m(s.mids_read)]);
  rows.push(['midpoint move (cents), median', num(r.mid_move_cents_median, 2), m(s.mids_read)]);
  const trades = (n: number, fromHistory: number): string =>
    `${n} trades${fromHistory > 0 ? ` (${fromHistory} on the price history)` : ''}`;
  rows.push([
    "makers' effective half-spread (cents)",
    num(r.maker_half_spread_cents_0s, 3),
    trades(r.maker_trades_0s, r.maker_trades_history_0s),
  ]);
  rows.push([
    "makers' mark-out at 60 s (cents)",
    num(r.maker_markout_cents_60s, 3),
    trades(r.maker_trades_60s, r.maker_trades_history_60s),
  ]);
  rows.push([
    "makers' mark-out at 300 s (cents)",
    num(r.maker_markout_cents_300s, 3),
    trades(r.maker_trades_300s, r.maker_trades_history_300s),
  ]);
  rows.push(['reward pool (USDC a day), median / mean', `${num(r.pool_usdc_day_median)} / ${num(r.pool_usdc_day_mean)}`, 'paying markets']);
  rows.push(['paying share', num(r.paying_share, 3), m(s.markets)]);
  rows.push(['max_spread (cents), range', pair(r.max_spread_cents_range), 'paying markets']);
  rows.push(['min_size (shares), range', pair(r.min_size_range), 'paying markets']);
  rows.push(['fee-paying share', num(r.fee_paying_share, 3), '']);
  for (const f of r.fee_schedules)
    rows.push([
      `  fee rate ${f.rate}, exponent ${f.exponent}, ${f.taker_only ? 'taker only' : 'makers too'}, rebate ${f.rebate_rate}`,
      '',
      m(f.markets),
    ]);
  return rows;
}

function shortSlug(slug: string, market: string): string {
  const s = slug === '' ? market : slug;
  return s.length > 44 ? `${s.slice(0, 43)}…` : s;
}

function marketRows(markets: readonly MarketRow[]): string[][] {
  const rows: string[][] = [
    [
      'MARKET',
      'TRADES/D',
      'USDC/D',
      'TRADE$',
      'SPREAD¢',
      'BPS',
      'L1/TOP10',
      'MOVES/H',
      'EDGE¢',
      'MO60¢',
      'MO300¢',
      'POOL/D',
      'MAX_SPREAD',
      'MIN_SIZE',
      'FEE',
    ],
  ];
  for (const r of markets)
    rows.push([
      shortSlug(r.slug, r.market),
      num(r.trades_per_day, 0),
      num(r.usdc_per_day, 0),
      num(r.trade_usdc_mean, 2),
      num(r.spread_cents_median, 2),
      num(r.spread_bps_median, 0),
      num(r.depth_l1_top10, 3),
      num(r.mid_moves_per_hour, 0),
      num(r.maker_half_spread_cents_0s, 2),
      num(r.maker_markout_cents_60s, 2),
      num(r.maker_markout_cents_300s, 2),
      num(r.pool_usdc_day),
      num(r.max_spread_cents),
      num(r.min_size),
      r.fees === null ? '' : num(r.fees.rate, 4),
    ]);
  return rows;
}

function compareRows(rows: readonly CompareRow[]): string[][] {
  const out: string[][] = [['FIGURE', 'MEASURED', 'PUBLISHED', 'UNIT', 'MEASURED/PUBLISHED', 'TRUST', 'PUBLISHED FOR']];
  for (const r of rows)
    out.push([
      r.key,
      pair(r.measured, 4),
      r.published === null ? '' : pair(r.published, 4),
      r.unit,
      r.ratio === null ? '' : pair(r.ratio, 3),
      r.trust,
      r.what,
    ]);
  return out;
}

/** The whole text report. */
export function surveyText(r: SurveyReport, compared: readonly CompareRow[] | undefined): string {
  const s = r.survey;
  const slugs = new Map(r.markets.map((m) => [m.market, shortSlug(m.slug, m.market)]));
  const parts = [
    `survey of ${s.venue}: ${s.markets} markets, ${s.started} to ${s.ended} (${num(s.window_s, 0)} s, ${s.polls} polls every ${s.interval_ms} ms; trade tapes back to ${s.lookback_s} s before the end)`,
    '',
    table(headline(r), [0, 2]),
    '',
    table(marketRows(r.markets)),
  ];
  if (compared !== undefined) {
    parts.push(
      '',
      'published figures beside the measured ones (blank: none published, or not measured):',
      '',
      table(compareRows(compared), [0, 3, 5, 6]),
    );
    const sources = [
      ...new Set(compared.filter((c) => c.source !== '').map((c) => `${c.key}: ${c.source}${c.note === '' ? '' : ` (${c.note})`}`)),
    ];
    parts.push('', 'sources:');
    for (const x of sources) parts.push(`  ${x}`);
  }
  if (r.unread.length > 0) {
    parts.push('', 'not read:');
    for (const l of unreadLines(r.unread, (m) => slugs.get(m) ?? m)) parts.push(`  ${l}`);
  }
  return `${parts.join('\n')}\n`;
}
