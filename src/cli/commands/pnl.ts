/**
 * `makerd pnl [--json]`: positions and PnL per market from the fill journal of the configured
 * data directory (`data.dir`; with `trading.mode` paper, its paper journal), offline: no daemon, no venue, nothing written (a torn last line,
 * as a running daemon may be writing it, is reported and skipped, never cut).
 *
 * Realized PnL = trading PnL (closing gains at average cost) - fees + rebates, the venue's rules
 * (src/portfolio/token-position.ts). Unrealized PnL needs midpoints, which are unknown offline:
 * the `UNREAL@LAST` column (`unrealizedAtLastFill` in JSON) marks each token at its last fill
 * price instead, and says so.
 *
 * Markets that resolved while the account held a position in them were settled at 1 / 0 into
 * REALIZED (settlement records of the journal, src/portfolio/settlement.ts): a table of their own
 * gives each one's settlement gain and the payout still REDEEMABLE (settled shares the venue
 * still held at the daemon's last read of the positions), with the total (`settled` in JSON).
 *
 * Estimated liquidity rewards (what the daemon saved in `data.dir/rewards/`, see docs/rewards.md)
 * come in a table of their own (`estimatedRewards` in JSON): an estimate, not money received, so
 * never added to REALIZED or any PnL.
 *
 * Income counted whole (src/portfolio/income.ts) comes last, per market: TRADING (closing gains -
 * fees), SETTLED, REBATES (the three make REALIZED), UNREAL@LAST and the rewards (today's
 * estimated, earlier days' credited), summed in INCOME (`income` in JSON).
 *
 * The figures are one venue's and one account's: the data directory says whose (`venue.json`,
 * src/data-dir/venue-identity.ts; a daemon refuses a directory of another), and `makerd pnl`
 * names them (on stderr with the table, `identity` in JSON). Only `journal/` (or `paper-journal/`)
 * is read: the embedded simulator's set-aside `journal.sim-<time>` folders are earlier, emptied
 * accounts and are never summed. A paper run's estimates are its own (`paper-rewards/`).
 */
import { systemClock } from '../../clock/system-clock.js';
import { Decimal, moneyText } from '../../money.js';
import { Portfolio, type MarketSnapshot, type PnlFigures, type RedeemableMarket, type TokenSnapshot } from '../../portfolio/portfolio.js';
import { JOURNAL_DIR, journalDir, PAPER_JOURNAL_DIR } from '../../portfolio/journal.js';
import { replayJournal, type ReplayResult } from '../../portfolio/journal-replay.js';
import { describeIdentity, IDENTITY_FILE, readIdentity, type StoredIdentity } from '../../data-dir/venue-identity.js';
import { estimatesFolder, readAllEstimates } from '../../rewards/estimate-file.js';
import { dayReward, utcDayOf } from '../../rewards/reward-day.js';
import { INCOME_PARTS, type Income, type IncomePart, incomeOf, sumIncome } from '../../portfolio/income.js';
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
    settlementPnl: moneyText(t.settlementPnl),
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
    settlementPnl: moneyText(f.settlementPnl),
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
  const widths = rows[0]!.map((_, c) => rows.reduce((w, r) => Math.max(w, r[c]!.length), 0));
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

const REWARDS_NOTE = 'EST.REWARDS = liquidity rewards as makerd estimated them each minute (USDC); not in REALIZED or any PnL';

interface RewardEstimates {
  /** Saved UTC days (YYYY-MM-DD), oldest first. */
  readonly days: string[];
  /** Per market: days estimated and the estimate over them; `today`: the part of the UTC day under way. */
  readonly markets: Map<string, { days: number; usdc: Decimal; today: Decimal }>;
  readonly total: Decimal;
  readonly problems: string[];
}

