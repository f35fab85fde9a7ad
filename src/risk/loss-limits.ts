/**
 * The portfolio's loss limits: the daily-loss limit and the drawdown-from-peak limit. Pure and
 * synchronous: figures in (the portfolio's `daily()` and `equity()`), overrides on the risk gate
 * out; no I/O, no timers, no clock (the trading day comes in with the daily figures).
 *
 *  daily loss  engaged when the trading day's PnL (realized + unrealized change since the day
 *              began, Portfolio.daily().pnl) is <= -risk.maxDailyLoss. Latched for the trading
 *              day: it stays engaged even if the PnL recovers within the same day, and is released
 *              by the first check in a later trading day (`dayStartMs` moved on) whose PnL is
 *              within the limit. (A loss limit that let go on the next favourable mark would
 *              flap with the midpoints.)
 *  drawdown    engaged when the drawdown below the peak of total PnL (Portfolio.equity().drawdown)
 *              is >= risk.maxDrawdown; released as soon as it is back under.
 *
 * While a limit is engaged, `gate.setOverride('*', source, action)` asks for `risk.lossAction`
 * (REDUCING or HALTED) in every market, with the sources `portfolio.dailyLoss` and
 * `portfolio.drawdown`; releasing withdraws the request (`undefined`). The gate combines sources by
 * "worst", so the two limits (and the operator, the kill switch) never loosen each other. The
 * override is only touched when what it should be changes, so `check` may run on every tick.
 *
 * A limit of 0 is off. `setLimits` (SIGHUP reload) re-judges at once with the last figures seen:
 * a new action replaces the engaged overrides, a limit turned off is released, a changed daily
 * limit is judged afresh (an unchanged one keeps its latch).
 */
import { ErrorCode, MakerdError } from '../errors.js';
import { Decimal, moneyText, parseDecimal } from '../money.js';
import { ALL_MARKETS, type RiskGate } from './risk-gate.js';
import type { TradingState } from './trading-state.js';

export type LossAction = 'REDUCING' | 'HALTED';
export const LOSS_ACTIONS: readonly LossAction[] = ['REDUCING', 'HALTED'];

/** The limits, as metric label values (`makerd_loss_limit_engaged{limit}`). */
export const LOSS_LIMIT_NAMES = ['daily_loss', 'drawdown'] as const;
export type LossLimitName = (typeof LOSS_LIMIT_NAMES)[number];

/** The risk gate override source of each limit. */
export const LOSS_LIMIT_SOURCES: Readonly<Record<LossLimitName, string>> = Object.freeze({
  daily_loss: 'portfolio.dailyLoss',
  drawdown: 'portfolio.drawdown',
});

export interface LossLimits {
  /** USDC; undefined = off (config "0"). */
  readonly maxDailyLoss: Decimal | undefined;
  /** USDC below the peak of total PnL; undefined = off (config "0"). */
  readonly maxDrawdown: Decimal | undefined;
  /** The state every market is put in while a limit is engaged. */
  readonly action: LossAction;
  /** The hour (UTC, 0-23) the trading day begins: give it to the Portfolio (`resetHourUtc`). */
  readonly dayResetHourUtc: number;
}

export const DEFAULT_LOSS_LIMITS: LossLimits = Object.freeze({
  maxDailyLoss: undefined,
  maxDrawdown: undefined,
  action: 'HALTED',
  dayResetHourUtc: 0,
});

/** The config keys (`risk.*`) validateLossLimits reads. */
export const LOSS_LIMIT_KEYS: readonly string[] = ['maxDailyLoss', 'maxDrawdown', 'lossAction', 'dayResetHourUtc'];

function configError(where: string, key: string, rule: string, value: unknown): MakerdError {
  const shown =
    typeof value === 'object' && value !== null && Decimal.isDecimal(value) ? JSON.stringify(value.toFixed()) : JSON.stringify(value);
  return new MakerdError(ErrorCode.CONFIG, `risk.${key} ${rule} (got ${shown ?? String(value)})`, { where, field: `risk.${key}` });
}

/** A USDC limit: decimal text, a JSON number (read through its text) or a Decimal; 0 = off. */
function usdcLimit(where: string, key: string, value: unknown): Decimal | undefined {
  if (value === undefined) return undefined;
  let d: Decimal | undefined;
  if (typeof value === 'object' && value !== null && Decimal.isDecimal(value)) {
    d = new Decimal(value as Decimal);
    if (!d.isFinite()) d = undefined;
  } else d = parseDecimal(value);
  if (d === undefined || d.isNegative()) throw configError(where, key, 'must be a decimal >= 0 in USDC ("0" = off)', value);
  return d.isZero() ? undefined : d;
}

