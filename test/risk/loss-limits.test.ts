/** The portfolio's loss limits: daily loss (latched for the trading day) and drawdown, as risk gate overrides. */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { Decimal } from '../../src/money.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import { LossLimitGuard, validateLossLimits, type LossLimits } from '../../src/risk/loss-limits.js';
import { RiskGate, validateRiskLimits, type TradingState } from '../../src/risk/index.js';
import { fill, T0 } from '../portfolio/support.js';

const d = (s: string): Decimal => new Decimal(s);
const DAY = 24 * 60 * 60 * 1000;
const DAY0 = Date.UTC(2026, 0, 1);

function limits(over: Partial<LossLimits> = {}): LossLimits {
  return { maxDailyLoss: undefined, maxDrawdown: undefined, action: 'HALTED', dayResetHourUtc: 0, ...over };
}

/** A real gate, its state-change events, and the override calls the guard made. */
function harness(l: LossLimits) {
  const gate = new RiskGate(validateRiskLimits({}));
  const events: string[] = [];
  gate.onStateChange((m, from, to, why) => events.push(`${m} ${from}->${to}: ${why}`));
  const calls: string[] = [];
  const spy = {
    setOverride(market: string, source: string, state: TradingState | undefined): void {
      calls.push(`${market} ${source} ${String(state)}`);
      gate.setOverride(market, source, state);
    },
  };
  const guard = new LossLimitGuard(spy, l);
  return { gate, guard, events, calls };
}

const day = (pnl: string, dayStartMs = DAY0) => ({ pnl: d(pnl), dayStartMs });
const eq = (drawdown: string) => ({ drawdown: d(drawdown) });

function configError(raw: Parameters<typeof validateLossLimits>[0], where?: string): MakerdError {
  try {
    validateLossLimits(raw, where);
  } catch (err) {
    expect(err).toBeInstanceOf(MakerdError);
    expect((err as MakerdError).code).toBe(ErrorCode.CONFIG);
    return err as MakerdError;
  }
  throw new Error('expected a CONFIG error');
}

describe('validateLossLimits', () => {
  it('defaults: both limits off, HALTED, day starting at 00:00 UTC; "0" is off', () => {
    expect(validateLossLimits({})).toEqual({ maxDailyLoss: undefined, maxDrawdown: undefined, action: 'HALTED', dayResetHourUtc: 0 });
    expect(validateLossLimits(undefined)).toEqual(validateLossLimits({}));
    expect(validateLossLimits({ maxDailyLoss: '0', maxDrawdown: '0.000', lossAction: 'REDUCING', dayResetHourUtc: 0 })).toEqual({
      maxDailyLoss: undefined,
      maxDrawdown: undefined,
      action: 'REDUCING',
      dayResetHourUtc: 0,
    });
  });

  it('reads USDC exactly from decimal text, JSON numbers or Decimals, and ignores the other risk keys', () => {
    const l = validateLossLimits({
      maxDailyLoss: '250.125',
      maxDrawdown: 400.5,
      lossAction: 'HALTED',
      dayResetHourUtc: 17,
      ...{ state: 'ACTIVE', maxOrderSize: '200' },
    });
    expect([l.maxDailyLoss?.toFixed(), l.maxDrawdown?.toFixed(), l.action, l.dayResetHourUtc]).toEqual(['250.125', '400.5', 'HALTED', 17]);
    expect(validateLossLimits({ maxDrawdown: d('12.5') }).maxDrawdown?.toFixed()).toBe('12.5');
  });

  it('names key, value and rule', () => {
    const e = configError({ maxDailyLoss: '-5' }, 'reload');
    expect(e.message).toBe('risk.maxDailyLoss must be a decimal >= 0 in USDC ("0" = off) (got "-5")');
    expect([e.field, e.where]).toEqual(['risk.maxDailyLoss', 'reload']);
    expect(configError({ maxDrawdown: '1e3' }).message).toBe('risk.maxDrawdown must be a decimal >= 0 in USDC ("0" = off) (got "1e3")');
    expect(configError({ maxDrawdown: true }).field).toBe('risk.maxDrawdown');
    expect(configError({ lossAction: 'ACTIVE' }).message).toBe('risk.lossAction must be one of REDUCING, HALTED (got "ACTIVE")');
    expect(configError({ dayResetHourUtc: 24 }).message).toBe('risk.dayResetHourUtc must be an integer hour in [0, 23] (got 24)');
    expect(configError({ dayResetHourUtc: '3' }).where).toBe('config');
  });
});

