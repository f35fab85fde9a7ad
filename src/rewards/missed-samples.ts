/**
 * The reward samples makerd missed, per market: a minute that passed without its sample (a late
 * timer, an exception) or whose sample could not be taken for the market (its book missing or
 * unusable, its rules unknown). A missed minute counts as a share of 0 in the day's estimate, as it
 * always did; here it is also counted (since start, for a counter) and grouped into episodes —
 * consecutive missed minutes of one market — so that the caller logs each episode twice: when it
 * starts, and once when the market is sampled again, with how many minutes it missed. Pure state.
 */

/** An episode of missed minutes of one market. */
export interface MissEpisode {
  readonly market: string;
  /** Start (ms since epoch) of the first missed minute. */
  readonly sinceMs: number;
  /** Minutes missed so far. */
  readonly minutes: number;
  /** Minutes missed per reason (e.g. `late`, `book stale`, `no rules`, `error: ...`). */
  readonly reasons: Readonly<Record<string, number>>;
}

interface OpenEpisode {
  sinceMs: number;
  minutes: number;
  reasons: Record<string, number>;
}

export class MissedSamples {
  readonly #totals = new Map<string, number>();
  readonly #open = new Map<string, OpenEpisode>();

  /**
   * Counts `minutes` missed minutes of `market` from the minute starting at `sinceMs`. Returns the
   * episode when this starts one (the caller logs it), undefined when one was already open.
   */
  miss(market: string, minutes: number, sinceMs: number, reason: string): MissEpisode | undefined {
    if (!(Number.isSafeInteger(minutes) && minutes > 0)) return undefined;
    this.#totals.set(market, (this.#totals.get(market) ?? 0) + minutes);
    const open = this.#open.get(market);
    if (open !== undefined) {
      open.minutes += minutes;
      open.reasons[reason] = (open.reasons[reason] ?? 0) + minutes;
      return undefined;
    }
    const started: OpenEpisode = { sinceMs, minutes, reasons: { [reason]: minutes } };
    this.#open.set(market, started);
    return { market, sinceMs, minutes, reasons: { ...started.reasons } };
  }

  /** The market was sampled: ends its episode, returned (the caller logs it), if one was open. */
  sampled(market: string): MissEpisode | undefined {
    const open = this.#open.get(market);
    if (open === undefined) return undefined;
    this.#open.delete(market);
    return { market, sinceMs: open.sinceMs, minutes: open.minutes, reasons: open.reasons };
  }

  /** Whether the market is in an episode now. */
  missing(market: string): boolean {
    return this.#open.has(market);
  }

  /** Minutes missed since start, per market that missed any. */
  totals(): ReadonlyMap<string, number> {
    return this.#totals;
  }
}
