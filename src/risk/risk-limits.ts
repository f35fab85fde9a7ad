/**
 * The risk gate's limits (config keys `risk.*`), their defaults and their validation. Money and
 * share quantities arrive as decimal text (or JSON numbers, read through their text) and are kept
 * as Decimals; counts and durations are plain integers. A bad value stops start-up (or a SIGHUP
 * reload) with a CONFIG error that names the key, the value and the rule, and nothing is applied.
 *
 * The `risk` section also holds keys that are not limits (`state`, `killSwitch`,
 * `killSwitchFile`): validateRiskLimits leaves them to their own owners (RiskGate's configured
 * state, KillSwitch) and ignores them, so the whole section can be passed in as it is.
 */
import { ErrorCode, MakerdError } from '../errors.js';
import { Decimal, parseDecimal } from '../money.js';

export interface ErrorBurstLimits {
  /** Venue errors plus throttles, within `windowMs`, that pull every market's quotes. Integer >= 1. */
  readonly count: number;
  /** The window the failures are counted in, ms. Integer >= 1. */
  readonly windowMs: number;
  /** How long quotes stay pulled after a burst, ms. Integer >= 1. */
  readonly backoffMs: number;
}

/** risk.perEvent: limits over all the outcomes of one neg-risk event (src/risk/event-loss.ts). */
export interface PerEventLimits {
  /**
   * USDC at most that an event's worst resolution may lose: the cost basis of the shares held in
   * its markets less what they pay, every resting order counted as filled where that adds to the
   * loss. ZERO: off (the per-market limits alone apply).
   */
  readonly maxWorstLossUsdc: Decimal;
}

export interface RiskLimits {
  /** Shares of one token held at most, counting every approved BUY of that token as filled. */
  readonly maxPositionPerToken: Decimal;
  /**
   * |outcome 0 - outcome 1| shares at most in one market, counting every approved bid (worst case
   * up) and every approved ask (worst case down) as filled. Past it the market is REDUCING.
   */
  readonly maxNetExposure: Decimal;
  /**
   * USDC at most resting in orders over all markets: the sum of price x size of every order the
   * gate approved at each market's latest evaluation. Positions do not count (they are capped by
   * the position and exposure limits; their value at risk is the portfolio's loss limits' job).
   */
  readonly maxGrossNotional: Decimal;
  /** Orders at most over all markets (each market's latest approved list). */
  readonly maxOpenOrders: number;
  /** Orders at most in one market. */
  readonly maxOrdersPerMarket: number;
  /** Shares per order at most; a larger order is trimmed to it (rounded down to the size step). */
  readonly maxOrderSize: Decimal;
  /** Lowest token price an order may have; lower orders are refused. In (0, 1). */
  readonly minPrice: Decimal;
  /** Highest token price an order may have; higher orders are refused. In (0, 1), > minPrice. */
  readonly maxPrice: Decimal;
  readonly errorBurst: ErrorBurstLimits;
  readonly perEvent: PerEventLimits;
}

/** Defaults sized for the simulator; equal to the config schema's defaults. */
export const DEFAULT_RISK_LIMITS: RiskLimits = Object.freeze({
  maxPositionPerToken: new Decimal(500),
  maxNetExposure: new Decimal(300),
  maxGrossNotional: new Decimal(5000),
  maxOpenOrders: 2_000,
  maxOrdersPerMarket: 20,
  maxOrderSize: new Decimal(200),
  minPrice: new Decimal('0.01'),
  maxPrice: new Decimal('0.99'),
  errorBurst: Object.freeze({ count: 20, windowMs: 10_000, backoffMs: 5_000 }),
  perEvent: Object.freeze({ maxWorstLossUsdc: new Decimal(500) }),
});

/** Keys of the `risk` section that are not limits; validateRiskLimits skips them. */
/** Keys of the `risk` section checked elsewhere: states, the kill switch, the loss limits (loss-limits.ts). */
export const RISK_CONTROL_KEYS: readonly string[] = [
  'state',
  'killSwitch',
  'killSwitchFile',
  'maxDailyLoss',
  'maxDrawdown',
  'lossAction',
  'dayResetHourUtc',
  'scope',
];

const LIMIT_KEYS: readonly (keyof RiskLimits)[] = [
  'maxPositionPerToken',
  'maxNetExposure',
  'maxGrossNotional',
  'maxOpenOrders',
  'maxOrdersPerMarket',
  'maxOrderSize',
  'minPrice',
  'maxPrice',
  'errorBurst',
  'perEvent',
];
const BURST_KEYS: readonly (keyof ErrorBurstLimits)[] = ['count', 'windowMs', 'backoffMs'];
const PER_EVENT_KEYS: readonly (keyof PerEventLimits)[] = ['maxWorstLossUsdc'];

function configError(where: string, key: string, rule: string, value: unknown): MakerdError {
  const shown =
    typeof value === 'object' && value !== null && Decimal.isDecimal(value) ? JSON.stringify(value.toFixed()) : JSON.stringify(value);
  return new MakerdError(ErrorCode.CONFIG, `risk.${key} ${rule} (got ${shown ?? String(value)})`, { where, field: `risk.${key}` });
}

function decimalOf(value: unknown): Decimal | undefined {
  if (typeof value === 'object' && value !== null && Decimal.isDecimal(value)) {
    const d = new Decimal(value as Decimal);
    return d.isFinite() ? d : undefined;
  }
  return parseDecimal(value);
}

