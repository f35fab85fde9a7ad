/**
 * Settlement of a resolved market's positions (src/portfolio/settlement.ts, Portfolio.settle):
 * the arithmetic by hand to the last decimal (longs, shorts, winners, losers, a basis of thirds),
 * against the simulator's own settlement of the same positions (what it credits on redeem, 1 a
 * winning share, and the positions' cost and realized PnL), the records' idempotence (applied
 * once whatever is replayed), and the journal's settlement and redemption lines.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { Decimal } from '../../src/money.js';
import { fillsFromAccountTrade } from '../../src/portfolio/fill-attribution.js';
import { decodeEntry, encodeEntry } from '../../src/portfolio/journal-record.js';
import { FillJournal } from '../../src/portfolio/journal.js';
import { replayJournal } from '../../src/portfolio/journal-replay.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import { redemptionOf, settle, type Settlement } from '../../src/portfolio/settlement.js';
import { SimRng } from '../../src/sim/rng.js';
import type { Side } from '../../src/venue/types.js';
import { account, FEE_A, harness, NO, YES } from '../sim/exchange/fixtures.js';
import { d, fill, T0, termsOf } from './support.js';

const clock = { now: () => T0 + 3_600_000 };

/** Settles every token of market `cid` in `p` with `winner` at `atMs`; the records applied. */
function settleAll(p: Portfolio, cid: string, winner: 0 | 1, atMs = T0 + 60_000): Settlement[] {
  const out: Settlement[] = [];
  for (const t of p.market(cid)?.tokens ?? []) {
    const s = settle(t, winner, atMs);
    if (s === undefined) continue;
    expect(p.settle(s)).toBeDefined();
    out.push(s);
  }
  return out;
}

describe('settlement arithmetic, by hand', () => {
  it('a long of the winner pays 1 a share less its cost; fees stay in realized PnL', () => {
    const p = new Portfolio({ clock });
    p.applyAll([
      fill({ side: 'BUY', price: '0.45', size: '10', fee: '0.061875' }),
      fill({ side: 'BUY', price: '0.47', size: '5', fee: '0.031' }),
    ]);
    const [s] = settleAll(p, '0xaaaa', 0);
    expect({
      price: s!.price.toFixed(),
      size: s!.size.toFixed(),
      cost: s!.cost.toFixed(),
      payout: s!.payout.toFixed(),
      pnl: s!.pnl.toFixed(),
    }).toEqual({
      price: '1',
      size: '15',
      cost: '6.85',
      payout: '15',
      pnl: '8.15',
    });
    expect(s!.id).toBe('settle:0xaaaa:0:2');
    const t = p.token('0xaaaa:0')!;
    expect([t.size.toFixed(), t.cost.toFixed(), t.settlementPnl.toFixed(), t.realizedPnl.toFixed()]).toEqual([
      '0',
      '0',
      '8.15',
      '8.057125',
    ]);
    expect(p.totals().settlementPnl.toFixed()).toBe('8.15');
    expect(p.redeemable()).toEqual([{ conditionId: '0xaaaa', shares: [d(15), d(0)], payout: d(15), sinceMs: T0 + 60_000 }]);
  });

  it('a long of the loser loses its cost, and is nothing to redeem', () => {
    const p = new Portfolio({ clock });
    p.apply(fill({ side: 'BUY', price: '0.3', size: '20', outcome: 1 }));
    const [s] = settleAll(p, '0xaaaa', 0);
    expect([s!.price.toFixed(), s!.payout.toFixed(), s!.pnl.toFixed()]).toEqual(['0', '0', '-6']);
    expect(p.totals().realizedPnl.toFixed()).toBe('-6');
    expect(p.redeemable()).toEqual([]);
  });

  it('a short pays its obligation: the winner costs 1 a share less what the sales brought; the loser keeps them', () => {
    const won = new Portfolio({ clock });
    won.apply(fill({ side: 'SELL', price: '0.6', size: '10' }));
    const [w] = settleAll(won, '0xaaaa', 0);
    expect([w!.size.toFixed(), w!.cost.toFixed(), w!.payout.toFixed(), w!.pnl.toFixed()]).toEqual(['-10', '6', '-10', '-4']);
    expect(won.redeemable()[0]!.payout.toFixed()).toBe('-10');
    const lost = new Portfolio({ clock });
    lost.apply(fill({ side: 'SELL', price: '0.6', size: '10' }));
    const [l] = settleAll(lost, '0xaaaa', 1);
    expect([l!.payout.toFixed(), l!.pnl.toFixed()]).toEqual(['0', '6']);
  });

  it('settles what is left after a partial close, a basis of thirds, to the last decimal', () => {
    const p = new Portfolio({ clock });
    p.applyAll([
      fill({ side: 'BUY', price: '0.45', size: '1' }),
      fill({ side: 'BUY', price: '0.46', size: '2' }),
      // closes 1 of 3 at 1.37 / 3 each: trading 0.5 - 0.456666… = 0.043333…
      fill({ side: 'SELL', price: '0.5', size: '1' }),
    ]);
    const [s] = settleAll(p, '0xaaaa', 0);
    // remaining basis 1.37 x 2/3 = 0.913333…; 2 x 1 - 0.913333… = 1.086666…
    expect(s!.cost.toFixed()).toBe('0.9133333333333333333333333333333333333333');
    expect(s!.pnl.toFixed()).toBe('1.086666666666666666666666666666666666667');
    expect(p.totals().realizedPnl.toDecimalPlaces(6).toFixed()).toBe('1.13');
  });

  it('a flat token settles nothing; a late fill after a settlement opens a new position with its own id', () => {
    const p = new Portfolio({ clock });
    p.applyAll([fill({ side: 'BUY', price: '0.4', size: '5' }), fill({ side: 'SELL', price: '0.5', size: '5' })]);
    expect(settle(p.token('0xaaaa:0')!, 0, T0)).toBeUndefined();
    p.apply(fill({ side: 'BUY', price: '0.4', size: '5' }));
    const first = settle(p.token('0xaaaa:0')!, 0, T0)!;
    p.settle(first);
    p.apply(fill({ side: 'BUY', price: '0.9', size: '1' }));
    const second = settle(p.token('0xaaaa:0')!, 0, T0)!;
    expect([first.id, second.id]).toEqual(['settle:0xaaaa:0:3', 'settle:0xaaaa:0:4']);
    expect(p.settle(second)!.toFixed()).toBe('0.1');
  });
});

