/**
 * The simulator's past public trades: the venue-shaped fills built from the compact rows, their
 * order across markets, every filter of GET /trades, takerOnly=false giving each trade's maker
 * fill too, paging (also across the live fills and the past ones), the transaction hashes, and
 * the refusal of a trade that breaks a rule.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../src/clock/fake-clock.js';
import { ErrorCode, type MakerdError } from '../../../src/errors.js';
import type { TradeFillFilter } from '../../../src/sim/contracts.js';
import { createSimHistory, type PastTrade, publicTradeFills } from '../../../src/sim/history/index.js';
import type { TradeFill } from '../../../src/venue/types.js';
import { account, catalog, harness, MARKET_A, MARKET_B, YES } from '../exchange/fixtures.js';

const alice = account('alice');
const bob = account('bob');
const carol = account('carol');
const dave = account('dave');
const ACCOUNTS = [alice, bob, carol, dave];
const T = 1_700_000_000;

type Spec = [
  market: string,
  outcome: 0 | 1,
  side: 'BUY' | 'SELL',
  priceMicro: number,
  sharesMicro: number,
  timeSec: number,
  taker: string,
  maker: string,
];
const past = ([conditionId, outcomeIndex, side, priceMicro, sharesMicro, timeSec, taker, maker]: Spec): PastTrade => ({
  conditionId,
  outcomeIndex,
  side,
  priceMicro,
  sharesMicro,
  timeSec,
  taker: taker.toLowerCase(),
  maker,
});

// Market A: a1, a2, a3; market B: b1, b2 (oldest first in each).
const A = [
  past([MARKET_A, 0, 'BUY', 523_000, 12_500_000, T - 100, alice.address, bob.address]), // 12.5 x 0.523 = 6.5375 USDC
  past([MARKET_A, 1, 'SELL', 400_000, 3_000_000, T - 95, carol.address, alice.address]), // 1.2 USDC
  past([MARKET_A, 0, 'SELL', 510_000, 100_000_000, T - 90, bob.address, dave.address]), // 51 USDC
];
const B = [
  past([MARKET_B, 0, 'BUY', 250_000, 2_000_000, T - 95, dave.address, carol.address]), // 0.5 USDC
  past([MARKET_B, 1, 'BUY', 700_001, 1_000_000, T - 80, carol.address, dave.address]), // 0.700001 USDC
];

function store(order: 'AB' | 'BA' = 'BA') {
  const h = createSimHistory({ clock: new FakeClock(T * 1000), lookup: catalog, accounts: ACCOUNTS, midpoint: () => undefined });
  for (const trades of order === 'AB' ? [A, B] : [B, A]) h.addPastTrades(trades);
  return h;
}

/** `a1:t` (a1's taker fill), `b2:m` (b2's maker fill), from a fill's time, market and wallet. */
function label(f: TradeFill): string {
  const trade = [...A.map((t, i) => [`a${i + 1}`, t] as const), ...B.map((t, i) => [`b${i + 1}`, t] as const)].find(
    ([, t]) => t.timeSec === f.timestamp && t.conditionId === f.conditionId,
  )!;
  return `${trade[0]}:${trade[1].taker.toLowerCase() === f.proxyWallet.toLowerCase() ? 't' : 'm'}`;
}
const labels = (fills: TradeFill[]): string[] => fills.map(label);

function refusal(f: () => void): MakerdError {
  try {
    f();
  } catch (err) {
    return err as MakerdError;
  }
  throw new Error('not refused');
}

