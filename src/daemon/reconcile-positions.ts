/**
 * Phase reconcile-positions: the journal's positions (after the missed fills) against the
 * venue's. A market that disagrees is REDUCING until the operator restarts with
 * lifecycle.acceptPositionMismatch, which logs the mismatch and trades on.
 */
import type { Logger } from 'pino';
import type { Decimal } from '../money.js';
import { reconcilePositions } from '../portfolio/reconcile-positions.js';
import type { RiskGate } from '../risk/index.js';
import { ErrorCode, MakerdError } from '../errors.js';

export interface ReconcileInput {
  readonly selected: readonly { readonly conditionId: string; readonly tokens: readonly [string, string] }[];
  /** The journal's position of a token. */
  readonly journalPosition: (tokenId: string) => Decimal;
  /** Reads the venue's positions again; `lastReadMs` tells whether any read succeeded. */
  readonly venue: { refresh(): Promise<void>; readonly lastReadMs: number | undefined; readonly positions: ReadonlyMap<string, Decimal> };
  readonly acceptMismatch: boolean;
  readonly risk: Pick<RiskGate, 'setOverride'>;
  readonly logger: Logger;
  /** Mismatched tokens per market, counted for makerd_position_mismatches (kept across the run). */
  readonly mismatches: Map<string, number>;
}

export async function reconcileWithVenue({
  selected,
  journalPosition,
  venue,
  acceptMismatch,
  risk,
  logger,
  mismatches,
}: ReconcileInput): Promise<void> {
  await venue.refresh();
  if (venue.lastReadMs === undefined)
    throw new MakerdError(ErrorCode.VENUE_FAULT, "start-up: could not read the venue's positions to reconcile the journal with", {
      where: 'start-up',
    });
  for (const m of reconcilePositions(selected, journalPosition, venue.positions)) {
    mismatches.set(m.market, (mismatches.get(m.market) ?? 0) + 1);
    const line = { market: m.market, token: m.tokenId, journal: m.journal.toFixed(), venue: m.venue.toFixed() };
    if (acceptMismatch)
      logger.warn(line, 'position mismatch between the journal and the venue: accepted (lifecycle.acceptPositionMismatch)');
    else {
      logger.error(
        line,
        'position mismatch between the journal and the venue: market REDUCING until restarted with --accept-position-mismatch',
      );
      risk.setOverride(m.market, 'reconciliation', 'REDUCING');
    }
  }
}
