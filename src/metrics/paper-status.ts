/** Paper mode's part of /status: the paper venue's counters as the operator reads them. */
import type { PaperStats } from '../paper/paper-venue.js';

/** Paper mode's own part of /status (docs/paper-trading.md). */
export interface PaperStatus {
  /** Where its virtual fills are journaled (never the live journal). */
  readonly journal: string;
  readonly virtualOrders: number;
  readonly virtualFills: number;
  readonly filledShares: string;
  readonly refused: number;
  readonly expired: number;
  readonly publicTrades: number;
  readonly bookEvents: number;
}

export function paperStatus(p: { readonly stats: Readonly<PaperStats>; readonly openCount: number }, journal: string): PaperStatus {
  const s = p.stats;
  return {
    journal,
    virtualOrders: p.openCount,
    virtualFills: s.fills,
    filledShares: s.filledShares.toFixed(),
    refused: s.refused,
    expired: s.expired,
    publicTrades: s.publicTrades,
    bookEvents: s.bookEvents,
  };
}