/**
 * Reads the loss-limit keys of the `risk` config section (the other keys are ignored, so the whole
 * section may be passed). Missing keys take DEFAULT_LOSS_LIMITS. A bad value throws
 * MakerdError(CONFIG) naming the key, the value and the rule; `where` is recorded on the error.
 */
export function validateLossLimits(
  raw:
    | { readonly maxDailyLoss?: unknown; readonly maxDrawdown?: unknown; readonly lossAction?: unknown; readonly dayResetHourUtc?: unknown }
    | undefined,
  where = 'config',
): LossLimits {
  const r = raw ?? {};
  const maxDailyLoss = usdcLimit(where, 'maxDailyLoss', r.maxDailyLoss);
  const maxDrawdown = usdcLimit(where, 'maxDrawdown', r.maxDrawdown);
  const action = r.lossAction === undefined ? DEFAULT_LOSS_LIMITS.action : r.lossAction;
  if (action !== 'REDUCING' && action !== 'HALTED')
    throw configError(where, 'lossAction', `must be one of ${LOSS_ACTIONS.join(', ')}`, r.lossAction);
  const hour = r.dayResetHourUtc === undefined ? DEFAULT_LOSS_LIMITS.dayResetHourUtc : r.dayResetHourUtc;
  if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour > 23)
    throw configError(where, 'dayResetHourUtc', 'must be an integer hour in [0, 23]', r.dayResetHourUtc);
  return Object.freeze({ maxDailyLoss, maxDrawdown, action, dayResetHourUtc: hour });
}

/** The daily figures the guard reads (Portfolio.daily() fits). */
export interface DailyLossInput {
  /** Total PnL change since the trading day began (negative is a loss). */
  readonly pnl: Decimal;
  /** Start of the trading day the figure belongs to (Unix ms). */
  readonly dayStartMs: number;
}

/** The equity figures the guard reads (Portfolio.equity() fits). */
export interface DrawdownInput {
  /** Peak of total PnL minus total PnL (>= 0). */
  readonly drawdown: Decimal;
}

export interface LossLimitChange {
  readonly limit: LossLimitName;
  readonly engaged: boolean;
  /** What the limit now asks of the gate (undefined: nothing). */
  readonly state: TradingState | undefined;
  /** For the log, with the figures, e.g. `daily PnL -12.5 reached risk.maxDailyLoss 10`. */
  readonly reason: string;
}

export interface LossLimitCheck {
  /** The daily-loss limit is engaged. */
  readonly daily: boolean;
  /** The drawdown limit is engaged. */
  readonly drawdown: boolean;
  /** What this call engaged, released or re-actioned (empty when nothing changed). */
  readonly changes: readonly LossLimitChange[];
}

export interface LossLimitSnapshot {
  readonly limits: LossLimits;
  readonly engaged: Readonly<Record<LossLimitName, boolean>>;
  /** Times each limit went from released to engaged, since the guard was made. */
  readonly breaches: Readonly<Record<LossLimitName, number>>;
  /** The trading day the daily limit is latched for, while engaged. */
  readonly dailyLatchedDayStartMs: number | undefined;
  /** The figures of the last check (undefined before the first). */
  readonly lastDailyPnl: Decimal | undefined;
  readonly lastDrawdown: Decimal | undefined;
}

export class LossLimitGuard {
  readonly #gate: Pick<RiskGate, 'setOverride'>;
  #limits: LossLimits;
  readonly #engaged: Record<LossLimitName, boolean> = { daily_loss: false, drawdown: false };
  readonly #breaches: Record<LossLimitName, number> = { daily_loss: 0, drawdown: 0 };
  /** What each source last asked of the gate. */
  readonly #applied: Record<LossLimitName, TradingState | undefined> = { daily_loss: undefined, drawdown: undefined };
  #latchedDay: number | undefined;
  #lastDaily: DailyLossInput | undefined;
  #lastEquity: DrawdownInput | undefined;

  constructor(gate: Pick<RiskGate, 'setOverride'>, limits: LossLimits) {
    this.#gate = gate;
    this.#limits = limits;
  }

  get limits(): LossLimits {
    return this.#limits;
  }

