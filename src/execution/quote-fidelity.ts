/**
 * Quote fidelity: the share of time each market's quotes were what its strategy wanted. A market
 * is within tolerance when, on each token and side, every price it wants has a live order within
 * `executor.repriceTicks` ticks, every live order is within that of a wanted price, and the live
 * orders there hold no more shares than wanted. Sizes below the wanted ones count as within: a
 * partly filled order whose top-up waits still quotes the right price. What the write budget costs
 * shows here: a market whose re-prices wait for posts is out of tolerance until they go. Time
 * accrues between observations with the state of the earlier one; the executor observes after
 * every wish and every burst of order changes (once per market per run of synchronous work:
 * states within one burst last no time), and reads observe at scrape time. `makerd_quote_fidelity_ratio{market}`, /status.
 */
import { type Decimal, microOf } from '../money.js';
import { microPrices } from './price-gaps.js';

/** An order as fidelity needs it: a wanted one (`size`) or a live one (`remaining`). */
interface Level {
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: Decimal;
}

type Wanted = Level & { readonly size: Decimal };
type Live = Level & { readonly remaining: Decimal };

/** Whether `live` quotes what `wanted` asks for, within `priceTolerance` (see above). */
export function quotesWithin(
  wanted: readonly Wanted[],
  live: readonly Live[],
  priceTolerance: Decimal,
  wantedPrices?: readonly number[],
): boolean {
  return quotesWithinMicro(wanted, live, priceTolerance, wantedPrices) ?? quotesWithinDecimal(wanted, live, priceTolerance);
}

/**
 * quotesWithinDecimal in micro-units (src/money.ts), or undefined when a price, size or the
 * tolerance has no exact micro-unit form or a side's total could leave the safe integers. It runs
 * after every burst of order changes of every market, so it allocates nothing but two small arrays
 * (one when the caller kept the wanted prices, `microPrices(wanted)`, from an earlier call).
 */
export function quotesWithinMicro(
  wanted: readonly Wanted[],
  live: readonly Live[],
  priceTolerance: Decimal,
  wantedPrices: readonly number[] | undefined = microPrices(wanted),
): boolean | undefined {
  const tol = microOf(priceTolerance);
  if (tol === undefined) return undefined;
  const wp = wantedPrices;
  const lp = wp === undefined ? undefined : microPrices(live);
  if (wp === undefined || lp === undefined) return undefined;
  if (!allNear(wanted, wp, live, lp, tol) || !allNear(live, lp, wanted, wp, tol)) return false;
  // Shares per token and side, each pair summed once (at its first live order): a handful of
  // orders, so pairs of loops beat a map keyed by text.
  let verdict = true;
  for (let j = 0; j < live.length; j++) {
    const l = live[j]!;
    let first = true;
    for (let k = 0; k < j && first; k++) first = live[k]!.tokenId !== l.tokenId || live[k]!.side !== l.side;
    if (!first) continue;
    let held = 0;
    for (let k = j; k < live.length; k++) {
      const o = live[k]!;
      if (o.tokenId !== l.tokenId || o.side !== l.side) continue;
      const r = microOf(o.remaining);
      if (r === undefined) return undefined;
      held += r;
    }
    let want = 0;
    for (const w of wanted) {
      if (w.tokenId !== l.tokenId || w.side !== l.side) continue;
      const s = microOf(w.size);
      if (s === undefined) return undefined;
      want += s;
    }
    if (!Number.isSafeInteger(held) || !Number.isSafeInteger(want)) return undefined;
    // Every pair is checked (not returned at the first excess): a later one may have no micro form.
    if (held > want) verdict = false;
  }
  return verdict;
}

/** Whether every level of `a` has one of `b` on its token and side within `tol` (`ap`, `bp`: their prices in micro-units). */
function allNear(a: readonly Level[], ap: readonly number[], b: readonly Level[], bp: readonly number[], tol: number): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    let found = false;
    for (let j = 0; j < b.length && !found; j++)
      found = b[j]!.tokenId === x.tokenId && b[j]!.side === x.side && Math.abs(bp[j]! - ap[i]!) <= tol;
    if (!found) return false;
  }
  return true;
}

/** quotesWithin in Decimal: the reference the integer path is held to, and the path for values beyond it. */
export function quotesWithinDecimal(wanted: readonly Wanted[], live: readonly Live[], priceTolerance: Decimal): boolean {
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
