/**
 * One token's position, folded from the account's fills with average-cost accounting. The rules
 * are the simulator's (src/sim/exchange/position-ledger.ts), step for step, so that the size,
 * average price and realized PnL equal what the venue's GET /positions reports:
 *
 * - The size is SIGNED: selling more than is held opens a short (negative size), as the venue
 *   allows.
 * - The cost basis is what the open position cost (buys for a long, sells for a short), >= 0;
 *   avgPrice = cost / |size| (0 when flat).
 * - A fill against the open position first closes it, at the average cost:
 *     closed = min(fill size, |size|); basis = cost x closed / |size| (all of it when fully closed)
 *     trading PnL += closed x price - basis   (long: sold above cost gains)
 *                 += basis - closed x price   (short: bought back below the sale price gains)
 *   What is left of the fill opens a position on the other side at the fill's price.
 * - realized PnL = trading PnL - (fees paid - rebates received), every fee and rebate of every
 *   fill, opening or closing.
 * - Volume: shares and USDC notional (price x shares) of every fill.
 * - Settlement (`settle`, settlement.ts): when the market resolves, what is open is closed at 1 or
 *   0 with no fee; its gain is `settlementPnl`, part of realized PnL (the venue's own position
 *   figures never include it: there the shares wait to be redeemed).
 *
 * Precision: Decimals of 40 significant digits (src/money.ts). The cost of opening fills since
 * the last close is summed separately (exactly) and added to the remaining basis only when a close
 * needs it, as the simulator does, so the only rounding (a proportional basis such as x 1/3)
 * happens at the same step on both sides. Reads never change the state.
 */
import { Decimal, ZERO } from '../money.js';
import type { Fill } from './fill.js';
import { settlementPnl } from './settlement.js';

export interface FillEffect {
  readonly tokenId: string;
  readonly conditionId: string;
  readonly sizeBefore: Decimal;
  readonly sizeAfter: Decimal;
  readonly avgPriceBefore: Decimal;
  readonly avgPriceAfter: Decimal;
  /** Shares of the previous position this fill closed (0 when it only added). */
  readonly closed: Decimal;
  /** Change of the trading PnL (before fees): the gain or loss of the closed shares. */
  readonly tradingPnl: Decimal;
  readonly fee: Decimal;
  readonly rebate: Decimal;
  /** Change of the realized PnL: tradingPnl - fee + rebate. */
  readonly realizedPnl: Decimal;
}

export class TokenPosition {
  #size: Decimal = ZERO;
  /** Remaining basis after the last close. */
  #carriedCost: Decimal = ZERO;
  /** Cost of opening fills since then (exact sums of price x size). */
  #openedCost: Decimal = ZERO;
  #tradingPnl: Decimal = ZERO;
  #settlementPnl: Decimal = ZERO;
  #closedBasis: Decimal = ZERO;
  #fees: Decimal = ZERO;
  #rebates: Decimal = ZERO;
  #boughtShares: Decimal = ZERO;
  #volumeShares: Decimal = ZERO;
  #volumeNotional: Decimal = ZERO;
  #fills = 0;
  #lastFillPrice: Decimal | undefined;
  #lastFillMs = 0;
  /** avgPrice until the position changes: a fill reads it before and after, and its revaluation again. */
  #avgPrice: Decimal | undefined;

  constructor(
    readonly tokenId: string,
    readonly conditionId: string,
    readonly outcomeIndex: 0 | 1,
  ) {}

  /** Signed shares. */
  get size(): Decimal {
    return this.#size;
  }

  /** Cost basis of the open position (>= 0). */
  get cost(): Decimal {
    return this.#openedCost.isZero() ? this.#carriedCost : this.#carriedCost.add(this.#openedCost);
  }

  /** Average cost of the open position; 0 when flat. */
  get avgPrice(): Decimal {
    this.#avgPrice ??= this.#size.isZero() ? ZERO : this.cost.div(this.#size.abs());
    return this.#avgPrice;
  }

  /** Closing gains and losses, before fees. */
  get tradingPnl(): Decimal {
    return this.#tradingPnl;
  }

  get feesPaid(): Decimal {
    return this.#fees;
  }

  get rebatesReceived(): Decimal {
    return this.#rebates;
  }

