/**
 * OrderTracker (src/execution/order-tracker.ts), the trading loop's source of live orders and
 * footprints: states, fills as deltas, footprints (live at original size, gone for 15 s), the
 * open count the cancel reserve covers, and reconciliation with a listing of the venue's orders.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { OrderTracker, remaining, type OwnOrderFootprint, type TrackedOrder } from '../../src/execution/order-tracker.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';
import type { OpenOrder } from '../../src/venue/types.js';
import { d, MARKET, MARKET2, NOW, T0, T1, U0 } from './fixtures.js';

let clock: FakeClock;
let tracker: OrderTracker;
let fills: string[];
let changed: string[];

function intent(tokenId: string, side: 'BUY' | 'SELL', price: string, size: string): OrderIntent {
  const conditionId = tokenId.slice(0, tokenId.lastIndexOf(':'));
  return {
    conditionId,
    tokenId,
    side,
    price: d(price),
    size: d(size),
    quoteSide: tokenId.endsWith(':0') === (side === 'BUY') ? 'bid' : 'ask',
  };
}

/** Places and confirms `c` as order `id` (live, nothing matched) at the clock's time. */
function live(c: string, id: string, tokenId = T0, price = '0.45', size = '20'): TrackedOrder {
  const o = tracker.addPending(intent(tokenId, 'BUY', price, size), c, clock.now());
  tracker.confirm(c, id, d('0'), clock.now());
  return o;
}

function listed(id: string, o: Partial<OpenOrder> = {}): OpenOrder {
  return {
    id,
    status: 'LIVE',
    owner: 'key',
    maker_address: '0xme',
    market: MARKET,
    asset_id: T0,
    side: 'BUY',
    original_size: '20',
    size_matched: '0',
    price: '0.45',
    outcome: 'Yes',
    order_type: 'GTC',
    created_at: String(Math.floor(NOW / 1000)),
    expiration: '0',
    client_order_id: '',
    ...o,
  };
}

const show = (os: readonly TrackedOrder[]): string[] =>
  os.map(
    (o) =>
      `${o.clientOrderId}/${o.id || '-'} ${o.state} ${o.side} ${o.tokenId} ${o.price.toFixed()} ${o.matched.toFixed()}/${o.size.toFixed()}`,
  );
const showFootprints = (fs: readonly OwnOrderFootprint[]): string[] =>
  fs.map(
    (f) =>
      `${f.side} ${f.tokenId} ${f.price.toFixed()} x ${f.size.toFixed()} ${f.goneAtMs === undefined ? 'live' : `gone@${f.goneAtMs - NOW}`}`,
  );

beforeEach(() => {
  clock = new FakeClock(NOW);
  tracker = new OrderTracker();
  tracker.useClock(() => clock.now());
  fills = [];
  changed = [];
  tracker.onFill((o, shares) => fills.push(`${o.clientOrderId} ${shares.toFixed()}`));
  tracker.onChange((m) => changed.push(m));
});

describe('OrderTracker: states and the open count', () => {
  it('pending -> live on confirm, with the venue id; uncertain counts as open too', () => {
    const o = tracker.addPending(intent(T0, 'BUY', '0.45', '20'), 'c1', NOW);
    expect(o.state).toBe('pending');
    expect(o.id).toBe('');
    expect(tracker.openCount()).toBe(1);
    expect(tracker.liveOf(MARKET)).toEqual([]);

    clock.advance(30);
    tracker.confirm('c1', 'id1', d('0'), clock.now());
    expect(show(tracker.ordersOf(MARKET))).toEqual([`c1/id1 live BUY ${T0} 0.45 0/20`]);
    expect(o.sinceMs).toBe(NOW + 30);
    expect(tracker.byId('id1')).toBe(o);

    tracker.addPending(intent(T1, 'BUY', '0.45', '10'), 'c2', clock.now());
    tracker.addPending(intent(T1, 'BUY', '0.44', '10'), 'c3', clock.now());
    tracker.markUncertain('c3');
    expect(tracker.openCount()).toBe(3);
    expect(tracker.hasUncertain(MARKET)).toBe(true);
    expect(show(tracker.ordersOf(MARKET)).map((s) => s.split(' ').slice(0, 2).join(' '))).toEqual([
      'c1/id1 live',
      'c2/- pending',
      'c3/- uncertain',
    ]);
    expect(tracker.liveOf(MARKET).map((x) => x.clientOrderId)).toEqual(['c1']);
    expect(tracker.markets()).toEqual([MARKET]);
    expect(changed).toEqual([MARKET, MARKET, MARKET, MARKET, MARKET]);
  });

  it('a refused post (dropClient) and a cancel (dropId) forget the order; unknown ids change nothing', () => {
    tracker.addPending(intent(T0, 'BUY', '0.45', '20'), 'c1', NOW);
    live('c2', 'id2');
    tracker.dropClient('c1');
    expect(tracker.dropId('id2')).toBe(true);
    expect(tracker.dropId('id2')).toBe(false);
    tracker.dropClient('nope');
    tracker.markUncertain('nope');
    tracker.confirm('nope', 'x', d('1'), NOW);
    expect(tracker.openCount()).toBe(0);
    expect(tracker.ordersOf(MARKET)).toEqual([]);
    expect(tracker.markets()).toEqual([]);
    expect(tracker.byId('id2')).toBeUndefined();
    expect(fills).toEqual([]);
  });

  it('dropIds (a cancel answer) forgets the orders as dropId does, and each market hears it once', () => {
    live('c1', 'id1');
    live('c2', 'id2', T1);
    live('c3', 'id3', U0);
    live('c4', 'id4');
    clock.advance(5);
    changed = [];
    expect(tracker.dropIds(['id1', 'id3', 'nope', 'id2', 'id3'])).toBe(3);
    expect(changed).toEqual([MARKET, MARKET2]);
    expect(show(tracker.ordersOf(MARKET))).toEqual([`c4/id4 live BUY ${T0} 0.45 0/20`]);
    expect(tracker.markets()).toEqual([MARKET]);
    expect(tracker.openCount()).toBe(1);
    // Their footprints, timed when they went.
    expect(showFootprints(tracker.footprints(MARKET, clock.now()))).toEqual([
      `BUY ${T0} 0.45 x 20 live`,
      `BUY ${T0} 0.45 x 20 gone@5`,
      `BUY ${T1} 0.45 x 20 gone@5`,
    ]);
    changed = [];
    expect(tracker.dropIds(['id1', 'nope'])).toBe(0);
    expect(changed).toEqual([]);
  });
});

