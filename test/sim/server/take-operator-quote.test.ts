/**
 * The end-to-end tests' taker (test/support/account-fills.ts `takeOperatorQuote`) against the
 * in-process simulator: it crosses the operator's quote on the wanted leg; with `nudge`, a quote
 * stuck on its other leg is taken from (a partial take, which has a daemon re-post it and choose
 * its leg afresh) until the wanted leg comes, at most three times.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operatorOf, takeOperatorQuote } from '../../support/account-fills.js';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { rest, synthetic } from './trade-helpers.js';

let h: SimHarness;

beforeEach(async () => {
  h = await startSimHarness({ markets: 2, edgeLimits: { enabled: false } });
});

afterEach(async () => {
  await h.close();
});

function market() {
  const t = h.sim.world.lookup.tokens().find((x) => x.outcomeIndex === 0 && x.tickSize.eq('0.01') && x.minOrderSize.lte(5));
  expect(t).toBeDefined();
  return t!;
}

describe('takeOperatorQuote', () => {
  it('nudges a quote stuck on its other leg until the wanted leg rests, then takes that', async () => {
    const m = market();
    const op = operatorOf(h);
    const taker = synthetic(h, 1);
    // The operator's ask rests as BUY outcome 1 (at 0.45, an outcome-0 ask at 0.55).
    rest(h, op, m.oppositeTokenId, 'BUY', '0.45', '10');
    // Standing in for the daemon: a partial fill of that order has the ask re-posted, as SELL outcome 0.
    const fills: string[] = [];
    h.sim.world.exchange.subscribe((e) => {
      if (e.type !== 'trade' || e.address !== op.address) return;
      fills.push(`${e.trade.side} ${e.trade.asset_id.slice(-1)} ${e.trade.size}`);
      if (fills.length === 1) rest(h, op, m.tokenId, 'SELL', '0.55', '10');
    });
    const taken = await takeOperatorQuote(h, taker, {
      market: m.conditionId,
      quote: 'ask',
      leg: { outcome: 0, side: 'SELL' },
      size: '6',
      nudge: '5',
    });
    expect([taken.asset_id, taken.side, taken.price]).toEqual([m.tokenId, 'SELL', '0.55']);
    // One nudge (5 of the BUY outcome 1), then the wanted take (6 of the SELL outcome 0).
    expect(fills).toEqual(['BUY 1 5', 'SELL 0 6']);
  }, 20_000);

  it('without a nudge, a quote on the other leg is never taken and the wait fails', async () => {
    const m = market();
    const op = operatorOf(h);
    rest(h, op, m.oppositeTokenId, 'BUY', '0.45', '10');
    await expect(
      takeOperatorQuote(h, synthetic(h, 1), {
        market: m.conditionId,
        quote: 'ask',
        leg: { outcome: 0, side: 'SELL' },
        size: '6',
        timeoutMs: 300,
      }),
    ).rejects.toThrow(/SELL outcome 0\) with >= 6 left \(0 nudges\)/);
    expect(h.sim.world.exchange.openOrders(op, { market: m.conditionId })[0]?.size_matched).toBe('0');
  });
});
