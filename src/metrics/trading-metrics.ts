/**
 * The trading loop's figures: orders placed / cancelled / kept / deferred, rejections, risk refusals by
 * reason, trading states and the kill switch, neg-risk events' worst-case loss and its limit, live
 * quotes, two-sided seconds and quote fidelity per market, evaluations and why markets were skipped.
 * Read from the stages' snapshots at scrape time. Labels: the configured markets (condition ids),
 * their events' ids and fixed words only; never order ids or prices.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import { ORDER_REASONS, type ExecutorAction, type ExecutorStats } from '../execution/index.js';
import { moneyNumber } from '../money.js';
import { REFUSAL_REASONS, type RiskSnapshot } from '../risk/index.js';
import type { TradingLoopStats } from '../trading/index.js';
import { cumulative } from './cumulative.js';

export interface TradingMetricsSource {
  readonly executor: () => Readonly<ExecutorStats>;
  readonly risk: () => RiskSnapshot;
  readonly loop: () => Readonly<TradingLoopStats>;
  /** Live orders per market and outcome-0 side. */
  readonly quotes: () => ReadonlyMap<string, { bid: number; ask: number }>;
  /** Cumulative seconds quoted two-sided per market. */
  readonly twoSidedSeconds: () => ReadonlyMap<string, number>;
  /** Per market, the share of time its live orders were what its strategy wanted (quote fidelity). */
  readonly fidelity?: () => ReadonlyMap<string, number>;
}

const STATES = ['ACTIVE', 'REDUCING', 'HALTED'] as const;

