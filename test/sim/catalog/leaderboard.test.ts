import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/money.js';
import { buildLeaderboard, generateCatalog, type StatsOf } from '../../../src/sim/catalog/index.js';
import { expectShape } from './shape.js';

const catalog = generateCatalog({ seed: 'board', markets: 20, users: 30 });

describe('leaderboard', () => {
  it('returns entries (2.15) ranked by PnL for the day by default, 25 per page', () => {
    const rows = buildLeaderboard(catalog, {});
    expect(rows).toHaveLength(25);
    for (const r of rows) {
      expectShape(
        r,
        {
          rank: 'string',
          proxyWallet: 'string',
          userName: 'string',
          vol: 'number',
          pnl: 'number',
          profileImage: 'string',
          xUsername: 'string|null',
          verifiedBadge: 'boolean|null',
        },
        'entry',
      );
    }
    expect(rows.map((r) => r.rank)).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.pnl).toBeGreaterThanOrEqual(rows[i]!.pnl);
    // Seeded base figures: the day's of the top user, to the cent.
    const top = catalog.users.find((u) => u.address === rows[0]!.proxyWallet)!;
    expect(rows[0]!.pnl).toBe(Number(top.baseStats.pnl.DAY));
    expect(rows[0]!.vol).toBe(Number(top.baseStats.vol.DAY));
  });

  it('orders by VOL, per period and category, with limit/offset keeping the global rank', () => {
    const all = buildLeaderboard(catalog, { orderBy: 'VOL', timePeriod: 'ALL', limit: 50 });
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.vol).toBeGreaterThanOrEqual(all[i]!.vol);
    const page = buildLeaderboard(catalog, { orderBy: 'VOL', timePeriod: 'ALL', limit: 3, offset: 4 });
    expect(page).toEqual(all.slice(4, 7));
    expect(page[0]!.rank).toBe('5');

    const u = catalog.users[7]!;
    const sports = buildLeaderboard(catalog, {
      category: 'SPORTS',
      timePeriod: 'MONTH',
      user: u.address.toUpperCase().replace('0X', '0x'),
    });
    expect(sports).toHaveLength(1);
    const expectedVol = new Decimal(u.baseStats.vol.MONTH).mul(String(u.categoryShare.SPORTS)).toDecimalPlaces(2).toNumber();
    expect(sports[0]!.vol).toBe(expectedVol);
  });

  it('filters by user or userName and keeps the real rank', () => {
    const all = buildLeaderboard(catalog, { limit: 50 });
    const tenth = all[9]!;
    expect(buildLeaderboard(catalog, { user: tenth.proxyWallet })).toEqual([tenth]);
    expect(buildLeaderboard(catalog, { userName: tenth.userName.toUpperCase() })).toEqual([tenth]);
    expect(buildLeaderboard(catalog, { user: '0x0000000000000000000000000000000000000000' })).toEqual([]);
  });

  it('adds live figures from the exchange through statsOf, which can change the ranking', () => {
    const base = buildLeaderboard(catalog, { limit: 50 });
    const last = base.at(-1)!;
    const calls: string[] = [];
    const statsOf: StatsOf = (address, category, period) => {
      calls.push(`${category}/${period}`);
      return address === last.proxyWallet ? { vol: '1000.005', pnl: new Decimal('12345.67') } : undefined;
    };
    const live = buildLeaderboard(catalog, { limit: 50 }, statsOf);
    expect(calls[0]).toBe('OVERALL/DAY');
    expect(live[0]!.proxyWallet).toBe(last.proxyWallet);
    expect(live[0]!.rank).toBe('1');
    expect(live[0]!.pnl).toBe(new Decimal(String(last.pnl)).plus('12345.67').toNumber());
    expect(live[0]!.vol).toBe(new Decimal(String(last.vol)).plus('1000.005').toDecimalPlaces(2).toNumber());
  });

  it('ranks extra (operator) accounts on live figures only, and leaves out accounts without volume', () => {
    const op = { address: '0x00000000000000000000000000000000000000aa', name: 'operator' };
    expect(buildLeaderboard(catalog, { user: op.address }, undefined, [op])).toEqual([]);
    const rows = buildLeaderboard(catalog, { user: op.address }, (a) => (a === op.address ? { vol: '50', pnl: '-2.5' } : undefined), [op]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      proxyWallet: op.address,
      userName: 'operator',
      vol: 50,
      pnl: -2.5,
      xUsername: null,
      verifiedBadge: null,
    });
  });
});
