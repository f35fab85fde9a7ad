/**
 * The public trades from before the simulator started (its tape reaches back in time, as the
 * venue's does), kept compact: one row of typed-array columns per trade (about 30 bytes), so that
 * a few hundred thousand cost a few megabytes; the venue-shaped records of `GET /trades` are
 * built only for the page being answered.
 *
 * Order: newest first, by second and then by the order of addition (a market's trades arrive
 * oldest first); a taker's fill comes after its maker's when both are listed (takerOnly=false),
 * as the live matches do. The whole tape's order is sorted once after each addition; one market's
 * trades are a contiguous run of rows, read backwards.
 */
import { badParameter } from '../../errors.js';
import { Decimal } from '../../money.js';
import type { Side, TradeFill } from '../../venue/types.js';
import type { SimAccount, TradeFillFilter } from '../contracts.js';
import { tradeFillRecord } from '../exchange/execution.js';
import { mixedHex } from '../exchange/ids.js';
import type { HistoryMarket, HistoryMarkets } from './history-markets.js';

export interface PastTrade {
  readonly conditionId: string;
  readonly outcomeIndex: 0 | 1;
  /** The taker's side. */
  readonly side: 'BUY' | 'SELL';
  /** Price and size as integers of micro-units (1e-6): price 0.523 = 523000, 12.5 shares = 12500000. */
  readonly priceMicro: number;
  readonly sharesMicro: number;
  /** Unix seconds (before the simulator's clock at its start). */
  readonly timeSec: number;
  /** Addresses of the taker and of the maker, both users of the synthetic catalog (src/sim/catalog). */
  readonly taker: string;
  readonly maker: string;
}

const WHERE = 'sim history: addPastTrades';
const MICRO = 1_000_000;
const MICRO_SQUARED = 1_000_000_000_000;
/** Salt of the past trades' transaction hashes ('past'): never one of the live trades' (ids.ts). */
const HASH_SALT = 0x70617374;
/** flags: bit 0 the outcome index, bit 1 the taker sold. */
const TAKER_SOLD = 2;

/** The filter's amount as the least size (micro) or notional (1e-12 USDC) that passes. */
interface AmountFloor {
  readonly cash: boolean;
  readonly least: number;
  readonly leastDecimal: Decimal;
}

function amountFloor(filter: TradeFillFilter): AmountFloor | undefined {
  if (filter.filterAmount === undefined || filter.filterType === undefined) return undefined;
  const cash = filter.filterType === 'CASH';
  const leastDecimal = new Decimal(String(filter.filterAmount)).mul(cash ? MICRO_SQUARED : MICRO).ceil();
  return { cash, least: leastDecimal.toNumber(), leastDecimal };
}

/** A trade's notional in USDC as a JSON number (integer math below 2^53, Decimal above). */
function usdcOf(sharesMicro: number, priceMicro: number): number {
  const product = sharesMicro * priceMicro;
  return Number.isSafeInteger(product) ? product / MICRO_SQUARED : new Decimal(sharesMicro).mul(priceMicro).div(MICRO_SQUARED).toNumber();
}

export class PastTradeTape {
  readonly #markets: HistoryMarkets;
  readonly #accounts: readonly SimAccount[];
  readonly #accountIndex: ReadonlyMap<string, number>;
  /** Per market index: its first row and one past its last (-1: not added). */
  readonly #from: Int32Array;
  readonly #to: Int32Array;
  #rows = 0;
  #time = new Uint32Array(0);
  #price = new Int32Array(0);
  #shares = new Float64Array(0);
  #flags = new Uint8Array(0);
  #taker = new Uint32Array(0);
  #maker = new Uint32Array(0);
  #market = new Uint32Array(0);
  /** Every row, newest first; undefined until needed after an addition. */
  #order: Uint32Array | undefined;

  constructor(markets: HistoryMarkets, accounts: readonly SimAccount[]) {
    this.#markets = markets;
    this.#accounts = accounts;
    this.#accountIndex = new Map(accounts.map((a, i) => [a.address.toLowerCase(), i]));
    this.#from = new Int32Array(markets.list.length).fill(-1);
    this.#to = new Int32Array(markets.list.length).fill(-1);
  }

  /** Past trades held. */
  get size(): number {
    return this.#rows;
  }

