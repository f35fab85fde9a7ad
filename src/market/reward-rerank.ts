/**
 * selector.by = "rewards" (or "income") ranks again every `selector.rerankSec` seconds of the clock: the same
 * listing and book reads as at start (within the limits), the same memory of midpoints (the
 * volatility grows more accurate with every ranking) and of logged problems.
 *
 * Each ranking goes to `onRanking` (the daemon's swaps, src/daemon/market-swaps.ts, which change
 * the quoted set); the next period is armed once it has finished, so rankings and the swaps they
 * cause never overlap. Without a listener the ranking is only logged: the picks, and which
 * markets would enter and leave the set quoted.
 */
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock/clock.js';
import {
  type SelectionClient,
  type SelectionResult,
  type SelectionSpec,
  type SelectOptions,
  selectMarketsDetailed,
} from './market-selection.js';

export interface RerankOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly stop: AbortSignal;
  readonly periodSec: number;
  /** The selector part of the configuration, and the shard. */
  readonly spec: SelectionSpec;
  /** The selector's markets being quoted (for the log line without a listener). */
  readonly quoted: readonly string[] | (() => readonly string[]);
  /** The ranking's memory and hooks, and the end check (`ends`, `onEndSkip`). */
  readonly rewards: Pick<
    SelectOptions,
    'midHistory' | 'loggedProblems' | 'onRewardsProblem' | 'onPicked' | 'rewardStage' | 'ends' | 'onEndSkip'
  >;
  /** Each ranking, awaited before the next period is armed. */
  readonly onRanking?: ((r: SelectionResult) => Promise<void>) | undefined;
  /** When the next ranking is due (clock ms), each time one is armed. */
  readonly onArmed?: ((nextAtMs: number) => void) | undefined;
}

/** Starts the periodic ranking; stops with `stop`. Returns a function that stops it too. */
export function startRewardReranking(client: SelectionClient, o: RerankOptions): () => void {
  let timer: TimerHandle | undefined;
  let stopped = false;
  const stopAll = (): void => {
    stopped = true;
    if (timer !== undefined) o.clock.clearTimer(timer);
    timer = undefined;
  };
  o.stop.addEventListener('abort', stopAll, { once: true });
  const arm = (): void => {
    if (stopped) return;
    const periodMs = o.periodSec * 1000;
    o.onArmed?.(o.clock.now() + periodMs);
    timer = o.clock.setTimer(() => {
      timer = undefined;
      void rank().finally(arm);
    }, periodMs);
  };
  const rank = async (): Promise<void> => {
    try {
      const r = await selectMarketsDetailed(
        client,
        { ...o.spec, markets: [] },
        {
          signal: o.stop,
          logger: o.logger,
          nowMs: o.clock.now(),
          ...o.rewards,
        },
      );
      if (o.onRanking !== undefined) {
        await o.onRanking(r);
        return;
      }
      const quoted = new Set(typeof o.quoted === 'function' ? o.quoted() : o.quoted);
      const picks = r.selected.map((m) => m.conditionId);
      const entering = picks.filter((id) => !quoted.has(id));
      const leaving = [...quoted].filter((id) => !picks.includes(id));
      o.logger.info(
        { picks, entering, leaving, ranked: r.ranking?.ranked.length ?? 0, unranked: r.ranking?.problems.length ?? 0 },
        entering.length + leaving.length === 0 ? 'selector re-ranked: same markets' : 'selector re-ranked: the set would change',
      );
    } catch (err) {
      if (!o.stop.aborted)
        o.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'selector re-ranking failed; next at the next period');
    }
  };
  arm();
  return stopAll;
}