describe('daily-loss limit', () => {
  it('engages at exactly -maxDailyLoss, HALTED everywhere, once', () => {
    const { gate, guard, events, calls } = harness(limits({ maxDailyLoss: d('10') }));
    gate.setConfiguredState('m1', 'ACTIVE'); // a known market
    expect(guard.check(day('-9.999999'), eq('0'))).toEqual({ daily: false, drawdown: false, changes: [] });
    expect(calls).toEqual([]);
    const r = guard.check(day('-10'), eq('0'));
    expect(r).toEqual({
      daily: true,
      drawdown: false,
      changes: [{ limit: 'daily_loss', engaged: true, state: 'HALTED', reason: 'daily PnL -10 is at or below -10 (risk.maxDailyLoss)' }],
    });
    expect(calls).toEqual(['* portfolio.dailyLoss HALTED']);
    expect(gate.overallState()).toBe('HALTED');
    expect(gate.stateOf('m1')).toBe('HALTED');
    expect(events).toEqual(['* ACTIVE->HALTED: portfolio.dailyLoss: HALTED', 'm1 ACTIVE->HALTED: portfolio.dailyLoss: HALTED']);
  });

  it('stays engaged for the rest of the trading day, even when the PnL recovers; no further override calls', () => {
    const { guard, calls, gate } = harness(limits({ maxDailyLoss: d('10') }));
    guard.check(day('-10.5'), eq('0'));
    for (const pnl of ['-12.25', '-3', '0', '4.75'])
      expect(guard.check(day(pnl), eq('0'))).toEqual({ daily: true, drawdown: false, changes: [] });
    expect(calls).toEqual(['* portfolio.dailyLoss HALTED']);
    expect(gate.overallState()).toBe('HALTED');
    expect(guard.snapshot()).toMatchObject({
      engaged: { daily_loss: true, drawdown: false },
      breaches: { daily_loss: 1, drawdown: 0 },
      dailyLatchedDayStartMs: DAY0,
    });
    expect(guard.snapshot().lastDailyPnl?.toFixed()).toBe('4.75');
  });

  it('is released by the first check of a new trading day within the limit, and counts a second breach', () => {
    const { guard, calls, gate, events } = harness(limits({ maxDailyLoss: d('10') }));
    guard.check(day('-11'), eq('0'));
    const r = guard.check(day('0', DAY0 + DAY), eq('0'));
    expect(r.changes).toEqual([
      { limit: 'daily_loss', engaged: false, state: undefined, reason: 'daily PnL 0 is within risk.maxDailyLoss 10 (new trading day)' },
    ]);
    expect(calls).toEqual(['* portfolio.dailyLoss HALTED', '* portfolio.dailyLoss undefined']);
    expect(gate.overallState()).toBe('ACTIVE');
    expect(events).toEqual(['* ACTIVE->HALTED: portfolio.dailyLoss: HALTED', '* HALTED->ACTIVE: portfolio.dailyLoss cleared']);
    guard.check(day('-10.000001', DAY0 + DAY), eq('0'));
    expect(guard.snapshot()).toMatchObject({
      engaged: { daily_loss: true },
      breaches: { daily_loss: 2, drawdown: 0 },
      dailyLatchedDayStartMs: DAY0 + DAY,
    });
  });

  it('follows a Portfolio through a losing day and the reset hour (17:00 UTC)', () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 1, 18));
    const portfolio = new Portfolio({ clock, resetHourUtc: 17 });
    const { guard, gate } = harness(limits({ maxDailyLoss: d('2'), action: 'REDUCING' }));
    const at = clock.now();
    portfolio.mark('0xaaaa:0', d('0.50')); // marked before any position: every later move counts
    // Buy 10 @ 0.50 with a fee of 0.0625, mark at 0.40: total -1 - 0.0625 = -1.0625.
    portfolio.apply(fill({ side: 'BUY', price: '0.50', size: '10', fee: '0.0625', atMs: at }));
    portfolio.mark('0xaaaa:0', d('0.40'));
    expect(guard.check(portfolio.daily(), portfolio.equity()).daily).toBe(false);
    expect(portfolio.daily().pnl.toFixed()).toBe('-1.0625');
    // Sell 10 @ 0.30 as maker with a rebate of 0.0084: realized -2 - 0.0625 + 0.0084 = -2.0541.
    portfolio.apply(fill({ side: 'SELL', price: '0.30', size: '10', role: 'maker', rebate: '0.0084', atMs: at + 60_000 }));
    const r = guard.check(portfolio.daily(), portfolio.equity());
    expect(r.changes[0]?.reason).toBe('daily PnL -2.0541 is at or below -2 (risk.maxDailyLoss)');
    expect([gate.overallState(), gate.stateOf('0xaaaa')]).toEqual(['REDUCING', 'REDUCING']);
    // 16:59 UTC the next day is still the same trading day; 17:00 starts a new one.
    clock.advance(Date.UTC(2026, 0, 2, 16, 59) - clock.now());
    expect(guard.check(portfolio.daily(), portfolio.equity()).daily).toBe(true);
    clock.advance(60_000);
    const next = portfolio.daily();
    expect([next.dayStartMs, next.pnl.toFixed()]).toEqual([Date.UTC(2026, 0, 2, 17), '0']);
    expect(guard.check(next, portfolio.equity()).daily).toBe(false);
    expect(gate.overallState()).toBe('ACTIVE');
  });

  it('off: no loss engages anything', () => {
    const { guard, calls } = harness(limits());
    expect(guard.check(day('-1000000'), eq('1000000'))).toEqual({ daily: false, drawdown: false, changes: [] });
    expect(calls).toEqual([]);
    expect(guard.snapshot()).toMatchObject({ engaged: { daily_loss: false, drawdown: false }, breaches: { daily_loss: 0, drawdown: 0 } });
  });
});

