/**
 * `makerd tune` in words: the search's head lines (also the HTML report's), the finalists' table
 * printed on stdout, and the best setting as a makerd configuration file (--out-config).
 */
import { durationText } from '../backtest/duration-text.js';
import { rungSeedCounts } from './search-engine.js';
import type { SearchDefinition } from './search-definition.js';
import type { Finalist, SearchState } from './search-engine.js';

const range = (seeds: readonly string[]): string =>
  seeds.length === 0 ? 'none' : seeds.length === 1 ? seeds[0]! : `${seeds[0]}..${seeds[seeds.length - 1]}`;

/** The world and markets of the runs, from the search's backtest settings (JSON). */
export function worldLine(def: SearchDefinition): string {
  const b = def.backtest as {
    hours: number;
    markets: number;
    venue?: { kind: string; overrides: Record<string, number | undefined> };
    flowProfile?: string;
  };
  const world =
    b.venue !== undefined
      ? `venue world, ${b.venue.kind === 'all' ? 'all kinds of market' : `${b.venue.kind} markets`}`
      : `demo world, flow profile ${b.flowProfile ?? 'default'}`;
  const given = Object.entries(b.venue?.overrides ?? {}).filter(([, v]) => v !== undefined);
  return `${world}${given.length === 0 ? '' : ` (every market ${given.map(([k, v]) => `${k}=${v}`).join(', ')})`}; ${b.markets} market(s), ${durationText(b.hours * 3600)} per run`;
}

/** The search's head lines. */
export function searchLines(def: SearchDefinition): string[] {
  const rungs = rungSeedCounts(def.tuningSeeds.length, def.eta, def.minSeeds);
  const limits = [
    def.limits.maxInventory === null ? undefined : `largest |inventory| <= ${def.limits.maxInventory} shares`,
    def.limits.maxLoss === null ? undefined : `income >= -${def.limits.maxLoss} USDC`,
  ].filter((x) => x !== undefined);
  return [
    `tune ${def.strategy}: ${def.settings} settings (the base and ${def.settings - 1} sampled, search seed ${def.searchSeed}) over ${def.space.map((d) => d.path).join(', ')}`,
    `${def.brackets} bracket(s), each halved ${rungs.length - 1} time(s) (keeping 1/${def.eta}): rungs of ${rungs.join(', ')} seed(s); tuning seeds ${range(def.tuningSeeds)}, validation seeds ${range(def.validationSeeds)}`,
    worldLine(def),
    `objective ${def.objective} of the income per run (PnL + rewards, USDC); limits: ${limits.length === 0 ? 'none' : limits.join(', ')}`,
  ];
}

const num = (x: number | undefined, digits = 3): string => (x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits));

/** The finalists, best first, and the best setting's parameters. */
export function resultTable(def: SearchDefinition, state: Pick<SearchState, 'finalists' | 'brackets'>): string {
  const lines = searchLines(def);
  const head = ['setting', 'bracket', 'tune mean', 'sd', 'score', 'valid. mean', 'sd', 'score', 'overfit'];
  const rows = state.finalists.map((f) => [
    `#${f.index}${f.index === 0 ? ' (base)' : ''}`,
    String(f.bracket),
    num(f.tuning.mean),
    num(f.tuning.sd),
    num(f.tuning.score),
    num(f.validation?.mean),
    num(f.validation?.sd),
    num(f.validation?.score),
    f.overfit === null ? '-' : f.overfit ? 'YES' : 'no',
  ]);
  const widths = head.map((h, i) => rows.reduce((w, r) => Math.max(w, r[i]!.length), h.length));
  const fmt = (r: string[]): string => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  lines.push('', "finalists (each bracket's winner), best first:", fmt(head));
  for (const r of rows) lines.push(fmt(r));
  const noWinner = state.brackets.filter((b) => b.winner === null).map((b) => b.bracket);
  if (noWinner.length > 0) lines.push(`bracket(s) ${noWinner.join(', ')}: no setting within the limits`);
  const best = state.finalists[0];
  if (best === undefined) lines.push('', 'best: none (no setting within the limits)');
  else {
    lines.push(
      '',
      `best: #${best.index}: ${Object.entries(best.values)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
    );
    for (const f of state.finalists)
      if (f.overfit === true)
        lines.push(
          `note: #${f.index} is flagged overfit: its validation mean ${num(f.validation?.mean)} is more than two standard errors below its tuning mean ${num(f.tuning.mean)}`,
        );
    if (best.validationBreach !== undefined)
      lines.push(`note: #${best.index} broke a limit on the validation seeds: ${best.validationBreach}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The best setting as a makerd configuration file: strategy.name and strategy.params. */
export function bestConfigText(def: SearchDefinition, best: Finalist): string {
  return `${JSON.stringify({ strategy: { name: def.strategy, params: best.params } }, null, 2)}\n`;
}
