/**
 * MarkoutTracker (src/backtest/markout.ts): each fill settles at the first poll at or after its
 * horizon, at that poll's midpoint, per market; polls before it settle nothing.
 */
import { describe, expect, it } from 'vitest';
import { MarkoutTracker } from '../../src/backtest/markout.js';
import { Decimal } from '../../src/money.js';
import { makerFill } from '../support/maker-fill.js';

const d = (x: string | number) => new Decimal(x);

const at = (t: MarkoutTracker, horizonS: number) => {
  const f = t.figures().find((x) => x.horizonS === horizonS)!;
  return { total: f.total.toFixed(), shares: f.shares.toFixed(), fills: f.fills, adverse: f.adverseFills, unresolved: f.unresolved };
};

describe('mark-outs', () => {
  it('settles each fill at the first poll at or after its horizon, market by market', () => {
    const t = new MarkoutTracker([5, 60]);
    t.onFill(makerFill('a', 'm', 0, 'BUY', '0.50', 10), 1_000, d('0.5'));
    t.onMid('m', 5_999, d('0.9')); // before a's 5 s: nothing
    expect(at(t, 5)).toEqual({ total: '0', shares: '0', fills: 0, adverse: 0, unresolved: 1 });
    // A later fill while a waits; another market's poll settles nothing here.
    t.onFill(makerFill('b', 'm', 1, 'SELL', '0.45', 4), 3_000, d('0.5'));
    t.onMid('other', 60_000, d('0.1'));
    t.onMid('m', 6_000, d('0.52')); // a: +0.02 x 10
    expect(at(t, 5)).toEqual({ total: '0.2', shares: '10', fills: 1, adverse: 0, unresolved: 1 });
    t.onMid('m', 7_999, d('0.6'));
    t.onMid('m', 8_500, d('0.58')); // b (outcome 1, sold at 0.45): 0.45 - (1 - 0.58) = 0.03 x 4
    expect(at(t, 5)).toEqual({ total: '0.32', shares: '14', fills: 2, adverse: 0, unresolved: 0 });
    expect(at(t, 60)).toEqual({ total: '0', shares: '0', fills: 0, adverse: 0, unresolved: 2 });
    t.onMid('m', 61_000, undefined); // no midpoint: nothing settles
    t.onMid('m', 61_000, d('0.40')); // a: -0.10 x 10
    expect(at(t, 60)).toEqual({ total: '-1', shares: '10', fills: 1, adverse: 1, unresolved: 1 });
    t.onMid('m', 63_000, d('0.40')); // b: 0.45 - 0.60 = -0.15 x 4
    expect(at(t, 60)).toEqual({ total: '-1.6', shares: '14', fills: 2, adverse: 2, unresolved: 0 });
    // Nothing left: a fill after everything settled waits for its own horizon again.
    t.onFill(makerFill('c', 'm', 0, 'SELL', '0.40', 1), 70_000, d('0.4'));
    t.onMid('m', 74_000, d('0.30'));
    expect(at(t, 5).fills).toBe(2);
    t.onMid('m', 75_000, d('0.30'));
    expect(at(t, 5)).toEqual({ total: '0.42', shares: '15', fills: 3, adverse: 0, unresolved: 0 });
  });

  it('is exact off the micro grid too: a midpoint between micro-units, a size of more decimals', () => {
    const t = new MarkoutTracker([0, 1]);
    t.onFill(makerFill('a', 'm', 0, 'BUY', '0.50', 10), 0, d('0.5000005')); // +0.0000005 x 10
    t.onFill(makerFill('b', 'm', 1, 'BUY', '0.40', 0.0000001), 0, d('0.5')); // +0.1 x 0.0000001
    t.onMid('m', 1_000, d('0.4999995')); // a: -0.0000005 x 10; b: (1 - 0.4999995 - 0.40) x 0.0000001 = +0.00000001000005
    expect(at(t, 0)).toEqual({ total: '0.00000501', shares: '10.0000001', fills: 2, adverse: 0, unresolved: 0 });
    expect(at(t, 1)).toEqual({ total: '-0.00000498999995', shares: '10.0000001', fills: 2, adverse: 1, unresolved: 0 });
  });
});
