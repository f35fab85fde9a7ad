import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { Decimal } from '../../src/money.js';
import { DEFAULT_RISK_LIMITS, validateRiskLimits } from '../../src/risk/index.js';

function configError(raw: unknown, where?: string): MakerdError {
  try {
    validateRiskLimits(raw, where);
  } catch (err) {
    expect(err).toBeInstanceOf(MakerdError);
    expect((err as MakerdError).code).toBe(ErrorCode.CONFIG);
    return err as MakerdError;
  }
  throw new Error('expected a CONFIG error');
}

const text = (l: ReturnType<typeof validateRiskLimits>) => ({
  ...l,
  maxPositionPerToken: l.maxPositionPerToken.toFixed(),
  maxNetExposure: l.maxNetExposure.toFixed(),
  maxGrossNotional: l.maxGrossNotional.toFixed(),
  maxOrderSize: l.maxOrderSize.toFixed(),
  minPrice: l.minPrice.toFixed(),
  maxPrice: l.maxPrice.toFixed(),
  perEvent: { maxWorstLossUsdc: l.perEvent.maxWorstLossUsdc.toFixed() },
});

describe('validateRiskLimits', () => {
  it('fills every default (the config schema defaults)', () => {
    expect(text(validateRiskLimits({}))).toEqual({
      maxPositionPerToken: '500',
      maxNetExposure: '300',
      maxGrossNotional: '5000',
      maxOpenOrders: 2000,
      maxOrdersPerMarket: 20,
      maxOrderSize: '200',
      minPrice: '0.01',
      maxPrice: '0.99',
      errorBurst: { count: 20, windowMs: 10_000, backoffMs: 5_000 },
      perEvent: { maxWorstLossUsdc: '500' },
    });
    expect(text(validateRiskLimits(undefined))).toEqual(text(DEFAULT_RISK_LIMITS));
  });

  it('reads money from decimal text, JSON numbers or Decimals, exactly', () => {
    const l = validateRiskLimits({
      maxNetExposure: '123.45',
      maxGrossNotional: 250.5,
      maxOrderSize: new Decimal('12.5'),
      minPrice: '0.05',
      maxPrice: 0.95,
    });
    expect(l.maxNetExposure.toFixed()).toBe('123.45');
    expect(l.maxGrossNotional.toFixed()).toBe('250.5');
    expect(l.maxOrderSize.toFixed()).toBe('12.5');
    expect(l.minPrice.toFixed()).toBe('0.05');
    expect(l.maxPrice.toFixed()).toBe('0.95');
  });

  it('ignores the keys of the risk section that are not limits, and keeps partial errorBurst defaults', () => {
    const l = validateRiskLimits({ state: 'HALTED', killSwitch: true, killSwitchFile: 'STOP', errorBurst: { count: 3 } });
    expect(l.errorBurst).toEqual({ count: 3, windowMs: 10_000, backoffMs: 5_000 });
  });

  it('names key, value and rule', () => {
    const e = configError({ maxPrice: '1.2' }, 'reload');
    expect(e.message).toBe('risk.maxPrice must be a decimal in (0, 1) greater than risk.minPrice (got "1.2")');
    expect(e.field).toBe('risk.maxPrice');
    expect(e.where).toBe('reload');
    expect(configError({ minPrice: '0.5', maxPrice: '0.5' }).message).toBe(
      'risk.maxPrice must be a decimal in (0, 1) greater than risk.minPrice (got "0.5")',
    );
    expect(configError({ minPrice: 0 }).message).toBe('risk.minPrice must be a decimal in (0, 1) (got 0)');
    expect(configError({ maxNetExposure: '-1' }).message).toBe('risk.maxNetExposure must be a decimal > 0 (got "-1")');
    expect(configError({ maxPositionPerToken: '1e3' }).message).toBe('risk.maxPositionPerToken must be a decimal > 0 (got "1e3")');
    expect(configError({ maxGrossNotional: 'lots' }).message).toBe('risk.maxGrossNotional must be a decimal > 0 (got "lots")');
    expect(configError({ maxOrderSize: 0 }).message).toBe('risk.maxOrderSize must be a decimal > 0 (got 0)');
    expect(configError({ maxOpenOrders: 0 }).message).toBe('risk.maxOpenOrders must be an integer >= 1 (got 0)');
    expect(configError({ maxOrdersPerMarket: 2.5 }).message).toBe('risk.maxOrdersPerMarket must be an integer >= 1 (got 2.5)');
    expect(configError({ maxOpenOrders: '10' }).message).toBe('risk.maxOpenOrders must be an integer >= 1 (got "10")');
    expect(configError({ errorBurst: { windowMs: 0 } }).message).toBe('risk.errorBurst.windowMs must be an integer >= 1 (got 0)');
    expect(configError({ errorBurst: { backoff: 5 } }).message).toBe(
      'risk.errorBurst.backoff is not an error-burst setting (known: count, windowMs, backoffMs) (got 5)',
    );
    expect(configError({ errorBurst: 5 }).message).toBe('risk.errorBurst must be an object {count, windowMs, backoffMs} (got 5)');
    expect(configError({ maxPosition: 5 }).message).toMatch(
      /^risk\.maxPosition is not a risk setting \(known: maxPositionPerToken, .*killSwitchFile, maxDailyLoss, maxDrawdown, lossAction, dayResetHourUtc, scope\) \(got 5\)$/,
    );
    expect(configError([]).message).toBe('risk must be an object of risk limits (got [])');
  });

  it('risk.perEvent.maxWorstLossUsdc: decimal USDC >= 0, "0" = off, named when wrong', () => {
    expect(validateRiskLimits({ perEvent: { maxWorstLossUsdc: '123.456789' } }).perEvent.maxWorstLossUsdc.toFixed()).toBe('123.456789');
    expect(validateRiskLimits({ perEvent: { maxWorstLossUsdc: 0 } }).perEvent.maxWorstLossUsdc.toFixed()).toBe('0');
    expect(validateRiskLimits({ perEvent: {} }).perEvent.maxWorstLossUsdc.toFixed()).toBe('500');
    const e = configError({ perEvent: { maxWorstLossUsdc: '-5' } }, 'reload');
    expect(e.message).toBe('risk.perEvent.maxWorstLossUsdc must be a decimal >= 0 in USDC ("0" = off) (got "-5")');
    expect([e.field, e.where]).toEqual(['risk.perEvent.maxWorstLossUsdc', 'reload']);
    expect(configError({ perEvent: { maxWorstLossUsdc: 'lots' } }).message).toBe(
      'risk.perEvent.maxWorstLossUsdc must be a decimal >= 0 in USDC ("0" = off) (got "lots")',
    );
    expect(configError({ perEvent: { maxLoss: 5 } }).message).toBe(
      'risk.perEvent.maxLoss is not a per-event setting (known: maxWorstLossUsdc) (got 5)',
    );
    expect(configError({ perEvent: 5 }).message).toBe('risk.perEvent must be an object {maxWorstLossUsdc} (got 5)');
  });

  it('risk.perEvent.maxWorstLossUsdc from the environment, through the config schema', () => {
    const { config } = loadConfig({ env: { MAKERD_RISK_PER_EVENT_MAX_WORST_LOSS_USDC: '250.5' } });
    expect(config.risk.perEvent).toEqual({ maxWorstLossUsdc: '250.5' });
    expect(validateRiskLimits(config.risk).perEvent.maxWorstLossUsdc.toFixed()).toBe('250.5');
    expect(loadConfig({ env: {} }).config.risk.perEvent).toEqual({ maxWorstLossUsdc: '500' });
  });
});