/** The daemon's saved reward estimates, summed per market over every saved day. */
function rewardEstimates(dataDir: string, folder: string, nowMs: number): RewardEstimates {
  const { days, problems } = readAllEstimates(dataDir, folder);
  const markets = new Map<string, { days: number; usdc: Decimal; today: Decimal }>();
  const today = utcDayOf(nowMs);
  let total = new Decimal(0);
  for (const day of days) {
    for (const [market, m] of Object.entries(day.markets)) {
      const usdc = dayReward(new Decimal(m.shareSum), new Decimal(m.dailyRate));
      const sum = markets.get(market) ?? { days: 0, usdc: new Decimal(0), today: new Decimal(0) };
      markets.set(market, { days: sum.days + 1, usdc: sum.usdc.add(usdc), today: day.day === today ? sum.today.add(usdc) : sum.today });
      total = total.add(usdc);
    }
  }
  return { days: days.map((d) => new Date(d.day * 86_400_000).toISOString().slice(0, 10)), markets, total, problems };
}

function rewardsText(r: RewardEstimates): string {
  if (r.days.length === 0) return 'EST.REWARDS: none saved (no liquidity-reward estimate in the data directory)\n';
  const rows = [
    ['MARKET', 'DAYS', 'EST.REWARDS'],
    ...[...r.markets].map(([market, m]) => [market, String(m.days), money(m.usdc)]),
    ['TOTAL', String(r.days.length), money(r.total)],
  ];
  return `estimated rewards ${r.days[0]} .. ${r.days[r.days.length - 1]}:\n${table(rows)}\n${REWARDS_NOTE}\n`;
}

function summary(dir: string, r: ReplayResult): string {
  const dup = r.duplicates > 0 ? `, ${r.duplicates} duplicates dropped` : '';
  const settled = r.settlements > 0 ? `, ${r.settlements} settlements of resolved markets` : '';
  return `journal ${dir}: ${r.files.length} file(s), ${r.fills.length} fills${settled}${dup}, last fill ${r.lastMatchTime ?? 'none'}`;
}

const SETTLED_NOTE =
  'SETTLED = gain of the positions held at resolution, settled at 1 / 0 (in REALIZED); REDEEMABLE = their payout not yet redeemed (on the venue: redeem on-chain; on the simulator: POST /_sim/redeem)';

/** The markets with a settlement: their settlement gain, and the payout still redeemable. */
function settledMarkets(snap: { markets: readonly MarketSnapshot[] }, redeemable: readonly RedeemableMarket[]) {
  const waiting = new Map(redeemable.map((r) => [r.conditionId, r]));
  const markets = snap.markets
    .filter((m) => !m.settlementPnl.isZero() || waiting.has(m.conditionId))
    .map((m) => ({ market: m.conditionId, settlementPnl: m.settlementPnl, waiting: waiting.get(m.conditionId) }));
  const total = redeemable.reduce((sum, r) => sum.add(r.payout), new Decimal(0));
  return { markets, total };
}

function settledText(s: ReturnType<typeof settledMarkets>): string {
  if (s.markets.length === 0) return '';
  const rows = [
    ['MARKET', 'SETTLED', 'REDEEMABLE', 'REDEEMABLE SINCE'],
    ...s.markets.map((m) => [
      m.market,
      money(m.settlementPnl),
      money(m.waiting?.payout ?? new Decimal(0)),
      m.waiting === undefined ? '-' : new Date(m.waiting.sinceMs).toISOString(),
    ]),
    ['TOTAL', money(s.markets.reduce((sum, m) => sum.add(m.settlementPnl), new Decimal(0))), money(s.total), ''],
  ];
  return `resolved markets:\n${table(rows)}\n${SETTLED_NOTE}\n`;
}

function settledJson(s: ReturnType<typeof settledMarkets>): Record<string, unknown> {
  return {
    note: 'settlementPnl is in realizedPnl; redeemable: the payout of settled shares not yet redeemed (USDC)',
    markets: s.markets.map((m) => ({
      conditionId: m.market,
      settlementPnl: moneyText(m.settlementPnl),
      redeemable: moneyText(m.waiting?.payout ?? new Decimal(0)),
      redeemableSince: m.waiting === undefined ? null : new Date(m.waiting.sinceMs).toISOString(),
    })),
    redeemable: moneyText(s.total),
  };
}

