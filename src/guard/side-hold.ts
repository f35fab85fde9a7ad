/**
 * What the guards do to one side of one market's quotes at a moment: nothing, pull it (no quotes),
 * or widen it by some ticks away from the touch. A hold is engaged by an event (jump, sweep,
 * trade-through, burst) for a cool-down, then returns in equal steps: a pulled side comes back
 * widened by `widenTicks`, and the widening shrinks step by step to nothing. Pure time arithmetic
 * on the injected clock's milliseconds.
 */

export type GuardName = 'jump' | 'sweep' | 'trade-through' | 'burst' | 'toxicity';
export type GuardAction = 'pull' | 'widen';

export interface SideEffect {
  readonly pulled: boolean;
  /** Ticks away from the touch (0 when pulled or untouched). */
  readonly ticks: number;
}

export const NO_EFFECT: SideEffect = Object.freeze({ pulled: false, ticks: 0 });

export interface Hold {
  readonly guard: GuardName;
  readonly action: GuardAction;
  readonly ticks: number;
  /** End of the cool-down (Unix ms); the return steps follow. */
  readonly untilMs: number;
  /** Length of one return step. */
  readonly stepMs: number;
  readonly steps: number;
}

/** A hold's effect at `nowMs`; NO_EFFECT once it has fully returned. */
export function holdEffect(h: Hold, nowMs: number): SideEffect {
  if (nowMs < h.untilMs) return h.action === 'pull' ? { pulled: true, ticks: 0 } : { pulled: false, ticks: h.ticks };
  if (h.stepMs <= 0) return NO_EFFECT;
  const done = Math.floor((nowMs - h.untilMs) / h.stepMs) + 1;
  if (done >= h.steps) return NO_EFFECT;
  return { pulled: false, ticks: Math.ceil((h.ticks * (h.steps - done)) / h.steps) };
}

/** When the hold's effect next changes after `nowMs` (Infinity when it no longer does). */
export function holdNextChange(h: Hold, nowMs: number): number {
  if (nowMs < h.untilMs) return h.untilMs;
  if (h.stepMs <= 0) return Number.POSITIVE_INFINITY;
  const done = Math.floor((nowMs - h.untilMs) / h.stepMs) + 1;
  return done >= h.steps ? Number.POSITIVE_INFINITY : h.untilMs + done * h.stepMs;
}

/** The stronger of two effects: a pull wins, else the wider. */
export function stronger(a: SideEffect, b: SideEffect): SideEffect {
  if (a.pulled) return a;
  if (b.pulled) return b;
  return b.ticks > a.ticks ? b : a;
}
