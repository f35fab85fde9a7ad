/**
 * One account's position in one token (venue-api.md 2.2), folded from its fills with average-cost
 * accounting. Fills are queued on the hot path and folded with Decimal only when a position is
 * read.
 *
 * Rules (the simulator's; the venue document is silent):
 * - Accounts have unlimited collateral and may sell tokens they do not hold: the size is SIGNED,
 *   a negative size is a short (an obligation), reported with its sign.
 * - avgPrice is the average cost of the open position (buys for a long, sells for a short);
 *   initialValue = size x avgPrice and currentValue = size x curPrice (both signed);
 *   cashPnl = currentValue - initialValue; percentPnl = cashPnl / |initialValue| x 100 (0 when 0).
 * - A fill against the open position closes it first at the average cost; realizedPnl is the
 *   closing gain (sell price - avg for a long, avg - buy price for a short) x closed size, minus
 *   every fee paid, plus every rebate received. percentRealizedPnl = realizedPnl / (cost basis of
 *   everything closed so far) x 100 (0 when nothing was closed).
 * - totalBought is the number of shares bought (sum of BUY fill sizes).
 * - timestamp is the Unix seconds of the last fill.
 */
import { Decimal, ZERO } from '../../money.js';
import type { Position } from '../../venue/types.js';
import type { SimToken } from '../contracts.js';
import type { Side } from '../../venue/types.js';
import { Execution, type Match } from './execution.js';
import { NOTIONAL_DECIMALS, SIZE_DECIMALS } from './units.js';

const NOTIONAL_SCALE = 10 ** NOTIONAL_DECIMALS;
/** Integer accumulators are moved into Decimals before they could leave the safe range. */
const FLUSH_AT = 2 ** 50;

/**
 * Internally sizes are integer size units and money is integer notional units (1e-8 USDC) or
 * micro-USDC for fees, so that opening fills and fees never touch Decimal; only closing a
 * position (a proportional share of the cost basis) does.
 */
export class PositionLedger {
  /** Executions this account took (all their matches) and matches it made, in time order. */
  #pending: (Execution | Match)[] = [];
  /** Signed size units. */
  #size = 0;
  /** Cost basis of the open position (notional units, >= 0) = #costDec + #costInt. */
  #costDec: Decimal = ZERO;
  #costInt = 0;
  #boughtUnits = 0;
  /** Closing gains, notional units. */
  #closedPnl: Decimal = ZERO;
  #closedBasis: Decimal = ZERO;
  /** Fees paid minus rebates received, micro-USDC. */
  #netFeesMicro = 0;
  #lastSec = 0;
  /** Paid out after its market resolved (market-close.ts): no longer reported. */
  redeemed = false;

  constructor(
    readonly address: string,
    readonly token: SimToken,
  ) {}