  /** Gains of the positions settled when their market resolved (settlement.ts). */
  get settlementPnl(): Decimal {
    return this.#settlementPnl;
  }

  /** tradingPnl (+ settlementPnl) - (fees - rebates), in the venue's order of operations. */
  get realizedPnl(): Decimal {
    const closed = this.#settlementPnl.isZero() ? this.#tradingPnl : this.#tradingPnl.add(this.#settlementPnl);
    return closed.sub(this.#fees.sub(this.#rebates));
  }

  /** Cost basis of everything closed so far. */
  get closedBasis(): Decimal {
    return this.#closedBasis;
  }

  /** Shares bought (the venue's `totalBought`). */
  get boughtShares(): Decimal {
    return this.#boughtShares;
  }

  get volumeShares(): Decimal {
    return this.#volumeShares;
  }

  get volumeNotional(): Decimal {
    return this.#volumeNotional;
  }

  get fills(): number {
    return this.#fills;
  }

  get lastFillPrice(): Decimal | undefined {
    return this.#lastFillPrice;
  }

  get lastFillMs(): number {
    return this.#lastFillMs;
  }

  /** size x (mark - avgPrice), as the venue's cashPnl (currentValue - initialValue). */
  unrealizedAt(mark: Decimal): Decimal {
    return this.#size.mul(mark).sub(this.#size.mul(this.avgPrice));
  }

  /**
   * Closes the open position at `price` (1 or 0: its market resolved), with no fee; returns the
   * gain (settlement.ts `settlementPnl`), 0 when flat. The fill count is unchanged.
   */
  settle(price: Decimal): Decimal {
    const size = this.#size;
    if (size.isZero()) return ZERO;
    const cost = this.cost;
    const pnl = settlementPnl(size, cost, price);
    this.#settlementPnl = this.#settlementPnl.add(pnl);
    this.#closedBasis = this.#closedBasis.add(cost);
    this.#size = ZERO;
    this.#carriedCost = ZERO;
    this.#openedCost = ZERO;
    this.#avgPrice = undefined;
    return pnl;
  }

  apply(fill: Fill): FillEffect {
    const sizeBefore = this.#size;
    const avgPriceBefore = this.avgPrice;
    let qty = fill.size;
    const buying = fill.side === 'BUY';
    let closed = ZERO;
    let tradingPnl = ZERO;
    const held = this.#size;
    if (!held.isZero() && held.isPositive() !== buying) {
      const absHeld = held.abs();
      closed = Decimal.min(qty, absHeld);
      const cost = this.cost;
      this.#openedCost = ZERO;
      const basis = closed.eq(absHeld) ? cost : cost.mul(closed).div(absHeld);
      const proceeds = closed.mul(fill.price);
      tradingPnl = held.isPositive() ? basis.neg().add(proceeds) : basis.sub(proceeds);
      this.#tradingPnl = this.#tradingPnl.add(tradingPnl);
      this.#closedBasis = this.#closedBasis.add(basis);
      this.#size = buying ? held.add(closed) : held.sub(closed);
      this.#carriedCost = this.#size.isZero() ? ZERO : cost.sub(basis);
      qty = qty.sub(closed);
    }
    if (qty.gt(0)) {
      this.#size = buying ? this.#size.add(qty) : this.#size.sub(qty);
      this.#openedCost = this.#openedCost.add(qty.mul(fill.price));
    }
    this.#avgPrice = undefined;
    if (buying) this.#boughtShares = this.#boughtShares.add(fill.size);
    this.#fees = this.#fees.add(fill.fee);
    this.#rebates = this.#rebates.add(fill.rebate);
    this.#volumeShares = this.#volumeShares.add(fill.size);
    this.#volumeNotional = this.#volumeNotional.add(fill.size.mul(fill.price));
    this.#fills++;
    this.#lastFillPrice = fill.price;
    this.#lastFillMs = Math.max(this.#lastFillMs, fill.timestampMs);
    return {
      tokenId: this.tokenId,
      conditionId: this.conditionId,
      sizeBefore,
      sizeAfter: this.#size,
      avgPriceBefore,
      avgPriceAfter: this.avgPrice,
      closed,
      tradingPnl,
      fee: fill.fee,
      rebate: fill.rebate,
      realizedPnl: tradingPnl.sub(fill.fee).add(fill.rebate),
    };
  }
}
