/** Quotes in outcome-0 space become token orders that never sell what is not held. */
import { describe, expect, it } from 'vitest';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { toOrderIntents } from '../../src/strategy/legs.js';
import { CONDITION, TOKEN_NO, TOKEN_YES, liveOrder, makeView, quote } from './view-fixture.js';

const show = (intents: readonly OrderIntent[]) =>
  intents.map(
    (o) =>
      `${o.quoteSide}: ${o.side} ${o.tokenId === TOKEN_YES ? 'yes' : o.tokenId === TOKEN_NO ? 'no' : o.tokenId} ${o.price.toFixed()} x ${o.size.toFixed()}`,
  );

describe('toOrderIntents', () => {
  it('with nothing held, bids buy outcome 0 and asks buy outcome 1 at the complement', () => {
    const intents = toOrderIntents(makeView(), [quote('bid', '0.48', '20'), quote('ask', '0.53', '10')]);
    expect(show(intents)).toEqual(['bid: BUY yes 0.48 x 20', 'ask: BUY no 0.47 x 10']);
    expect(intents.every((i) => i.conditionId === CONDITION)).toBe(true);
  });

  it('sells held outcome 0 for an ask and held outcome 1 for a bid', () => {
    const intents = toOrderIntents(makeView({ position: ['10', '20'] }), [quote('bid', '0.48', '20'), quote('ask', '0.53', '10')]);
    expect(show(intents)).toEqual(['bid: SELL no 0.52 x 20', 'ask: SELL yes 0.53 x 10']);
  });

  it('commits holdings to the best quotes first, whole quotes only, and keeps the quotes order', () => {
    // 25 of outcome 0: the 0.52 ask (15) takes 15, the 0.53 ask (15) does not fit in the 10
    // left, the 0.55 ask (10) does.
    const quotes = [quote('ask', '0.55', '10'), quote('ask', '0.53', '15'), quote('ask', '0.52', '15')];
    expect(show(toOrderIntents(makeView({ position: ['25', '0'] }), quotes))).toEqual([
      'ask: SELL yes 0.55 x 10',
      'ask: BUY no 0.47 x 15',
      'ask: SELL yes 0.52 x 15',
    ]);
  });

  it('commits outcome 1 to the highest bids first', () => {
    const quotes = [quote('bid', '0.45', '10'), quote('bid', '0.47', '10'), quote('bid', '0.46', '10')];
    expect(show(toOrderIntents(makeView({ position: ['0', '15'] }), quotes))).toEqual([
      'bid: BUY yes 0.45 x 10',
      'bid: SELL no 0.53 x 10',
      'bid: BUY yes 0.46 x 10',
    ]);
  });

  it('never crosses holdings between sides: outcome 0 held does not cover a bid', () => {
    expect(show(toOrderIntents(makeView({ position: ['100', '0'] }), [quote('bid', '0.48', '20')]))).toEqual(['bid: BUY yes 0.48 x 20']);
  });

  it('an exactly covered quote sells; one share short buys the complement', () => {
    expect(show(toOrderIntents(makeView({ position: ['10', '0'] }), [quote('ask', '0.999', '10')]))).toEqual(['ask: SELL yes 0.999 x 10']);
    expect(show(toOrderIntents(makeView({ position: ['9.99', '0'] }), [quote('ask', '0.999', '10')]))).toEqual(['ask: BUY no 0.001 x 10']);
  });

  it('commits a holding past the micro-unit (7 decimals) as exactly as any other', () => {
    // 10.0000001 of outcome 0: the 0.52 ask takes 10; 0.0000001 is left, short of the 0.53 ask's 0.01.
    const quotes = [quote('ask', '0.53', '0.01'), quote('ask', '0.52', '10')];
    expect(show(toOrderIntents(makeView({ position: ['10.0000001', '0'] }), quotes))).toEqual([
      'ask: BUY no 0.47 x 0.01',
      'ask: SELL yes 0.52 x 10',
    ]);
    expect(show(toOrderIntents(makeView({ position: ['10.01', '0'] }), quotes))).toEqual([
      'ask: SELL yes 0.53 x 0.01',
      'ask: SELL yes 0.52 x 10',
    ]);
  });

  it('maps nothing to nothing', () => {
    expect(toOrderIntents(makeView(), [])).toEqual([]);
  });
});

