/**
 * GET /v1/leaderboard (4.19, 2.15). A user's figure = the seeded base figure for activity before
 * the simulator started (per time period; a category gets the user's share of it) plus what the
 * exchange has seen since, through the `statsOf` hook the server passes in (computed from fills).
 * Ranks are taken over everyone before the `user` / `userName` filter, so a filtered row keeps
 * its real rank. Ties break by address, so the order is always the same.
 */
import { Decimal, ZERO } from '../../money.js';
import type { LeaderboardEntry } from '../../venue/types.js';
import type { Category, SimCatalog, TimePeriod } from './catalog-model.js';
import { imageUrl } from './catalog-ids.js';

export type LeaderboardCategory = Category | 'OVERALL';

export interface LeaderboardQuery {
  /** Default OVERALL. */
  readonly category?: LeaderboardCategory | undefined;
  /** Default DAY. */
  readonly timePeriod?: TimePeriod | undefined;
  /** Default PNL. */
  readonly orderBy?: 'PNL' | 'VOL' | undefined;
  /** Default 25. */
  readonly limit?: number | undefined;
  /** Default 0. */
  readonly offset?: number | undefined;
  readonly user?: string | undefined;
  readonly userName?: string | undefined;
}

/** Dollars traded and profit since the simulator started (from the exchange's fills). */
export interface LiveStats {
  readonly vol: Decimal | string;
  readonly pnl: Decimal | string;
}

export type StatsOf = (address: string, category: LeaderboardCategory, timePeriod: TimePeriod) => LiveStats | undefined;

/** Accounts outside the catalog's population (the operator's) that rank on live figures only. */
export interface ExtraLeaderboardAccount {
  readonly address: string;
  readonly name: string;
}

interface Row {
  readonly address: string;
  readonly userName: string;
  readonly profileImage: string;
  readonly xUsername: string | null;
  readonly verifiedBadge: boolean | null;
  readonly vol: Decimal;
  readonly pnl: Decimal;
}

export function buildLeaderboard(
  catalog: SimCatalog,
  query: LeaderboardQuery,
  statsOf?: StatsOf,
  extraAccounts: readonly ExtraLeaderboardAccount[] = [],
): LeaderboardEntry[] {
  const category = query.category ?? 'OVERALL';
  const period = query.timePeriod ?? 'DAY';
  const orderBy = query.orderBy ?? 'PNL';
  const limit = query.limit ?? 25;
  const offset = query.offset ?? 0;

  const live = (address: string) => {
    const s = statsOf?.(address, category, period);
    return s === undefined ? { vol: ZERO, pnl: ZERO } : { vol: new Decimal(s.vol), pnl: new Decimal(s.pnl) };
  };

  const rows: Row[] = catalog.users.map((u) => {
    const share = category === 'OVERALL' ? new Decimal(1) : new Decimal(String(u.categoryShare[category]));
    const now = live(u.address);
    return {
      address: u.address,
      userName: u.name,
      profileImage: u.profileImage,
      xUsername: u.xUsername,
      verifiedBadge: u.verifiedBadge,
      vol: new Decimal(u.baseStats.vol[period]).mul(share).plus(now.vol).toDecimalPlaces(2),
      pnl: new Decimal(u.baseStats.pnl[period]).mul(share).plus(now.pnl).toDecimalPlaces(2),
    };
  });
  for (const a of extraAccounts) {
    const now = live(a.address);
    rows.push({
      address: a.address,
      userName: a.name,
      profileImage: imageUrl('profiles', a.name),
      xUsername: null,
      verifiedBadge: null,
      vol: now.vol.toDecimalPlaces(2),
      pnl: now.pnl.toDecimalPlaces(2),
    });
  }

  const key = (r: Row) => (orderBy === 'VOL' ? r.vol : r.pnl);
  const ranked = rows
    .filter((r) => r.vol.gt(0))
    .sort((a, b) => key(b).comparedTo(key(a)) || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0))
    .map((r, i) => ({ r, rank: i + 1 }));

  const user = query.user?.toLowerCase();
  const userName = query.userName?.toLowerCase();
  return ranked
    .filter(
      ({ r }) =>
        (user === undefined || r.address.toLowerCase() === user) && (userName === undefined || r.userName.toLowerCase() === userName),
    )
    .slice(offset, offset + limit)
    .map(({ r, rank }) => ({
      rank: String(rank),
      proxyWallet: r.address,
      userName: r.userName,
      vol: r.vol.toNumber(),
      pnl: r.pnl.toNumber(),
      profileImage: r.profileImage,
      xUsername: r.xUsername,
      verifiedBadge: r.verifiedBadge,
    }));
}