  /** Queues a taker execution or a maker match of this account. */
  add(entry: Execution | Match): void {
    this.#pending.push(entry);
    // Bound the queue for accounts whose positions are never read.
    if (this.#pending.length >= 1_024) this.#fold();
  }

  /** Signed token balance. */
  get size(): Decimal {
    this.#fold();
    return new Decimal(this.#size).div(10 ** SIZE_DECIMALS);
  }

  get realizedPnl(): Decimal {
    this.#fold();
    return this.#closedPnl.div(NOTIONAL_SCALE).sub(new Decimal(this.#netFeesMicro).div(1_000_000));
  }

  /** Average cost of the open position (0 when flat). */
  get avgPrice(): Decimal {
    this.#fold();
    return this.#size === 0 ? ZERO : this.#cost().div(Math.abs(this.#size)).div(1_000_000);
  }

  #cost(): Decimal {
    if (this.#costInt !== 0) {
      this.#costDec = this.#costDec.add(this.#costInt);
      this.#costInt = 0;
    }
    return this.#costDec;
  }

  #fold(): void {
    if (this.#pending.length === 0) return;
    // The fills' fields straight from the records (takerFill / makerFill without their objects).
    for (const entry of this.#pending) {
      if (entry instanceof Execution) {
        const side = entry.taker.side;
        for (const m of entry.matches) this.#apply(side, m.price, m.size, m.fees.taker, entry.timeSec);
      } else {
        const fees = entry.fees;
        this.#apply(entry.maker.side, entry.price, entry.size, fees.maker - fees.rebate, entry.exec.timeSec);
      }
    }
    this.#pending = [];
  }

  /** One fill of `size` units at `price` units; `netFeeMicro`: its fee less its rebate. */
  #apply(side: Side, price: number, size: number, netFeeMicro: number, timeSec: number): void {
    let qty = size;
    const dir = side === 'BUY' ? 1 : -1;
    if (dir === 1) this.#boughtUnits += qty;
    const held = this.#size;
    if (held !== 0 && Math.sign(held) !== dir) {
      // Closing (part of) the open position at its average cost.
      const absHeld = Math.abs(held);
      const closeQty = Math.min(qty, absHeld);
      const cost = this.#cost();
      const basis = closeQty === absHeld ? cost : cost.mul(closeQty).div(absHeld);
      const proceeds = closeQty * price;
      this.#closedPnl = this.#closedPnl.add(held > 0 ? basis.neg().add(proceeds) : basis.sub(proceeds));
      this.#closedBasis = this.#closedBasis.add(basis);
      this.#size = held + closeQty * dir;
      this.#costDec = this.#size === 0 ? ZERO : cost.sub(basis);
      qty -= closeQty;
    }
    if (qty > 0) {
      this.#size += qty * dir;
      this.#costInt += qty * price;
      if (this.#costInt > FLUSH_AT) this.#cost();
    }
    this.#netFeesMicro += netFeeMicro;
    this.#lastSec = timeSec;
  }

  /** True when there is anything to report: an open position or realized PnL. */
  isReportable(): boolean {
    this.#fold();
    return this.#size !== 0 || !this.#closedPnl.isZero() || this.#netFeesMicro !== 0;
  }

  /**
   * The position record; `curPrice` is the token's current price (its settlement price once its
   * market resolved), `mergeable` and `redeemable` decided by the caller.
   */
  toPosition(proxyWallet: string, curPrice: Decimal | undefined, mergeable: boolean, redeemable = false): Position {
    const size = this.size;
    const avg = this.avgPrice;
    const realized = this.realizedPnl;
    const closedBasis = this.#closedBasis.div(NOTIONAL_SCALE);
    const cur = curPrice ?? avg;
    const initialValue = size.mul(avg);
    const currentValue = size.mul(cur);
    const cashPnl = currentValue.sub(initialValue);
    const t = this.token;
    return {
      proxyWallet,
      asset: t.tokenId,
      conditionId: t.conditionId,
      size: size.toNumber(),
      avgPrice: avg.toNumber(),
      initialValue: initialValue.toNumber(),
      currentValue: currentValue.toNumber(),
      cashPnl: cashPnl.toNumber(),
      percentPnl: initialValue.isZero() ? 0 : cashPnl.div(initialValue.abs()).mul(100).toNumber(),
      totalBought: new Decimal(this.#boughtUnits).div(10 ** SIZE_DECIMALS).toNumber(),
      realizedPnl: realized.toNumber(),
      percentRealizedPnl: closedBasis.isZero() ? 0 : realized.div(closedBasis).mul(100).toNumber(),
      curPrice: cur.toNumber(),
      redeemable,
      mergeable,
      title: t.title,
      slug: t.slug,
      icon: t.icon,
      eventSlug: t.eventSlug,
      outcome: t.outcome,
      outcomeIndex: t.outcomeIndex,
      oppositeOutcome: t.oppositeOutcome,
      oppositeAsset: t.oppositeTokenId,
      timestamp: this.#lastSec,
      endDate: t.endDate,
      negativeRisk: t.negRisk,
    };
  }
}
