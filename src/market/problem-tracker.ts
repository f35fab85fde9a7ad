/**
 * Which keys (tokens, routes) are in trouble, with what, and for how many polls, reporting only
 * the changes. The poller logs what this returns, so a condition that lasts (a frozen book, a
 * venue that keeps failing) is one line when it starts and one when it ends, not one per poll;
 * the per-occurrence counts stay in the poller's stats. Pure and synchronous.
 */

export interface ProblemChange<P extends string> {
  readonly key: string;
  /** The problem before this observation; undefined when the key was fine (or new). */
  readonly from: P | undefined;
  /** The problem now; undefined when the key is fine again. */
  readonly to: P | undefined;
  /** Consecutive observations with a problem (any) before this one; 0 when one just began. */
  readonly polls: number;
}

export class ProblemTracker<P extends string> {
  readonly #open = new Map<string, { problem: P; polls: number }>();

  /** Records one observation of `key`; returns the change, or undefined when nothing changed. */
  observe(key: string, problem: P | undefined): ProblemChange<P> | undefined {
    const open = this.#open.get(key);
    if (problem === undefined) {
      if (open === undefined) return undefined;
      this.#open.delete(key);
      return { key, from: open.problem, to: undefined, polls: open.polls };
    }
    if (open === undefined) {
      this.#open.set(key, { problem, polls: 1 });
      return { key, from: undefined, to: problem, polls: 0 };
    }
    const change: ProblemChange<P> | undefined =
      open.problem === problem ? undefined : { key, from: open.problem, to: problem, polls: open.polls };
    open.problem = problem;
    open.polls++;
    return change;
  }

  /** The key's current problem, undefined when it is fine. */
  problemOf(key: string): P | undefined {
    return this.#open.get(key)?.problem;
  }

  /** Forgets every key not in `keep` (e.g. tokens no longer polled), without reporting anything. */
  retain(keep: ReadonlySet<string>): void {
    for (const key of this.#open.keys()) if (!keep.has(key)) this.#open.delete(key);
  }

  /** How many keys have a problem now. */
  get size(): number {
    return this.#open.size;
  }
}
