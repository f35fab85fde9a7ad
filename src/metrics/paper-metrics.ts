/**
 * Paper mode's own figures, `makerd_paper_*` (docs/paper-trading.md). Every other series of a paper
 * run is the usual one (fills, PnL, orders, quotes...) counting virtual orders and fills, and the
 * whole registry carries the label `mode="paper"` (serve-metrics.ts), so a dashboard can never
 * add paper figures to live ones.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { PaperStats } from '../paper/paper-venue.js';
import { cumulative } from './cumulative.js';

export interface PaperSource {
  readonly stats: Readonly<PaperStats>;
  readonly openCount: number;
}

export function registerPaperMetrics(registry: Registry, source: () => PaperSource | undefined): void {
  // Registered first: its collect() refreshes the counters below before they are serialized.
  let refresh: (s: Readonly<PaperStats>) => void = () => {};
  new Gauge({
    name: 'makerd_paper_virtual_orders',
    help: 'Virtual orders resting in the paper fill model',
    registers: [registry],
    collect() {
      const p = source();
      if (p === undefined) return;
      refresh(p.stats);
      this.set(p.openCount);
    },
  });
  const counter = (name: string, help: string) => cumulative(new Counter({ name, help, registers: [registry] }), { exportZero: true });
  const fills = counter(
    'makerd_paper_virtual_fills_total',
    'Virtual fills of the queue model (each also counted in makerd_fills_total once journaled)',
  );
  const shares = counter('makerd_paper_virtual_filled_shares_total', 'Shares of the virtual fills');
  const refused = counter('makerd_paper_refused_total', 'Virtual post-only orders refused: they would have crossed the public book');
  const expired = counter('makerd_paper_expired_total', 'Virtual GTD orders removed at their expiration, as the venue expires them');
  const trades = counter('makerd_paper_public_trades_total', 'Public trades (market stream last_trade_price) given to the queue model');
  const books = counter('makerd_paper_book_events_total', 'Book and price-change events given to the queue model');
  refresh = (s) => {
    fills({}, s.fills);
    shares({}, s.filledShares.toNumber());
    refused({}, s.refused);
    expired({}, s.expired);
    trades({}, s.publicTrades);
    books({}, s.bookEvents);
  };
}
