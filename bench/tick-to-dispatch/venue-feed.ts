/** The venue side of the scenario: a seeded catalog whose midpoints walk one tick per tick, and each tick's raw JSON answers. */
import { LEVELS, MID_HI, MID_LO } from './scenario.js';

/** mulberry32: a small seeded PRNG, so every run sees the same books. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (r: () => number, n: number): string => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('');
/** Cents to price text: 47 -> "0.47". */
const cents = (c: number): string => (c / 100).toFixed(2);

export interface BenchMarket {
  readonly conditionId: string;
  readonly tokens: readonly [string, string];
  /** Outcome 0's midpoint in cents. */
  mid: number;
}

/** The venue side of the scenario: a catalog, its midpoints, and each tick's raw answers. */
export class Venue {
  readonly markets: BenchMarket[];
  readonly tokenMarket = new Map<string, string>();
  readonly #r: () => number;
  #tick = 0;

  constructor(nMarkets: number, seed: number) {
    this.#r = rng(seed);
    const r = this.#r;
    this.markets = Array.from({ length: nMarkets }, () => {
      const conditionId = `0x${hex(r, 64)}`;
      // Token ids as design.md section 3 has them: <condition_id>:<outcome_index>.
      return {
        conditionId,
        tokens: [`${conditionId}:0`, `${conditionId}:1`] as const,
        mid: MID_LO + 5 + Math.floor(r() * (MID_HI - MID_LO - 10)),
      };
    });
    for (const m of this.markets) for (const t of m.tokens) this.tokenMarket.set(t, m.conditionId);
  }

  get tokens(): string[] {
    return this.markets.flatMap((m) => [...m.tokens]);
  }

  /** Moves every midpoint one tick up or down (bounded) and returns the batch as the venue's JSON text. */
  next(nowMs: number): { books: string; mids: string } {
    const r = this.#r;
    this.#tick++;
    const now = String(nowMs);
    const books: unknown[] = [];
    const mids: Record<string, string> = {};
    for (const [i, m] of this.markets.entries()) {
      const up = m.mid <= MID_LO ? true : m.mid >= MID_HI ? false : r() < 0.5;
      m.mid += up ? 1 : -1;
      for (const [k, token] of m.tokens.entries()) {
        const mid = k === 0 ? m.mid : 100 - m.mid;
        const bids = [];
        const asks = [];
        for (let l = 1; l <= LEVELS; l++) {
          bids.push({ price: cents(mid - l), size: (10 + Math.floor(r() * 49_000) / 100).toFixed(2) });
          asks.push({ price: cents(mid + l), size: (10 + Math.floor(r() * 49_000) / 100).toFixed(2) });
        }
        books.push({
          market: m.conditionId,
          asset_id: token,
          timestamp: now,
          hash: `${this.#tick.toString(16).padStart(12, '0')}${i.toString(16).padStart(8, '0')}${k}${hex(r, 19)}`,
          bids,
          asks,
          min_order_size: '5',
          tick_size: '0.01',
          neg_risk: false,
          last_trade_price: cents(mid),
        });
        mids[token] = cents(mid);
      }
    }
    return { books: JSON.stringify(books), mids: JSON.stringify(mids) };
  }
}
