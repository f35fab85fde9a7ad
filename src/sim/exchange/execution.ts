/**
 * One taker execution: an incoming order's matches against resting orders, at one clock time.
 * It is the single record everything after matching is derived from, lazily, so that the hot
 * path only stores it: the account-trade views (account-trades.ts), the public trade fills of
 * GET /trades and the fills that positions fold (position-ledger.ts).
 *
 * Fills: each match gives two fills, the taker's and the maker's, each with its own fee. A taker
 * order that sweeps three resting orders shows as three taker fills in GET /trades.
 */
import type { AccountTrade, Side, TradeFill } from '../../venue/types.js';
import type { SimAccount, SimToken } from '../contracts.js';
import { feeCalculator, type FillFeesMicro } from './fees.js';
import { tradeIdOf, transactionHashOf } from './ids.js';
import type { SimOrder } from './sim-order.js';
import { notionalDecimal, priceDecimal, sizeDecimal } from './units.js';

export class Match {
  /** Set when the execution is recorded. */
  exec!: Execution;
  #fees: FillFeesMicro | undefined;

  constructor(
    readonly maker: SimOrder,
    /** size units */
    readonly size: number,
    /** price units (the maker's price) */
    readonly price: number,
  ) {}

  /** Fees of this match in micro-USDC, computed on first use. */
  get fees(): FillFeesMicro {
    return (this.#fees ??= feeCalculator(this.maker.token.fee).fillFees(this.price, this.size));
  }
}

export class Execution {
  /** Account-trade views once built: the taker's first, then one per maker account. */
  views: AccountTrade[] | undefined = undefined;
  #makerAddresses: string[] | undefined = undefined;
  #takerAddress: string | undefined = undefined;
  #tradeId: string | undefined = undefined;
  #transactionHash: string | undefined = undefined;

  constructor(
    /** The exchange's counter of trades, which the ids are made from when first read. */
    readonly seq: number,
    readonly timeMs: number,
    readonly timeSec: number,
    readonly taker: SimOrder,
    readonly matches: readonly Match[],
  ) {
    for (const m of matches) m.exec = this;
  }

  /** Lower-case address of the taker account (made on first read, like the ones below). */
  get takerAddress(): string {
    return (this.#takerAddress ??= this.taker.account.address.toLowerCase());
  }

  /** Lower-case addresses of the maker accounts, in order of first match. */
  get makerAddresses(): readonly string[] {
    if (this.#makerAddresses === undefined) {
      const addresses: string[] = [];
      for (const m of this.matches) {
        const a = m.maker.account.address.toLowerCase();
        if (!addresses.includes(a)) addresses.push(a);
      }
      this.#makerAddresses = addresses;
    }
    return this.#makerAddresses;
  }

  /** Worked out on first read (ids.ts): most of the flow's executions are never shown. */
  get tradeId(): string {
    return (this.#tradeId ??= tradeIdOf(this.seq));
  }

  get transactionHash(): string {
    return (this.#transactionHash ??= transactionHashOf(this.seq));
  }
}

/** One side of one match, as positions and GET /trades see it. */
export interface FillView {
  readonly account: SimAccount;
  readonly side: Side;
  /** price units */
  readonly price: number;
  /** size units */
  readonly size: number;
  /** Fee paid, micro-USDC. */
  readonly fee: number;
  /** Rebate received, micro-USDC. */
  readonly rebate: number;
  readonly timeSec: number;
}

export function takerFill(m: Match): FillView {
  const taker = m.exec.taker;
  return { account: taker.account, side: taker.side, price: m.price, size: m.size, fee: m.fees.taker, rebate: 0, timeSec: m.exec.timeSec };
}

export function makerFill(m: Match): FillView {
  const fees = m.fees;
  return {
    account: m.maker.account,
    side: m.maker.side,
    price: m.price,
    size: m.size,
    fee: fees.maker,
    rebate: fees.rebate,
    timeSec: m.exec.timeSec,
  };
}

/** Element of GET /trades. Profile fields are synthetic, derived from the account. */
export function toTradeFill(m: Match, fill: FillView): TradeFill {
  return tradeFillRecord({
    token: m.maker.token,
    account: fill.account,
    side: fill.side,
    size: sizeDecimal(fill.size).toNumber(),
    price: priceDecimal(fill.price).toNumber(),
    usdcSize: notionalDecimal(fill.size * fill.price).toNumber(),
    timeSec: fill.timeSec,
    transactionHash: m.exec.transactionHash,
  });
}

/** What one element of GET /trades says, with its numbers already as the venue's JSON numbers. */
export interface TradeFillParts {
  readonly token: SimToken;
  readonly account: SimAccount;
  readonly side: Side;
  readonly size: number;
  readonly price: number;
  readonly usdcSize: number;
  readonly timeSec: number;
  readonly transactionHash: string;
}

/**
 * The venue record of one fill, from the token's market metadata and the account's synthetic
 * profile: the live fills' (toTradeFill) and the past trades' of src/sim/history alike.
 */
export function tradeFillRecord(f: TradeFillParts): TradeFill {
  const { token, account: a } = f;
  const wallet = a.address.toLowerCase();
  return {
    proxyWallet: a.address,
    side: f.side,
    asset: token.tokenId,
    conditionId: token.conditionId,
    size: f.size,
    price: f.price,
    timestamp: f.timeSec,
    usdcSize: f.usdcSize,
    title: token.title,
    slug: token.slug,
    icon: token.icon,
    eventSlug: token.eventSlug,
    outcome: token.outcome,
    outcomeIndex: token.outcomeIndex,
    name: a.name,
    pseudonym: a.pseudonym,
    bio: `Simulated trader ${a.pseudonym}`,
    profileImage: `https://sim.invalid/avatars/${wallet}.png`,
    profileImageOptimized: `https://sim.invalid/avatars/${wallet}-small.png`,
    transactionHash: f.transactionHash,
  };
}