describe('settlement records count once', () => {
  it('a settlement applied twice (a replayed record) is applied once; a redemption too', () => {
    const p = new Portfolio({ clock });
    p.apply(fill({ side: 'BUY', price: '0.25', size: '8' }));
    const s = settle(p.token('0xaaaa:0')!, 0, T0)!;
    expect(p.settle(s)!.toFixed()).toBe('6');
    expect(p.settle(s)).toBeUndefined();
    expect(p.totals().realizedPnl.toFixed()).toBe('6');
    expect(p.hasSettled(s.id)).toBe(true);
    expect(p.heldOnVenue('0xaaaa:0').toFixed()).toBe('8');
    const r = redemptionOf(s, T0 + 1);
    expect(p.redeem(r)).toBe(true);
    expect(p.redeem(r)).toBe(false);
    expect(p.redeemable()).toEqual([]);
    expect(p.heldOnVenue('0xaaaa:0').toFixed()).toBe('0');
    // Settling it again after the redemption (a record replayed late) neither counts nor makes it redeemable again.
    expect(p.settle(s)).toBeUndefined();
    expect(p.redeemable()).toEqual([]);
  });

  it('journal lines: encoded and decoded exactly; a bad field is named', () => {
    const p = new Portfolio({ clock });
    p.apply(fill({ side: 'SELL', price: '0.35', size: '3' }));
    const s = settle(p.token('0xaaaa:0')!, 1, T0 + 5)!;
    const line = encodeEntry(s, T0 + 6);
    expect(JSON.parse(line)).toEqual({
      v: 1,
      kind: 'settlement',
      id: 'settle:0xaaaa:0:1',
      conditionId: '0xaaaa',
      tokenId: '0xaaaa:0',
      outcomeIndex: 0,
      price: '0',
      size: '-3',
      cost: '1.05',
      payout: '0',
      pnl: '1.05',
      atMs: T0 + 5,
      journaledAtMs: T0 + 6,
    });
    expect(decodeEntry(line)).toEqual({ entry: s, journaledAtMs: T0 + 6 });
    const r = redemptionOf(s, T0 + 9);
    expect(decodeEntry(encodeEntry(r, T0 + 10))).toEqual({ entry: r, journaledAtMs: T0 + 10 });
    const bad = line.replace('"price":"0"', '"price":"0.5"');
    expect(() => decodeEntry(bad)).toThrow(`field 'price' must be a decimal string of 0 or 1 (got "0.5")`);
    expect(() => decodeEntry(line.replace('"kind":"settlement"', '"kind":"merge"'))).toThrow(
      `field 'kind' must be 'settlement' or 'redemption' (got "merge")`,
    );
  });

  it('the journal replays fills, settlements and redemptions in order, each once, even written twice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'makerd-settle-'));
    const journalClock = new FakeClock(T0);
    const journal = new FillJournal({ dataDir, clock: journalClock });
    const live = new Portfolio({ clock });
    const fills = [
      fill({ side: 'BUY', price: '0.4', size: '10', fee: '0.06' }),
      fill({ side: 'BUY', price: '0.55', size: '4', outcome: 1 }),
    ];
    await journal.append(fills);
    live.applyAll(fills);
    const records = ([0, 1] as const).map((i) => settle(live.token(`0xaaaa:${i}`)!, 1, T0 + 10)!);
    await journal.append(records);
    for (const s of records) live.settle(s);
    const redemption = redemptionOf(records[1]!, T0 + 20);
    await journal.append([redemption]);
    live.redeem(redemption);
    await journal.close();
    // A crash after the records were written and before the process knew: the same lines again.
    const file = join(dataDir, 'journal', 'fills-2026-01-01.jsonl');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text + text.split('\n').slice(2).join('\n'));
    const replay = await replayJournal({ dataDir });
    expect([replay.fills.length, replay.settlements, replay.redemptions, replay.duplicates]).toEqual([2, 2, 1, 3]);
    const again = new Portfolio({ clock });
    again.applyEntries(replay.entries);
    // The settlements and the redemption once more (as a restart that made them again would): nothing changes.
    again.applyEntries(replay.entries.filter((e) => 'kind' in e));
    // X: 10 at 4 lost: -4 - fee 0.06; Y: 4 at 2.2 won: 1.8.
    expect(again.totals().realizedPnl.toFixed()).toBe('-2.26');
    expect(again.totals().realizedPnl.toFixed()).toBe(live.totals().realizedPnl.toFixed());
    expect(again.totals().settlementPnl.toFixed()).toBe('-2.2');
    expect(again.redeemable()).toEqual([]);
  });
});

