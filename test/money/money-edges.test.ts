/**
 * Money keeps its exact value inside and is shown at the venue's USDC precision (6 places) at
 * every edge: /status, metrics, `makerd pnl --json`, log text. The case: buy 1 @ 0.1 and 2 @ 0.2
 * (average cost 0.5/3, which no decimal holds), sell 1 @ 0.3, then the last 2 @ 0.3. Exactly,
 * the closed position made 0.4; the 40-digit division leaves 1e-40 on the peak and a phantom
 * drawdown of 1e-40, and the half-closed state a realized PnL of 0.1333… with 40 digits.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { pnlCommand } from '../../src/cli/commands/pnl.js';
import type { CliIo } from '../../src/cli/io.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { FillCounts, registerPortfolioMetrics } from '../../src/metrics/portfolio-metrics.js';
import { buildStatus, type StatusSource } from '../../src/metrics/status.js';
import { Decimal, drawdownText, moneyText } from '../../src/money.js';
import type { Fill } from '../../src/portfolio/fill.js';
import { FillJournal } from '../../src/portfolio/journal.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { LossLimitGuard } from '../../src/risk/loss-limits.js';
import { fill, T0 } from '../portfolio/support.js';

const A = '0xaaaa';
const OPEN = (): Fill[] => [
  fill({ side: 'BUY', price: '0.1', size: '1' }),
  fill({ side: 'BUY', price: '0.2', size: '2' }),
  fill({ side: 'SELL', price: '0.3', size: '1' }),
];
const CLOSE = (): Fill[] => [fill({ side: 'SELL', price: '0.3', size: '2' })];

function portfolioAfter(fills: Fill[]): Portfolio {
  const p = new Portfolio({ clock: new FakeClock(T0) });
  p.mark(`${A}:0`, new Decimal('0.3'));
  for (const f of fills) p.apply(f);
  return p;
}

/** Every decimal number in `text` has at most 6 places. */
function expectAtMostSixPlaces(text: string): void {
  expect(text.match(/\d+\.\d{7,}/g) ?? []).toEqual([]);
}

describe('moneyText, drawdownText', () => {
  it('round half up to 6 places, without trailing zeros or a negative zero', () => {
    expect(moneyText(new Decimal('66.17688699999999999999999999999999999998'))).toBe('66.176887');
    expect(moneyText(new Decimal('5.067812000000000000000000000000000000003'))).toBe('5.067812');
    expect(moneyText(new Decimal('0.0000005'))).toBe('0.000001');
    expect(moneyText(new Decimal('-0.00000049'))).toBe('0');
    expect(moneyText(new Decimal('-1.5'))).toBe('-1.5');
    expect(moneyText(new Decimal('12'))).toBe('12');
  });

  it('a drawdown of at most 1e-6 is 0', () => {
    expect(drawdownText(new Decimal('1e-38'))).toBe('0');
    expect(drawdownText(new Decimal('0.000001'))).toBe('0');
    expect(drawdownText(new Decimal('0.0000011'))).toBe('0.000001');
    expect(drawdownText(new Decimal('0.25'))).toBe('0.25');
  });
});

