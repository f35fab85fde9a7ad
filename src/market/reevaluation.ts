/**
 * The hash rule for re-evaluations: a market is evaluated again only when one of its two books
 * has changed since its last evaluation, as told by the venue's book hash. A stream event, a
 * resync or a poll that brings the same books brings no new quotes, so it costs no strategy run
 * and no orders. An unknown hash (undefined: no book yet) always counts as a change, so a market
 * is never held back for lack of information. Pure: a map of the last evaluated hashes.
 */
export type BookHashes = readonly [string | undefined, string | undefined];

export class HashGate {
  readonly #last = new Map<string, readonly [string, string]>();

  /**
   * True when the market should be evaluated: no evaluation recorded yet, a hash unknown, or a
   * hash that differs from the last evaluation's. When true, `hashes` is recorded as evaluated.
   */
  changed(conditionId: string, hashes: BookHashes): boolean {
    const [h0, h1] = hashes;
    const last = this.#last.get(conditionId);
    if (h0 === undefined || h1 === undefined) {
      this.#last.delete(conditionId);
      return true;
    }
    if (last !== undefined && last[0] === h0 && last[1] === h1) return false;
    this.#last.set(conditionId, [h0, h1]);
    return true;
  }

  /** Whether `changed` would answer true, without recording anything. */
  wouldChange(conditionId: string, hashes: BookHashes): boolean {
    const last = this.#last.get(conditionId);
    return hashes[0] === undefined || hashes[1] === undefined || last === undefined || last[0] !== hashes[0] || last[1] !== hashes[1];
  }

  /** Records `hashes` as evaluated (for callers that check with wouldChange first). */
  record(conditionId: string, hashes: BookHashes): void {
    if (hashes[0] === undefined || hashes[1] === undefined) this.#last.delete(conditionId);
    else this.#last.set(conditionId, [hashes[0], hashes[1]]);
  }

  /** Forgets a market's last evaluation (e.g. its orders were cancelled): the next check is true. */
  forget(conditionId: string): void {
    this.#last.delete(conditionId);
  }

  /** Forgets everything (e.g. after a resync of the account's orders). */
  clear(): void {
    this.#last.clear();
  }
}
