/**
 * The markets of a replay (run-replay.ts) and where each stands in the recording run's quoted set,
 * changed as the daemon changed it (src/daemon/quoted-set.ts) from the run's `set` and `swap`
 * records, and started again at a restart of the run:
 * - `join`: bound as the daemon binds a market — a fresh strategy state and guard, its latest
 *   recorded rules; one taken back while REDUCING keeps its state (the daemon's loop still held it);
 * - `reducing`: the risk gate's REDUCING override (orders toward flat only), still evaluated;
 * - `cancelling`: out of the evaluations, its orders cancelled at once (the executor's empty wish);
 * - `released`: its books forgotten; its position and figures stay (marked at its last midpoint).
 * Without the run's quoted set (older recordings, `makerd record`), every market with rules is
 * quoted from the start. What the steps do to the risk gate, the executor and the books is the
 * caller's (`hooks`): those are the run's.
 */
import { MarketGuard } from '../guard/index.js';
import type { MarketMeta } from '../market/market-view.js';
import { type Decimal, ZERO } from '../money.js';
import type { QuotedState, SwapRecord } from '../record/recording-format.js';
import type { StrategyRun } from './run-contract.js';

/** Quoted and reducing markets are evaluated (the daemon's loop holds them). */
export type ReplayPhase = 'quoted' | 'reducing' | 'cancelling' | 'released';

export interface ReplayMarket {
  readonly conditionId: string;
  readonly tokens: readonly [string, string];
  meta: MarketMeta;
  phase: ReplayPhase;
  strategyState: unknown;
  guard: MarketGuard | undefined;
  mid0: Decimal | undefined;
  maxAbs: Decimal;
  lastKey: string;
  guardDueMs: number;
}

export interface ReplayMarketHooks {
  /** The selector's REDUCING override set or lifted. */
  override(market: string, state: 'REDUCING' | undefined): void;
  /** Evaluate at the next chance (or not: the market left the loop). */
  markDirty(market: string, dirty: boolean): void;
  /** Cancel every order of the market now. */
  cancelOrders(m: ReplayMarket): void;
  /** The market is released: its risk state and books forgotten. */
  release(m: ReplayMarket): void;
}

export interface ReplayMarketsOptions {
  readonly strategy: StrategyRun;
  /** Markets with rules in the recording (their first rules). */
  readonly rules: ReadonlyMap<string, MarketMeta>;
  /** The recording holds the run's quoted set (ReplayData.swaps). */
  readonly followsSet: boolean;
  /** Only these markets; undefined: every one. */
  readonly wanted: ReadonlySet<string> | undefined;
  readonly hooks: ReplayMarketHooks;
}

export class ReplayMarkets {
  readonly all = new Map<string, ReplayMarket>();
  readonly #o: ReplayMarketsOptions;
  /** Each market's latest recorded rules, quoted or not (a market joins with them). */
  readonly #latest: Map<string, MarketMeta>;

  constructor(o: ReplayMarketsOptions) {
    this.#o = o;
    this.#latest = new Map(o.rules);
    if (!o.followsSet) for (const cid of o.rules.keys()) this.#bind(cid);
  }

  get(conditionId: string): ReplayMarket | undefined {
    return this.all.get(conditionId);
  }

  inLoop(m: ReplayMarket): boolean {
    return m.phase === 'quoted' || m.phase === 'reducing';
  }

  /** Rules read again (a refresh, a joining market's). */
  rules(meta: MarketMeta): void {
    this.#latest.set(meta.conditionId, meta);
    const m = this.all.get(meta.conditionId);
    if (m !== undefined) m.meta = meta;
  }

  /** The run's quoted set: at start, and restated at each segment head (markets not quoted yet are bound). */
  set(states: ReadonlyMap<string, QuotedState>): void {
    for (const [cid, state] of states) {
      const known = this.all.get(cid);
      const m = known !== undefined && known.phase !== 'released' ? known : this.#bind(cid);
      if (m !== undefined && state !== 'quoted' && m.phase !== state) this.#step(m, state);
    }
  }

  swap(market: string, to: SwapRecord['to']): void {
    const known = this.all.get(market);
    const h = this.#o.hooks;
    if (to !== 'join') {
      if (known !== undefined) this.#step(known, to);
      return;
    }
    if (known?.phase === 'reducing') known.phase = 'quoted';
    else if (this.#bind(market) === undefined) return;
    h.override(market, undefined);
    h.markDirty(market, true);
  }

  /**
   * A restart of the recording run: every order cancelled (the stop cancelled them) and every
   * market out of the loop; then, without the run's quoted set, every market bound again (with it,
   * the new run's `set` binds them).
   */
  restart(): void {
    for (const m of this.all.values()) {
      this.#o.hooks.cancelOrders(m);
      m.phase = 'released';
    }
    if (!this.#o.followsSet) for (const cid of this.all.keys()) this.#bind(cid);
  }

  #bind(cid: string): ReplayMarket | undefined {
    const { strategy, wanted } = this.#o;
    const meta = this.#latest.get(cid);
    if (meta === undefined || (wanted !== undefined && !wanted.has(cid))) return undefined;
    const fresh = {
      meta,
      phase: 'quoted' as ReplayPhase,
      strategyState: strategy.strategy.initialState(strategy.params),
      guard: strategy.guards === undefined ? undefined : new MarketGuard(cid, strategy.guards),
      lastKey: '',
      guardDueMs: Number.POSITIVE_INFINITY,
    };
    const known = this.all.get(cid);
    if (known !== undefined) return Object.assign(known, fresh);
    const m: ReplayMarket = { conditionId: cid, tokens: meta.tokens, mid0: undefined, maxAbs: ZERO, ...fresh };
    this.all.set(cid, m);
    return m;
  }

  #step(m: ReplayMarket, to: 'reducing' | 'cancelling' | 'released'): void {
    const h = this.#o.hooks;
    const cid = m.conditionId;
    m.phase = to;
    if (to === 'reducing') {
      h.override(cid, 'REDUCING');
      h.markDirty(cid, true);
    } else if (to === 'cancelling') {
      h.override(cid, undefined);
      h.markDirty(cid, false);
      h.cancelOrders(m);
    } else h.release(m);
  }
}
