/**
 * The one population of synthetic users: the same accounts place the synthetic flow's orders,
 * hold positions, write comments and rank on the leaderboard. Each user comes from its own forked
 * stream (`user:<i>`).
 */
import { Decimal } from '../../money.js';
import type { SimRng } from '../rng.js';
import { CATEGORIES, type BaseStats, type CatalogMarket, type CatalogUser, type Category, type TimePeriod } from './catalog-model.js';
import { address, apiSecret, imageUrl } from './catalog-ids.js';
import { ADJECTIVES, ANIMALS, FIRST_NAMES, LAST_NAMES } from './catalog-words.js';

export interface UsersInput {
  readonly rng: SimRng;
  readonly count: number;
  /** The first `makers` users run the background ladders. */
  readonly makers: number;
  readonly markets: readonly CatalogMarket[];
}

/** A fraction in [lo, hi] with 3 decimals, as a Decimal (for scaling money exactly). */
function fraction(rng: SimRng, loMilli: number, hiMilli: number): Decimal {
  return new Decimal(rng.int(loMilli, hiMilli)).div(1000);
}

function baseStats(rng: SimRng, maker: boolean): BaseStats {
  // All-time volume is log-normal in cents (median about $8k, makers about 20x more).
  const allCents = Math.round(Math.exp(13.6 + (maker ? 3 : 0) + 1.2 * rng.normal()));
  const all = new Decimal(allCents).div(100);
  const month = all.mul(fraction(rng, 100, 500)).toDecimalPlaces(2);
  const week = month.mul(fraction(rng, 150, 400)).toDecimalPlaces(2);
  const day = week.mul(fraction(rng, 100, 300)).toDecimalPlaces(2);
  const vol: Record<TimePeriod, Decimal> = { ALL: all, MONTH: month, WEEK: week, DAY: day };
  const pnl = {} as Record<TimePeriod, string>;
  const volText = {} as Record<TimePeriod, string>;
  for (const period of ['ALL', 'MONTH', 'WEEK', 'DAY'] as const) {
    // PnL within about +-10% of the volume; makers lean positive (they earn the spread).
    const pct = new Decimal(rng.int(-100, 100) + (maker ? 30 : 0)).div(1000);
    pnl[period] = vol[period].mul(pct).toDecimalPlaces(2).toFixed(2);
    volText[period] = vol[period].toFixed(2);
  }
  return { vol: volText, pnl };
}

function categoryShare(rng: SimRng): Record<Category, number> {
  const w = CATEGORIES.map(() => rng.exponential(1) ** 2);
  const total = w.reduce((a, b) => a + b, 0);
  const share = {} as Record<Category, number>;
  CATEGORIES.forEach((c, i) => {
    share[c] = Math.round((10_000 * w[i]!) / total) / 10_000;
  });
  return share;
}

export function generateUsers(input: UsersInput): CatalogUser[] {
  const users: CatalogUser[] = [];
  const names = new Set<string>();
  for (let i = 0; i < input.count; i++) {
    const rng = input.rng.fork(`user:${i}`);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    let name = `${first}${last}`.toLowerCase();
    // Usernames are unique (the leaderboard filters by userName).
    while (names.has(name)) name = `${first}${last}${rng.int(1, 999)}`.toLowerCase();
    names.add(name);
    const maker = i < input.makers;
    const held = rng.sample(input.markets, rng.int(0, 4));
    users.push({
      address: address(rng),
      apiKey: rng.uuid(),
      passphrase: rng.hex(64),
      secret: apiSecret(rng),
      operator: false,
      name,
      pseudonym: `${rng.pick(ADJECTIVES)}-${rng.pick(ANIMALS)}`,
      bio: maker ? 'Provides liquidity across many markets.' : rng.pick(['', 'Forecaster.', 'Long-term holder.', 'Trades the news.']),
      profileImage: imageUrl('profiles', name),
      xUsername: rng.chance(0.3) ? name : null,
      verifiedBadge: rng.chance(0.4) ? rng.chance(0.5) : null,
      displayUsernamePublic: rng.chance(0.8),
      isMod: rng.chance(0.05),
      role: maker ? 'maker' : 'taker',
      baseStats: baseStats(rng, maker),
      categoryShare: categoryShare(rng),
      holdings: held.map((m) => ({ tokenId: m.tokenIds[rng.int(0, 1)]!, size: String(rng.int(5, 2000)) })),
    });
  }
  return users;
}