describe('OrderTracker: fills', () => {
  it('confirm with shares already matched reports them; fully matched at once is gone', () => {
    tracker.addPending(intent(T0, 'BUY', '0.45', '20'), 'c1', NOW);
    tracker.confirm('c1', 'id1', d('5'), NOW);
    expect(fills).toEqual(['c1 5']);
    expect(remaining(tracker.byId('id1')!).toFixed()).toBe('15');

    tracker.addPending(intent(T0, 'BUY', '0.46', '10'), 'c2', NOW);
    tracker.confirm('c2', 'id2', d('10'), NOW);
    expect(fills).toEqual(['c1 5', 'c2 10']);
    expect(tracker.byId('id2')).toBeUndefined();
    expect(tracker.openCount()).toBe(1);
  });

  it('setMatched reports the increase only, ignores no change and decreases, and forgets a filled order', () => {
    live('c1', 'id1');
    tracker.setMatched('id1', d('5'));
    tracker.setMatched('id1', d('12.5'));
    tracker.setMatched('id1', d('12.5'));
    tracker.setMatched('id1', d('10'));
    tracker.setMatched('unknown', d('3'));
    expect(fills).toEqual(['c1 5', 'c1 7.5']);
    expect(tracker.byId('id1')!.matched.toFixed()).toBe('12.5');
    tracker.setMatched('id1', d('20'));
    expect(fills).toEqual(['c1 5', 'c1 7.5', 'c1 7.5']);
    expect(tracker.openCount()).toBe(0);
  });
});

describe('OrderTracker: footprints', () => {
  it('live orders (any state) at their original size, and orders gone less than 15 s ago, of that market only', () => {
    live('c1', 'id1', T0, '0.45', '20');
    tracker.setMatched('id1', d('8'));
    tracker.addPending(intent(T1, 'BUY', '0.40', '10'), 'c2', NOW);
    live('c3', 'id3', U0, '0.30', '10'); // another market
    live('c4', 'id4', T0, '0.44', '6');
    clock.advance(1_000);
    tracker.dropId('id4');

    expect(showFootprints(tracker.footprints(MARKET, clock.now()))).toEqual([
      `BUY ${T0} 0.45 x 20 live`,
      `BUY ${T1} 0.4 x 10 live`,
      `BUY ${T0} 0.44 x 6 gone@1000`,
    ]);
    expect(showFootprints(tracker.footprints(MARKET2, clock.now()))).toEqual([`BUY ${U0} 0.3 x 10 live`]);

    // Still there 14.999 s after it went; not at 15 s.
    expect(tracker.footprints(MARKET, NOW + 1_000 + 14_999)).toHaveLength(3);
    expect(showFootprints(tracker.footprints(MARKET, NOW + 1_000 + 15_000))).toEqual([
      `BUY ${T0} 0.45 x 20 live`,
      `BUY ${T1} 0.4 x 10 live`,
    ]);
    // Forgotten for good once expired.
    expect(tracker.footprints(MARKET, NOW + 1_000)).toHaveLength(2);
  });

  it('an order filled away leaves a footprint of its full size, timed by the tracker clock', () => {
    live('c1', 'id1', T0, '0.45', '20');
    clock.advance(250);
    tracker.setMatched('id1', d('20'));
    expect(showFootprints(tracker.footprints(MARKET, clock.now()))).toEqual([`BUY ${T0} 0.45 x 20 gone@250`]);
  });
});

