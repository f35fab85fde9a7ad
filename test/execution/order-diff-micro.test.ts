/**
 * The executor's integer diff (diffMarketMicro) against its Decimal diff, and the integer pairing
 * of classifyPass against the Decimal pairing it replaced, on thousands of random markets: the
 * same keeps, cancels, places and cancel-by-market, the same reasons.
 */
import { describe, expect, it } from 'vitest';
import { type DiffOrder, type DiffSettings, diffMarket, diffMarketDecimal, diffMarketMicro } from '../../src/execution/order-diff.js';
import { type CancelReason, classifyPass, type PassReasons, type PlaceReason, type PullReason } from '../../src/execution/order-reasons.js';
import { Decimal } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import { gridValue } from '../support/random-decimals.js';

const CASES = 4_000;
const TOKENS = ['m:0', 'm:1'] as const;

/** classifyPass in Decimal: the reference for the integer pairing (then leg switches across tokens). */
function classifyDecimal(cancelled: readonly DiffOrder[], placed: readonly OrderIntent[], pull: PullReason): PassReasons {
  const cancel = new Map<string, CancelReason>();
  const free = [...cancelled];
  const place = placed.map((p): PlaceReason => {
    let best = -1;
    for (let i = 0; i < free.length; i++) {
      const c = free[i]!;
      if (c.tokenId !== p.tokenId || c.side !== p.side) continue;
      if (best < 0 || c.price.minus(p.price).abs().lt(free[best]!.price.minus(p.price).abs())) best = i;
    }
    if (best < 0) return 'new';
    const [c] = free.splice(best, 1);
    const reason = c!.price.eq(p.price) ? 'resize' : 'reprice';
    cancel.set(c!.id, reason);
    return reason;
  });
  const o0 = (o: { tokenId: string; price: Decimal }): Decimal => (o.tokenId.endsWith(':1') ? new Decimal(1).minus(o.price) : o.price);
  const quoteSide = (o: { tokenId: string; side: 'BUY' | 'SELL' }): boolean => o.tokenId.endsWith(':1') === (o.side === 'BUY');
  placed.forEach((p, j) => {
    if (place[j] !== 'new') return;
    const i = free.findIndex((c) => c.tokenId !== p.tokenId && quoteSide(c) === quoteSide(p) && o0(c).eq(o0(p)));
    if (i < 0) return;
    cancel.set(free.splice(i, 1)[0]!.id, 'leg');
    place[j] = 'leg';
  });
  for (const c of free) cancel.set(c.id, pull);
  return { cancel, place };
}

function randomMarket(r: SimRng): { wanted: OrderIntent[]; live: DiffOrder[]; tick: Decimal; settings: DiffSettings } {
  const tick = r.pick(['0.01', '0.01', '0.001', '0.005']);
  const near = r.int(20, 80) * (0.01 / Number(tick));
  const price = (): Decimal => gridValue(r, tick, Math.max(1, near - 6), near + 6, 0.01);
  const size = (): Decimal => gridValue(r, r.pick(['0.01', '1', '0.000001']), 1, 3_000, 0.01);
  const side = (): 'BUY' | 'SELL' => (r.chance(0.75) ? 'BUY' : 'SELL');
  const wanted: OrderIntent[] = [];
  for (let i = r.int(0, 7); i > 0; i--) {
    const tokenId = r.pick(TOKENS);
    const s = side();
    wanted.push({
      conditionId: 'm',
      tokenId,
      side: s,
      price: price(),
      size: size(),
      quoteSide: (tokenId === TOKENS[0]) === (s === 'BUY') ? 'bid' : 'ask',
    });
  }
  const live: DiffOrder[] = [];
  for (let i = r.int(0, 7); i > 0; i--) {
    // Often a copy of a wanted order, or one a little off it: the cases the tolerances decide.
    const w = wanted.length > 0 && r.chance(0.6) ? r.pick(wanted) : undefined;
    const remaining = w !== undefined && r.chance(0.5) ? w.size.minus(gridValue(r, '0.01', 0, 300)) : size();
    live.push({
      id: `o${i}`,
      tokenId: w?.tokenId ?? r.pick(TOKENS),
      side: w?.side ?? side(),
      price: w !== undefined && r.chance(0.6) ? w.price.plus(new Decimal(tick).mul(r.int(-2, 2))) : price(),
      remaining,
    });
  }
  // Twins (same token, side, price and size): which one a wanted order keeps is decided by order.
  const first = live[0];
  if (first !== undefined && r.chance(0.3)) live.push({ ...first, id: 'twin' });
  // A listing that names one order twice (the same id): kept once, never cancelled beside its keep.
  if (live.length > 0 && r.chance(0.1)) live.push({ ...r.pick(live), price: price(), remaining: size() });
  const settings: DiffSettings = {
    repriceTicks: r.pick([0, 0, 1, 2]),
    resizeFraction: r.pick([0.2, 0, 0.5, 0.333, 1]),
    cancelMarketFraction: r.pick([0.5, 0.9, 1]),
  };
  return { wanted, live, tick: new Decimal(tick), settings };
}

describe('the integer order diff equals the Decimal diff', () => {
  it(`on ${CASES} random markets: keeps, cancels, places, cancel-by-market and reasons`, () => {
    const r = new SimRng('order-diff-integer');
    let integer = 0;
    let kept = 0;
    let placed = 0;
    for (let i = 0; i < CASES; i++) {
      const { wanted, live, tick, settings } = randomMarket(r);
      const reference = diffMarketDecimal(wanted, live, tick, settings);
      const fast = diffMarketMicro(wanted, live, tick, settings);
      if (fast !== undefined) {
        integer++;
        expect(fast, `case ${i}`).toEqual(reference);
        // The places are the wanted intents themselves, in order.
        for (const [j, p] of fast.place.entries()) expect(p).toBe(reference.place[j]);
      }
      expect(diffMarket(wanted, live, tick, settings)).toEqual(reference);
      kept += reference.keep.length;
      placed += reference.place.length;
      const cancelled = live.filter((o) => reference.cancel.includes(o.id));
      expect(classifyPass(cancelled, reference.place, 'risk'), `case ${i}`).toEqual(classifyDecimal(cancelled, reference.place, 'risk'));
    }
    expect(integer).toBeGreaterThan(CASES * 0.8);
    // Both outcomes are common: the cases exercise the tolerances, not only misses.
    expect(kept).toBeGreaterThan(CASES / 10);
    expect(placed).toBeGreaterThan(CASES);
  });
});