export function registerTradingMetrics(registry: Registry, src: TradingMetricsSource): void {
  let refresh: () => void = () => {};
  // First registered: its collect() refreshes every series below before they are serialized.
  new Gauge({
    name: 'makerd_kill_switch_engaged',
    help: '1 while the kill switch (risk.killSwitch or the kill file) halts everything',
    registers: [registry],
    collect() {
      refresh();
      this.set(src.risk().killSwitch ? 1 : 0);
    },
  });
  const state = new Gauge({
    name: 'makerd_trading_state',
    help: 'Trading state, 1 for the current one: per market, and market="all" for the overall state',
    labelNames: ['market', 'state'],
    registers: [registry],
  });
  const eventLoss = new Gauge({
    name: 'makerd_event_worst_loss_usdc',
    help: "Worst-case loss of a neg-risk event's markets over its resolutions (cost basis of the shares held less their payout, resting orders counted as filled where that adds to the loss), USDC, by event id",
    labelNames: ['event'],
    registers: [registry],
  });
  const eventLimit = new Gauge({
    name: 'makerd_event_worst_loss_limit_usdc',
    help: 'risk.perEvent.maxWorstLossUsdc: the most makerd_event_worst_loss_usdc may reach through orders; 0 while off, as the setting',
    registers: [registry],
  });
  const quotes = new Gauge({
    name: 'makerd_quotes_live',
    help: 'Live orders per market and outcome-0 side (bid, ask)',
    labelNames: ['market', 'side'],
    registers: [registry],
  });
  const fidelity = new Gauge({
    name: 'makerd_quote_fidelity_ratio',
    help: "Share of time since the market's first evaluation that its quotes were what its strategy wants: every wanted price resting within executor.repriceTicks, nothing else, no more shares than wanted (below 1 while re-prices wait for the write budget, or for answers)",
    labelNames: ['market'],
    registers: [registry],
  });
  const orders = new Counter({
    name: 'makerd_orders_total',
    help: 'Executor actions (placed, cancelled, cancel_market requests, cancel_failed, kept, deferred, uncertain, adopted, vanished) by reason (new, reprice, resize, leg, unwanted, risk, stale, within_tolerance, budget, none)',
    labelNames: ['action', 'reason'],
    registers: [registry],
  });
  for (const [action, reasons] of Object.entries(ORDER_REASONS)) for (const reason of reasons) orders.inc({ action, reason }, 0);
  const addOrders = cumulative(orders);
  const addRejections = cumulative(
    new Counter({
      name: 'makerd_order_rejections_total',
      help: 'Order posts refused, by reason (venue refusal or error code)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    { exportZero: true },
  );
  const addRefusals = cumulative(
    new Counter({
      name: 'makerd_risk_refusals_total',
      help: 'Wanted orders the risk gate refused, by reason',
      labelNames: ['reason'],
      registers: [registry],
    }),
    { exportZero: true },
  );
  for (const reason of REFUSAL_REASONS) addRefusals({ reason }, 0);
  for (const reason of ['post_only_cross', 'refused']) addRejections({ reason }, 0);
  const addTwoSided = cumulative(
    new Counter({
      name: 'makerd_two_sided_seconds_total',
      help: 'Seconds a market was quoted on both sides (bid and ask live)',
      labelNames: ['market'],
      registers: [registry],
    }),
  );
  const addEvaluations = cumulative(
    new Counter({ name: 'makerd_evaluations_total', help: 'Market evaluations (strategy, risk gate, executor)', registers: [registry] }),
  );
  const addSkipped = cumulative(
    new Counter({
      name: 'makerd_evaluations_skipped_total',
      help: 'Market evaluations skipped: unchanged (same book hashes), no-metadata, tick-change (metadata refresh pending), strategy-error',
      labelNames: ['reason'],
      registers: [registry],
    }),
  );
  const addIdle = cumulative(
    new Counter({
      name: 'makerd_strategy_idle_total',
      help: 'Evaluations where the strategy wanted no quotes, by its reason (no-midpoint, no-book, ...)',
      labelNames: ['reason'],
      registers: [registry],
    }),
  );
  const addGuardActions = cumulative(
    new Counter({
      name: 'makerd_guard_actions_total',
      help: 'Changes of what the adverse-selection guards do to a side (guard: jump, sweep, trade-through, burst, toxicity, error; action: pull, widen, narrow, release)',
      labelNames: ['market', 'guard', 'action'],
      registers: [registry],
    }),
  );
  refresh = () => {
    const ex = src.executor();
    for (const [action, byReason] of Object.entries(ex.orders) as [ExecutorAction, Record<string, number>][]) {
      for (const [reason, n] of Object.entries(byReason)) addOrders({ action, reason }, n);
    }
    for (const [reason, n] of Object.entries(ex.rejections)) addRejections({ reason }, n);
    const risk = src.risk();
    for (const [reason, n] of Object.entries(risk.refusals)) addRefusals({ reason }, n);
    state.reset();
    for (const s of STATES) state.set({ market: 'all', state: s }, risk.overall === s ? 1 : 0);
    for (const [market, st] of Object.entries(risk.markets)) for (const s of STATES) state.set({ market, state: s }, st === s ? 1 : 0);
    eventLoss.reset();
    for (const e of risk.events) eventLoss.set({ event: e.event }, moneyNumber(e.worstLoss));
    eventLimit.set(risk.eventLossLimit === undefined ? 0 : moneyNumber(risk.eventLossLimit));
    quotes.reset();
    for (const [market, q] of src.quotes()) {
      quotes.set({ market, side: 'bid' }, q.bid);
      quotes.set({ market, side: 'ask' }, q.ask);
    }
    for (const [market, s] of src.twoSidedSeconds()) addTwoSided({ market }, s);
    fidelity.reset();
    for (const [market, r] of src.fidelity?.() ?? []) fidelity.set({ market }, r);
    const loop = src.loop();
    addEvaluations({}, loop.evaluations);
    for (const [reason, n] of Object.entries(loop.skipped)) addSkipped({ reason }, n);
    for (const [reason, n] of Object.entries(loop.idle)) addIdle({ reason }, n);
    for (const [key, n] of loop.guardActions) {
      const [market, guard, action] = key.split('|') as [string, string, string];
      addGuardActions({ market, guard, action }, n);
    }
  };
}
