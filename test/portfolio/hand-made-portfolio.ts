/** A small portfolio whose every figure is worked out by hand (test/portfolio/income.test.ts), for the income tests. */
import { Portfolio } from '../../src/portfolio/portfolio.js';
import { settle } from '../../src/portfolio/settlement.js';
import { d, fill, T0 } from './support.js';

/**
 * Market 0xaaaa: a maker buy of 10 at 0.40 (rebate 0.012), a taker sell of 4 at 0.50 (fee 0.05),
 * marked at 0.45. Market 0xbbbb: a taker buy of 5 of outcome 1 at 0.30 (fee 0.0525), which wins.
 */
export function handMadePortfolio(clock: { now(): number } = { now: () => T0 + 3_600_000 }): Portfolio {
  const p = new Portfolio({ clock });
  p.applyAll([
    fill({ side: 'BUY', price: '0.40', size: '10', role: 'maker', rebate: '0.012' }),
    fill({ side: 'SELL', price: '0.50', size: '4', fee: '0.05' }),
    fill({ side: 'BUY', price: '0.30', size: '5', fee: '0.0525', market: '0xbbbb', outcome: 1 }),
  ]);
  p.mark('0xaaaa:0', d('0.45'));
  p.settle(settle(p.token('0xbbbb:1')!, 1, T0 + 60_000)!);
  return p;
}
