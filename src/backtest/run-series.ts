/** A backtest run's series (RunResult.series): PnL and net inventory over the run, with every market marked at its midpoint. */
import { ONE, ZERO } from '../money.js';
import type { Portfolio } from '../portfolio/portfolio.js';
import type { SeriesPoint } from './run-contract.js';
import type { MarketState } from './run-markets.js';

export class RunSeries {
  readonly points: SeriesPoint[] = [];

  constructor(
    private readonly portfolio: Portfolio,
    private readonly markets: ReadonlyMap<string, MarketState>,
    private readonly now: () => number,
    private readonly startMs: number,
  ) {}

  /** Marks outcome 0 at the market's midpoint and outcome 1 at its complement (markets without a midpoint yet: unmarked). */
  markAll(): void {
    for (const st of this.markets.values()) {
      if (st.mid0 === undefined) continue;
      this.portfolio.mark(st.tokens[0], st.mid0);
      this.portfolio.mark(st.tokens[1], ONE.minus(st.mid0));
    }
  }

  sample(): void {
    this.markAll();
    let inventory = ZERO;
    for (const st of this.markets.values()) inventory = inventory.plus(this.portfolio.netExposure(st.conditionId));
    this.points.push({
      t: (this.now() - this.startMs) / 1000,
      pnl: this.portfolio.equity().totalPnl.toNumber(),
      inventory: inventory.toNumber(),
    });
  }
}