  /** Replaces the limits (SIGHUP reload) and re-judges with the last figures (see the header). */
  setLimits(limits: LossLimits): LossLimitCheck {
    const dailyChanged = !sameLimit(limits.maxDailyLoss, this.#limits.maxDailyLoss);
    this.#limits = limits;
    if (dailyChanged) this.#latchedDay = undefined;
    const changes: LossLimitChange[] = [];
    // Before the first check nothing is engaged, and there is nothing to judge.
    if (this.#lastDaily !== undefined && this.#lastEquity !== undefined)
      this.#judge(this.#lastDaily, this.#lastEquity, changes, 'limits reloaded: ');
    this.#apply(changes, 'limits reloaded: ');
    return this.#result(changes);
  }

  /**
   * Judges both limits on the latest figures and sets or withdraws the gate's overrides that
   * changed. Call after every fill batch is applied, after every marking pass (every poll), and
   * so at least once per tick (which also releases the daily limit when a new day begins).
   */
  check(daily: DailyLossInput, equity: DrawdownInput): LossLimitCheck {
    this.#lastDaily = { pnl: daily.pnl, dayStartMs: daily.dayStartMs };
    this.#lastEquity = { drawdown: equity.drawdown };
    const changes: LossLimitChange[] = [];
    this.#judge(daily, equity, changes, '');
    this.#apply(changes, '');
    return this.#result(changes);
  }

  snapshot(): LossLimitSnapshot {
    return {
      limits: this.#limits,
      engaged: { ...this.#engaged },
      breaches: { ...this.#breaches },
      dailyLatchedDayStartMs: this.#engaged.daily_loss ? this.#latchedDay : undefined,
      lastDailyPnl: this.#lastDaily?.pnl,
      lastDrawdown: this.#lastEquity?.drawdown,
    };
  }

  #judge(daily: DailyLossInput, equity: DrawdownInput, changes: LossLimitChange[], prefix: string): void {
    const { maxDailyLoss, maxDrawdown } = this.#limits;
    if (maxDailyLoss === undefined) {
      this.#set('daily_loss', false, `${prefix}risk.maxDailyLoss is off`, changes);
    } else if (daily.pnl.lte(maxDailyLoss.neg())) {
      this.#latchedDay = daily.dayStartMs;
      this.#set(
        'daily_loss',
        true,
        `${prefix}daily PnL ${moneyText(daily.pnl)} is at or below -${moneyText(maxDailyLoss)} (risk.maxDailyLoss)`,
        changes,
      );
    } else if (this.#latchedDay !== daily.dayStartMs) {
      // Within the limit and not latched for this day: a new day, or a changed limit.
      const why = this.#latchedDay === undefined ? '' : ' (new trading day)';
      this.#set(
        'daily_loss',
        false,
        `${prefix}daily PnL ${moneyText(daily.pnl)} is within risk.maxDailyLoss ${moneyText(maxDailyLoss)}${why}`,
        changes,
      );
    }
    if (maxDrawdown === undefined) {
      this.#set('drawdown', false, `${prefix}risk.maxDrawdown is off`, changes);
    } else if (equity.drawdown.gte(maxDrawdown)) {
      this.#set(
        'drawdown',
        true,
        `${prefix}drawdown ${moneyText(equity.drawdown)} is at or above risk.maxDrawdown ${moneyText(maxDrawdown)}`,
        changes,
      );
    } else {
      this.#set(
        'drawdown',
        false,
        `${prefix}drawdown ${moneyText(equity.drawdown)} back under risk.maxDrawdown ${moneyText(maxDrawdown)}`,
        changes,
      );
    }
  }

  /** Records the limit's new engagement; a change is listed with its reason. */
  #set(limit: LossLimitName, engaged: boolean, reason: string, changes: LossLimitChange[]): void {
    if (this.#engaged[limit] === engaged) return;
    this.#engaged[limit] = engaged;
    if (engaged) this.#breaches[limit]++;
    else if (limit === 'daily_loss') this.#latchedDay = undefined;
    changes.push({ limit, engaged, state: engaged ? this.#limits.action : undefined, reason });
  }

  /** Brings the gate's overrides in line with the engagements (only those that differ). */
  #apply(changes: LossLimitChange[], prefix: string): void {
    for (const limit of LOSS_LIMIT_NAMES) {
      const want = this.#engaged[limit] ? this.#limits.action : undefined;
      if (want === this.#applied[limit]) continue;
      // An engaged limit whose action changed (reload): list it too.
      if (!changes.some((c) => c.limit === limit))
        changes.push({ limit, engaged: true, state: want, reason: `${prefix}risk.lossAction is now ${String(want)}` });
      this.#gate.setOverride(ALL_MARKETS, LOSS_LIMIT_SOURCES[limit], want);
      this.#applied[limit] = want;
    }
  }

  #result(changes: readonly LossLimitChange[]): LossLimitCheck {
    return { daily: this.#engaged.daily_loss, drawdown: this.#engaged.drawdown, changes };
  }
}

function sameLimit(a: Decimal | undefined, b: Decimal | undefined): boolean {
  return a === undefined || b === undefined ? a === b : a.eq(b);
}
