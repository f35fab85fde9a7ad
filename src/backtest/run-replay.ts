/**
 * One replay run: one strategy on a recording (replay-data.ts), on a virtual clock set to each
 * record's receive time. The account trades as in a backtest (run-backtest.ts) — the daemon's
 * book store, view builder, strategy and guards, legs, risk gate and the executor's diff — but
 * its orders are virtual: they rest in paper mode's queue (src/paper/paper-queue.ts: the queue fill
 * model fed, as in paper mode, by the recorded stream's books, level changes and public trades in
 * the order they arrived, never by a polled book), which fills an order only when the public data
 * shows the queue ahead of it consumed, or the book trading through it.
 *
 * A paper run's recording (its `eval` and `fills` records) is replayed on the run's own schedule:
 * each market evaluated exactly where the run evaluated it, and each fill reaching the positions
 * the strategy reads where the run's did (after its journal write); a fill lowers the order's
 * remaining size at once, as the paper venue tells the executor at once. So the replay's fills are
 * the run's (docs/recording-and-replay.md#agreement-with-paper-mode).
 *
 * Otherwise evaluations follow the backtester's: every recorded poll (books + midpoints) evaluates
 * every market whose books (by hash, stream updates included) or account state changed, or whose
 * guard is due; a fill evaluates its market at once; stream events between polls do not evaluate
 * on their own unless `evaluateOnStream`. Fills are maker fills at the order's price, timed by the
 * venue's event, charged and rebated by the market's recorded fee schedule (fill-fees.ts), folded into the
 * portfolio. Tick changes apply at once; rules re-read later replace them. Liquidity rewards are
 * sampled every minute by the rule the simulator pays with (replay-rewards.ts).
 *
 * A run that changed its markets at runtime (the selector's swaps: its `set` and `swap` records)
 * is followed step by step as the daemon took them (replay-markets.ts); a restart of the run (a new
 * run id) starts the paper venue's books, the book store, the risk gate and the strategies afresh,
 * its orders cancelled, as the new daemon did.
 */
import { FakeClock } from '../clock/fake-clock.js';
import { isMakerdError } from '../errors.js';
import { guardFillOf, quoteGuarded } from '../guard/index.js';
import { bookProblem, toBookView } from '../market/book-view.js';
import { marketOf, outcomeIndexOf } from '../market/token-id.js';
import { type Decimal, ONE, ZERO } from '../money.js';
import { overlaid } from '../paper/book-overlay.js';
import { PaperQueue } from '../paper/paper-queue.js';
import type { VirtualFill } from '../paper/queue-fill-model.js';
import { makerFeeAndRebate } from '../portfolio/fill-fees.js';
import type { Fill } from '../portfolio/fill.js';
import { Portfolio } from '../portfolio/portfolio.js';
import { RiskGate } from '../risk/index.js';
import { toOrderIntents } from '../strategy/legs.js';
import { BookStore, type StoredBook } from '../trading/book-store.js';
import { buildMarketView } from '../trading/view-builder.js';
import { paidForHeld } from '../trading/held-cost.js';
import { SAMPLE_INTERVAL_MS } from '../rewards/reward-day.js';
import { MarkoutTracker } from './markout.js';
import { countGuardTime, runFigures } from './run-figures.js';
import type { ReplayInput, ReplayResult } from './replay-contract.js';
import type { ReplayEvent } from './replay-data.js';
import { ReplayRewards } from './replay-rewards.js';
import { modelPort } from './replay-executor.js';
import type { GuardSeconds, SeriesPoint } from './run-contract.js';
import { type ReplayMarket, ReplayMarkets } from './replay-markets.js';
import { SimExecutor } from './sim-executor.js';

type MarketState = ReplayMarket;