describe('drawdown limit', () => {
  it('engages at exactly maxDrawdown (REDUCING), stays while above, releases once back under', () => {
    const { guard, gate, calls, events } = harness(limits({ maxDrawdown: d('25.5'), action: 'REDUCING' }));
    gate.setConfiguredState('m1', 'ACTIVE');
    expect(guard.check(day('0'), eq('25.499999')).drawdown).toBe(false);
    expect(guard.check(day('0'), eq('25.5')).changes).toEqual([
      { limit: 'drawdown', engaged: true, state: 'REDUCING', reason: 'drawdown 25.5 is at or above risk.maxDrawdown 25.5' },
    ]);
    expect([gate.overallState(), gate.stateOf('m1')]).toEqual(['REDUCING', 'REDUCING']);
    expect(guard.check(day('0'), eq('30')).changes).toEqual([]);
    expect(guard.check(day('0'), eq('25.4')).changes).toEqual([
      { limit: 'drawdown', engaged: false, state: undefined, reason: 'drawdown 25.4 back under risk.maxDrawdown 25.5' },
    ]);
    expect(gate.overallState()).toBe('ACTIVE');
    expect(calls).toEqual(['* portfolio.drawdown REDUCING', '* portfolio.drawdown undefined']);
    expect(events).toEqual([
      '* ACTIVE->REDUCING: portfolio.drawdown: REDUCING',
      'm1 ACTIVE->REDUCING: portfolio.drawdown: REDUCING',
      '* REDUCING->ACTIVE: portfolio.drawdown cleared',
      'm1 REDUCING->ACTIVE: portfolio.drawdown cleared',
    ]);
    guard.check(day('0'), eq('26'));
    expect(guard.snapshot().breaches).toEqual({ daily_loss: 0, drawdown: 2 });
  });

  it("reads a Portfolio's equity curve: peak of total PnL minus total", () => {
    const clock = new FakeClock(T0);
    const portfolio = new Portfolio({ clock });
    const { guard, gate } = harness(limits({ maxDrawdown: d('1.5') }));
    portfolio.apply(fill({ side: 'BUY', price: '0.40', size: '10' }));
    portfolio.mark('0xaaaa:0', d('0.60')); // total 2 = peak
    expect(guard.check(portfolio.daily(), portfolio.equity()).drawdown).toBe(false);
    portfolio.mark('0xaaaa:0', d('0.45')); // total 0.5, drawdown 1.5
    expect(portfolio.equity().drawdown.toFixed()).toBe('1.5');
    expect(guard.check(portfolio.daily(), portfolio.equity()).drawdown).toBe(true);
    expect(gate.overallState()).toBe('HALTED');
    portfolio.mark('0xaaaa:0', d('0.46')); // drawdown 1.4
    expect(guard.check(portfolio.daily(), portfolio.equity()).drawdown).toBe(false);
    expect(gate.overallState()).toBe('ACTIVE');
  });
});