describe('past trades on the public tape', () => {
  it('builds the fill of GET /trades from a row: the market, the account, the numbers to the digit', () => {
    const fills = store().pastFills({ takerOnly: false, markets: [MARKET_A] });
    const [maker, taker] = fills.slice(-2);
    expect(taker).toEqual({
      proxyWallet: alice.address,
      side: 'BUY',
      asset: YES,
      conditionId: MARKET_A,
      size: 12.5,
      price: 0.523,
      timestamp: T - 100,
      usdcSize: 6.5375,
      title: `Market ${MARKET_A}`,
      slug: `market-${MARKET_A}`,
      icon: `https://sim.invalid/${MARKET_A}.png`,
      eventSlug: `event-${MARKET_A}`,
      outcome: 'Yes',
      outcomeIndex: 0,
      name: 'Name alice',
      pseudonym: 'Pseudo-alice',
      bio: 'Simulated trader Pseudo-alice',
      profileImage: `https://sim.invalid/avatars/${alice.address.toLowerCase()}.png`,
      profileImageOptimized: `https://sim.invalid/avatars/${alice.address.toLowerCase()}-small.png`,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    // The maker's fill of the same trade: the other account, the other side, the same hash.
    expect(maker).toEqual({
      ...taker,
      proxyWallet: bob.address,
      side: 'SELL',
      name: 'Name bob',
      pseudonym: 'Pseudo-bob',
      bio: 'Simulated trader Pseudo-bob',
      profileImage: `https://sim.invalid/avatars/${bob.address.toLowerCase()}.png`,
      profileImageOptimized: `https://sim.invalid/avatars/${bob.address.toLowerCase()}-small.png`,
    });
    // Outcome 1 of market B at 0.700001 x 1 share.
    const b2 = store().pastFills({ takerOnly: true, markets: [MARKET_B] })[0]!;
    expect(b2).toMatchObject({ asset: `${MARKET_B}:1`, outcome: 'No', outcomeIndex: 1, price: 0.700001, size: 1, usdcSize: 0.700001 });
  });

  it('lists newest first across markets, each maker fill before its taker fill when takerOnly is false', () => {
    expect(labels(store().pastFills({ takerOnly: true }))).toEqual(['b2:t', 'a3:t', 'a2:t', 'b1:t', 'a1:t']);
    expect(labels(store().pastFills({ takerOnly: false }))).toEqual([
      ...['b2:m', 'b2:t', 'a3:m', 'a3:t', 'a2:m', 'a2:t'],
      ...['b1:m', 'b1:t', 'a1:m', 'a1:t'],
    ]);
    // Two trades of one second: the one added later first (here market A was added last).
    expect(labels(store('AB').pastFills({ takerOnly: true }))).toEqual(['b2:t', 'a3:t', 'b1:t', 'a2:t', 'a1:t']);
  });

  it('applies market, user, side and amount filters to the fill, as for live fills', () => {
    const h = store();
    const f = (filter: Partial<TradeFillFilter>): string[] => labels(h.pastFills({ takerOnly: true, ...filter }));
    expect(f({ markets: [MARKET_A] })).toEqual(['a3:t', 'a2:t', 'a1:t']);
    expect(f({ markets: [MARKET_B, MARKET_A, '0xunknown'] })).toEqual(['b2:t', 'a3:t', 'a2:t', 'b1:t', 'a1:t']);
    expect(f({ markets: ['0xunknown'] })).toEqual([]);
    // alice: taker of a1, maker of a2 (buying: its taker sold); any case of the address.
    expect(f({ user: alice.address.toLowerCase() })).toEqual(['a1:t']);
    expect(f({ user: alice.address, takerOnly: false })).toEqual(['a2:m', 'a1:t']);
    expect(f({ user: '0x0000000000000000000000000000000000000001', takerOnly: false })).toEqual([]);
    expect(f({ side: 'SELL' })).toEqual(['a3:t', 'a2:t']);
    expect(f({ side: 'SELL', takerOnly: false })).toEqual(['b2:m', 'a3:t', 'a2:t', 'b1:m', 'a1:m']);
    expect(f({ side: 'BUY', user: alice.address, takerOnly: false })).toEqual(['a2:m', 'a1:t']);
    // CASH: size x price at least the amount (6.5375 exactly passes); TOKENS: the size.
    expect(f({ filterType: 'CASH', filterAmount: 6.5375 })).toEqual(['a3:t', 'a1:t']);
    expect(f({ filterType: 'CASH', filterAmount: 6.537501 })).toEqual(['a3:t']);
    expect(f({ filterType: 'CASH', filterAmount: 0.700001 })).toEqual(['b2:t', 'a3:t', 'a2:t', 'a1:t']);
    expect(f({ filterType: 'TOKENS', filterAmount: 12.5 })).toEqual(['a3:t', 'a1:t']);
    expect(f({ filterType: 'TOKENS', filterAmount: 12.500001 })).toEqual(['a3:t']);
    expect(f({ filterType: 'TOKENS', filterAmount: 0, takerOnly: false })).toHaveLength(10);
  });

  it('pages by offset and limit: exactly the slice of the whole list, one market or several', () => {
    const h = store();
    for (const base of [
      { takerOnly: false },
      { takerOnly: true },
      { takerOnly: false, markets: [MARKET_A] },
      { takerOnly: false, side: 'BUY' as const },
    ]) {
      const all = h.pastFills(base);
      for (let offset = 0; offset <= all.length + 1; offset++)
        for (let limit = 0; limit <= all.length + 1; limit++)
          expect(h.pastFills({ ...base, offset, limit }), `${JSON.stringify(base)} ${offset} ${limit}`).toEqual(
            all.slice(offset, offset + limit),
          );
    }
  });

  it('pages across the live fills and the past ones as one list, the live first', () => {
    const live = harness(false);
    const maker = account('maker');
    const taker = account('taker', true);
    for (let i = 0; i < 3; i++) {
      live.place(maker, YES, 'SELL', '0.55', '7');
      live.place(maker, YES, 'SELL', '0.56', '5');
      live.place(taker, YES, 'BUY', '0.56', '12', { orderType: 'FAK' });
      live.clock.advance(1_000);
    }
    const h = store();
    const pastFills = { fills: (f: TradeFillFilter) => h.pastFills(f) };
    for (const base of [
      { takerOnly: false },
      { takerOnly: true },
      { takerOnly: true, side: 'SELL' as const },
      { takerOnly: true, side: 'BUY' as const },
    ]) {
      const whole = [...live.ex.tradeFills(base), ...h.pastFills(base)];
      expect(live.ex.countTradeFills(base, 1_000)).toBe(live.ex.tradeFills(base).length);
      expect(live.ex.countTradeFills(base, 2)).toBe(Math.min(2, live.ex.tradeFills(base).length));
      expect(publicTradeFills(live.ex, pastFills, base)).toEqual(whole);
      for (let offset = 0; offset <= whole.length + 1; offset++)
        for (const limit of [0, 1, 2, 5, 100])
          expect(publicTradeFills(live.ex, pastFills, { ...base, offset, limit }), `${offset} ${limit}`).toEqual(
            whole.slice(offset, offset + limit),
          );
    }
    // Live taker fills come first: 6 of them (two makers' orders swept three times), then the past.
    expect(publicTradeFills(live.ex, pastFills, { takerOnly: true, offset: 5, limit: 3 }).map((x) => x.timestamp)).toEqual([
      1_700_000_000,
      T - 80,
      T - 90,
    ]);
  });

  it('gives every past trade its own transaction hash, the same whatever order the markets came in', () => {
    const hashes = (h: ReturnType<typeof store>): Map<string, string> =>
      new Map(h.pastFills({ takerOnly: true }).map((f) => [label(f), f.transactionHash]));
    const ba = hashes(store('BA'));
    expect(new Set(ba.values()).size).toBe(5);
    expect(hashes(store('AB'))).toEqual(ba);
    // Never a live trade's: those come from another salt.
    const live = harness(false);
    live.place(account('maker'), YES, 'SELL', '0.55', '7');
    live.place(account('taker'), YES, 'BUY', '0.55', '7', { orderType: 'FAK' });
    expect([...ba.values()]).not.toContain(live.ex.tradeFills({ takerOnly: true })[0]!.transactionHash);
  });

  it('refuses a trade that breaks a rule, naming it, and keeps nothing of that call', () => {
    const h = store();
    const before = h.pastFills({ takerOnly: true }).length;
    const fresh = () => createSimHistory({ clock: new FakeClock(), lookup: catalog, accounts: ACCOUNTS, midpoint: () => undefined });
    const cases: [PastTrade[], string][] = [
      [[{ ...A[0]!, conditionId: '0xnone' }], 'trades[0].conditionId'],
      [[A[0]!, { ...A[1]!, conditionId: MARKET_B }], 'trades[1].conditionId'],
      [[{ ...A[0]!, outcomeIndex: 2 as 0 }], 'trades[0].outcomeIndex'],
      [[{ ...A[0]!, side: 'HOLD' as 'BUY' }], 'trades[0].side'],
      [[{ ...A[0]!, priceMicro: 0 }], 'trades[0].priceMicro'],
      [[{ ...A[0]!, priceMicro: 1_000_000 }], 'trades[0].priceMicro'],
      [[{ ...A[0]!, priceMicro: 0.5 }], 'trades[0].priceMicro'],
      [[{ ...A[0]!, sharesMicro: 0 }], 'trades[0].sharesMicro'],
      [[A[1]!, A[0]!], 'trades[1].timeSec'],
      [[{ ...A[0]!, taker: '0x00000000000000000000000000000000000000ff' }], 'trades[0].taker'],
      [[{ ...A[0]!, maker: A[0]!.taker }], 'trades[0].maker'],
    ];
    for (const [trades, field] of cases) {
      const fresh1 = fresh();
      const err = refusal(() => fresh1.addPastTrades(trades));
      expect(err.code, field).toBe(ErrorCode.BAD_PARAMETER);
      expect(err.field).toBe(field);
      expect(err.message).toContain('sim history: addPastTrades');
      // The market can still be added once the call is right: nothing of the refused one was kept.
      fresh1.addPastTrades(A);
      expect(fresh1.pastFills({ takerOnly: true, markets: [MARKET_A] })).toHaveLength(3);
    }
    expect(refusal(() => h.addPastTrades(A)).message).toMatch(/already added for this market/);
    expect(h.pastFills({ takerOnly: true })).toHaveLength(before);
    h.addPastTrades([]);
    expect(h.pastFills({ takerOnly: true })).toHaveLength(before);
  });
});
