import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { type Level, QueueFillModel, type Side, type VirtualFill } from '../../src/paper/queue-fill-model.js';

const T = 'c1:0';
const d = (s: string): Decimal => new Decimal(s);
const lv = (price: string, size: string): Level => ({ price: d(price), size: d(size) });

/** A model with bids 0.48 x 50, 0.47 x 80 and asks 0.52 x 100, 0.53 x 70 at t=1000. */
function model(): QueueFillModel {
  const m = new QueueFillModel();
  m.setBook(T, [lv('0.48', '50'), lv('0.47', '80')], [lv('0.52', '100'), lv('0.53', '70')], 1000);
  return m;
}

function place(m: QueueFillModel, id: string, side: Side, price: string, size: string, atMs = 1000) {
  const r = m.place({ id, tokenId: T, side, price: d(price), size: d(size), atMs });
  if (!r.accepted) throw new Error(`refused: ${r.reason}`);
  return r.order;
}

const trade = (m: QueueFillModel, takerSide: Side, price: string, size: string, atMs: number) =>
  m.trade({ tokenId: T, takerSide, price: d(price), size: d(size), atMs });

/** Fills as plain text, to compare to the last digit. */
const plain = (fs: readonly VirtualFill[]) =>
  fs.map((f) => ({
    id: f.orderId,
    side: f.side,
    price: f.price.toFixed(),
    size: f.size.toFixed(),
    atMs: f.atMs,
    cause: f.cause,
    left: f.remaining.toFixed(),
    maker: f.maker,
  }));

describe('queue-fill model: joining the back of the queue', () => {
  it('an order at an existing level waits behind its visible size, then fills from trades at its price', () => {
    const m = model();
    expect(place(m, 'a', 'SELL', '0.52', '10').queueAhead.toFixed()).toBe('100');
    expect(trade(m, 'BUY', '0.52', '60', 2000)).toEqual([]);
    expect(m.order('a')?.queueAhead.toFixed()).toBe('40');
    // 45 traded: 40 ahead of us, 5 ours.
    expect(plain(trade(m, 'BUY', '0.52', '45', 3000))).toEqual([
      { id: 'a', side: 'SELL', price: '0.52', size: '5', atMs: 3000, cause: 'queue', left: '5', maker: true },
    ]);
    expect(m.order('a')?.queueAhead.toFixed()).toBe('0');
    expect(plain(trade(m, 'BUY', '0.52', '12.5', 4000))).toEqual([
      { id: 'a', side: 'SELL', price: '0.52', size: '5', atMs: 4000, cause: 'queue', left: '0', maker: true },
    ]);
    expect(m.order('a')).toBeUndefined();
    expect(m.orders()).toEqual([]);
  });

  it('a trade of exactly the queue ahead fills nothing; the next unit does', () => {
    const m = model();
    place(m, 'b', 'BUY', '0.48', '3');
    expect(trade(m, 'SELL', '0.48', '50', 2000)).toEqual([]);
    expect(plain(trade(m, 'SELL', '0.48', '0.01', 2001))).toEqual([
      { id: 'b', side: 'BUY', price: '0.48', size: '0.01', atMs: 2001, cause: 'queue', left: '2.99', maker: true },
    ]);
  });

  it('inside the spread the queue ahead is 0', () => {
    const m = model();
    expect(place(m, 'a', 'SELL', '0.51', '4').queueAhead.toFixed()).toBe('0');
    expect(plain(trade(m, 'BUY', '0.51', '1.5', 2000))).toEqual([
      { id: 'a', side: 'SELL', price: '0.51', size: '1.5', atMs: 2000, cause: 'queue', left: '2.5', maker: true },
    ]);
  });

  it('trades on the same side as the order, or at prices that do not reach it, fill nothing', () => {
    const m = model();
    place(m, 'a', 'SELL', '0.52', '10');
    place(m, 'b', 'BUY', '0.48', '10');
    expect(trade(m, 'SELL', '0.52', '500', 2000)).toEqual([]); // a taker sell does not trade with asks
    expect(trade(m, 'BUY', '0.51', '500', 2000)).toEqual([]); // below our ask
    expect(trade(m, 'BUY', '0.48', '500', 2000)).toEqual([]); // a taker buy does not trade with bids
    expect(trade(m, 'SELL', '0.49', '500', 2000)).toEqual([]); // above our bid
    expect(m.order('a')?.queueAhead.toFixed()).toBe('100');
    expect(m.order('b')?.queueAhead.toFixed()).toBe('50');
  });
});

