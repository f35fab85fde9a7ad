/** A backtest run's markets (run-backtest.ts): what the run keeps for each, made from the catalog at the start. */
import { MarketGuard } from '../guard/index.js';
import type { MarketMeta } from '../market/market-view.js';
import { type Decimal, ZERO } from '../money.js';
import type { SimCatalog } from '../sim/catalog/index.js';
import type { StoredBook } from '../trading/book-store.js';
import type { StrategyRun } from './run-contract.js';
import type { UnitsBookView } from './units-book-view.js';

/** A stored book (src/trading/book-store.ts) whose view the backtest made from engine units. */
export interface UnitsStoredBook extends StoredBook {
  readonly book: UnitsBookView;
}

export interface MarketState {
  readonly conditionId: string;
  readonly tokens: readonly [string, string];
  meta: MarketMeta;
  readonly stored: [UnitsStoredBook | undefined, UnitsStoredBook | undefined];
  strategyState: unknown;
  readonly guard: MarketGuard | undefined;
  mid0: Decimal | undefined;
  maxAbs: Decimal;
  /** When its quotes are pulled for its end (its end less quoting.stopBeforeEndSec), and whether that moment was seen. */
  readonly stopAtMs: number | undefined;
  stopped: boolean;
}

/** Every market of the catalog, in its order: no book yet, the strategy's initial state, its guard when the strategy has guards. */
export function runMarkets(
  catalog: SimCatalog,
  strategy: StrategyRun,
  metaOf: (conditionId: string) => MarketMeta,
  stopBeforeEndMs: number | undefined,
): Map<string, MarketState> {
  const markets = new Map<string, MarketState>();
  for (const m of catalog.markets) {
    markets.set(m.conditionId, {
      conditionId: m.conditionId,
      tokens: m.tokenIds,
      meta: metaOf(m.conditionId),
      stored: [undefined, undefined],
      strategyState: strategy.strategy.initialState(strategy.params),
      guard: strategy.guards === undefined ? undefined : new MarketGuard(m.conditionId, strategy.guards),
      mid0: undefined,
      maxAbs: ZERO,
      stopAtMs: m.endDate === '' || stopBeforeEndMs === undefined ? undefined : Date.parse(m.endDate) - stopBeforeEndMs,
      stopped: false,
    });
  }
  return markets;
}
