/**
 * The book check's one-pass reading of prices and sizes (src/money.ts parseUnsignedPlain, the
 * quick forms in src/venue/validate/check.ts, the levels of validate/order-book.ts) against the
 * check spelled out: parseDecimal's regular expression and decimal.js, every field checked, every
 * rule of a usable side (order, duplicates, range, size) stated on its own. On thousands of random
 * texts and books (malformed and unusable ones included) both accept and refuse the same ones, find
 * the same problem, with the same Decimals (decimal.js's own representation), the same levels and
 * text in the same order, and the same error messages.
 */
import { describe, expect, it } from 'vitest';
import { badResponse } from '../../src/errors.js';
import { type Decimal, isValidPrice, parseDecimal, parseUnsignedPlain } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';
import * as c from '../../src/venue/validate/check.js';
import { validateBook } from '../../src/venue/validate/order-book.js';
import { randomText, shape } from '../support/random-decimals.js';

const CASES = 4_000;
const ROUTE = 'POST /books';

// --- The reference: the check before the quick path, verbatim in its rules. ------------------

function refDecimal(o: c.Rec, key: string, base: string): Decimal {
  const v = o[key];
  const d = typeof v === 'string' ? parseDecimal(v) : undefined;
  if (d === undefined) throw badResponse(ROUTE, c.at(base, key), 'must be a decimal string', v);
  return d;
}

function refSize(o: c.Rec, key: string, base: string): Decimal {
  const d = refDecimal(o, key, base);
  if (d.isNegative()) throw badResponse(ROUTE, c.at(base, key), 'must not be negative', o[key]);
  return d;
}

function refPrice(o: c.Rec, key: string, base: string): Decimal {
  const d = refDecimal(o, key, base);
  if (!isValidPrice(d)) throw badResponse(ROUTE, c.at(base, key), 'must be a price strictly between 0 and 1', o[key]);
  return d;
}

type RefSide = { text: unknown[]; parsed: { price: Decimal; size: Decimal }[] } | string;

/**
 * A side level by level, stopping at the first problem: every level an object of two decimal texts
 * (else BAD_RESPONSE), its price inside (0, 1), its size above 0, its price unlike the previous one
 * and on the same way from it as the first two (best first, or best last: then reversed).
 */
function refSide(raw: unknown[], field: string, high: boolean, maxLevels = 1_000): RefSide {
  if (raw.length > maxLevels) return 'too-many-levels';
  const keyed: { price: Decimal; size: Decimal; level: unknown }[] = [];
  let way: 'best-first' | 'best-last' | undefined;
  for (let i = 0; i < raw.length; i++) {
    const f = c.at(field, i);
    const o = c.object(ROUTE, raw[i], f);
    const price = refDecimal(o, 'price', f);
    const size = refDecimal(o, 'size', f);
    if (!isValidPrice(price)) return 'price-out-of-range';
    if (!size.gt(0)) return 'bad-size';
    const prev = keyed[i - 1];
    if (prev !== undefined) {
      if (prev.price.eq(price)) return 'duplicate-level';
      const thisWay = prev.price.gt(price) === high ? 'best-first' : 'best-last';
      if (way === undefined) way = thisWay;
      else if (way !== thisWay) return 'unordered-levels';
    }
    keyed.push({ price, size, level: raw[i] });
  }
  if (way === 'best-last') keyed.reverse();
  return { text: keyed.map((k) => k.level), parsed: keyed.map(({ price, size }) => ({ price, size })) };
}

// --- Random input ------------------------------------------------------------------------------

/** Texts a venue sends, and texts it must not. */
const pick = <T>(r: SimRng, xs: readonly T[]): T => xs[r.int(0, xs.length - 1)]!;

function randomField(r: SimRng): unknown {
  switch (r.int(0, 9)) {
    case 0:
      return pick(r, ['', '.', '.5', '5.', '0..5', '0.5.1', ' 0.5', '0.5 ', '+0.5', '1e-3', '0x1', 'NaN', 'abc', '٠.٥', '0,5', '-', '-.5']);
    case 1:
      return pick(r, [0.5, 1, 0, null, true, undefined, {}, ['0.5']]);
    case 2:
      return pick(r, ['0', '0.0', '-0', '-0.00', '1', '1.0', '1.00000000000000', '0.99999999999999', '0.000000000000001']);
    case 3:
      // Long texts: past 15 digits, past 14 decimals, leading zeros.
      return `${'0'.repeat(r.int(0, 20))}.${String(r.int(1, 999_999_999)).padStart(r.int(1, 20), '0')}`.replace(/^\./, '0.');
    case 4:
      return randomText(r, 18, 18, true);
    case 5:
      return randomText(r, 2, 16);
    default:
      // The common form: a price of a few decimals, or a size.
      return r.chance(0.5) ? `0.${String(r.int(1, 99)).padStart(2, '0')}` : randomText(r, 5, 2);
  }
}

function randomSide(r: SimRng, malformed: boolean): unknown {
  if (malformed && r.chance(0.05)) return pick(r, [null, '[]', {}, 3]);
  const n = r.int(0, 6);
  const levels: unknown[] = [];
  const start = r.int(2, 98);
  const step = r.chance(0.7) ? -1 : 1;
  for (let i = 0; i < n; i++) {
    if (malformed && r.chance(0.04)) {
      levels.push(pick(r, [null, 'level', [1, 2], 7]));
      continue;
    }
    // Mostly strictly one way (best first, or best last); sometimes a level twice or out of order.
    const shuffle = r.chance(0.04) ? r.int(-3, 3) : 0;
    const cents = Math.min(99, Math.max(1, start + step * i * (r.chance(0.05) ? 0 : 1) + shuffle));
    const price = malformed && r.chance(0.15) ? randomField(r) : `0.${String(cents).padStart(2, '0')}`;
    const size = malformed && r.chance(0.15) ? randomField(r) : r.chance(0.01) ? '0' : randomText(r, 4, 2);
    levels.push(r.chance(0.02) ? { size, price, extra: 1 } : { price, size });
  }
  return levels;
}

