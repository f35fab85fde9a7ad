/**
 * Resolved markets into the books (src/portfolio/settlement.ts). Every market ends and resolves;
 * what the account holds then is settled at 1 (the winning outcome) or 0 into realized PnL, once,
 * and its payout is redeemable until the operator redeems it (on the venue, on-chain; on the
 * simulator, POST /_sim/redeem).
 *
 * After every read of the account's positions (and at start-up, once the fills missed meanwhile
 * are counted, before the journal is reconciled with the venue), each market the portfolio holds
 * a position in is checked:
 * - its positions on the venue are `redeemable`, priced 1 or 0: the market resolved, and those
 *   prices say which outcome won (src/market/market-resolution.ts);
 * - otherwise, when there is reason to think it resolved (its end date passed, the market stream
 *   said `market_resolved`, or the venue holds none of the shares the journal says it holds), its
 *   listing (GET /markets/{id}) is read, at most once every LISTING_RECHECK_MS per market, and
 *   its `tokens[].winner` names the winner.
 * A resolved market's positions are settled on the fill feed's queue (FillFeed.exclusive), so the
 * settlement closes exactly the position its fills before it built: its records are computed
 * there, journaled (synchronized write), and only then applied. Their ids make them count once
 * (a restart replays them; a settlement whose record never reached the disk is simply made again).
 *
 * A settled position stops being redeemable when a read of the positions that began after its
 * settlement no longer shows the shares: a redemption record is journaled then. Nothing here
 * writes to the venue.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { isMakerdError } from '../errors.js';
import {
  type RedeemableRow,
  type Resolution,
  type Winner,
  resolutionOfListing,
  resolutionOfPositions,
} from '../market/market-resolution.js';
import { type Decimal, moneyText, ZERO } from '../money.js';
import { type FillJournal, type Portfolio, type Redemption, type Settlement, redemptionOf, settle } from '../portfolio/index.js';
import type { Market } from '../venue/types.js';

/** How often a market's listing is read again while it may have resolved and says no winner yet. */
export const LISTING_RECHECK_MS = 60_000;

export interface SettlementParts {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly portfolio: Portfolio;
  readonly journal: Pick<FillJournal, 'append'>;
  /** Runs a job between two batches of fills (FillFeed.exclusive). */
  readonly exclusive: <T>(job: () => Promise<T>) => Promise<T>;
  /** The account's positions (src/trading/position-poller.ts). */
  readonly positions: {
    readonly positions: ReadonlyMap<string, Decimal>;
    readonly redeemable: ReadonlyMap<string, Decimal>;
    readonly lastReadMs: number | undefined;
    onRead(listener: () => void): void;
    refresh(): Promise<void>;
  };
  /** GET /markets/{condition_id}. */
  readonly listing: (conditionId: string) => Promise<Market>;
  /** The market's end date as last read (Unix ms); undefined when not known. */
  readonly endOf: (conditionId: string) => number | undefined;
}

const tokenOf = (market: string, i: Winner): string => `${market}:${i}`;

export class MarketSettlements {
  readonly #p: SettlementParts;
  /** Reads of the positions completed so far. */
  #reads = 0;
  /** Per settlement made in this run: the read count a read must pass to have begun after it. */
  readonly #readAfter = new Map<string, number>();
  /** Markets the market stream said resolved. */
  readonly #told = new Set<string>();
  readonly #listingReadAt = new Map<string, number>();
  /** The last reason logged per market for not settling it (logged once, not every read). */
  readonly #unresolvedLogged = new Map<string, string>();
  #running: Promise<void> | undefined;
  #queued: Promise<void> | undefined;
  #closed = false;

  constructor(parts: SettlementParts) {
    this.#p = parts;
    parts.positions.onRead(() => {
      this.#reads++;
      void this.check();
    });
  }

  /** The market stream says the market resolved: its positions are read again at once. */
  resolvedByVenue(conditionId: string): void {
    this.#told.add(conditionId);
    void this.#p.positions.refresh();
  }