export function runReplay(input: ReplayInput): ReplayResult {
  const { data, strategy, settings } = input;
  const clock = new FakeClock(data.startMs);
  const startMs = data.startMs;
  const durationMs = Math.max(0, data.endMs - data.startMs);
  // A restart of the recording run replaces these three, as the new daemon made new ones.
  let queue = new PaperQueue();
  let books = new BookStore();
  // A paper run's recording tells where it evaluated and when its fills reached its positions:
  // followed exactly (its fills come out the same); otherwise the backtester's evaluation times.
  const traced = data.evaluations > 0;
  const exec = new SimExecutor({
    port: modelPort(
      () => queue,
      () => clock.now(),
    ),
    settings: settings.diff,
    now: () => clock.now(),
    onTouched: () => {},
  });
  let risk = new RiskGate(settings.risk);
  const portfolio = new Portfolio({ clock });
  const positions = new Map<string, Decimal>();
  const paid = paidForHeld(portfolio);
  const markouts = new MarkoutTracker(settings.markoutHorizonsS);

  const dirty = new Set<string>();
  const quotedSet = new ReplayMarkets({
    strategy,
    rules: data.markets,
    followsSet: data.swaps,
    wanted: input.markets === undefined ? undefined : new Set(input.markets),
    hooks: {
      override: (market, state) => risk.setOverride(market, 'selector', state),
      markDirty: (market, on) => (on ? dirty.add(market) : dirty.delete(market)),
      // As the executor's empty wish: its orders cancelled in the same turn.
      cancelOrders: (m) => exec.submit(m.conditionId, m.meta.tickSize, []),
      release: (m) => {
        risk.forgetMarket(m.conditionId);
        books.forget(m.tokens);
      },
    },
  });
  const markets = quotedSet.all;
  const inLoop = (st: MarketState): boolean => quotedSet.inLoop(st);
  let evaluations = 0;
  let strategyErrors = 0;
  let guardErrors = 0;
  const guardSeconds: GuardSeconds = { bid: { pulled: 0, widened: 0 }, ask: { pulled: 0, widened: 0 } };

  function evaluate(st: MarketState, forced = false): void {
    if (!inLoop(st)) return;
    const nowMs = clock.now();
    // As paper mode: the resting virtual orders added to the public books (src/paper/book-overlay.ts)
    // and taken out of the midpoint again, so the strategy and the guards see what a live run would.
    // `own`: what was added, as the daemon's loop takes it in paper mode.
    const withOurs = (s: StoredBook | undefined, token: string) => s && overlaid(s, queue.model.orders(token));
    const o = [withOurs(books.get(st.tokens[0]), st.tokens[0]), withOurs(books.get(st.tokens[1]), st.tokens[1])] as const;
    const stored = [o[0]?.stored, o[1]?.stored] as const;
    // As the daemon's loop: same books (by hash), same risk state, nothing changed on our side and
    // no guard due: nothing to do.
    // A book going stale changes the view: its freshness is part of the key.
    const fresh = (s: StoredBook | undefined): string =>
      s === undefined ? '-' : nowMs - s.book.timestampMs > settings.staleAfterMs ? 'stale' : s.book.hash;
    const key = `${fresh(stored[0])}|${fresh(stored[1])}|${risk.stateOf(st.conditionId)}`;
    if (!forced && !dirty.has(st.conditionId) && key === st.lastKey && st.guardDueMs > nowMs) return;
    const view = buildMarketView({
      meta: st.meta,
      stored,
      positions,
      // As the daemon's loop: neg-risk events' worst case at the portfolio's cost basis.
      paid,
      liveOrders: exec
        .ordersOf(st.conditionId)
        .map((o) => ({ id: o.id, tokenId: o.tokenId, side: o.side, price: o.price, remaining: o.remaining })),
      own: [...(o[0]?.own ?? []), ...(o[1]?.own ?? [])],
      nowMs,
      staleAfterMs: settings.staleAfterMs,
    });
    st.mid0 = view.mid;
    dirty.delete(st.conditionId);
    st.lastKey = key;
    // With the reward-aware stage (params.rewards), as the daemon's loop and the backtester quote.
    const out = quoteGuarded(view, strategy.strategy, strategy.params, st.strategyState, st.guard, strategy.rewards);
    st.strategyState = out.state;
    st.guardDueMs = st.guard === undefined ? Number.POSITIVE_INFINITY : st.guard.nextChangeMs(nowMs);
    if (out.failed !== undefined) {
      if (isMakerdError(out.failed.error)) throw out.failed.error;
      if (out.failed.stage === 'strategy') strategyErrors++;
      else guardErrors++;
    }
    evaluations++;
    const decision = risk.evaluate(view, toOrderIntents(view, out.quotes), nowMs);
    exec.submit(st.conditionId, st.meta.tickSize, decision.approved);
  }

  // ---- fills ----------------------------------------------------------------------------------
  const fillLog: Fill[] = [];
  /** Fills the recording run's positions had not taken yet (traced: its journal write was under way). */
  const uncounted: Fill[] = [];
  /** A fill reaches the portfolio, the positions the strategy reads and the guards. */
  function count(fill: Fill, st: MarketState): void {
    portfolio.apply(fill);
    positions.set(fill.tokenId, portfolio.position(fill.tokenId));
    st.guard?.onFill(guardFillOf(fill.outcomeIndex, fill.side, fill.price, fill.timestampMs));
    markouts.onFill(fill, clock.now(), st.mid0);
    const q = portfolio.netExposure(st.conditionId).abs();
    if (q.gt(st.maxAbs)) st.maxAbs = q;
    dirty.add(st.conditionId);
  }
  function applyFills(fills: readonly VirtualFill[]): void {
    for (const v of fills) {
      const conditionId = marketOf(v.tokenId);
      const st = markets.get(conditionId);
      if (st === undefined) continue;
      const { fee, rebate } = makerFeeAndRebate(st.meta.fees, v.price, v.size);
      const fill: Fill = {
        tradeId: `replay-${fillLog.length + 1}:maker:${v.orderId}`,
        conditionId,
        tokenId: v.tokenId,
        outcomeIndex: outcomeIndexOf(v.tokenId),
        side: v.side,
        price: v.price,
        size: v.size,
        role: 'maker',
        fee,
        rebate,
        matchTime: new Date(v.atMs).toISOString(),
        timestampMs: v.atMs,
        orderId: v.orderId,
      };
      fillLog.push(fill);
      // The order's remaining size drops at once, as the paper venue tells the executor at once.
      exec.onFill(fill.orderId, conditionId, fill.size);
      if (traced) uncounted.push(fill);
      else count(fill, st);
    }
    if (traced) return;
    // The fill is known at once (paper mode's fills are its own): its market is evaluated now.
    for (const cid of [...dirty]) {
      const st = markets.get(cid);
      if (st !== undefined) evaluate(st);
    }
  }

  // ---- series ---------------------------------------------------------------------------------
  const series: SeriesPoint[] = [];
  const sampleEveryMs = Math.max(1000, Math.ceil(durationMs / Math.max(1, settings.samples) / 1000) * 1000);
  function markAll(): void {
    for (const st of markets.values()) {
      if (st.mid0 === undefined) continue;
      portfolio.mark(st.tokens[0], st.mid0);
      portfolio.mark(st.tokens[1], ONE.minus(st.mid0));
    }
  }
  function sample(atMs: number): void {
    markAll();
    let inventory = ZERO;
    for (const st of markets.values()) inventory = inventory.plus(portfolio.netExposure(st.conditionId));
    series.push({ t: (atMs - startMs) / 1000, pnl: portfolio.equity().totalPnl.toNumber(), inventory: inventory.toNumber() });
  }

  // ---- the events ------------------------------------------------------------------------------
  const ours = (tokenId: string): MarketState | undefined => markets.get(marketOf(tokenId));
  let lastPollMs: number | undefined;

  function onEvent(e: ReplayEvent): void {
    switch (e.k) {
      case 'meta':
        quotedSet.rules(e.meta);
        return;
      case 'restart':
        // The daemon's stop cancelled every virtual order; the new run has a new paper venue (no
        // books yet), book store, risk gate and trading loop (fresh strategy states), on the
        // positions its journal restored (the fills the stop had written count now).
        for (const f of uncounted.splice(0)) count(f, markets.get(f.conditionId)!);
        quotedSet.restart();
        queue = new PaperQueue();
        books = new BookStore();
        risk = new RiskGate(settings.risk);
        dirty.clear();
        return;
      case 'set':
        quotedSet.set(e.markets);
        return;
      case 'swap':
        quotedSet.swap(e.market, e.to);
        return;
      case 'tick': {
        const st = markets.get(e.market);
        if (st !== undefined && !st.meta.tickSize.eq(e.tick)) st.meta = { ...st.meta, tickSize: e.tick };
        return;
      }
      case 'eval': {
        const st = markets.get(e.market);
        if (st !== undefined) evaluate(st, true);
        return;
      }
      case 'fills':
        for (const f of uncounted.splice(0, e.n)) count(f, markets.get(f.conditionId)!);
        return;
      case 'poll': {
        const now = clock.now();
        for (const p of e.books) {
          // The daemon's loop stores the polled books of the markets it holds only.
          const st = ours(p.tokenId);
          if (st === undefined || !inLoop(st)) continue;
          const held = books.get(p.tokenId)?.book;
          // The book the stream kept is the polled one (same hash and tick): its levels are reused.
          const same = held !== undefined && held.hash === p.hash && held.tickSize.toFixed() === p.tickSize;
          const checked = same ? undefined : p.checked();
          const view = same ? { ...held, timestampMs: p.timestampMs } : checked === undefined ? undefined : toBookView(checked);
          if (view === undefined || bookProblem(view, now, settings.staleAfterMs) !== undefined)
            books.setPolled(p.tokenId, undefined, undefined);
          // The fill model is not fed polls (src/paper/paper-queue.ts), as in paper mode.
          else books.setPolled(view.tokenId, view, e.mids?.prices.get(view.tokenId));
        }
        if (!traced) for (const st of markets.values()) evaluate(st);
        if (lastPollMs !== undefined) countGuardTime(markets.values(), guardSeconds, now, (now - lastPollMs) / 1000);
        lastPollMs = now;
        for (const st of markets.values()) {
          markouts.onMid(st.conditionId, now, st.mid0);
          exec.observe(st.conditionId);
        }
        return;
      }
      // Stream events feed the fill model as the paper venue does (paper-queue.ts: a token's first
      // stream book comes before any poll of it may), timed by the venue; the book store as the daemon's.
      case 'book': {
        const st = ours(e.e.asset_id);
        if (st === undefined) return;
        const stored = books.replaceLevels(e.e.asset_id, e.bids, e.asks, e.e.timestamp, e.e.hash, e.tick);
        const r = queue.book(e.e.asset_id, e.bids, e.asks, Number(e.e.timestamp));
        // Waiting orders this book would have crossed are gone before a fill's evaluation sees them.
        for (const d of r.dropped) exec.onGone(d.id, st.conditionId);
        applyFills(r.fills);
        if (stored && settings.evaluateOnStream === true && !traced) burst.add(st);
        return;
      }
      case 'change': {
        const st = ours(e.e.asset_id);
        if (st === undefined) return;
        const stored = books.changeLevels(e.e.asset_id, e.levels, e.e.timestamp, e.e.hash);
        applyFills(queue.levels(e.e.asset_id, e.levels, Number(e.e.timestamp)) ?? []);
        if (stored && settings.evaluateOnStream === true && !traced) burst.add(st);
        return;
      }
      case 'trade':
        if (ours(e.trade.tokenId) !== undefined) applyFills(queue.trade(e.trade));
        return;
    }
  }

  // Liquidity rewards: a sample of every paying market at every minute of the recording's clock.
  const rewards = new ReplayRewards();
  let nextRewardMs = Math.ceil(startMs / SAMPLE_INTERVAL_MS) * SAMPLE_INTERVAL_MS;
  function sampleRewards(atMs: number): void {
    for (const st of markets.values()) {
      const held = [books.get(st.tokens[0])?.book, books.get(st.tokens[1])?.book] as const;
      const ours = [...queue.model.orders(st.tokens[0]), ...queue.model.orders(st.tokens[1])];
      rewards.sample(st.meta, held, ours, atMs);
    }
  }

  // As the daemon's market-event batch (src/daemon/market-event-batch.ts): stream events of one
  // burst (one receive time) are applied at once, and each market they changed is evaluated once
  // when the burst is over, before the next record is handled.
  const burst = new Set<MarketState>();
  let burstT = Number.NaN;
  function flushBurst(): void {
    for (const st of burst) evaluate(st);
    burst.clear();
  }

  sample(startMs);
  let nextSample = startMs + sampleEveryMs;
  const progressEvery = Math.max(1, Math.floor(data.events.length / 100));
  data.events.forEach((e, i) => {
    if (burst.size > 0 && (e.t !== burstT || e.k === 'poll')) flushBurst();
    burstT = e.t;
    // A sample at minute T sees the state after every event up to T.
    while (nextRewardMs < e.t) {
      sampleRewards(nextRewardMs);
      nextRewardMs += SAMPLE_INTERVAL_MS;
    }
    while (nextSample <= e.t) {
      sample(nextSample);
      nextSample += sampleEveryMs;
    }
    if (e.t > clock.now()) clock.advance(e.t - clock.now());
    onEvent(e);
    if (input.onProgress !== undefined && i % progressEvery === 0) input.onProgress(i / data.events.length);
  });
  flushBurst();
  // Fills whose counting the recording stopped before (the run's last journal write): counted now.
  for (const f of uncounted.splice(0)) count(f, markets.get(f.conditionId)!);
  for (const st of markets.values()) exec.observe(st.conditionId);
  while (nextRewardMs < data.endMs) {
    sampleRewards(nextRewardMs);
    nextRewardMs += SAMPLE_INTERVAL_MS;
  }
  const rewardsEarned = rewards.total();
  if (series[series.length - 1]?.t !== durationMs / 1000) sample(data.endMs);
  markAll();

  const figures = runFigures({
    seed: 'replay',
    label: strategy.label,
    portfolio,
    exec,
    markets,
    durationMs,
    rewardsEarned,
    markouts,
    series,
    evaluations,
    strategyErrors,
    guardErrors,
    guardSeconds,
    flowOrders: 0,
    // The recording's digest: runs with one digest replayed identical data.
    flowDigest: data.digest,
  });
  return { ...figures, fillLog };
}

export type { ReplayInput, ReplayResult, ReplaySettings } from './replay-contract.js';