describe('OrderTracker: reconcile', () => {
  const scope = new Set([MARKET]);

  it('adopts orders it did not know, under their client order id, else venue:<id>; other markets are left alone', () => {
    live('mine', 'id0');
    const r = tracker.reconcile(
      scope,
      [
        listed('id0', { client_order_id: 'mine' }),
        listed('idA', { client_order_id: 'old-run-7', side: 'SELL', asset_id: T1, price: '0.6', original_size: '15', size_matched: '5' }),
        listed('idB'),
        listed('idX', { market: MARKET2, asset_id: U0 }),
      ],
      NOW,
    );
    expect(r).toEqual({ adopted: 2, vanished: 0, settledLive: 0, settledAbsent: 0, foreign: [], unconfirmed: [] });
    expect(show(tracker.ordersOf(MARKET))).toEqual([
      `mine/id0 live BUY ${T0} 0.45 0/20`,
      `old-run-7/idA live SELL ${T1} 0.6 5/15`,
      `venue:idB/idB live BUY ${T0} 0.45 0/20`,
    ]);
    expect(tracker.byId('idA')!.sinceMs).toBe(NOW);
    expect(tracker.ordersOf(MARKET2)).toEqual([]);
    // Adoption is not a fill.
    expect(fills).toEqual([]);
    expect(tracker.openCount()).toBe(3);
  });

  it('applies the matched size the listing shows for a known order, as a fill', () => {
    live('c1', 'id1');
    tracker.reconcile(scope, [listed('id1', { size_matched: '6' })], NOW + 10);
    expect(fills).toEqual(['c1 6']);
    expect(remaining(tracker.byId('id1')!).toFixed()).toBe('14');
  });

  it('vanishes orders confirmed before the listing time that it does not show; keeps later ones and pending posts', () => {
    live('old', 'idOld');
    clock.advance(5_000);
    const listedAt = clock.now();
    clock.advance(1);
    live('new', 'idNew'); // confirmed after the listing was asked for
    tracker.addPending(intent(T0, 'BUY', '0.43', '10'), 'posting', NOW); // posted long before, still in flight
    const r = tracker.reconcile(scope, [], listedAt);
    expect(r).toEqual({ adopted: 0, vanished: 1, settledLive: 0, settledAbsent: 0, foreign: [], unconfirmed: [] });
    expect(tracker.ordersOf(MARKET).map((o) => o.clientOrderId)).toEqual(['new', 'posting']);
    // A vanished order leaves a footprint.
    expect(showFootprints(tracker.footprints(MARKET, clock.now())).at(-1)).toBe(`BUY ${T0} 0.45 x 20 gone@5001`);
  });

  it('settles uncertain posts: found by client order id -> live with the venue id; not listed -> gone', () => {
    tracker.addPending(intent(T0, 'BUY', '0.45', '20'), 'u1', NOW);
    tracker.markUncertain('u1');
    tracker.addPending(intent(T0, 'BUY', '0.44', '20'), 'u2', NOW);
    tracker.markUncertain('u2');
    clock.advance(2_000);
    const r = tracker.reconcile(scope, [listed('idU1', { client_order_id: 'u1', size_matched: '4' })], clock.now());
    expect(r).toEqual({ adopted: 0, vanished: 0, settledLive: 1, settledAbsent: 1, foreign: [], unconfirmed: [] });
    expect(show(tracker.ordersOf(MARKET))).toEqual([`u1/idU1 live BUY ${T0} 0.45 4/20`]);
    expect(tracker.byId('idU1')!.sinceMs).toBe(NOW + 2_000);
    expect(fills).toEqual(['u1 4']);
    expect(tracker.openCount()).toBe(1);
  });

  it('a pending post found in the listing by client order id becomes live (not counted as settled)', () => {
    tracker.addPending(intent(T0, 'BUY', '0.45', '20'), 'p1', NOW);
    const r = tracker.reconcile(scope, [listed('idP', { client_order_id: 'p1' })], NOW + 5);
    expect(r).toEqual({ adopted: 0, vanished: 0, settledLive: 0, settledAbsent: 0, foreign: [], unconfirmed: [] });
    expect(show(tracker.ordersOf(MARKET))).toEqual([`p1/idP live BUY ${T0} 0.45 0/20`]);
  });

  it('ignores a listed order dropped at or after the listing time (the listing predates the cancel)', () => {
    live('c1', 'id1');
    const listedAt = clock.now() + 100;
    clock.advance(100);
    tracker.dropId('id1'); // cancelled at the listing time itself
    clock.advance(50);
    const r = tracker.reconcile(scope, [listed('id1')], listedAt);
    expect(r.adopted).toBe(0);
    expect(tracker.openCount()).toBe(0);
  });

  it('remembers a forgotten id only while a listing may still be reconciled (rememberDropsWhile)', () => {
    let pending = false;
    tracker.rememberDropsWhile(() => pending);
    live('c1', 'id1');
    live('c2', 'id2');
    const listedAt = clock.now();
    clock.advance(100);
    // No listing in flight: nothing to remember (the caller vouches that none predates the drop).
    tracker.dropId('id1');
    pending = true;
    tracker.dropId('id2');
    clock.advance(50);
    const r = tracker.reconcile(scope, [listed('id1'), listed('id2', { client_order_id: 'c2' })], listedAt);
    expect(r.adopted).toBe(1);
    expect(tracker.byId('id1')).toBeDefined();
    expect(tracker.byId('id2')).toBeUndefined();
  });

  it('adopts again a listed order dropped before the listing time (the venue still has it)', () => {
    live('c1', 'id1');
    clock.advance(100);
    tracker.dropId('id1');
    clock.advance(1);
    const r = tracker.reconcile(scope, [listed('id1')], clock.now());
    expect(r.adopted).toBe(1);
    expect(show(tracker.ordersOf(MARKET))).toEqual([`venue:id1/id1 live BUY ${T0} 0.45 0/20`]);
  });
});

