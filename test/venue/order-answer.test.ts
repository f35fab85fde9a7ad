/**
 * readAcceptedOrder (POST /order's usual answer read from its text) against the full path
 * (JSON.parse, then validateOrderResponse): on thousands of answers in the usual shape, the same
 * object, keys in the same order; on thousands of near misses (a character changed, added or
 * dropped), either undefined (the full path then runs) or, when the text still has the shape,
 * again the full path's object, and never a value for a text the full path refuses.
 */
import { describe, expect, it } from 'vitest';
import { createRng, type SimRng } from '../../src/sim/rng.js';
import { readAcceptedOrder } from '../../src/venue/validate/order-answer.js';
import { validateOrderResponse } from '../../src/venue/validate/account.js';

const ROUTE = 'POST /order';

function full(text: string): unknown {
  return validateOrderResponse(ROUTE, JSON.parse(text) as unknown);
}

function amount(rng: SimRng): string {
  if (rng.chance(0.5)) return '0';
  const whole = String(rng.int(0, 100_000));
  return rng.chance(0.5) ? whole : `${whole}.${String(rng.int(0, 999_999)).padStart(rng.int(1, 6), '0')}`;
}

function accepted(rng: SimRng): string {
  const id = rng.chance(0.8) ? `0x${rng.hex(rng.int(1, 64))}` : `${rng.hex(8)}-${rng.int(0, 99)}:x_ ~!`;
  const status = rng.pick(['live', 'matched', 'unmatched', 'delayed']);
  return `{"success":true,"errorMsg":"","orderID":"${id}","status":"${status}","makingAmount":"${amount(rng)}","takingAmount":"${amount(rng)}"}`;
}

const EDITS = ['"', '\\', ' ', '-', '.', 'e', '1', '0', '}', ',', ':', 'x', '\n', 'é', '\\u0030', 'false', 'null', '""'];

function nearMiss(rng: SimRng, text: string): string {
  const at = rng.int(0, text.length - 1);
  const edit = rng.pick(EDITS);
  switch (rng.int(0, 2)) {
    case 0:
      return text.slice(0, at) + edit + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + edit + text.slice(at);
    default:
      return text.slice(0, at) + text.slice(at + 1);
  }
}

describe('readAcceptedOrder', () => {
  it('gives the full check’s object, keys in order, for 5,000 answers in the usual shape', () => {
    const rng = createRng('order-answer-usual');
    for (let i = 0; i < 5_000; i++) {
      const text = accepted(rng);
      const quick = readAcceptedOrder(text);
      expect(quick).toEqual(full(text));
      expect(Object.keys(quick!)).toEqual(Object.keys(full(text) as object));
    }
  });

  it('on 20,000 near misses: undefined, or the full check’s object; never a value the full check refuses', () => {
    const rng = createRng('order-answer-near');
    let read = 0;
    let refusedByFull = 0;
    for (let i = 0; i < 20_000; i++) {
      const text = nearMiss(rng, accepted(rng));
      const quick = readAcceptedOrder(text);
      let expected: unknown;
      let err: unknown;
      try {
        expected = full(text);
      } catch (e) {
        err = e;
      }
      if (err !== undefined) refusedByFull++;
      if (quick === undefined) continue;
      read++;
      expect(err).toBeUndefined();
      expect(quick).toEqual(expected);
    }
    // Both kinds are common: the near misses do exercise the reader and the refusals.
    expect(read).toBeGreaterThan(1_000);
    expect(refusedByFull).toBeGreaterThan(5_000);
  });

  it('leaves refusals, other shapes and escapes to the full path', () => {
    for (const text of [
      '{"success":false,"errorMsg":"post-only order would cross","orderID":"","status":"unmatched","makingAmount":"0","takingAmount":"0"}',
      '{"success":true,"errorMsg":"","orderID":"","status":"live","makingAmount":"0","takingAmount":"0"}',
      '{"success":true,"errorMsg":"","orderID":"0x\\u0041","status":"live","makingAmount":"0","takingAmount":"0"}',
      '{"success":true,"errorMsg":"","orderID":"0xab","status":"live","makingAmount":"-1","takingAmount":"0"}',
      '{"success":true,"errorMsg":"","orderID":"0xab","status":"live","makingAmount":"1e3","takingAmount":"0"}',
      '{"success": true,"errorMsg":"","orderID":"0xab","status":"live","makingAmount":"0","takingAmount":"0"}',
      '{"errorMsg":"","success":true,"orderID":"0xab","status":"live","makingAmount":"0","takingAmount":"0"}',
      '{"success":true,"errorMsg":"","orderID":"0xab","status":"live","makingAmount":"0","takingAmount":"0"} ',
    ])
      expect(readAcceptedOrder(text)).toBeUndefined();
    expect(
      readAcceptedOrder('{"success":true,"errorMsg":"","orderID":"0xab","status":"live","makingAmount":"1.5","takingAmount":"0"}'),
    ).toEqual({
      success: true,
      errorMsg: '',
      orderID: '0xab',
      status: 'live',
      makingAmount: '1.5',
      takingAmount: '0',
    });
  });
});
