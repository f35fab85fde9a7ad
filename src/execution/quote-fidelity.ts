/**
 * Quote fidelity: the share of time each market's quotes were what its strategy wanted. A market
 * is within tolerance when, on each token and side, every price it wants has a live order within
 * `executor.repriceTicks` ticks, every live order is within that of a wanted price, and the live
 * orders there hold no more shares than wanted. Sizes below the wanted ones count as within: a
 * partly filled order whose top-up waits still quotes the right price. What the write budget costs
 * shows here: a market whose re-prices wait for posts is out of tolerance until they go. Time
 * accrues between observations with the state of the earlier one, so observing on every wish and
 * every order change (and at scrape time) is exact. `makerd_quote_fidelity_ratio{market}`, /status.
 */
import type { Decimal } from '../money.js';

/** An order as fidelity needs it: a wanted one (`size`) or a live one (`remaining`). */
interface Level {
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: Decimal;
}

/** Whether `live` quotes what `wanted` asks for, within `priceTolerance` (see above). */
export function quotesWithin(
  wanted: readonly (Level & { readonly size: Decimal })[],
  live: readonly (Level & { readonly remaining: Decimal })[],
  priceTolerance: Decimal,
): boolean {
  const near = (a: Level, b: Level): boolean =>
    a.tokenId === b.tokenId && a.side === b.side && a.price.minus(b.price).abs().lte(priceTolerance);
  for (const w of wanted) if (!live.some((l) => near(l, w))) return false;
  for (const l of live) if (!wanted.some((w) => near(w, l))) return false;
  // No more shares resting on a token and side than wanted there.
  const held = new Map<string, Decimal>();
  for (const l of live) {
    const k = `${l.tokenId}|${l.side}`;
    const h = held.get(k);
    held.set(k, h === undefined ? l.remaining : h.add(l.remaining));
  }
  for (const [k, h] of held) {
    let want: Decimal | undefined;
    for (const w of wanted) if (`${w.tokenId}|${w.side}` === k) want = want === undefined ? w.size : want.add(w.size);
    if (want === undefined || h.gt(want)) return false;
  }
  return true;
}
export class QuoteFidelity {
  /** Per market: the last observation (time and state), ms observed in all and within tolerance. */
  readonly #markets = new Map<string, { atMs: number; within: boolean; totalMs: number; withinMs: number }>();

  observe(market: string, within: boolean, nowMs: number): void {
    const m = this.#markets.get(market);
    if (m === undefined) {
      this.#markets.set(market, { atMs: nowMs, within, totalMs: 0, withinMs: 0 });
      return;
    }
    const dt = Math.max(0, nowMs - m.atMs);
    m.totalMs += dt;
    if (m.within) m.withinMs += dt;
    m.atMs = Math.max(m.atMs, nowMs);
    m.within = within;
  }

  /** The last state observed for `market` (undefined before the first). */
  within(market: string): boolean | undefined {
    return this.#markets.get(market)?.within;
  }

  /** Per market: the share of observed time within tolerance, 0..1 (a market observed for no time yet: its current state, 1 or 0). */
  ratios(nowMs: number): Map<string, number> {
    const out = new Map<string, number>();
    for (const [market, m] of this.#markets) {
      this.observe(market, m.within, nowMs);
      out.set(market, m.totalMs === 0 ? (m.within ? 1 : 0) : m.withinMs / m.totalMs);
    }
    return out;
  }

  /** All markets together: time within tolerance over time observed (undefined before any time was observed). */
  overall(nowMs: number): number | undefined {
    this.ratios(nowMs);
    let total = 0;
    let within = 0;
    for (const m of this.#markets.values()) {
      total += m.totalMs;
      within += m.withinMs;
    }
    return total === 0 ? undefined : within / total;
  }
}