describe('OrderTracker: reconcile and confirm races', () => {
  // An order confirmed in the same millisecond as the listing was asked for may be missing from
  // that listing; the check for drops already treats the same millisecond as "after" (>=), the
  // check for vanishing does not (sinceMs > listedAtMs), so the order is forgotten while it rests.
  it('keeps an order confirmed in the same millisecond as the listing time', () => {
    const listedAt = clock.now();
    live('c1', 'id1'); // answered after the listing request left, same clock ms
    const r = tracker.reconcile(scope(), [], listedAt);
    expect(r.vanished).toBe(0);
    expect(tracker.openCount()).toBe(1);
  });

  // A reconcile that finds a pending post (and its fill) before the post's answer arrives: confirm
  // then overwrites matched with the answer's (smaller) figure and reports the fill again later.
  it('confirm after a reconcile found the order does not lower matched nor report a fill twice', () => {
    tracker.addPending(intent(T0, 'BUY', '0.45', '20'), 'c1', NOW);
    tracker.reconcile(scope(), [listed('id1', { client_order_id: 'c1', size_matched: '5' })], NOW);
    expect(fills).toEqual(['c1 5']);
    tracker.confirm('c1', 'id1', d('0'), NOW + 1); // the post's answer: nothing matched at placement
    expect(tracker.byId('id1')!.matched.toFixed()).toBe('5');
    tracker.setMatched('id1', d('5')); // the user stream repeats the same figure
    expect(fills).toEqual(['c1 5']);
  });

  function scope(): Set<string> {
    return new Set([MARKET]);
  }
});

describe('OrderTracker: orders forgotten with fills perhaps unheard (onForget)', () => {
  let forgotten: string[];
  beforeEach(() => {
    forgotten = [];
    tracker.onForget((o, unmatched) => forgotten.push(`${o.clientOrderId} ${unmatched.toFixed()}`));
  });

  it('a cancel, a cancel answer, a stream cancellation and a listing without it tell what was left unmatched', () => {
    live('a', 'idA');
    tracker.setMatched('idA', d('4.5'));
    live('b', 'idB');
    live('c', 'idC');
    live('v', 'idV');
    tracker.dropId('idA');
    tracker.dropIds(['idB', 'idC']);
    clock.advance(1_000);
    tracker.reconcile(new Set([MARKET]), [], clock.now());
    expect(forgotten).toEqual(['a 15.5', 'b 20', 'c 20', 'v 20']);
    expect(fills).toEqual(['a 4.5']);
  });

  it('a refused post never rested, and an order filled whole left nothing unmatched: neither is told', () => {
    tracker.addPending(intent(T0, 'BUY', '0.45', '20'), 'refused', clock.now());
    tracker.dropClient('refused');
    live('filled', 'idF');
    tracker.setMatched('idF', d('20'));
    tracker.addPending(intent(T0, 'BUY', '0.45', '20'), 'atOnce', clock.now());
    tracker.confirm('atOnce', 'idX', d('20'), clock.now());
    expect(forgotten).toEqual([]);
    expect(tracker.ordersOf(MARKET)).toEqual([]);
  });
});
