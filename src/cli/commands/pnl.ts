/**
 * `makerd pnl [--json]`: positions and PnL per market from the fill journal of the configured
 * data directory (`data.dir`; with `trading.mode` paper, its paper journal), offline: no daemon, no venue, nothing written (a torn last line,
 * as a running daemon may be writing it, is reported and skipped, never cut).
 *
 * Realized PnL = trading PnL (closing gains at average cost) - fees + rebates, the venue's rules
 * (src/portfolio/token-position.ts). Unrealized PnL needs midpoints, which are unknown offline:
 * the `UNREAL@LAST` column (`unrealizedAtLastFill` in JSON) marks each token at its last fill
 * price instead, and says so.
 */
import { systemClock } from '../../clock/system-clock.js';
import { Decimal, moneyText } from '../../money.js';
import { Portfolio, type MarketSnapshot, type PnlFigures, type TokenSnapshot } from '../../portfolio/portfolio.js';
import { JOURNAL_DIR, journalDir, PAPER_JOURNAL_DIR } from '../../portfolio/journal.js';
import { replayJournal, type ReplayResult } from '../../portfolio/journal-replay.js';
import { UsageError, type CliIo } from '../io.js';

export interface PnlArgs {
  readonly json: boolean;
}

export function parsePnlArgs(args: readonly string[]): PnlArgs {
  let json = false;
  for (const a of args) {
    if (a === '--json') json = true;
    else throw new UsageError(`pnl: unexpected argument '${a}'; takes --json`);
  }
  return { json };
}

const UNREALIZED_NOTE = 'unrealized PnL is unknown offline (no midpoints); UNREAL@LAST marks each token at its last fill price';

const money = (d: Decimal): string => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);
const price = (d: Decimal): string => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed();

function tokenJson(t: TokenSnapshot): Record<string, unknown> {
  return {
    outcomeIndex: t.outcomeIndex,
    tokenId: t.tokenId,
    size: t.size.toFixed(),
    avgPrice: price(t.avgPrice),
    realizedPnl: moneyText(t.realizedPnl),
    tradingPnl: moneyText(t.tradingPnl),
    feesPaid: moneyText(t.feesPaid),
    rebatesReceived: moneyText(t.rebatesReceived),
    volumeShares: t.volumeShares.toFixed(),
    volumeNotional: moneyText(t.volumeNotional),
    fills: t.fills,
    lastFillPrice: t.lastFillPrice?.toFixed(),
    unrealizedAtLastFill: moneyText(t.unrealizedPnl),
  };
}

function figuresJson(f: PnlFigures): Record<string, unknown> {
  return {
    realizedPnl: moneyText(f.realizedPnl),
    tradingPnl: moneyText(f.tradingPnl),
    feesPaid: moneyText(f.feesPaid),
    rebatesReceived: moneyText(f.rebatesReceived),
    volumeShares: f.volumeShares.toFixed(),
    volumeNotional: moneyText(f.volumeNotional),
    fills: f.fills,
    unrealizedAtLastFill: moneyText(f.unrealizedPnl),
  };
}

function marketJson(m: MarketSnapshot): Record<string, unknown> {
  return { conditionId: m.conditionId, netExposure: m.netExposure.toFixed(), ...figuresJson(m), outcomes: m.tokens.map(tokenJson) };
}

function table(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function marketRow(name: string, m: PnlFigures, positions?: MarketSnapshot): string[] {
  const pos = (i: 0 | 1): string => (positions === undefined ? '' : positions.positions[i].toFixed());
  const avg = (i: 0 | 1): string => (positions === undefined || positions.positions[i].isZero() ? '' : price(positions.avgPrices[i]));
  return [
    name,
    pos(0),
    avg(0),
    pos(1),
    avg(1),
    positions === undefined ? '' : positions.netExposure.toFixed(),
    money(m.realizedPnl),
    money(m.feesPaid),
    money(m.rebatesReceived),
    m.volumeShares.toFixed(),
    money(m.volumeNotional),
    money(m.unrealizedPnl),
  ];
}

function summary(dir: string, r: ReplayResult): string {
  const dup = r.duplicates > 0 ? `, ${r.duplicates} duplicates dropped` : '';
  return `journal ${dir}: ${r.files.length} file(s), ${r.fills.length} fills${dup}, last fill ${r.lastMatchTime ?? 'none'}`;
}

export async function pnlCommand(
  config: { readonly data: { readonly dir: string }; readonly trading?: { readonly mode: string } },
  args: readonly string[],
  io: CliIo,
): Promise<number> {
  const { json } = parsePnlArgs(args);
  // trading.mode paper reads the paper journal (virtual fills), never mixed with the account's.
  const folder = config.trading?.mode === 'paper' ? PAPER_JOURNAL_DIR : JOURNAL_DIR;
  const dir = journalDir(config.data.dir, folder);
  const replay = await replayJournal({ dataDir: config.data.dir, folder, repair: false });
  for (const w of replay.warnings) io.stderr.write(`makerd: warning: journal ${w.file} line ${w.line}: ${w.message}\n`);

  const portfolio = new Portfolio({ clock: systemClock });
  portfolio.applyAll(replay.fills);
  const snap0 = portfolio.snapshot();
  for (const m of snap0.markets) for (const t of m.tokens) if (t.lastFillPrice !== undefined) portfolio.mark(t.tokenId, t.lastFillPrice);
  const snap = portfolio.snapshot();

  if (json) {
    const out = {
      journal: dir,
      files: replay.files,
      fills: replay.fills.length,
      duplicates: replay.duplicates,
      lastMatchTime: replay.lastMatchTime ?? null,
      warnings: replay.warnings,
      unrealized: 'unknown offline (no midpoints); unrealizedAtLastFill marks each token at its last fill price',
      markets: snap.markets.map(marketJson),
      totals: figuresJson(snap.totals),
    };
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }

  if (replay.fills.length === 0) {
    io.stdout.write(`no fills in the journal ${dir}\n`);
    return 0;
  }
  const rows = [
    ['MARKET', 'POS0', 'AVG0', 'POS1', 'AVG1', 'NET', 'REALIZED', 'FEES', 'REBATES', 'VOLUME', 'NOTIONAL', 'UNREAL@LAST'],
    ...snap.markets.map((m) => marketRow(m.conditionId, m, m)),
    marketRow('TOTAL', snap.totals),
  ];
  io.stdout.write(`${summary(dir, replay)}\n${table(rows)}\n`);
  io.stdout.write(
    'POS = signed shares of outcome 0 / 1 (negative: short), NET = POS0 - POS1; REALIZED = closing gains at average cost - FEES + REBATES (USDC)\n',
  );
  io.stdout.write(`${UNREALIZED_NOTE}\n`);
  return 0;
}
