/**
 * Resolved markets into the books (src/daemon/market-settlements.ts), on a real journal in a
 * temporary data directory, fake positions and a fake clock:
 * - positions `redeemable` at 1 / 0 settle the market once (records journaled, then applied);
 * - a restart replays the records and settles nothing again; a restart whose settlement never
 *   reached the disk, or reached it torn in the middle of the batch, settles what is missing, so
 *   realized PnL is the same in every case and each token has exactly one settlement line;
 * - the listing (GET /markets/{id}) names the winner when the positions do not say (the end passed,
 *   the stream said so), read at most once a minute;
 * - the shares stop being redeemable when a read begun after the settlement no longer shows them;
 * - a resolution the venue does not state clearly settles nothing and is logged once.
 */
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { LISTING_RECHECK_MS, MarketSettlements } from '../../src/daemon/market-settlements.js';
import { Decimal } from '../../src/money.js';
import { FillJournal } from '../../src/portfolio/journal.js';
import { replayJournal } from '../../src/portfolio/journal-replay.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import type { Market } from '../../src/venue/types.js';
import { logCapture } from '../support/log-capture.js';
import { fill } from '../portfolio/support.js';

const T0 = Date.UTC(2026, 0, 1, 12);
const M = '0xaaaa';
const X = `${M}:0`;
const Y = `${M}:1`;
const d = (x: string | number): Decimal => new Decimal(x);

/** Long 10 X at 0.4 (fee 0.06), long 4 Y at 0.55: Y wins -> X -4, Y +1.8; realized -2.26. */
const FILLS = () => [
  fill({ side: 'BUY', price: '0.4', size: '10', fee: '0.06' }),
  fill({ side: 'BUY', price: '0.55', size: '4', outcome: 1 }),
];
const REALIZED_Y_WINS = '-2.26';

class FakePositions {
  positions = new Map<string, Decimal>();
  redeemable = new Map<string, Decimal>();
  lastReadMs: number | undefined = T0;
  reads = 0;
  readonly #listeners: (() => void)[] = [];
  onRead(l: () => void): void {
    this.#listeners.push(l);
  }
  async refresh(): Promise<void> {}
  /** One completed read. */
  read(): void {
    this.reads++;
    for (const l of this.#listeners) l();
  }
}

function listing(winner: 0 | 1 | undefined): Market {
  return {
    condition_id: M,
    outcomes: ['Yes', 'No'],
    closed: winner !== undefined,
    tokens: [
      { token_id: X, outcome: 'Yes', winner: winner === 0 },
      { token_id: Y, outcome: 'No', winner: winner === 1 },
    ],
  } as unknown as Market;
}

interface Daemon {
  readonly portfolio: Portfolio;
  readonly journal: FillJournal;
  readonly settlements: MarketSettlements;
  readonly positions: FakePositions;
  readonly lines: Record<string, unknown>[];
  readonly asked: string[];
  readonly clock: FakeClock;
}

/** A daemon's start on `dataDir`: the journal replayed, then the settlements checked once. */
async function start(
  dataDir: string,
  positions: FakePositions,
  o: { winner?: 0 | 1 | undefined; endMs?: number; clockMs?: number } = {},
): Promise<Daemon> {
  const clock = new FakeClock(o.clockMs ?? T0 + 120_000);
  const replay = await replayJournal({ dataDir });
  const portfolio = new Portfolio({ clock });
  portfolio.applyEntries(replay.entries);
  const journal = new FillJournal({ dataDir, clock });
  const { logger, lines } = logCapture('info');
  const asked: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const settlements = new MarketSettlements({
    clock,
    logger,
    portfolio,
    journal,
    exclusive: (job) => {
      const run = queue.then(job, job);
      queue = run.catch(() => undefined);
      return run;
    },
    positions,
    listing: async (id) => {
      asked.push(id);
      return listing(o.winner);
    },
    endOf: () => o.endMs,
  });
  await settlements.check();
  return { portfolio, journal, settlements, positions, lines, asked, clock };
}

/** A data directory whose journal holds the fills. */
async function journaled(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'makerd-settlements-'));
  const j = new FillJournal({ dataDir, clock: new FakeClock(T0) });
  await j.append(FILLS());
  await j.close();
  return dataDir;
}

/** Positions of a market resolved for Y: both held, redeemable at 0 and 1. */
function resolvedForY(): FakePositions {
  const p = new FakePositions();
  p.positions.set(X, d(10));
  p.positions.set(Y, d(4));
  p.redeemable.set(X, d(0));
  p.redeemable.set(Y, d(1));
  return p;
}

