/**
 * The GTD expirations of the paper venue's virtual orders, and one clock timer at the earliest,
 * so an order expires on time even when no call or market event comes (as the simulator's
 * src/sim/exchange/expiry-timer.ts). Few orders rest at once: a map scanned for the earliest.
 */
import type { Clock, TimerHandle } from '../clock/clock.js';

export class VirtualExpiries {
  readonly #clock: Clock;
  readonly #onDue: () => void;
  /** Expiration (Unix ms) by order id. */
  readonly #at = new Map<string, number>();
  #timer: { readonly handle: TimerHandle; readonly atMs: number } | undefined;

  constructor(clock: Clock, onDue: () => void) {
    this.#clock = clock;
    this.#onDue = onDue;
  }

  get size(): number {
    return this.#at.size;
  }

  add(id: string, atMs: number): void {
    this.#at.set(id, atMs);
    this.#arm();
  }

  /** Forgets an order gone otherwise (cancelled, filled); the timer follows the earliest left. */
  delete(id: string): void {
    if (this.#at.delete(id)) this.#arm();
  }

  /** The ids due at `nowMs` (expiration <= nowMs), earliest first, forgotten. */
  takeDue(nowMs: number): string[] {
    const due = [...this.#at].filter(([, at]) => at <= nowMs).sort((a, b) => a[1] - b[1]);
    for (const [id] of due) this.#at.delete(id);
    if (due.length > 0) this.#arm();
    return due.map(([id]) => id);
  }

  #arm(): void {
    let next = Number.POSITIVE_INFINITY;
    for (const at of this.#at.values()) next = Math.min(next, at);
    if (this.#timer?.atMs === next) return;
    if (this.#timer !== undefined) this.#clock.clearTimer(this.#timer.handle);
    this.#timer = undefined;
    if (next === Number.POSITIVE_INFINITY) return;
    const handle = this.#clock.setTimer(
      () => {
        this.#timer = undefined;
        this.#onDue();
        this.#arm();
      },
      Math.max(0, next - this.#clock.now()),
    );
    this.#timer = { handle, atMs: next };
  }
}
