/**
 * Part of phase start-quoting: the quoted set changes at runtime. With selector.by = "rewards" and
 * selector.rerankSec > 0, every re-ranking (src/market/reward-rerank.ts) is turned into swaps of
 * the quoted set; and markets end (market-ends.ts): a market entering its stop window leaves,
 * and one the selector picked is replaced by the selector's next. The decision and its
 * hysteresis are src/market/swap-decision.ts; carrying a swap out (cancel and verify the leaving
 * market's orders, bind and subscribe the joining one) is quoted-set.ts. A re-ranking's swaps and
 * an end's replacement never run beside each other.
 *
 * Each swap is one log line (`selector swap`) naming the market in and the market out with their
 * expected reward per day and ranking value, and the reason; markets the ranking left out but
 * the hysteresis kept are logged too. makerd_selector_swaps_total{direction} counts them, and
 * /status shows the quoted set, the markets leaving and the next re-ranking.
 */
import type { Registry } from 'prom-client';
import type { MakerdConfig } from '../config/schema.js';
import type { SelectorConfig } from '../config/schema/quoting.js';
import type { CancelVenue } from '../lifecycle/cancel-and-verify.js';
import type { SelectedMarket, SelectionResult } from '../market/market-selection.js';
import { decideSwaps, type SwapSettings, type SwapSide } from '../market/swap-decision.js';
import { registerSwapMetrics } from '../metrics/selector-metrics.js';
import type { PickExplanation } from '../market/reward-selector.js';
import type { SelectorStatus } from '../metrics/status.js';
import { Decimal } from '../money.js';
import type { Strategy } from '../strategy/strategy.js';
import { resolveBindings, toBinding } from '../trading/market-bindings.js';
import type { DaemonContext } from './daemon-context.js';
import { type WatchedMarket, watchedMarket } from './daemon-view.js';
import { MarketEnds, type MarketEndsParts } from './market-ends.js';
import { QuotedSet, type QuotedSetParts } from './quoted-set.js';
import type { RerankHooks } from './select-markets.js';

export interface MarketSwapsInput
  extends Pick<QuotedSetParts, 'loop' | 'poller' | 'books' | 'streams' | 'metadata' | 'risk' | 'executor' | 'scope' | 'trade' | 'record'> {
  /** The account's positions (GET /positions live, the portfolio's in paper mode). */
  readonly shares: { readonly positions: ReadonlyMap<string, Decimal> } | undefined;
  /** The periodic ranking (select-markets.ts), started here; undefined: the set stays as selected. */
  readonly rerank: ((hooks: RerankHooks) => () => void) | undefined;
  /** The markets selected at start (explicit entries and the selector's). */
  readonly selected: readonly SelectedMarket[];
  readonly registry: Registry;
  readonly view: {
    markets: readonly WatchedMarket[];
    selector?: () => SelectorStatus;
  };
  readonly venue: CancelVenue;
  readonly owns: (clientOrderId: string) => boolean;
  readonly strategies: ReadonlyMap<string, Strategy>;
  /** Markets end (market-ends.ts); undefined: the set changes only by re-ranking. */
  readonly ends?: SwapEnds | undefined;
  /** The last ranking's picks and why (select-markets.ts), for /status. */
  readonly explain?: (() => readonly PickExplanation[]) | undefined;
}

/** What the markets' ends need beside the set (MarketEndsParts' own parts), and the selection's reload of the stops. */
export type SwapEnds = Pick<MarketEndsParts, 'meta' | 'replace' | 'stopped'> & {
  readonly reload?: ((next: MakerdConfig) => void) | undefined;
};

export interface MarketSwaps {
  readonly set: QuotedSet;
  /** The markets' ends (undefined without `ends`). */
  readonly ends: MarketEnds | undefined;
  /** SIGHUP: the new swap margin and hold time; joining markets bind with the reloaded parameters. */
  reload(next: MakerdConfig): void;
  close(): void;
}

export function swapSettingsOf(selector: Pick<SelectorConfig, 'swapMargin' | 'minHoldSec'>): SwapSettings {
  return { margin: new Decimal(selector.swapMargin), minHoldMs: selector.minHoldSec * 1000 };
}

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());

function sideText(s: SwapSide | undefined): Record<string, string> | undefined {
  if (s === undefined) return undefined;
  const dp = (d: Decimal | undefined): string => (d === undefined ? 'unranked' : d.toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN).toFixed());
  return { market: s.market, expectedRewardPerDay: dp(s.expectedRewardPerDay), value: dp(s.value) };
}

