/**
 * The adverse-selection guards' settings: one flat object under a market's strategy parameters
 * (`strategy.params.guards`, `markets[i].params.guards`), checked with the strategy-parameter
 * rules (src/strategy/param-schema.ts) so a bad value gets the same error, naming the market,
 * `params.guards.<key>`, the value and the rule. Each strategy may declare its own defaults
 * (`Strategy.guardDefaults`); the operator's keys override them; `enabled: false` switches every
 * guard off. A count or threshold of 0 switches that one guard off.
 */
import type { Decimal } from '../money.js';
import { validateParams } from '../strategy/param-schema.js';
import type { ParamSchema } from '../strategy/strategy.js';

export interface GuardSettings {
  readonly enabled: boolean;
  /** What the strategy sees as the midpoint: the book's, or the size-weighted microprice. */
  readonly fairValue: 'mid' | 'microprice';
  /** Jump: a fair-value move of at least this many ticks between two evaluations (0: off)... */
  readonly jumpTicks: number;
  /** ...and of at least this many standard deviations of the recent moves (0: ticks alone). */
  readonly jumpSigmas: number;
  /** Half-life of the volatility estimate the jump test uses. */
  readonly volHalfLifeS: number;
  /** Sweep: this many levels of one side of the book removed at once (0: off). */
  readonly sweepLevels: number;
  /** Trade-through: a fill of ours followed by a fair value beyond its price. */
  readonly tradeThrough: boolean;
  /** What a jump, sweep or trade-through does to the side at risk. */
  readonly jumpAction: 'pull' | 'widen';
  /** How long that side is held; then it returns in `returnSteps` equal steps of the same length in all. */
  readonly coolDownS: number;
  readonly returnSteps: number;
  /** Ticks a widened side moves away from the touch (jumps, sweeps, bursts). */
  readonly widenTicks: number;
  /** Burst: this many fills on one side within `burstWindowS` step that side away (0: off). */
  readonly burstFills: number;
  readonly burstWindowS: number;
  /** Toxicity: mark-out horizons of our own fills (0: that horizon off; both 0: the guard off). */
  readonly toxicityShortS: number;
  readonly toxicityLongS: number;
  /** Weight of a fill in the per-side EWMA: it halves after this many further fills... */
  readonly toxicityHalfLifeFills: number;
  /** ...and the EWMA relaxes toward neutral (0) with this half-life of time, so a side recovers. */
  readonly toxicityDecayS: number;
  /** A side widens while its mark-out EWMA (price per share) is below this... */
  readonly toxicityThreshold: Decimal;
  /** ...by one tick per tick of shortfall, at most this many ticks. */
  readonly toxicityMaxTicks: number;
}

export const GUARD_SCHEMA: ParamSchema = {
  enabled: { type: 'boolean', default: true, doc: 'Apply the guards to this market (false: the strategy quotes unguarded)' },
  fairValue: {
    type: 'enum',
    values: ['mid', 'microprice'],
    default: 'mid',
    doc: 'The fair value the strategy quotes around: the midpoint, or the microprice (best prices weighted by the opposite size)',
  },
  jumpTicks: { type: 'number', min: 0, default: 5, unit: 'ticks', doc: 'A fair-value move of at least this many ticks is a jump (0: off)' },
  jumpSigmas: {
    type: 'number',
    min: 0,
    default: 6,
    unit: 'sd',
    doc: 'A jump must also be at least this many standard deviations of the recent moves (0: ticks alone)',
  },
  volHalfLifeS: { type: 'number', min: 0, exclusiveMin: true, default: 120, unit: 's', doc: 'Half-life of the volatility estimate' },
  sweepLevels: {
    type: 'number',
    integer: true,
    min: 0,
    default: 4,
    unit: 'levels',
    doc: 'This many levels of one side removed at once is a sweep (0: off)',
  },
  tradeThrough: { type: 'boolean', default: false, doc: 'A fill of ours followed by a fair value beyond its price holds that side' },
  jumpAction: {
    type: 'enum',
    values: ['pull', 'widen'],
    default: 'widen',
    doc: 'What a jump, sweep or trade-through does to the side at risk',
  },
  coolDownS: { type: 'number', min: 0, default: 10, unit: 's', doc: 'How long a side is pulled or widened before it starts to return' },
  returnSteps: { type: 'number', integer: true, min: 1, max: 20, default: 2, unit: 'steps', doc: 'Steps in which a widened side returns' },
  widenTicks: {
    type: 'number',
    integer: true,
    min: 1,
    max: 100,
    default: 2,
    unit: 'ticks',
    doc: 'Ticks a widened side moves away from the touch',
  },
  burstFills: {
    type: 'number',
    integer: true,
    min: 0,
    default: 4,
    unit: 'fills',
    doc: 'This many fills on one side within burstWindowS widen that side (0: off)',
  },
  burstWindowS: { type: 'number', min: 0, exclusiveMin: true, default: 5, unit: 's', doc: 'Window of the burst count' },
  toxicityShortS: { type: 'number', min: 0, default: 5, unit: 's', doc: 'Short mark-out horizon of the fill-toxicity guard (0: off)' },
  toxicityLongS: { type: 'number', min: 0, default: 30, unit: 's', doc: 'Long mark-out horizon of the fill-toxicity guard (0: off)' },
  toxicityHalfLifeFills: {
    type: 'number',
    min: 0,
    exclusiveMin: true,
    default: 20,
    unit: 'fills',
    doc: 'Fills after which a mark-out weighs half in the per-side average',
  },
  toxicityDecayS: {
    type: 'number',
    min: 0,
    exclusiveMin: true,
    default: 300,
    unit: 's',
    doc: 'Half-life in time of the per-side average toward neutral (a quiet side recovers)',
  },
  toxicityThreshold: {
    type: 'decimal',
    min: '-1',
    max: '1',
    default: '-0.005',
    unit: 'price',
    doc: 'A side whose average mark-out per share is below this widens',
  },
  toxicityMaxTicks: {
    type: 'number',
    integer: true,
    min: 0,
    max: 100,
    default: 3,
    unit: 'ticks',
    doc: 'Most ticks the toxicity guard widens a side (0: off)',
  },
};

/** The guard keys of the strategy parameters (`params.guards`), checked, defaults applied. */
export function parseGuardSettings(raw: unknown, defaults: Readonly<Record<string, unknown>> | undefined, where: string): GuardSettings {
  const given = raw === undefined ? {} : raw;
  // Strategy defaults first, then the operator's keys; unknown keys and bad values are refused
  // by the schema check on the merged object (the operator's own keys are what it names).
  const merged = isPlainObject(given) ? { ...(defaults ?? {}), ...given } : given;
  return validateParams(GUARD_SCHEMA, merged, where, 'params.guards') as unknown as GuardSettings;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