function positiveDecimal(where: string, key: string, value: unknown): Decimal {
  const d = decimalOf(value);
  if (d === undefined || !d.gt(0)) throw configError(where, key, 'must be a decimal > 0', value);
  return d;
}

function integer(where: string, key: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
    throw configError(where, key, `must be an integer >= ${min}`, value);
  return value;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !Decimal.isDecimal(v);
}

/**
 * Turns the `risk` config section (plain values: numbers, decimal strings or Decimals for money)
 * into RiskLimits. Missing keys take DEFAULT_RISK_LIMITS; unknown keys, wrong types and values out
 * of range throw MakerdError(CONFIG) naming the key, the value and the rule. `where` is recorded on
 * the error (e.g. 'config', 'reload').
 */
export function validateRiskLimits(raw: unknown, where = 'config'): RiskLimits {
  if (raw === undefined) raw = {};
  if (!isPlainObject(raw)) {
    throw new MakerdError(ErrorCode.CONFIG, `risk must be an object of risk limits (got ${JSON.stringify(raw)})`, { where, field: 'risk' });
  }
  for (const key of Object.keys(raw)) {
    if (!(LIMIT_KEYS as readonly string[]).includes(key) && !RISK_CONTROL_KEYS.includes(key)) {
      throw configError(where, key, `is not a risk setting (known: ${[...LIMIT_KEYS, ...RISK_CONTROL_KEYS].join(', ')})`, raw[key]);
    }
  }
  const pick = (key: keyof RiskLimits): unknown => (raw[key] === undefined ? DEFAULT_RISK_LIMITS[key] : raw[key]);

  const maxPositionPerToken = positiveDecimal(where, 'maxPositionPerToken', pick('maxPositionPerToken'));
  const maxNetExposure = positiveDecimal(where, 'maxNetExposure', pick('maxNetExposure'));
  const maxGrossNotional = positiveDecimal(where, 'maxGrossNotional', pick('maxGrossNotional'));
  const maxOpenOrders = integer(where, 'maxOpenOrders', pick('maxOpenOrders'), 1);
  const maxOrdersPerMarket = integer(where, 'maxOrdersPerMarket', pick('maxOrdersPerMarket'), 1);
  const maxOrderSize = positiveDecimal(where, 'maxOrderSize', pick('maxOrderSize'));

  const minRaw = pick('minPrice');
  const minPrice = decimalOf(minRaw);
  if (minPrice === undefined || !minPrice.gt(0) || !minPrice.lt(1))
    throw configError(where, 'minPrice', 'must be a decimal in (0, 1)', minRaw);
  const maxRaw = pick('maxPrice');
  const maxPrice = decimalOf(maxRaw);
  if (maxPrice === undefined || !maxPrice.gt(minPrice) || !maxPrice.lt(1)) {
    throw configError(where, 'maxPrice', 'must be a decimal in (0, 1) greater than risk.minPrice', maxRaw);
  }

  const burstRaw = raw.errorBurst === undefined ? {} : raw.errorBurst;
  if (!isPlainObject(burstRaw)) throw configError(where, 'errorBurst', 'must be an object {count, windowMs, backoffMs}', burstRaw);
  for (const key of Object.keys(burstRaw)) {
    if (!(BURST_KEYS as readonly string[]).includes(key)) {
      throw configError(where, `errorBurst.${key}`, `is not an error-burst setting (known: ${BURST_KEYS.join(', ')})`, burstRaw[key]);
    }
  }
  const burst = (key: keyof ErrorBurstLimits): number =>
    integer(where, `errorBurst.${key}`, burstRaw[key] === undefined ? DEFAULT_RISK_LIMITS.errorBurst[key] : burstRaw[key], 1);

  const perEventRaw = raw.perEvent === undefined ? {} : raw.perEvent;
  if (!isPlainObject(perEventRaw)) throw configError(where, 'perEvent', 'must be an object {maxWorstLossUsdc}', perEventRaw);
  for (const key of Object.keys(perEventRaw)) {
    if (!(PER_EVENT_KEYS as readonly string[]).includes(key)) {
      throw configError(where, `perEvent.${key}`, `is not a per-event setting (known: ${PER_EVENT_KEYS.join(', ')})`, perEventRaw[key]);
    }
  }
  const worstRaw =
    perEventRaw.maxWorstLossUsdc === undefined ? DEFAULT_RISK_LIMITS.perEvent.maxWorstLossUsdc : perEventRaw.maxWorstLossUsdc;
  const maxWorstLossUsdc = decimalOf(worstRaw);
  if (maxWorstLossUsdc === undefined || maxWorstLossUsdc.isNegative())
    throw configError(where, 'perEvent.maxWorstLossUsdc', 'must be a decimal >= 0 in USDC ("0" = off)', worstRaw);

  return Object.freeze({
    maxPositionPerToken,
    maxNetExposure,
    maxGrossNotional,
    maxOpenOrders,
    maxOrdersPerMarket,
    maxOrderSize,
    minPrice,
    maxPrice,
    errorBurst: Object.freeze({ count: burst('count'), windowMs: burst('windowMs'), backoffMs: burst('backoffMs') }),
    perEvent: Object.freeze({ maxWorstLossUsdc }),
  });
}
