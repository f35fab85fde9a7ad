/**
 * The ends of a run's markets on the injected clock (end-schedule.ts says when). For each group
 * of markets that end together, in time order:
 *   window start  its outcome is drawn (outcome-draw.ts) from the fair values then; the flows
 *                 heat up and drift toward it (market-end.ts);
 *   end           each market closes: the exchange cancels every resting order on it and refuses
 *                 new ones, the listings say `closed` and no longer `accepting_orders`, and the
 *                 orders cancelled (the operator's apart) are recorded;
 *   resolution    each market resolves: the winner's token pays 1 a share, the other 0.
 * One clock timer stands for the next of these moments, so the schedule costs nothing between
 * them; moments already due (a market whose last stretch began before the start) run at start().
 */
import type { Clock, TimerHandle } from '../../clock/clock.js';
import { setMarketStatus, type MarketStatus } from '../catalog/market-status.js';
import type { CatalogMarket } from '../catalog/catalog-model.js';
import type { ClosedOrder } from '../exchange/market-close.js';
import { SimRng } from '../rng.js';
import type { EndGroup } from './end-schedule.js';
import type { MarketEnd } from './market-end.js';
import { drawWinners } from './outcome-draw.js';

/** What the ends need of the exchange (src/sim/exchange's MatchingExchange). */
export interface MarketEndsExchange {
  closeMarket(tokenIds: readonly string[]): ClosedOrder[];
  resolveMarket(tokenIds: readonly [string, string], winner: 0 | 1): void;
  midpoint(tokenId: string): string | undefined;
}

export interface MarketEndsOptions {
  readonly clock: Clock;
  readonly exchange: MarketEndsExchange;
  readonly groups: readonly EndGroup[];
  readonly seed: string | number;
  /** The flow's fair value of a token (decimal text), undefined when it has none. */
  readonly fair: (tokenId: string) => string | undefined;
}

/** One market that reached its end, for GET /_sim/ends. */
export interface EndedMarket {
  readonly market: CatalogMarket;
  readonly group: EndGroup;
  /** Clock time at which it closed. */
  readonly closedAtMs: number;
  readonly ordersCancelled: number;
  readonly operatorOrdersCancelled: number;
  /** Clock time at which it resolved, and the winning outcome; undefined until then. */
  resolvedAtMs: number | undefined;
  winner: 0 | 1 | undefined;
}

type Kind = 'draw' | 'close' | 'resolve';
const KIND_ORDER: Readonly<Record<Kind, number>> = { draw: 0, close: 1, resolve: 2 };

interface Moment {
  readonly atMs: number;
  readonly kind: Kind;
  readonly group: EndGroup;
}

export class MarketEnds {
  readonly #o: MarketEndsOptions;
  readonly #records = new Map<string, MarketEnd>();
  readonly #moments: Moment[];
  #next = 0;
  #timer: TimerHandle | undefined;
  #running = false;
  readonly #ended: EndedMarket[] = [];
  readonly #endedByMarket = new Map<string, EndedMarket>();
  readonly #rng: SimRng;

  constructor(options: MarketEndsOptions) {
    this.#o = options;
    this.#rng = new SimRng(`ends:${String(options.seed)}`);
    const moments: Moment[] = [];
    for (const group of options.groups) {
      const record = (): MarketEnd => ({ windowStartMs: group.windowStartMs, endMs: group.endMs, winner: undefined, closed: false });
      for (const m of group.markets) this.#records.set(m.conditionId, record());
      moments.push({ atMs: group.windowStartMs, kind: 'draw', group });
      moments.push({ atMs: group.endMs, kind: 'close', group });
      moments.push({ atMs: group.resolveMs, kind: 'resolve', group });
    }
    moments.sort((a, b) => a.atMs - b.atMs || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
    this.#moments = moments;
  }

  /** Each scheduled market's end, by condition id, for the flows. */
  get records(): ReadonlyMap<string, MarketEnd> {
    return this.#records;
  }

  /** The groups in order of their end. */
  get groups(): readonly EndGroup[] {
    return this.#o.groups;
  }

  /** Markets that reached their end, in the order they did. */
  ended(): readonly EndedMarket[] {
    return this.#ended;
  }

  endedMarket(conditionId: string): EndedMarket | undefined {
    return this.#endedByMarket.get(conditionId);
  }

  /** When the next market ends (ms), undefined when none is left. */
  nextEndMs(): number | undefined {
    for (let i = this.#next; i < this.#moments.length; i++) if (this.#moments[i]!.kind === 'close') return this.#moments[i]!.atMs;
    return undefined;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#run();
  }

  stop(): void {
    this.#running = false;
    if (this.#timer !== undefined) this.#o.clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }

  /** Runs every moment due, then waits for the next one. */
  #run(): void {
    this.#timer = undefined;
    if (!this.#running) return;
    const now = this.#o.clock.now();
    while (this.#next < this.#moments.length && this.#moments[this.#next]!.atMs <= now) {
      const m = this.#moments[this.#next++]!;
      if (m.kind === 'draw') this.#draw(m.group);
      else if (m.kind === 'close') this.#close(m.group);
      else this.#resolve(m.group);
    }
    const next = this.#moments[this.#next];
    if (next !== undefined) this.#timer = this.#o.clock.setTimer(() => this.#run(), Math.max(0, next.atMs - now));
  }

  #record(m: CatalogMarket): MarketEnd {
    return this.#records.get(m.conditionId)!;
  }

  #draw(group: EndGroup): void {
    if (this.#record(group.markets[0]!).winner !== undefined) return;
    const p0 = group.markets.map((m) => Number(this.#o.fair(m.tokenIds[0]) ?? m.initialFair));
    const rng = this.#rng.fork(group.markets[0]!.conditionId);
    drawWinners(rng, p0, group.negRisk).forEach((w, i) => {
      this.#record(group.markets[i]!).winner = w;
    });
  }

  #close(group: EndGroup): void {
    this.#draw(group);
    const now = this.#o.clock.now();
    for (const m of group.markets) {
      const record = this.#record(m);
      if (record.closed) continue;
      const closingPrices = this.#closingPrices(m);
      const cancelled = this.#o.exchange.closeMarket(m.tokenIds);
      record.closed = true;
      setMarketStatus(m, { closed: true, closingPrices });
      const ended: EndedMarket = {
        market: m,
        group,
        closedAtMs: now,
        ordersCancelled: cancelled.length,
        operatorOrdersCancelled: cancelled.filter((o) => o.operator).length,
        resolvedAtMs: undefined,
        winner: undefined,
      };
      this.#ended.push(ended);
      this.#endedByMarket.set(m.conditionId, ended);
    }
  }

  /** Each token's price as it closes: its midpoint, else the flow's fair value (undefined: neither). */
  #closingPrices(m: CatalogMarket): MarketStatus['closingPrices'] {
    const price = (i: 0 | 1): string | undefined => this.#o.exchange.midpoint(m.tokenIds[i]) ?? this.#o.fair(m.tokenIds[i]);
    const p0 = price(0);
    const p1 = price(1);
    return p0 === undefined || p1 === undefined ? undefined : [p0, p1];
  }

  #resolve(group: EndGroup): void {
    const now = this.#o.clock.now();
    for (const m of group.markets) {
      const ended = this.#endedByMarket.get(m.conditionId);
      const winner = this.#record(m).winner;
      if (ended === undefined || winner === undefined || ended.winner !== undefined) continue;
      this.#o.exchange.resolveMarket(m.tokenIds, winner);
      setMarketStatus(m, { closed: true, winner });
      ended.resolvedAtMs = now;
      ended.winner = winner;
    }
  }
}
