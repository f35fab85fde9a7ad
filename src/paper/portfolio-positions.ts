/**
 * The positions the strategies and the risk gate see in paper mode: the paper portfolio's (its
 * journal replayed, then every virtual fill), in the shape of the live daemon's positions poller
 * (GET /positions), which has no virtual shares to report.
 */
import type { Decimal } from '../money.js';
import type { Fill } from '../portfolio/fill.js';
import type { Portfolio } from '../portfolio/portfolio.js';

export class PortfolioPositions {
  readonly #portfolio: Portfolio;
  readonly #listeners: ((markets: ReadonlySet<string>) => void)[] = [];
  #positions = new Map<string, Decimal>();

  constructor(portfolio: Portfolio, tokens: readonly string[]) {
    this.#portfolio = portfolio;
    for (const t of tokens) this.#set(t);
  }

  get positions(): ReadonlyMap<string, Decimal> {
    return this.#positions;
  }

  /** Called with the markets (condition ids) whose positions changed. */
  onChange(listener: (changedMarkets: ReadonlySet<string>) => void): void {
    this.#listeners.push(listener);
  }

  /** After fills were counted in the portfolio. */
  update(fills: readonly Fill[]): void {
    if (fills.length === 0) return;
    // A new map each time: a reader holding the old one sees a consistent picture.
    this.#positions = new Map(this.#positions);
    const markets = new Set<string>();
    for (const f of fills) {
      this.#set(f.tokenId);
      markets.add(f.conditionId);
    }
    for (const l of this.#listeners) l(markets);
  }

  #set(tokenId: string): void {
    const q = this.#portfolio.position(tokenId);
    if (q.isZero()) this.#positions.delete(tokenId);
    else this.#positions.set(tokenId, q);
  }
}