type Outcome = { ok: true; value: unknown } | { ok: false; message: string };

function outcome(run: () => unknown): Outcome {
  try {
    return { ok: true, value: run() };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
}

describe('book check, quick path against the reference', () => {
  it(`parseUnsignedPlain gives parseDecimal's Decimal or hands over (${CASES * 2} texts)`, () => {
    const r = new SimRng('unsigned-plain');
    let quick = 0;
    for (let i = 0; i < CASES * 2; i++) {
      const t = randomField(r);
      if (typeof t !== 'string') continue;
      const d = parseUnsignedPlain(t);
      if (d === undefined) continue;
      quick++;
      expect(shape(d), t).toEqual(shape(parseDecimal(t)));
    }
    expect(quick).toBeGreaterThan(CASES);
  });

  it(`priceText and sizeText accept, refuse and word their errors as before (${CASES * 2} fields)`, () => {
    const r = new SimRng('quick-fields');
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < CASES * 2; i++) {
      const o = { v: randomField(r) };
      for (const [quick, ref] of [
        [c.priceText, refPrice],
        [c.sizeText, refSize],
      ] as const) {
        const got = outcome(() => shape(quick(ROUTE, o, 'v', 'bids[2]')));
        const want = outcome(() => shape(ref(o, 'v', 'bids[2]')));
        expect(got, JSON.stringify(o.v)).toEqual(want);
        if (want.ok) accepted++;
        else refused++;
      }
    }
    expect(accepted).toBeGreaterThan(CASES);
    expect(refused).toBeGreaterThan(CASES / 4);
  });

  it(`validateBook gives the same snapshot, levels, problems and errors as the reference (${CASES} books)`, () => {
    const r = new SimRng('quick-books');
    let accepted = 0;
    let reversed = 0;
    const problems = new Map<string, number>();
    for (let i = 0; i < CASES; i++) {
      const malformed = r.chance(0.3);
      const raw = {
        market: '0xm',
        asset_id: '0xm:0',
        timestamp: '1700000000000',
        hash: 'h',
        bids: randomSide(r, malformed),
        asks: randomSide(r, malformed),
        min_order_size: '5',
        tick_size: '0.01',
        neg_risk: false,
        last_trade_price: '0.5',
      };
      const text = JSON.stringify(raw);
      const side = (l: readonly { price: Decimal; size: Decimal }[]) => l.map((x) => [shape(x.price), shape(x.size)]);
      const got = outcome(() => {
        const b = validateBook(ROUTE, JSON.parse(text), '[7]');
        return { snapshot: JSON.stringify(b), problem: b.problem, bids: side(b.levels.bids), asks: side(b.levels.asks) };
      });
      const want = outcome(() => {
        const o = JSON.parse(text) as c.Rec;
        const rawBids = c.array(ROUTE, o.bids, '[7].bids');
        const rawAsks = c.array(ROUTE, o.asks, '[7].asks');
        const bids = refSide(rawBids, '[7].bids', true);
        const asks = typeof bids === 'string' ? bids : refSide(rawAsks, '[7].asks', false);
        if (typeof bids === 'string' || typeof asks === 'string') {
          const problem = typeof bids === 'string' ? bids : (asks as string);
          problems.set(problem, (problems.get(problem) ?? 0) + 1);
          return { snapshot: JSON.stringify(o), problem, bids: [], asks: [] };
        }
        if (bids.text.length > 1 && bids.text[0] !== rawBids[0]) reversed++;
        accepted++;
        return {
          snapshot: JSON.stringify({ ...o, bids: bids.text, asks: asks.text }),
          problem: undefined,
          bids: side(bids.parsed),
          asks: side(asks.parsed),
        };
      });
      if (!want.ok) expect(got.ok, JSON.stringify(raw)).toBe(false);
      expect(got, text).toEqual(want);
    }
    expect(accepted).toBeGreaterThan(CASES / 4);
    expect(accepted).toBeLessThan(CASES);
    expect(reversed).toBeGreaterThan(CASES / 40);
    // Every problem the rules name came up, each more than a few times.
    for (const p of ['price-out-of-range', 'bad-size', 'duplicate-level', 'unordered-levels'])
      expect(problems.get(p) ?? 0, p).toBeGreaterThan(10);
  });

  it('reads no level of a side longer than the bound: a malformed level past it is not reached', () => {
    const raw = {
      market: '0xm',
      asset_id: '0xm:0',
      timestamp: '1700000000000',
      hash: 'h',
      bids: ['0.5', '0.4', '0.3', '0.2', '0.1'].map((price) => ({ price, size: '1' })) as unknown[],
      asks: [],
      min_order_size: '5',
      tick_size: '0.01',
      neg_risk: false,
      last_trade_price: '0.5',
    };
    raw.bids.push('not a level');
    expect(validateBook(ROUTE, raw, '', 5).problem).toBe('too-many-levels');
    expect(refSide(raw.bids, 'bids', true, 5)).toBe('too-many-levels');
    // With room for it, the sixth is read, and refused.
    expect(() => validateBook(ROUTE, raw, '', 6)).toThrow("POST /books: response field 'bids[5]' must be an object");
  });
});
