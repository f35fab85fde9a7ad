/**
 * Quote fidelity: the share of time each market's live orders were what its strategy wanted,
 * within the executor's tolerance (the order diff of the latest wish against the live orders
 * would keep every one and place nothing). What the write budget costs shows here: a market
 * whose re-prices wait for posts is out of tolerance until they go. Time accrues between
 * observations with the state of the earlier one, so observing on every wish and every order
 * change (and at scrape time) is exact. `makerd_quote_fidelity_ratio{market}` and /status.
 */
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
