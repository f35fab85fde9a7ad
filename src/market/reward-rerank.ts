/**
 * selector.by = "rewards" ranks again every `selector.rerankSec` seconds of the clock: the same
 * listing and book reads as at start (within the limits), the same memory of midpoints (the
 * volatility grows more accurate with every ranking) and of logged problems. Each ranking is
 * logged: the picks, and which markets would enter and leave the set being quoted.
 *
 * The set quoted is the one chosen at start: the daemon subscribes, reads rules and binds
 * strategies once, so a new ranking takes effect at the next start (the log line says so).
 */
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock/clock.js';
import { selectMarketsDetailed, type SelectionClient, type SelectionSpec, type SelectOptions } from './market-selection.js';

export interface RerankOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly stop: AbortSignal;
  readonly periodSec: number;
  /** The selector part of the configuration, and the shard. */
  readonly spec: SelectionSpec;
  /** The selector's markets being quoted. */
  readonly quoted: readonly string[];
  readonly rewards: Pick<SelectOptions, 'midHistory' | 'loggedProblems' | 'onRewardsProblem'>;
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
  const quoted = new Set(o.quoted);
  const arm = (): void => {
    if (stopped) return;
    timer = o.clock.setTimer(() => {
      timer = undefined;
      void rank().finally(arm);
    }, o.periodSec * 1000);
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
      const picks = r.selected.map((m) => m.conditionId);
      const entering = picks.filter((id) => !quoted.has(id));
      const leaving = [...quoted].filter((id) => !picks.includes(id));
      o.logger.info(
        { picks, entering, leaving, ranked: r.ranking?.ranked.length ?? 0, unranked: r.ranking?.problems.length ?? 0 },
        entering.length + leaving.length === 0
          ? 'selector re-ranked: same markets'
          : 'selector re-ranked: the new set applies at the next start',
      );
    } catch (err) {
      if (!o.stop.aborted)
        o.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'selector re-ranking failed; next at the next period');
    }
  };
  arm();
  return stopAll;
}