/** Undefined without re-ranking (selector.by listing, or selector.rerankSec 0) and without `ends`. */
export function startMarketSwaps(ctx: DaemonContext, i: MarketSwapsInput): MarketSwaps | undefined {
  // Registered without re-ranking too, at 0: the dashboard's swap panel and alerts read it always.
  const count = registerSwapMetrics(i.registry);
  const rerank = i.rerank;
  if (rerank === undefined && i.ends === undefined) return undefined;
  let config = ctx.config;
  const { clock, stop } = ctx;
  const log = ctx.logger.child({ component: 'selection' });
  let settings = swapSettingsOf(config.selector);
  const swaps = { in: 0, out: 0 };
  const times: { last?: number; next?: number } = {};
  const set = new QuotedSet(
    {
      ...i,
      clock,
      logger: log,
      positions: () => i.shares?.positions ?? new Map(),
      setWatched: (markets) => {
        i.view.markets = markets.map(watchedMarket);
      },
      bind: (m) => toBinding(resolveBindings([m], config, i.strategies)[0]!),
      verifyDeadlineMs: config.lifecycle.shutdownDeadlineMs,
      signal: stop,
    },
    i.selected,
  );
  // One change of the set at a time: a re-ranking's swaps, an end's replacement.
  let chain: Promise<void> = Promise.resolve();
  const serial = (task: () => Promise<void>): Promise<void> => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };
  const ends =
    i.ends === undefined
      ? undefined
      : new MarketEnds({
          meta: i.ends.meta,
          replace: i.ends.replace,
          stopped: i.ends.stopped,
          clock,
          logger: log,
          signal: stop,
          set,
          serial,
          stopBeforeEndMs: (id) => i.loop.binding(id)?.stopBeforeEndMs ?? config.quoting.stopBeforeEndSec * 1000,
          swapped: (direction) => {
            swaps[direction]++;
            count(direction);
          },
        });
  const reloadEnds = (next: MakerdConfig): void => {
    config = next;
    i.ends?.reload?.(next);
  };
  const status = (): SelectorStatus => ({
    quoted: set.quoted().map((q) => ({ market: q.market.conditionId, since: iso(q.sinceMs)! })),
    leaving: set.leaving().map((l) => ({ market: l.market, state: l.state, since: iso(l.sinceMs)! })),
    lastRerankAt: iso(times.last),
    nextRerankAt: iso(times.next),
    swaps: { ...swaps },
    ...(i.explain === undefined ? {} : { ranking: i.explain() }),
  });
  // The ranking's explanation shows without re-ranking too (selector.rerankSec 0).
  if (rerank !== undefined || i.explain !== undefined) i.view.selector = status;
  if (rerank === undefined) return { set, ends, reload: reloadEnds, close: () => closeAll(set, ends) };
  const onRanking = (r: SelectionResult): Promise<void> => serial(() => applyRanking(r));
  const applyRanking = async (r: SelectionResult): Promise<void> => {
    times.last = clock.now();
    const explicit = new Set(set.selected.filter((m) => m.entry !== 'selector').map((m) => m.conditionId));
    const picks = r.selected.filter((m) => !explicit.has(m.conditionId));
    const byId = new Map(picks.map((m) => [m.conditionId, m]));
    const ranked = new Map(
      (r.ranking?.ranked ?? []).map((e) => [
        e.rank.conditionId,
        { value: e.rank.value, expectedRewardPerDay: e.rank.expectedRewardPerDay },
      ]),
    );
    const quoted = set
      .quoted()
      .filter((q) => q.market.entry === 'selector')
      .map((q) => ({ conditionId: q.market.conditionId, sinceMs: q.sinceMs }));
    const unpriced = new Set(r.ranking?.unpricedIds ?? []);
    const d = decideSwaps({ quoted, picks: picks.map((m) => m.conditionId), ranked, unpriced, nowMs: clock.now(), settings });
    for (const h of d.held)
      log.info({ market: h.market, challenger: h.challenger, reason: h.reason }, 'selector: market kept (hysteresis)');
    if (d.moves.length === 0) log.info({ picks: picks.map((m) => m.conditionId), held: d.held.length }, 'selector re-ranked: same markets');
    for (const move of d.moves) {
      log.info({ in: sideText(move.in), out: sideText(move.out), reason: move.reason }, 'selector swap');
      if (move.out !== undefined) {
        set.leave(move.out.market);
        swaps.out++;
        count('out');
      }
      const joining = move.in === undefined ? undefined : byId.get(move.in.market);
      if (joining === undefined) continue;
      try {
        await set.join(joining);
        swaps.in++;
        count('in');
      } catch (err) {
        log.error({ market: joining.conditionId, err: (err as Error).message }, 'selector: market could not join; it stays out');
      }
    }
  };
  const stopRerank = rerank({ onRanking, onArmed: (nextAtMs) => (times.next = nextAtMs) });
  return {
    set,
    ends,
    reload: (next) => {
      reloadEnds(next);
      settings = swapSettingsOf(next.selector);
    },
    close: () => {
      stopRerank();
      closeAll(set, ends);
    },
  };
}

function closeAll(set: QuotedSet, ends: MarketEnds | undefined): void {
  ends?.close();
  set.close();
}