describe('money at the edges', () => {
  it('exact inside: the phantom the edges hide is there', () => {
    const s = portfolioAfter([...OPEN(), ...CLOSE()]).snapshot();
    expect(s.equity.drawdown.gt(0)).toBe(true);
    expect(s.equity.peakPnl.toFixed()).toBe('0.4000000000000000000000000000000000000001');
  });

  it('/status: a closed position prints 0.4, no phantom drawdown, no value past 6 places', () => {
    const portfolio = portfolioAfter([...OPEN(), ...CLOSE()]);
    const half = portfolioAfter(OPEN());
    const source = (p: Portfolio): StatusSource => ({
      version: 't',
      startedAtMs: T0,
      now: () => T0,
      notReady: () => undefined,
      phase: () => 'trade',
      risk: () => undefined,
      portfolio: () => p.snapshot(),
      limiter: () => undefined,
      markets: () => [A],
      bookAgeSeconds: () => 0,
      quotes: () => new Map(),
      lossLimits: () => ({ maxDailyLoss: new Decimal('10.1234567'), maxDrawdown: undefined, engaged: {} }),
      streams: () => ({ enabled: { market: false, user: false }, probes: {} }) as unknown as ReturnType<StatusSource['streams']>,
      lastErrors: () => [],
    });
    const closed = buildStatus(source(portfolio));
    expect(closed.pnl).toMatchObject({ realized: '0.4', total: '0.4', drawdown: '0', peak: '0.4' });
    expect(closed.markets[0]!.pnl).toEqual({ realized: '0.4', unrealized: '0', total: '0.4' });
    expect(closed.lossLimits?.daily_loss.limit).toBe('10.123457');
    const open = buildStatus(source(half));
    // realized 0.3 - 0.5/3 = 0.1333…; unrealized 2 x (0.3 - 0.1666…) = 0.2666…
    expect(open.pnl).toMatchObject({ realized: '0.133333', unrealized: '0.266667', total: '0.4' });
    expectAtMostSixPlaces(JSON.stringify(closed));
    expectAtMostSixPlaces(JSON.stringify(open));
  });

  it('metrics: USDC series at 6 places, the drawdown 0', async () => {
    const portfolio = portfolioAfter(OPEN());
    const guard = new LossLimitGuard(new RiskGate(validateRiskLimits({})), {
      maxDailyLoss: new Decimal('1.00000001'),
      maxDrawdown: undefined,
      action: 'HALTED',
      dayResetHourUtc: 0,
    });
    const registry = new Registry();
    registerPortfolioMetrics(registry, {
      portfolio: () => portfolio.snapshot(),
      fills: () => new FillCounts().snapshot(),
      lossLimits: () => guard.snapshot(),
      reconciliation: () => ({ mismatches: {} }),
      markets: () => [A],
    });
    let text = await registry.metrics();
    expect(text).toContain(`makerd_pnl_usdc{market="all",kind="realized"} 0.133333`);
    expect(text).toContain('makerd_loss_limit_usdc{limit="daily_loss"} 1');
    expectAtMostSixPlaces(text);
    for (const f of CLOSE()) portfolio.apply(f);
    text = await registry.metrics();
    expect(text).toContain('makerd_drawdown_usdc 0\n');
    expect(text).toContain('makerd_equity_peak_usdc 0.4\n');
    expectAtMostSixPlaces(text);
  });

  it('makerd pnl --json: terminating decimals, also for the average price', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'makerd-money-'));
    const journal = new FillJournal({ dataDir, clock: new FakeClock(T0) });
    await journal.append(OPEN());
    await journal.close();
    let stdout = '';
    const io: CliIo = { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true }, env: {} };
    expect(await pnlCommand({ data: { dir: dataDir } }, ['--json'], io)).toBe(0);
    const out = JSON.parse(stdout) as { totals: Record<string, string>; markets: { outcomes: Record<string, string>[] }[] };
    expect(out.totals.realizedPnl).toBe('0.133333');
    expect(out.markets[0]!.outcomes[0]!.avgPrice).toBe('0.166667');
    expectAtMostSixPlaces(stdout);
  });

  it('log text: the loss limits name the figures at 6 places', () => {
    const guard = new LossLimitGuard(new RiskGate(validateRiskLimits({})), {
      maxDailyLoss: new Decimal('0.1'),
      maxDrawdown: new Decimal('0.1'),
      action: 'HALTED',
      dayResetHourUtc: 0,
    });
    const third = new Decimal(1).div(3);
    const r = guard.check({ pnl: third.neg(), dayStartMs: T0 }, { drawdown: third });
    expect(r.changes.map((c) => c.reason)).toEqual([
      'daily PnL -0.333333 is at or below -0.1 (risk.maxDailyLoss)',
      'drawdown 0.333333 is at or above risk.maxDrawdown 0.1',
    ]);
  });
});
