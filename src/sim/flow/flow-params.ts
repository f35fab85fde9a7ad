/**
 * Parameters of the synthetic order flow, with defaults. Units: prices and distances in price
 * units (dollars per share, so 0.01 = one cent), times in milliseconds unless named per second.
 * See order-flow.ts for the model they drive.
 */
import { ErrorCode, MakerdError } from '../../errors.js';
import { Decimal } from '../../money.js';

export interface FlowParams {
  /** Taker arrival intensity per book side per second at distance 0 (A of A·exp(−k·δ)). */
  readonly A: number;
  /** Decay of the taker intensity with distance δ from fair value, per price unit (k). */
  readonly k: number;
  /** Volatility of fair value in log-odds per √second. */
  readonly sigma: number;
  /** Jumps per market per second (Poisson). */
  readonly jumpRate: number;
  /** Typical jump in log-odds; each jump is ±jumpSize·U(0.5, 1.5). */
  readonly jumpSize: number;
  /** Share of takers that are informed while a jump is coming (within informedLeadMs of it). */
  readonly informedShare: number;
  /** How long before a jump informed takers know of it. */
  readonly informedLeadMs: number;
  /**
   * Foresight of informed takers: with a value above 0 they know where fair value will be this
   * far ahead (the diffusion and the jumps alike), at every moment, and a share `informedShare` of
   * all takers trades toward it; 0 (the default): they know only a jump due within
   * `informedLeadMs`.
   */
  readonly foresightMs: number;
  /** Levels per side of each background maker ladder, on each token. */
  readonly makerDepthLevels: number;
  /** Base size per maker level in shares (decimal string); each level is 1-3 times it. */
  readonly makerSize: string;
  /** Distance of the best maker level from fair value. */
  readonly makerHalfSpread: number;
  /** Distance between maker levels. */
  readonly makerLevelSpacing: number;
  /** Makers re-quote at least this often... */
  readonly makerRefreshMs: number;
  /** ...and at once when fair value moved this far from where they last quoted. */
  readonly makerRequoteMove: number;
  /** Typical taker size in shares (decimal string); each taker is U(0.5, 1.5) times it, whole shares. */
  readonly takerSize: string;
  /** Length of one flow step when started on the clock. */
  readonly stepMs: number;
  /** Condition ids the flow trades; default every market of the catalog. */
  readonly markets?: readonly string[] | undefined;
}

export const DEFAULT_FLOW_PARAMS: FlowParams = Object.freeze({
  A: 0.5,
  k: 60,
  sigma: 0.01,
  jumpRate: 1 / 300,
  jumpSize: 0.4,
  informedShare: 0.3,
  informedLeadMs: 3_000,
  foresightMs: 0,
  makerDepthLevels: 5,
  makerSize: '100',
  makerHalfSpread: 0.02,
  makerLevelSpacing: 0.01,
  makerRefreshMs: 10_000,
  makerRequoteMove: 0.01,
  takerSize: '20',
  stepMs: 250,
});

function fail(field: string, rule: string, value: unknown): never {
  throw new MakerdError(ErrorCode.CONFIG, `sim flow: parameter '${field}' ${rule} (got ${JSON.stringify(value)})`, {
    where: 'sim flow',
    field,
  });
}

/** Defaults filled in and every value checked; a bad value is a CONFIG error naming it. */
export function resolveFlowParams(partial: Partial<FlowParams> = {}): FlowParams {
  // Only known keys are taken (a caller may pass a wider config object, e.g. with `enabled`).
  const known = [...Object.keys(DEFAULT_FLOW_PARAMS), 'markets'];
  const given = Object.fromEntries(Object.entries(partial).filter(([key, v]) => v !== undefined && known.includes(key)));
  const p: FlowParams = { ...DEFAULT_FLOW_PARAMS, ...given };
  if (p.markets !== undefined && !(Array.isArray(p.markets) && p.markets.every((m) => typeof m === 'string')))
    fail('markets', 'must be a list of condition ids', p.markets);
  const nonNeg = [
    'A',
    'sigma',
    'jumpRate',
    'jumpSize',
    'informedLeadMs',
    'foresightMs',
    'makerHalfSpread',
    'makerRefreshMs',
    'makerRequoteMove',
  ] as const;
  for (const f of nonNeg)
    if (!(typeof p[f] === 'number' && Number.isFinite(p[f]) && p[f] >= 0)) fail(f, 'must be a finite number >= 0', p[f]);
  for (const f of ['k', 'stepMs', 'makerLevelSpacing'] as const) {
    if (!(typeof p[f] === 'number' && Number.isFinite(p[f]) && p[f] > 0)) fail(f, 'must be a finite number > 0', p[f]);
  }
  if (!(p.informedShare >= 0 && p.informedShare <= 1)) fail('informedShare', 'must be between 0 and 1', p.informedShare);
  if (!(Number.isInteger(p.makerDepthLevels) && p.makerDepthLevels >= 0 && p.makerDepthLevels <= 50)) {
    fail('makerDepthLevels', 'must be an integer in 0..50', p.makerDepthLevels);
  }
  for (const f of ['makerSize', 'takerSize'] as const) {
    if (typeof p[f] !== 'string' || !/^\d+(\.\d+)?$/.test(p[f]) || !new Decimal(p[f]).gt(0))
      fail(f, 'must be a positive decimal string', p[f]);
  }
  return Object.freeze(p);
}