describe('queue-fill model: book updates', () => {
  it('a level shrinking below the queue ahead moves the order up; growth joins behind it', () => {
    const m = model();
    place(m, 'a', 'SELL', '0.52', '10');
    expect(m.setLevel(T, 'SELL', lv('0.52', '30'), 1500)).toEqual([]);
    expect(m.order('a')?.queueAhead.toFixed()).toBe('30');
    m.setLevel(T, 'SELL', lv('0.52', '80'), 1600);
    expect(m.order('a')?.queueAhead.toFixed()).toBe('30');
    expect(plain(trade(m, 'BUY', '0.52', '35', 2000))).toEqual([
      { id: 'a', side: 'SELL', price: '0.52', size: '5', atMs: 2000, cause: 'queue', left: '5', maker: true },
    ]);
  });

  it('a snapshot without the level empties the queue ahead but fills nothing', () => {
    const m = model();
    place(m, 'b', 'BUY', '0.48', '10');
    expect(m.setBook(T, [lv('0.47', '80')], [lv('0.52', '100')], 1500)).toEqual([]);
    expect(m.order('b')?.queueAhead.toFixed()).toBe('0');
    expect(m.order('b')?.remaining.toFixed()).toBe('10');
  });

  it('the opposite side reaching through the order fills it from the crossing volume, once per episode', () => {
    const m = model();
    place(m, 'a', 'SELL', '0.50', '10'); // inside the spread
    expect(plain(m.setLevel(T, 'BUY', lv('0.50', '4'), 2000))).toEqual([
      { id: 'a', side: 'SELL', price: '0.5', size: '4', atMs: 2000, cause: 'book-cross', left: '6', maker: true },
    ]);
    // The same crossing bid in the next update is not credited again.
    expect(m.setLevel(T, 'BUY', lv('0.47', '90'), 2100)).toEqual([]);
    // It grows by 3: those 3 cross too.
    expect(plain(m.setLevel(T, 'BUY', lv('0.50', '7'), 2200)).map((f) => f.size)).toEqual(['3']);
    // The bid leaves: the episode ends; a new crossing bid (above our price) fills the rest.
    expect(m.setLevel(T, 'BUY', lv('0.50', '0'), 2300)).toEqual([]);
    expect(plain(m.setLevel(T, 'BUY', lv('0.51', '20'), 2400))).toEqual([
      { id: 'a', side: 'SELL', price: '0.5', size: '3', atMs: 2400, cause: 'book-cross', left: '0', maker: true },
    ]);
    expect(m.orders()).toEqual([]);
  });

  it('crossing volume goes to the better-priced order first', () => {
    const m = model();
    place(m, 'lo', 'BUY', '0.50', '5');
    place(m, 'hi', 'BUY', '0.51', '5');
    const fills = m.setBook(T, [lv('0.48', '50')], [lv('0.50', '7'), lv('0.52', '100')], 2000);
    expect(plain(fills).map((f) => [f.id, f.size, f.left])).toEqual([
      ['hi', '5', '0'],
      ['lo', '2', '3'],
    ]);
  });
});