describe('toOrderIntents: a resting quote keeps its leg', () => {
  it('a bid resting as a BUY stays one when outcome 1 comes to be held (the ask filled); a new bid sells the holding', () => {
    const live = [liveOrder('b1', 0, 'BUY', '0.48', '20')];
    const quotes = [quote('bid', '0.48', '20'), quote('bid', '0.47', '20')];
    expect(show(toOrderIntents(makeView({ position: ['0', '20'], live }), quotes))).toEqual([
      'bid: BUY yes 0.48 x 20',
      'bid: SELL no 0.53 x 20',
    ]);
    // An ask resting as BUY outcome 1 stays one with outcome 0 held.
    const ask = [liveOrder('a1', 1, 'BUY', '0.47', '10')];
    expect(show(toOrderIntents(makeView({ position: ['10', '0'], live: ask }), [quote('ask', '0.53', '10')]))).toEqual([
      'ask: BUY no 0.47 x 10',
    ]);
  });

  it('a quote resting as a SELL keeps the holding before a better new quote takes it', () => {
    // 20 of outcome 1: the resting 0.47 bid (SELL no 0.53 x 15) keeps 15; the new 0.48 bid (10) does not fit in the 5 left.
    const live = [liveOrder('s1', 1, 'SELL', '0.53', '15')];
    const quotes = [quote('bid', '0.48', '10'), quote('bid', '0.47', '15')];
    expect(show(toOrderIntents(makeView({ position: ['0', '20'], live }), quotes))).toEqual([
      'bid: BUY yes 0.48 x 10',
      'bid: SELL no 0.53 x 15',
    ]);
    // Without it resting, the best quote takes the holding first.
    expect(show(toOrderIntents(makeView({ position: ['0', '20'] }), quotes))).toEqual(['bid: SELL no 0.52 x 10', 'bid: BUY yes 0.47 x 15']);
  });

  it('two quotes at one price rest on the orders of their own sizes (a kept order comes back at its remaining size)', () => {
    // As in a live run: the band's kept ask 0.33 x 12 rests as SELL yes, its top-up 0.33 x 8 as BUY no; 20 yes held.
    const live = [liveOrder('t', 1, 'BUY', '0.67', '8'), liveOrder('k', 0, 'SELL', '0.33', '12')];
    const quotes = [quote('ask', '0.33', '12'), quote('ask', '0.33', '8')];
    expect(show(toOrderIntents(makeView({ position: ['20', '0'], live }), quotes))).toEqual([
      'ask: SELL yes 0.33 x 12',
      'ask: BUY no 0.67 x 8',
    ]);
  });

  it('a resting SELL no longer covered by what is held goes to the BUY leg: nothing is sold that is not held', () => {
    const live = [liveOrder('s1', 0, 'SELL', '0.53', '15')];
    expect(show(toOrderIntents(makeView({ position: ['14.99', '0'], live }), [quote('ask', '0.53', '15')]))).toEqual([
      'ask: BUY no 0.47 x 15',
    ]);
  });

  it('a live order matches only its own token, side, price and size, and once', () => {
    const quotes = [quote('bid', '0.48', '20'), quote('bid', '0.48', '20')];
    const held = { position: ['0', '40'] as [string, string] };
    // Larger or smaller than the quote (re-posted anyway), another price, the other side, the other token's wrong side: not resting.
    for (const o of [
      liveOrder('x', 0, 'BUY', '0.48', '20.01'),
      liveOrder('x', 0, 'BUY', '0.48', '19'),
      liveOrder('x', 0, 'BUY', '0.47', '20'),
      liveOrder('x', 0, 'SELL', '0.48', '20'),
      liveOrder('x', 1, 'BUY', '0.52', '20'),
    ])
      expect(show(toOrderIntents(makeView({ ...held, live: [o] }), quotes))).toEqual(['bid: SELL no 0.52 x 20', 'bid: SELL no 0.52 x 20']);
    // One live BUY rests one of two equal quotes: the other still sells.
    expect(show(toOrderIntents(makeView({ ...held, live: [liveOrder('b', 0, 'BUY', '0.48', '20')] }), quotes))).toEqual([
      'bid: BUY yes 0.48 x 20',
      'bid: SELL no 0.52 x 20',
    ]);
  });
});