/** Whose figures these are, from the data directory's identity. */
function whose(identity: StoredIdentity, paper: boolean): string {
  const of = paper ? `paper trading (virtual fills, no account) on venue ${identity.venue}` : describeIdentity(identity);
  const note = !paper && identity.account === null ? ' (no account has traded on this data directory)' : '';
  return `figures of ${of}${note}, as ${IDENTITY_FILE} of the data directory says (since ${identity.since})`;
}

/** The data directory's identity; a damaged venue.json is a warning here (the daemon refuses it), not the end of the report. */
function identityOf(dataDir: string, io: CliIo): StoredIdentity | undefined {
  try {
    return readIdentity(dataDir, 'data.dir');
  } catch (err) {
    io.stderr.write(`makerd: warning: ${(err as Error).message}\n`);
    return undefined;
  }
}

function identityJson(identity: StoredIdentity | undefined, paper: boolean): Record<string, unknown> | null {
  if (identity === undefined) return null;
  return { venue: identity.venue, account: paper ? null : identity.account, paper, since: identity.since };
}

export async function pnlCommand(
  config: { readonly data: { readonly dir: string }; readonly trading?: { readonly mode: string } },
  args: readonly string[],
  io: CliIo,
  /** Which UTC day is under way (its rewards are estimated, earlier days' credited). */
  clock: { now(): number } = systemClock,
): Promise<number> {
  const { json } = parsePnlArgs(args);
  // trading.mode paper reads the paper journal (virtual fills), never mixed with the account's.
  const folder = config.trading?.mode === 'paper' ? PAPER_JOURNAL_DIR : JOURNAL_DIR;
  const dir = journalDir(config.data.dir, folder);
  const replay = await replayJournal({ dataDir: config.data.dir, folder, repair: false });
  for (const w of replay.warnings) io.stderr.write(`makerd: warning: journal ${w.file} line ${w.line}: ${w.message}\n`);

  const portfolio = new Portfolio({ clock });
  // Fills, and the settlements of resolved markets and their redemptions, in their order.
  portfolio.applyEntries(replay.entries);
  const snap0 = portfolio.snapshot();
  for (const m of snap0.markets) for (const t of m.tokens) if (t.lastFillPrice !== undefined) portfolio.mark(t.tokenId, t.lastFillPrice);
  const snap = portfolio.snapshot();
  const settled = settledMarkets(snap, portfolio.redeemable());
  const rewards = rewardEstimates(config.data.dir, estimatesFolder(config.trading?.mode), clock.now());
  const income = incomeTable(snap.markets, rewards);
  for (const p of rewards.problems) io.stderr.write(`makerd: warning: reward estimate ${p}\n`);
  const paper = folder === PAPER_JOURNAL_DIR;
  const identity = identityOf(config.data.dir, io);

  if (!json && identity !== undefined) io.stderr.write(`makerd: ${whose(identity, paper)}\n`);
  if (json) {
    const out = {
      identity: identityJson(identity, paper),
      journal: dir,
      files: replay.files,
      fills: replay.fills.length,
      duplicates: replay.duplicates,
      lastMatchTime: replay.lastMatchTime ?? null,
      warnings: replay.warnings,
      unrealized: 'unknown offline (no midpoints); unrealizedAtLastFill marks each token at its last fill price',
      markets: snap.markets.map(marketJson),
      totals: figuresJson(snap.totals),
      settled: settledJson(settled),
      estimatedRewards: {
        note: 'estimated liquidity rewards, USDC; not in realizedPnl or any PnL',
        days: rewards.days,
        markets: Object.fromEntries([...rewards.markets].map(([m, r]) => [m, { days: r.days, usdc: moneyText(r.usdc) }])),
        total: moneyText(rewards.total),
      },
      income: incomeJson(income),
    };
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }

  if (replay.fills.length === 0) {
    io.stdout.write(`no fills in the journal ${dir}\n`);
    io.stdout.write(rewardsText(rewards));
    io.stdout.write(incomeText(income));
    return 0;
  }
  const rows = [
    ['MARKET', 'POS0', 'AVG0', 'POS1', 'AVG1', 'NET', 'REALIZED', 'FEES', 'REBATES', 'VOLUME', 'NOTIONAL', 'UNREAL@LAST'],
    ...snap.markets.map((m) => marketRow(m.conditionId, m, m)),
    marketRow('TOTAL', snap.totals),
  ];
  io.stdout.write(`${summary(dir, replay)}\n${table(rows)}\n`);
  io.stdout.write(
    'POS = signed shares of outcome 0 / 1 (negative: short), NET = POS0 - POS1; REALIZED = closing gains at average cost (+ SETTLED of resolved markets) - FEES + REBATES (USDC)\n',
  );
  io.stdout.write(`${UNREALIZED_NOTE}\n`);
  io.stdout.write(settledText(settled));
  io.stdout.write(rewardsText(rewards));
  io.stdout.write(incomeText(income));
  return 0;
}

