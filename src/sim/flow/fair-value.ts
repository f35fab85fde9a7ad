/**
 * Fair value of one market (outcome 0; outcome 1 is its complement) as a random walk in log-odds
 * with jumps. The walk is a latent model state, not money, so it is a JS number; it becomes a
 * price (6 decimals: a Decimal, or an integer of micro-units for the flow's hot path) only where
 * it is handed out.
 *
 * - Diffusion: x += sigma·√dt·N(0,1) per step of dt seconds.
 * - Jumps: a Poisson process of `jumpRate` per second. The next jump (time and signed size
 *   ±jumpSize·U(0.5, 1.5)) is drawn in advance from its own stream, so informed takers can know it
 *   before it happens and the jump schedule does not depend on the step length.
 * - Clamp: x stays where p = 1/(1+e^−x) is inside [2·tick, 1 − 2·tick].
 */
import { Decimal } from '../../money.js';
import type { SimRng } from '../rng.js';
import { MICRO_ONE, microOf } from './flow-units.js';

export interface PendingJump {
  /** Flow time (ms since the flow began) at which it happens. */
  readonly atMs: number;
  /** Signed change of log-odds. */
  readonly size: number;
}

export interface FairValueOptions {
  readonly initial: number;
  readonly tick: number;
  readonly sigma: number;
  readonly jumpRate: number;
  readonly jumpSize: number;
  /** Stream of the diffusion. */
  readonly walkRng: SimRng;
  /** Stream of the jump schedule. */
  readonly jumpRng: SimRng;
}

/** A jump `advance` applied: when, and outcome 0's probability before and after. */
export interface AppliedJump {
  readonly atMs: number;
  readonly from: number;
  readonly to: number;
}

const NO_JUMPS: readonly AppliedJump[] = Object.freeze([]);

const logit = (p: number): number => Math.log(p / (1 - p));
const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

export class FairValue {
  readonly #o: FairValueOptions;
  readonly #lo: number;
  readonly #hi: number;
  #x: number;
  #elapsedMs = 0;
  #next: PendingJump | undefined;
  #p = 0;
  #pAt = Number.NaN;
  #fair: readonly [Decimal, Decimal] | undefined;
  #fairAt = Number.NaN;
  #units0 = 0;
  #unitsAt = Number.NaN;

  constructor(options: FairValueOptions) {
    this.#o = options;
    this.#lo = logit(2 * options.tick);
    this.#hi = logit(1 - 2 * options.tick);
    this.#x = this.#clamp(logit(options.initial));
    this.#next = this.#drawJump(0);
  }

  #clamp(x: number): number {
    return Math.min(this.#hi, Math.max(this.#lo, x));
  }

  #drawJump(fromMs: number): PendingJump | undefined {
    const o = this.#o;
    if (o.jumpRate <= 0 || o.jumpSize <= 0) return undefined;
    const atMs = fromMs + o.jumpRng.exponential(o.jumpRate) * 1000;
    const sign = o.jumpRng.chance(0.5) ? 1 : -1;
    return { atMs, size: sign * o.jumpSize * (0.5 + o.jumpRng.next()) };
  }

  /** Probability of outcome 0 as a number (model state); worked out once per move of the walk (read several times a step). */
  get p(): number {
    if (this.#pAt !== this.#x) {
      this.#p = logistic(this.#x);
      this.#pAt = this.#x;
    }
    return this.#p;
  }

  /** Fair value of outcome 0 (or 1) in micro-units: the same 6 decimals as `fair`, as an integer. */
  fairUnits(outcomeIndex: 0 | 1 = 0): number {
    if (this.#unitsAt !== this.#x) {
      this.#units0 = microOf(this.p);
      this.#unitsAt = this.#x;
    }
    return outcomeIndex === 0 ? this.#units0 : MICRO_ONE - this.#units0;
  }

  /** Fair value of outcome 0 (or 1) as a Decimal with 6 decimals. */
  fair(outcomeIndex: 0 | 1 = 0): Decimal {
    // Cached until the walk moves (several readers per step: takers, the maker's ladder).
    if (this.#fairAt !== this.#x || this.#fair === undefined) {
      const p0 = new Decimal(this.p.toFixed(6));
      this.#fair = [p0, new Decimal(1).minus(p0)];
      this.#fairAt = this.#x;
    }
    return this.#fair[outcomeIndex];
  }

  get elapsedMs(): number {
    return this.#elapsedMs;
  }

  /** The next scheduled jump, or undefined when jumps are off. */
  get pendingJump(): PendingJump | undefined {
    return this.#next;
  }

  /** Fair value of outcome 0 right after the pending jump (what informed takers aim at). */
  afterPendingJump(): number | undefined {
    return this.#next === undefined ? undefined : logistic(this.#clamp(this.#x + this.#next.size));
  }

  /**
   * Moves log-odds `share` of the way to the bound of the winning outcome (outcome 0's upper bound,
   * outcome 1's lower): a market drifting toward its outcome as its end nears (src/sim/ends).
   */
  pullToward(winner: 0 | 1, share: number): void {
    if (!(share > 0)) return;
    const target = winner === 0 ? this.#hi : this.#lo;
    this.#x = this.#clamp(this.#x + (target - this.#x) * Math.min(1, share));
  }

  /**
   * Moves `dtMs` forward: diffusion, then every jump that fell due. Returns the jumps applied (a
   * shared empty list when none: most steps have none).
   */
  advance(dtMs: number): readonly AppliedJump[] {
    const o = this.#o;
    if (dtMs <= 0) return NO_JUMPS;
    this.#elapsedMs += dtMs;
    if (o.sigma > 0) this.#x = this.#clamp(this.#x + o.sigma * Math.sqrt(dtMs / 1000) * o.walkRng.normal());
    if (this.#next === undefined || this.#next.atMs > this.#elapsedMs) return NO_JUMPS;
    const applied: AppliedJump[] = [];
    while (this.#next !== undefined && this.#next.atMs <= this.#elapsedMs) {
      const from = this.p;
      this.#x = this.#clamp(this.#x + this.#next.size);
      applied.push({ atMs: this.#next.atMs, from, to: this.p });
      this.#next = this.#drawJump(this.#next.atMs);
    }
    return applied;
  }
}