describe('queue-fill model: trading through and priority', () => {
  it('a trade beyond the order price means the taker went past it: queue gone, filled from the trade', () => {
    const m = model();
    place(m, 'a', 'SELL', '0.52', '10');
    expect(plain(trade(m, 'BUY', '0.53', '4', 2000))).toEqual([
      { id: 'a', side: 'SELL', price: '0.52', size: '4', atMs: 2000, cause: 'trade-through', left: '6', maker: true },
    ]);
    expect(m.order('a')?.queueAhead.toFixed()).toBe('0');
    expect(plain(trade(m, 'BUY', '0.52', '3', 2100)).map((f) => [f.size, f.cause])).toEqual([['3', 'queue']]);
  });

  it('bids mirror asks: a taker sell below the bid trades through it', () => {
    const m = model();
    place(m, 'b', 'BUY', '0.48', '10');
    expect(plain(trade(m, 'SELL', '0.47', '25', 2000))).toEqual([
      { id: 'b', side: 'BUY', price: '0.48', size: '10', atMs: 2000, cause: 'trade-through', left: '0', maker: true },
    ]);
  });

  it('virtual orders keep time priority among themselves; one trade never fills more than its size', () => {
    const m = model();
    place(m, 'first', 'SELL', '0.51', '10'); // ahead 0
    place(m, 'second', 'SELL', '0.51', '10'); // ahead 0, behind `first`
    expect(plain(trade(m, 'BUY', '0.51', '4', 2000)).map((f) => [f.id, f.size])).toEqual([['first', '4']]);
    expect(plain(trade(m, 'BUY', '0.51', '9', 2100)).map((f) => [f.id, f.size, f.left])).toEqual([
      ['first', '6', '0'],
      ['second', '3', '7'],
    ]);
  });

  it('a sweep serves the better price first, then the queue at the trade price', () => {
    const m = model();
    place(m, 'near', 'SELL', '0.51', '6'); // inside the spread
    place(m, 'far', 'SELL', '0.52', '10'); // behind 100
    // 0.51 x 6 would be ours, then the taker reached 0.52 for 104: 100 ahead of `far`, 4 ours.
    const at51 = trade(m, 'BUY', '0.51', '6', 2000);
    const at52 = trade(m, 'BUY', '0.52', '104', 2000);
    expect(plain(at51).map((f) => [f.id, f.size, f.cause])).toEqual([['near', '6', 'queue']]);
    expect(plain(at52).map((f) => [f.id, f.size, f.cause])).toEqual([['far', '4', 'queue']]);
  });

  it('one trade through two levels: the better order takes first, the queue at the price next', () => {
    const m = model();
    place(m, 'near', 'SELL', '0.51', '6');
    place(m, 'far', 'SELL', '0.52', '10'); // behind 100
    // A single 0.52 trade of 110: `near` is traded through (6), `far` gets 110 - 100 - 6 = 4.
    expect(plain(trade(m, 'BUY', '0.52', '110', 2000)).map((f) => [f.id, f.size, f.cause])).toEqual([
      ['near', '6', 'trade-through'],
      ['far', '4', 'queue'],
    ]);
    expect(m.order('far')?.queueAhead.toFixed()).toBe('0');
  });
});

describe('queue-fill model: placement and cancels', () => {
  it('refuses a post-only order that would cross, a token with no book, and a reused id', () => {
    const m = model();
    const spec = { tokenId: T, size: d('1'), atMs: 1000 };
    expect(m.place({ ...spec, id: 'x', side: 'BUY', price: d('0.52') })).toEqual({ accepted: false, reason: 'crosses-book' });
    expect(m.place({ ...spec, id: 'x', side: 'SELL', price: d('0.48') })).toEqual({ accepted: false, reason: 'crosses-book' });
    expect(m.place({ ...spec, id: 'x', tokenId: 'c9:1', side: 'BUY', price: d('0.3') })).toEqual({ accepted: false, reason: 'no-book' });
    place(m, 'x', 'BUY', '0.40', '1');
    expect(m.place({ ...spec, id: 'x', side: 'BUY', price: d('0.41') })).toEqual({ accepted: false, reason: 'duplicate-id' });
  });

  it('a cancelled order keeps what it filled and fills no more', () => {
    const m = model();
    place(m, 'a', 'SELL', '0.51', '10');
    trade(m, 'BUY', '0.51', '4', 2000);
    const gone = m.cancel('a');
    expect([gone?.filled.toFixed(), gone?.remaining.toFixed()]).toEqual(['4', '6']);
    expect(m.cancel('a')).toBeUndefined();
    expect(trade(m, 'BUY', '0.51', '100', 3000)).toEqual([]);
  });

  it('rejects bad input with what and why', () => {
    const m = model();
    expect(() => m.place({ id: 'p', tokenId: T, side: 'BUY', price: d('1'), size: d('1'), atMs: 0 })).toThrow(
      /price 1 is not inside \(0, 1\)/,
    );
    expect(() => m.place({ id: 'p', tokenId: T, side: 'BUY', price: d('0.4'), size: d('0'), atMs: 0 })).toThrow(
      /size 0 must be greater than 0/,
    );
    expect(() => trade(m, 'BUY', '0.5', '-1', 0)).toThrow(/public trade in c1:0: size -1/);
    expect(() => m.setBook(T, [lv('0.4', '0')], [], 0)).toThrow(/book bids: size 0 at 0.4 must be greater than 0/);
  });
});

