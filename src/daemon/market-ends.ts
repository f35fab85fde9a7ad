/**
 * Part of phase start-quoting: markets end while the daemon runs (src/market/market-end.ts). Every
 * second of the clock each market quoted (or reducing on its way out) is checked against its end:
 * from its stop (its end less its stopBeforeEndSec), past its end, closed by the venue (a listing
 * read says `closed` or `accepting_orders: false`, or the market stream says it resolved), or with
 * an end date that does not read as one, it leaves the quoted set at once: its orders are
 * cancelled and verified (quoted-set.ts `end`: no reducing step, the position is held through
 * resolution) and it is never taken back. The risk gate has already refused every order there
 * from the stop on (`market-ending`, `market-closed`, `end-date-unknown`), so none is placed
 * inside the window whatever this check's timing.
 *
 * A market the selector picked is replaced at once by the selector's next market of this shard
 * (none quoted, leaving or ended; none inside its own stop window), so that the daemon keeps
 * quoting selector.top markets; when none can be found the search is tried again every
 * RETRY_MS. A configured `markets` entry that ends is not replaced: the configuration named it.
 * Each market stopped is logged and counted once (makerd_markets_stopped_total{reason}).
 */
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock/clock.js';
import { type EndReason, endReason, stopAtOf } from '../market/market-end.js';
import type { SelectedMarket } from '../market/market-selection.js';
import type { MarketMeta } from '../market/market-view.js';
import type { QuotedSet } from './quoted-set.js';

/** How often the quoted markets are checked against their ends. */
export const CHECK_MS = 1_000;
/** How soon a replacement that found nothing is looked for again. */
export const RETRY_MS = 10_000;

export interface MarketEndsParts {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly signal: AbortSignal;
  readonly set: Pick<QuotedSet, 'quoted' | 'leaving' | 'end' | 'join'>;
  /** Each market's stop in ms (its binding's, from markets[i] or quoting.stopBeforeEndSec). */
  readonly stopBeforeEndMs: (conditionId: string) => number;
  /** The market's rules as last read (MetadataCache.lastKnown): its end date and the venue's word. */
  readonly meta: (conditionId: string) => MarketMeta | undefined;
  /** The selector's next `count` markets of this shard, none of `exclude`. */
  readonly replace: (count: number, exclude: ReadonlySet<string>) => Promise<readonly SelectedMarket[]>;
  /** Runs a change of the quoted set after the others (a re-ranking's swaps), never beside them. */
  readonly serial: (task: () => Promise<void>) => Promise<void>;
  /** A market stopped for its end: counted once. */
  readonly stopped: (reason: EndReason) => void;
  /** A replacement joined (`in`) for a market that ended (`out`): the selector's swap counter. */
  readonly swapped?: ((direction: 'in' | 'out') => void) | undefined;
}

export class MarketEnds {
  readonly #p: MarketEndsParts;
  /** Markets stopped for their end, and why: never quoted again. */
  readonly #ended = new Map<string, EndReason>();
  /** Markets the market stream said resolved (closed before any listing read says so). */
  readonly #closedByStream = new Set<string>();
  /** The selector's markets that ended and are not replaced yet. */
  #owed = 0;
  #replacing = false;
  #retryAtMs = 0;
  #timer: TimerHandle | undefined;
  #closed = false;

  constructor(parts: MarketEndsParts) {
    this.#p = parts;
    this.#arm();
  }

  /** Markets stopped for their end so far, and why. */
  get ended(): ReadonlyMap<string, EndReason> {
    return this.#ended;
  }

  /** The selector's markets ended and not replaced yet. */
  get owed(): number {
    return this.#owed;
  }

  /** The market stream says the market resolved: it is handled as closed at once. */
  closedByVenue(conditionId: string): void {
    this.#closedByStream.add(conditionId);
    this.check();
  }

  /** One check of every market quoted or reducing (public for tests: the timer calls it). */
  check(): void {
    const p = this.#p;
    const now = p.clock.now();
    const reducing = new Set(p.set.leaving().flatMap((l) => (l.state === 'reducing' ? [l.market] : [])));
    const candidates = [
      ...p.set.quoted().map((q) => ({ id: q.market.conditionId, selector: q.market.entry === 'selector' })),
      ...[...reducing].map((id) => ({ id, selector: false })),
    ];
    for (const { id, selector } of candidates) {
      const reason = this.#reasonOf(id, now);
      if (reason === undefined) continue;
      this.#ended.set(id, reason);
      p.stopped(reason);
      const meta = p.meta(id);
      const end = meta?.endDateMs;
      p.logger.info(
        {
          market: id,
          reason,
          endDate: end === undefined ? null : new Date(end).toISOString(),
          stopAt: end === undefined ? null : new Date(stopAtOf(end, p.stopBeforeEndMs(id))).toISOString(),
          replaced: selector,
        },
        'market ends: quotes pulled; its orders cancelled and verified, its position held',
      );
      p.set.end(id);
      if (selector) {
        this.#owed++;
        p.swapped?.('out');
      }
    }
    if (this.#owed > 0 && !this.#replacing && now >= this.#retryAtMs) void this.#replace();
  }

  close(): void {
    this.#closed = true;
    if (this.#timer !== undefined) this.#p.clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }

  #reasonOf(id: string, now: number): EndReason | undefined {
    if (this.#closedByStream.has(id)) return 'closed';
    const meta = this.#p.meta(id);
    // No rules read yet: the trading loop does not quote it either (it waits for them).
    if (meta === undefined) return undefined;
    return endReason(meta, this.#p.stopBeforeEndMs(id), now);
  }

  async #replace(): Promise<void> {
    const p = this.#p;
    this.#replacing = true;
    try {
      await p.serial(async () => {
        const exclude = new Set([
          ...p.set.quoted().map((q) => q.market.conditionId),
          ...p.set.leaving().map((l) => l.market),
          ...this.#ended.keys(),
        ]);
        const picks = await p.replace(this.#owed, exclude);
        for (const m of picks) {
          if (this.#owed === 0 || p.signal.aborted) break;
          try {
            await p.set.join(m);
            this.#owed--;
            p.swapped?.('in');
            p.logger.info({ market: m.conditionId, slug: m.slug }, 'market ends: another market joins in its place');
          } catch (err) {
            p.logger.error(
              { market: m.conditionId, err: (err as Error).message },
              'market ends: a replacement could not join; it stays out',
            );
          }
        }
      });
    } catch (err) {
      if (!p.signal.aborted) p.logger.warn({ err: (err as Error).message }, 'market ends: looking for a replacement failed');
    } finally {
      this.#replacing = false;
      if (this.#owed > 0) {
        this.#retryAtMs = p.clock.now() + RETRY_MS;
        p.logger.info({ owed: this.#owed, retryInSec: RETRY_MS / 1000 }, 'market ends: fewer replacements found than markets ended');
      }
    }
  }

  #arm(): void {
    if (this.#closed || this.#p.signal.aborted) return;
    this.#timer = this.#p.clock.setTimer(() => {
      this.#timer = undefined;
      try {
        this.check();
      } finally {
        this.#arm();
      }
    }, CHECK_MS);
  }
}