/**
 * Income counted whole per market (src/portfolio/income.ts): the saved reward estimates of days
 * before the current UTC day count as credited (the venue credits a day at its end), today's as
 * estimated; unrealized is at the last fill price here (offline).
 */
function incomeTable(markets: readonly MarketSnapshot[], rewards: RewardEstimates): { markets: Map<string, Income>; total: Income } {
  const pnl = new Map(markets.map((m) => [m.conditionId, m]));
  const out = new Map<string, Income>();
  for (const id of new Set([...pnl.keys(), ...rewards.markets.keys()])) {
    const r = rewards.markets.get(id);
    out.set(id, incomeOf(pnl.get(id), r === undefined ? undefined : { estimated: r.today, credited: r.usdc.sub(r.today) }));
  }
  return { markets: out, total: sumIncome(out.values()) };
}

const INCOME_HEADS: Readonly<Record<IncomePart, string>> = {
  trading: 'TRADING',
  settlement: 'SETTLED',
  rebates: 'REBATES',
  unrealized: 'UNREAL@LAST',
  rewards_estimated: 'REWARDS.EST',
  rewards_credited: 'REWARDS.CRED',
  total: 'INCOME',
};

const INCOME_NOTE =
  'INCOME = TRADING (closing gains - fees) + SETTLED + REBATES (together REALIZED) + UNREAL@LAST + REWARDS.EST (the UTC day under way, estimated) + REWARDS.CRED (earlier days, as estimated; credited at 00:00 UTC); rewards are summed beside PnL, never in it';

function incomeText(income: ReturnType<typeof incomeTable>): string {
  if (income.markets.size === 0) return '';
  const row = (name: string, i: Income): string[] => [name, ...INCOME_PARTS.map((p) => money(i[p]))];
  const rows = [
    ['MARKET', ...INCOME_PARTS.map((p) => INCOME_HEADS[p])],
    ...[...income.markets].map(([m, i]) => row(m, i)),
    row('TOTAL', income.total),
  ];
  return `income:\n${table(rows)}\n${INCOME_NOTE}\n`;
}

function incomeJson(income: ReturnType<typeof incomeTable>): Record<string, unknown> {
  const parts = (i: Income): Record<string, string> => Object.fromEntries(INCOME_PARTS.map((p) => [p, moneyText(i[p])]));
  return {
    note: 'total = trading + settlement + rebates (= realizedPnl) + unrealized (at the last fill price) + rewards_estimated (UTC day under way) + rewards_credited (earlier days)',
    markets: Object.fromEntries([...income.markets].map(([m, i]) => [m, parts(i)])),
    total: parts(income.total),
  };
}