describe("settlement equals the simulator's settlement of the same positions", () => {
  it("per token and per market, to the micro-USDC: its realized PnL + what the redeem credits - the positions' cost", () => {
    const rng = new SimRng('settlement-agreement');
    for (let round = 0; round < 20; round++) {
      const h = harness(false);
      const op = account('operator', true);
      const others = [account('alice'), account('bob')];
      for (let i = 0; i < 200; i++) {
        const who = rng.next() < 0.4 ? op : others[rng.int(0, 1)]!;
        const tok = rng.next() < 0.5 ? YES : NO;
        const side: Side = rng.next() < 0.5 ? 'BUY' : 'SELL';
        const price = new Decimal(rng.int(35, 65)).div(100).toFixed();
        const size = new Decimal(rng.int(500, 3000)).div(100).toFixed();
        h.place(who, tok, side, price, size, { orderType: rng.next() < 0.3 ? 'FAK' : 'GTC' });
        h.clock.advance(rng.int(0, 1500));
      }
      const fills = h.ex.accountTrades(op, {}).flatMap((t) => fillsFromAccountTrade(t, op, termsOf(FEE_A)));
      const p = new Portfolio({ clock });
      p.applyAll(fills);
      const winner = rng.next() < 0.5 ? 0 : 1;
      h.ex.resolveMarket([YES, NO], winner);
      const rows = h.ex.positions(op.address);
      expect(rows.every((r) => r.redeemable)).toBe(true);
      settleAll(p, '0xaaaa', winner);
      const paid = h.ex.redeem(op.address, [YES, NO])!;
      let theirs = new Decimal(0);
      for (const row of rows) {
        const credited = paid.find((x) => x.tokenId === row.asset)!.payout;
        // The simulator's settlement of this token: realized + payout - cost (size x avgPrice, signed).
        const token = new Decimal(String(row.realizedPnl)).add(credited).sub(new Decimal(String(row.initialValue)));
        expect(p.token(row.asset)!.realizedPnl.toDecimalPlaces(6).toFixed(), `round ${round} ${row.asset}`).toBe(
          token.toDecimalPlaces(6).toFixed(),
        );
        theirs = theirs.add(token);
        // What is redeemable is what the redeem paid.
        const waiting = p.redeemable()[0]?.shares[row.outcomeIndex as 0 | 1] ?? new Decimal(0);
        expect(waiting.mul(row.outcomeIndex === winner ? 1 : 0).toFixed()).toBe(credited.toFixed());
      }
      expect(p.market('0xaaaa')!.realizedPnl.toDecimalPlaces(6).toFixed()).toBe(theirs.toDecimalPlaces(6).toFixed());
      expect((p.redeemable()[0]?.payout ?? new Decimal(0)).toFixed()).toBe(
        paid.reduce((s, x) => s.add(x.payout), new Decimal(0)).toFixed(),
      );
    }
  });
});