describe('queue-fill model: fills never precede the queue ahead', () => {
  it('over a seeded random stream of trades and level changes, an order fills only from volume past its queue', () => {
    let seed = 7;
    const rnd = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const zero = d('0');
    const m = new QueueFillModel();
    m.setBook(T, [lv('0.48', '50')], [lv('0.52', '100')], 0);
    // An independent account of each order's public queue ahead: placed behind the visible level,
    // eaten by trades at its price, cut by a level shrinking below it.
    const ahead = new Map<string, Decimal>();
    const left = new Map<string, Decimal>();
    let level = d('100');
    let fills = 0;
    for (let step = 1; step <= 600; step++) {
      const r = rnd();
      if (r < 0.08) {
        const id = `o${step}`;
        ahead.set(id, place(m, id, 'SELL', '0.52', String(1 + Math.floor(rnd() * 9)), step).queueAhead);
        left.set(id, m.order(id)!.remaining);
        expect(ahead.get(id)!.eq(level)).toBe(true);
      } else if (r < 0.6) {
        const size = d(String(1 + Math.floor(rnd() * 20)));
        // The oldest order with something left is served exactly: min(left, size - ahead).
        const oldest = [...left.entries()].find(([, v]) => v.gt(zero));
        const got = trade(m, 'BUY', '0.52', size.toFixed(), step);
        if (oldest !== undefined) {
          const [id, v] = oldest;
          const want = Decimal.min(v, Decimal.max(zero, size.minus(ahead.get(id)!)));
          expect((got.find((f) => f.orderId === id)?.size ?? zero).toFixed()).toBe(want.toFixed());
        }
        let total = zero;
        for (const f of got) {
          fills++;
          // Never before the queue ahead: the trade must have been larger than what was ahead.
          expect(size.gt(ahead.get(f.orderId)!)).toBe(true);
          expect(f.size.lte(size.minus(ahead.get(f.orderId)!))).toBe(true);
          total = total.plus(f.size);
          left.set(f.orderId, left.get(f.orderId)!.minus(f.size));
        }
        expect(total.lte(size)).toBe(true);
        for (const [id, a] of ahead) ahead.set(id, Decimal.max(zero, a.minus(size)));
        // The venue's book event follows its trade.
        level = Decimal.max(zero, level.minus(size));
        expect(m.setLevel(T, 'SELL', { price: d('0.52'), size: level }, step)).toEqual([]);
        for (const [id, a] of ahead) if (level.lt(a)) ahead.set(id, level);
      } else {
        level = Decimal.max(zero, level.plus(Math.floor(rnd() * 30)).minus(Math.floor(rnd() * 25)));
        expect(m.setLevel(T, 'SELL', { price: d('0.52'), size: level }, step)).toEqual([]);
        for (const [id, a] of ahead) if (level.lt(a)) ahead.set(id, level);
      }
    }
    expect(fills).toBeGreaterThan(20);
    for (const [id, v] of left) expect(m.order(id)?.remaining.toFixed() ?? '0').toBe(v.toFixed());
  });
});
