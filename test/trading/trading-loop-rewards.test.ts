/**
 * The trading loop with the reward-aware stage: a market's `params.rewards` reach the stage in the
 * loop's evaluation (the same quoteGuarded the backtester runs), and a stage that throws leaves the
 * strategy's quotes and is logged.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import type { Executor } from '../../src/execution/executor.js';
import { OrderTracker } from '../../src/execution/order-tracker.js';
import { MarketGuard, parseQuotingParams } from '../../src/guard/index.js';
import type { BookView } from '../../src/market/book-view.js';
import type { MarketMeta } from '../../src/market/market-view.js';
import type { MarketSnapshot } from '../../src/market/poller.js';
import type { Decimal } from '../../src/money.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { parseRewardRules } from '../../src/rewards/reward-rules.js';
import type { OrderIntent, Strategy } from '../../src/strategy/strategy.js';
import { BookStore } from '../../src/trading/book-store.js';
import { TradingLoop } from '../../src/trading/trading-loop.js';
import bands from '../../strategies/bands.js';
import { logCapture } from '../support/log-capture.js';
import { book, d, MARKET, meta, NOW, T0, T1 } from './fixtures.js';

function loopWith(m: MarketMeta, rewards: Record<string, unknown>) {
  const clock = new FakeClock(NOW);
  const submitted: string[][] = [];
  const capture = logCapture();
  const tracker = new OrderTracker();
  tracker.useClock(() => clock.now());
  const executor = {
    tracker,
    submit(_market: string, _tick: Decimal, wanted: readonly OrderIntent[]): void {
      submitted.push(wanted.map((i) => `${i.side} ${i.tokenId} ${i.price.toFixed()} x ${i.size.toFixed()}`));
    },
  } as unknown as Executor;
  const q = parseQuotingParams(bands, { guards: { enabled: false }, rewards }, 'test');
  const loop = new TradingLoop({
    clock,
    markets: [
      {
        conditionId: MARKET,
        tokens: [T0, T1],
        strategy: bands as Strategy,
        params: q.params,
        state: null,
        guard: new MarketGuard(MARKET, q.guards),
        rewards: q.rewards,
      },
    ],
    metadata: { get: (c: string) => (c === MARKET ? m : undefined), noteBookTick: () => {} },
    books: new BookStore(),
    positions: () => new Map(),
    risk: new RiskGate(validateRiskLimits({})),
    executor,
    staleAfterMs: 5_000,
    trade: true,
    logger: capture.logger,
  });
  const books = new Map<string, BookView>([T0, T1].map((t) => [t, book(t, { timestampMs: clock.now() })]));
  const snapshot: MarketSnapshot = { atMs: clock.now(), books, mids: new Map([T0, T1].map((t) => [t, d('0.5')])), unusable: new Map() };
  loop.onSnapshot(snapshot);
  return { submitted, capture };
}

// bands' default band: 20 shares a side at 0.48 (the ask as a BUY of outcome 1 at 0.48).
const PAYING = parseRewardRules({ rates: [{ rewards_daily_rate: 100 }], min_size: 50, max_spread: 3 });

describe('TradingLoop with the reward-aware stage', () => {
  it("quotes a paying market's sides at min_size when the market's params.rewards enable it", () => {
    expect(loopWith({ ...meta(MARKET), rewards: PAYING }, { enabled: true }).submitted).toEqual([
      [`BUY ${T0} 0.48 x 50`, `BUY ${T1} 0.48 x 50`],
    ]);
    expect(loopWith({ ...meta(MARKET), rewards: PAYING }, { enabled: false }).submitted).toEqual([
      [`BUY ${T0} 0.48 x 20`, `BUY ${T1} 0.48 x 20`],
    ]);
  });

  it("a stage that throws: the strategy's quotes go out, and the failure is logged", () => {
    const rules = PAYING.kind === 'paying' ? PAYING.rules : undefined;
    const broken = {
      div: () => {
        throw new Error('boom');
      },
    } as unknown as Decimal;
    const { submitted, capture } = loopWith(
      { ...meta(MARKET), rewards: { kind: 'paying', rules: { ...rules!, maxSpreadCents: broken } } },
      { enabled: true },
    );
    expect(submitted).toEqual([[`BUY ${T0} 0.48 x 20`, `BUY ${T1} 0.48 x 20`]]);
    expect(capture.lines.filter((l) => String(l.msg).startsWith('reward-aware')).map((l) => `${l.msg} ${l.market} ${l.err}`)).toEqual([
      `reward-aware quoting failed; quoting without it ${MARKET} boom`,
    ]);
  });
});