const settlementLines = (dataDir: string): Record<string, unknown>[] =>
  readFileSync(join(dataDir, 'journal', 'fills-2026-01-01.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('"kind":"settlement"'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('MarketSettlements', () => {
  it('settles a market whose positions are redeemable, once: journaled, applied, logged', async () => {
    const dataDir = await journaled();
    const a = await start(dataDir, resolvedForY());
    expect(a.portfolio.totals().realizedPnl.toFixed()).toBe(REALIZED_Y_WINS);
    // The venue holds both tokens' shares until the redeem; the winner's pay.
    expect(a.portfolio.redeemable()).toEqual([{ conditionId: M, shares: [d(10), d(4)], payout: d(4), sinceMs: T0 + 120_000 }]);
    expect(a.lines.filter((l) => String(l.msg).startsWith('market resolved'))).toEqual([
      expect.objectContaining({ market: M, winningOutcome: 1, settlementPnl: '-2.2', redeemable: '4', shares: { 0: '10', 1: '4' } }),
    ]);
    a.positions.read();
    await a.settlements.check();
    await a.journal.close();
    expect(settlementLines(dataDir).map((l) => [l.id, l.pnl])).toEqual([
      ['settle:0xaaaa:0:1', '-4'],
      ['settle:0xaaaa:1:1', '1.8'],
    ]);
    expect(a.asked).toEqual([]);
  });

  it('after a restart: replayed once, never settled again; a settlement that never reached the disk is made at start', async () => {
    const dataDir = await journaled();
    const first = await start(dataDir, resolvedForY());
    await first.journal.close();
    const again = await start(dataDir, resolvedForY());
    await again.journal.close();
    expect(again.portfolio.totals().realizedPnl.toFixed()).toBe(REALIZED_Y_WINS);
    expect(settlementLines(dataDir)).toHaveLength(2);
    // Killed before the records were written: the journal holds the fills only; the start settles.
    const cut = await journaled();
    const redone = await start(cut, resolvedForY());
    await redone.journal.close();
    expect(redone.portfolio.totals().realizedPnl.toFixed()).toBe(REALIZED_Y_WINS);
    expect(settlementLines(cut)).toHaveLength(2);
  });

  it('killed in the middle of writing the settlement: the torn line is cut and only the missing token settled', async () => {
    const dataDir = await journaled();
    const whole = await journaled();
    const done = await start(whole, resolvedForY());
    await done.journal.close();
    const [xLine, yLine] = readFileSync(join(whole, 'journal', 'fills-2026-01-01.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"kind":"settlement"'));
    appendFileSync(join(dataDir, 'journal', 'fills-2026-01-01.jsonl'), `${xLine}\n${yLine!.slice(0, 40)}`);
    const restarted = await start(dataDir, resolvedForY());
    await restarted.journal.close();
    expect(restarted.portfolio.totals().realizedPnl.toFixed()).toBe(REALIZED_Y_WINS);
    expect(settlementLines(dataDir).map((l) => l.id)).toEqual(['settle:0xaaaa:0:1', 'settle:0xaaaa:1:1']);
    const replay = await replayJournal({ dataDir });
    expect([replay.settlements, replay.duplicates, replay.warnings]).toEqual([2, 0, []]);
  });

  it('stops being redeemable once a read begun after the settlement no longer shows the shares', async () => {
    const dataDir = await journaled();
    const a = await start(dataDir, resolvedForY());
    // Redeemed on the venue: the positions are gone. The read under way may have begun before the settlement.
    a.positions.positions.clear();
    a.positions.redeemable.clear();
    a.positions.read();
    await a.settlements.check();
    expect(a.portfolio.redeemable()).toHaveLength(1);
    a.positions.read();
    await a.settlements.check();
    expect(a.portfolio.redeemable()).toEqual([]);
    expect(a.lines.filter((l) => String(l.msg).startsWith('resolved market redeemed'))).toHaveLength(1);
    await a.journal.close();
    const after = await replayJournal({ dataDir });
    expect([after.settlements, after.redemptions]).toEqual([2, 2]);
    // A restart knows: nothing redeemable, the same PnL.
    const b = await start(dataDir, new FakePositions());
    expect(b.portfolio.redeemable()).toEqual([]);
    expect(b.portfolio.totals().realizedPnl.toFixed()).toBe(REALIZED_Y_WINS);
    await b.journal.close();
  });

  it('reads the listing when the end has passed and the positions do not say, at most once a minute', async () => {
    const dataDir = await journaled();
    const held = new FakePositions();
    held.positions.set(X, d(10));
    held.positions.set(Y, d(4));
    // Before the end: no listing read.
    const early = await start(dataDir, held, { endMs: T0 + 600_000 });
    expect(early.asked).toEqual([]);
    await early.journal.close();
    // After the end, not resolved yet: read once, then not again within a minute.
    const pending = await start(dataDir, held, { endMs: T0, winner: undefined });
    pending.positions.read();
    await pending.settlements.check();
    expect(pending.asked).toEqual([M]);
    pending.clock.advance(LISTING_RECHECK_MS);
    pending.positions.read();
    await pending.settlements.check();
    expect(pending.asked).toEqual([M, M]);
    expect(pending.portfolio.totals().settlementPnl.toFixed()).toBe('0');
    await pending.journal.close();
    // The listing names the winner: settled.
    const named = await start(dataDir, held, { endMs: T0, winner: 1 });
    expect(named.portfolio.totals().realizedPnl.toFixed()).toBe(REALIZED_Y_WINS);
    await named.journal.close();
  });

  it('the market stream saying it resolved is reason enough to read the listing', async () => {
    const dataDir = await journaled();
    const held = new FakePositions();
    held.positions.set(X, d(10));
    held.positions.set(Y, d(4));
    const a = await start(dataDir, held, { winner: 0 });
    expect(a.asked).toEqual([]);
    a.settlements.resolvedByVenue(M);
    a.positions.read();
    await a.settlements.check();
    expect(a.asked).toEqual([M]);
    // X wins: 10 - 4 = 6, Y -2.2, fee 0.06.
    expect(a.portfolio.totals().realizedPnl.toFixed()).toBe('3.74');
    await a.journal.close();
  });

  it('settles nothing on positions that do not say clearly who won, and says so once', async () => {
    const dataDir = await journaled();
    const odd = resolvedForY();
    odd.redeemable.set(Y, d('0.5'));
    const a = await start(dataDir, odd);
    a.positions.read();
    await a.settlements.check();
    expect(a.portfolio.totals().settlementPnl.toFixed()).toBe('0');
    expect(a.lines.filter((l) => String(l.msg).startsWith('settlements: the venue does not say clearly'))).toEqual([
      expect.objectContaining({ market: M, why: 'a redeemable position of outcome 1 is priced 0.5, not 0 or 1' }),
    ]);
    await a.journal.close();
  });
});