  /**
   * Adds one market's past trades, oldest first; once per market. A trade that breaks a rule is a
   * BAD_PARAMETER naming it (`trades[3].priceMicro`), and nothing of the call is kept.
   */
  add(trades: readonly PastTrade[]): void {
    if (trades.length === 0) return;
    const conditionId = trades[0]!.conditionId;
    const market = this.#markets.byConditionId(conditionId);
    if (market === undefined) throw badParameter(WHERE, 'trades[0].conditionId', 'names an unknown market', conditionId);
    if (this.#from[market.index]! >= 0)
      throw badParameter(WHERE, 'trades', 'were already added for this market (once per market)', conditionId);
    this.#reserve(trades.length);
    const base = this.#rows;
    let lastTime = 0;
    for (let i = 0; i < trades.length; i++) {
      const t = trades[i]!;
      const field = (name: string): string => `trades[${i}].${name}`;
      if (t.conditionId !== conditionId)
        throw badParameter(WHERE, field('conditionId'), 'must be the market of trades[0] (one market a call)', t.conditionId);
      if (t.outcomeIndex !== 0 && t.outcomeIndex !== 1) throw badParameter(WHERE, field('outcomeIndex'), 'must be 0 or 1', t.outcomeIndex);
      if (t.side !== 'BUY' && t.side !== 'SELL') throw badParameter(WHERE, field('side'), 'must be BUY or SELL', t.side);
      if (!Number.isInteger(t.priceMicro) || t.priceMicro < 1 || t.priceMicro >= MICRO)
        throw badParameter(WHERE, field('priceMicro'), 'must be an integer in 1..999999', t.priceMicro);
      if (!Number.isSafeInteger(t.sharesMicro) || t.sharesMicro < 1)
        throw badParameter(WHERE, field('sharesMicro'), 'must be a positive integer', t.sharesMicro);
      if (!Number.isInteger(t.timeSec) || t.timeSec < lastTime || t.timeSec > 0xffff_ffff)
        throw badParameter(WHERE, field('timeSec'), 'must be Unix seconds, oldest first', t.timeSec);
      const taker = this.#accountIndex.get(typeof t.taker === 'string' ? t.taker.toLowerCase() : '');
      if (taker === undefined) throw badParameter(WHERE, field('taker'), 'must be a user of the catalog', t.taker);
      const maker = this.#accountIndex.get(typeof t.maker === 'string' ? t.maker.toLowerCase() : '');
      if (maker === undefined || maker === taker)
        throw badParameter(WHERE, field('maker'), 'must be a user of the catalog other than the taker', t.maker);
      lastTime = t.timeSec;
      const row = base + i;
      this.#time[row] = t.timeSec;
      this.#price[row] = t.priceMicro;
      this.#shares[row] = t.sharesMicro;
      this.#flags[row] = t.outcomeIndex | (t.side === 'SELL' ? TAKER_SOLD : 0);
      this.#taker[row] = taker;
      this.#maker[row] = maker;
      this.#market[row] = market.index;
    }
    // Only now is the call kept: a refusal above leaves the rows past #rows unused.
    this.#rows = base + trades.length;
    this.#from[market.index] = base;
    this.#to[market.index] = this.#rows;
    this.#order = undefined;
  }

  /**
   * The fills of GET /trades among the past trades: the filter's user, markets, side and amount,
   * then its offset and limit, newest first. Walks only as far as the page needs.
   */
  fills(filter: TradeFillFilter): TradeFill[] {
    const out: TradeFill[] = [];
    const limit = filter.limit ?? Infinity;
    if (limit <= 0 || this.#rows === 0) return out;
    let user = -1;
    if (filter.user !== undefined) {
      const found = this.#accountIndex.get(filter.user.toLowerCase());
      if (found === undefined) return out;
      user = found;
    }
    const floor = amountFloor(filter);
    const wantSold = filter.side === undefined ? -1 : filter.side === 'SELL' ? 1 : 0;
    const takerOnly = filter.takerOnly;
    let skip = filter.offset ?? 0;

    const passes = (row: number): boolean => {
      if (floor === undefined) return true;
      const shares = this.#shares[row]!;
      if (!floor.cash) return shares >= floor.least;
      const product = shares * this.#price[row]!;
      return Number.isSafeInteger(product) ? product >= floor.least : new Decimal(shares).mul(this.#price[row]!).gte(floor.leastDecimal);
    };
    /** One fill of `row` (the maker's or the taker's); false once the page is full. */
    const offer = (row: number, asMaker: boolean): boolean => {
      const takerSold = (this.#flags[row]! & TAKER_SOLD) !== 0 ? 1 : 0;
      const sold = asMaker ? 1 - takerSold : takerSold;
      if (wantSold >= 0 && sold !== wantSold) return true;
      const account = asMaker ? this.#maker[row]! : this.#taker[row]!;
      if (user >= 0 && account !== user) return true;
      if (skip > 0) {
        skip--;
        return true;
      }
      out.push(this.#record(row, account, sold === 1 ? 'SELL' : 'BUY'));
      return out.length < limit;
    };
    const visit = (row: number): boolean => {
      if (!passes(row)) return true;
      if (!takerOnly && !offer(row, true)) return false;
      return offer(row, false);
    };

    const markets = filter.markets === undefined ? undefined : this.#marketIndexes(filter.markets);
    if (markets !== undefined && markets.length <= 1) {
      // One market: its own run of rows, newest (last) first.
      if (markets.length === 0) return out;
      const from = this.#from[markets[0]!]!;
      for (let row = this.#to[markets[0]!]! - 1; row >= from; row--) if (!visit(row)) break;
      return out;
    }
    let wanted: Uint8Array | undefined;
    if (markets !== undefined) {
      wanted = new Uint8Array(this.#from.length);
      for (const m of markets) wanted[m] = 1;
    }
    const order = this.#ordered();
    for (let i = 0; i < order.length; i++) {
      const row = order[i]!;
      if (wanted !== undefined && wanted[this.#market[row]!] === 0) continue;
      if (!visit(row)) break;
    }
    return out;
  }

  /** Indexes of the named markets that have past trades (unknown or empty ones left out), no repeats. */
  #marketIndexes(conditionIds: readonly string[]): number[] {
    const out: number[] = [];
    for (const id of conditionIds) {
      const m = this.#markets.byConditionId(id);
      if (m !== undefined && this.#from[m.index]! >= 0 && !out.includes(m.index)) out.push(m.index);
    }
    return out;
  }

  #ordered(): Uint32Array {
    if (this.#order === undefined) {
      const rows = new Uint32Array(this.#rows);
      for (let i = 0; i < rows.length; i++) rows[i] = i;
      const time = this.#time;
      rows.sort((a, b) => time[b]! - time[a]! || b - a);
      this.#order = rows;
    }
    return this.#order;
  }

  #record(row: number, account: number, side: Side): TradeFill {
    const market: HistoryMarket = this.#markets.list[this.#market[row]!]!;
    const shares = this.#shares[row]!;
    const price = this.#price[row]!;
    return tradeFillRecord({
      token: market.tokens[this.#flags[row]! & 1]!,
      account: this.#accounts[account]!,
      side,
      size: shares / MICRO,
      price: price / MICRO,
      usdcSize: usdcOf(shares, price),
      timeSec: this.#time[row]!,
      // (market, its n-th trade): the same hash whatever order the markets were added in.
      transactionHash: mixedHex(HASH_SALT, market.index * 2 ** 32 + (row - this.#from[market.index]!), 6, '0x'),
    });
  }

  /** Room for `extra` more rows in every column. */
  #reserve(extra: number): void {
    const need = this.#rows + extra;
    if (need <= this.#time.length) return;
    const cap = Math.max(need, this.#time.length * 2, 1_024);
    const grow = <A extends Uint32Array | Int32Array | Float64Array | Uint8Array>(a: A, make: (n: number) => A): A => {
      const b = make(cap);
      b.set(a.subarray(0, this.#rows) as never);
      return b;
    };
    this.#time = grow(this.#time, (n) => new Uint32Array(n));
    this.#price = grow(this.#price, (n) => new Int32Array(n));
    this.#shares = grow(this.#shares, (n) => new Float64Array(n));
    this.#flags = grow(this.#flags, (n) => new Uint8Array(n));
    this.#taker = grow(this.#taker, (n) => new Uint32Array(n));
    this.#maker = grow(this.#maker, (n) => new Uint32Array(n));
    this.#market = grow(this.#market, (n) => new Uint32Array(n));
  }
}