describe('both limits and the gate', () => {
  it('each limit is its own source: releasing one keeps the other; the worst state applies', () => {
    const { guard, gate } = harness(limits({ maxDailyLoss: d('10'), maxDrawdown: d('5'), action: 'REDUCING' }));
    gate.setConfiguredState('m2', 'HALTED');
    expect(guard.check(day('-10'), eq('5'))).toMatchObject({ daily: true, drawdown: true });
    expect([gate.overallState(), gate.stateOf('m2')]).toEqual(['REDUCING', 'HALTED']);
    expect(guard.check(day('-10'), eq('1'))).toMatchObject({ daily: true, drawdown: false });
    expect(gate.overallState()).toBe('REDUCING');
    expect(guard.check(day('0', DAY0 + DAY), eq('1'))).toMatchObject({ daily: false, drawdown: false });
    expect([gate.overallState(), gate.stateOf('m2')]).toEqual(['ACTIVE', 'HALTED']);
  });

  it('setLimits: a new action replaces the engaged override; a latch survives an unchanged reload; a raised or disabled limit releases', () => {
    const l = limits({ maxDailyLoss: d('10'), maxDrawdown: d('5'), action: 'REDUCING' });
    const { guard, gate, calls } = harness(l);
    guard.check(day('-12'), eq('6'));
    guard.check(day('-8'), eq('6')); // recovered within the day: still latched
    expect(guard.setLimits({ ...l, action: 'HALTED' }).changes).toEqual([
      { limit: 'daily_loss', engaged: true, state: 'HALTED', reason: 'limits reloaded: risk.lossAction is now HALTED' },
      { limit: 'drawdown', engaged: true, state: 'HALTED', reason: 'limits reloaded: risk.lossAction is now HALTED' },
    ]);
    expect(gate.overallState()).toBe('HALTED');
    expect(guard.setLimits({ ...l, action: 'HALTED', maxDailyLoss: d('10') }).changes).toEqual([]);
    // Judged afresh under a changed limit: -8 breaches 7 (stays engaged), is within 9 (released).
    expect(guard.setLimits({ ...l, action: 'HALTED', maxDailyLoss: d('7') })).toMatchObject({ daily: true, changes: [] });
    expect(guard.setLimits({ ...l, action: 'HALTED', maxDailyLoss: d('9') }).changes).toEqual([
      { limit: 'daily_loss', engaged: false, state: undefined, reason: 'limits reloaded: daily PnL -8 is within risk.maxDailyLoss 9' },
    ]);
    expect(gate.overallState()).toBe('HALTED'); // the drawdown limit still holds
    const off = guard.setLimits({ ...l, action: 'HALTED', maxDailyLoss: undefined, maxDrawdown: undefined });
    expect(off.changes.map((c) => c.reason)).toEqual(['limits reloaded: risk.maxDrawdown is off']);
    expect(gate.overallState()).toBe('ACTIVE');
    expect(guard.snapshot().breaches).toEqual({ daily_loss: 1, drawdown: 1 });
    expect(calls).toEqual([
      '* portfolio.dailyLoss REDUCING',
      '* portfolio.drawdown REDUCING',
      '* portfolio.dailyLoss HALTED',
      '* portfolio.drawdown HALTED',
      '* portfolio.dailyLoss undefined',
      '* portfolio.drawdown undefined',
    ]);
  });
});