  /**
   * One check, begun after this call (coalesced: asked for while one runs, it runs once more after
   * that one, for every caller who asked meanwhile). Never throws.
   */
  check(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#running === undefined) return this.#start();
    this.#queued ??= this.#running.then(() => {
      this.#queued = undefined;
      return this.check();
    });
    return this.#queued;
  }

  #start(): Promise<void> {
    this.#running = this.#pass()
      .catch((err: unknown) =>
        this.#p.logger.warn({ err: (err as Error).message }, 'settlements: check failed; tried again at the next read'),
      )
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /** Stops checking; waits for the check under way. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queued;
    await this.#running;
  }

  async #pass(): Promise<void> {
    const p = this.#p;
    if (p.positions.lastReadMs === undefined) return;
    for (const market of p.portfolio.heldMarkets()) {
      if (this.#closed) return;
      const resolution = await this.#resolutionOf(market);
      if (resolution === undefined) continue;
      if ('unresolved' in resolution) {
        if (this.#unresolvedLogged.get(market) !== resolution.unresolved) {
          this.#unresolvedLogged.set(market, resolution.unresolved);
          p.logger.warn(
            { market, why: resolution.unresolved },
            'settlements: the venue does not say clearly how the market resolved; not settled',
          );
        }
        continue;
      }
      await this.#settle(market, resolution.winner);
    }
    if (!this.#closed) await this.#redemptions();
  }

  /** The market's winner if it resolved; undefined when there is no sign it did. */
  async #resolutionOf(market: string): Promise<Resolution | undefined> {
    const p = this.#p;
    const rows: RedeemableRow[] = [];
    for (const i of [0, 1] as const) {
      const price = p.positions.redeemable.get(tokenOf(market, i));
      if (price !== undefined) rows.push({ outcomeIndex: i, price });
    }
    if (rows.length > 0) return resolutionOfPositions(rows);
    const now = p.clock.now();
    const end = p.endOf(market);
    const venueHoldsNone = ([0, 1] as const).every((i) => {
      const journal = p.portfolio.position(tokenOf(market, i));
      return journal.isZero() || (p.positions.positions.get(tokenOf(market, i)) ?? ZERO).isZero();
    });
    const maybe = this.#told.has(market) || (end !== undefined && now >= end) || venueHoldsNone;
    if (!maybe || now - (this.#listingReadAt.get(market) ?? Number.NEGATIVE_INFINITY) < LISTING_RECHECK_MS) return undefined;
    this.#listingReadAt.set(market, now);
    let listing: Market;
    try {
      listing = await p.listing(market);
    } catch (err) {
      p.logger.warn(
        { market, code: isMakerdError(err) ? err.code : undefined, err: (err as Error).message },
        'settlements: could not read the market to see whether it resolved; tried again later',
      );
      return undefined;
    }
    const r = resolutionOfListing(listing);
    // No winner yet is the normal state of a market that has not resolved: not worth a warning.
    return 'winner' in r ? r : undefined;
  }

  async #settle(market: string, winner: Winner): Promise<void> {
    const p = this.#p;
    await p.exclusive(async () => {
      if (this.#closed) return;
      const now = p.clock.now();
      const records: Settlement[] = [];
      for (const t of p.portfolio.market(market)?.tokens ?? []) {
        const s = settle(t, winner, now);
        if (s !== undefined && !p.portfolio.hasSettled(s.id)) records.push(s);
      }
      if (records.length === 0) return;
      try {
        await p.journal.append(records);
      } catch (err) {
        p.logger.error(
          { market, err: (err as Error).message },
          'settlements: journal write failed; the market is settled at the next read',
        );
        return;
      }
      let pnl = ZERO;
      let payout = ZERO;
      for (const s of records) {
        pnl = pnl.add(p.portfolio.settle(s) ?? ZERO);
        payout = payout.add(s.payout);
        // The read under way may have begun before: the one after it decides the redemption.
        this.#readAfter.set(s.id, this.#reads + 1);
      }
      p.logger.info(
        {
          market,
          winningOutcome: winner,
          shares: Object.fromEntries(records.map((s) => [s.outcomeIndex, s.size.toFixed()])),
          settlementPnl: moneyText(pnl),
          redeemable: moneyText(payout),
        },
        'market resolved: its position settled at 1 / 0 into realized PnL; its payout is redeemable until redeemed',
      );
    });
    void p.positions.refresh();
  }

  /** Settled shares a read (begun after their settlement) no longer shows were redeemed. */
  async #redemptions(): Promise<void> {
    const p = this.#p;
    const gone: Redemption[] = [];
    const now = p.clock.now();
    for (const u of p.portfolio.unredeemed()) {
      // Settlements replayed from the journal were made before this run: any read of it will do.
      if (this.#reads <= (this.#readAfter.get(u.settlementId) ?? 0)) continue;
      if (!(p.positions.positions.get(u.tokenId) ?? ZERO).isZero()) continue;
      gone.push(redemptionOf({ id: u.settlementId, conditionId: u.conditionId, tokenId: u.tokenId }, now));
    }
    if (gone.length === 0) return;
    await p.exclusive(async () => {
      const fresh = gone.filter((r) => p.portfolio.unredeemed().some((u) => u.settlementId === r.settlementId));
      if (fresh.length === 0 || this.#closed) return;
      try {
        await p.journal.append(fresh);
      } catch (err) {
        p.logger.error({ err: (err as Error).message }, 'settlements: journal write failed; the redemption is recorded at the next read');
        return;
      }
      for (const r of fresh) p.portfolio.redeem(r);
      for (const market of new Set(fresh.map((r) => r.conditionId)))
        p.logger.info({ market }, 'resolved market redeemed: the venue no longer holds its shares; no longer redeemable');
    });
  }
}
