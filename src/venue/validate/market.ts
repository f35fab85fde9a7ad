/**
 * Market metadata: markets (2.5), simplified markets (2.6), order-book settings (2.8) and the
 * fee rate (2.9). Checked: identities, trading flags, token lists and the numbers the strategy
 * takes its tick, minimum size and fees from.
 */
import type { ClobMarketSettings, FeeRate, Market, SimplifiedMarket } from '../types.js';
import * as c from './check.js';

function tokens(route: string, o: c.Rec, base: string): void {
  c.arrayOf(route, o.tokens, c.at(base, 'tokens'), (el, f) => {
    const t = c.object(route, el, f);
    c.nonEmptyString(route, t, 'token_id', f);
    c.string(route, t, 'outcome', f);
    c.finite(route, t, 'price', f, { min: 0, max: 1 });
    c.boolean(route, t, 'winner', f);
  });
}

function flags(route: string, o: c.Rec, base: string): void {
  for (const k of ['active', 'closed', 'archived', 'accepting_orders', 'neg_risk']) c.boolean(route, o, k, base);
}

export function validateSimplifiedMarket(route: string, value: unknown, field = ''): SimplifiedMarket {
  const o = c.object(route, value, field);
  c.nonEmptyString(route, o, 'condition_id', field);
  flags(route, o, field);
  tokens(route, o, field);
  return o as unknown as SimplifiedMarket;
}

export function validateMarket(route: string, value: unknown, field = ''): Market {
  const o = c.object(route, value, field);
  validateSimplifiedMarket(route, o, field);
  c.boolean(route, o, 'enable_order_book', field);
  c.priceNumber(route, o, 'minimum_tick_size', field);
  c.finite(route, o, 'minimum_order_size', field, { min: 0 });
  c.finite(route, o, 'maker_base_fee', field, { min: 0 });
  c.finite(route, o, 'taker_base_fee', field, { min: 0 });
  return o as unknown as Market;
}

function feeDetails(route: string, o: c.Rec, key: string, base: string): void {
  const f = c.at(base, key);
  const fd = c.object(route, o[key], f);
  c.finite(route, fd, 'r', f, { min: 0 });
  c.integer(route, fd, 'e', f);
  c.boolean(route, fd, 'to', f);
}

export function validateClobMarket(route: string, value: unknown): ClobMarketSettings {
  const o = c.object(route, value, '');
  c.nonEmptyString(route, o, 'c', '');
  c.boolean(route, o, 'nr', '');
  c.arrayOf(route, o.t, 't', (el, f) => {
    const t = c.object(route, el, f);
    c.nonEmptyString(route, t, 't', f);
    c.string(route, t, 'o', f);
  });
  c.priceNumber(route, o, 'mts', '');
  c.finite(route, o, 'mos', '', { min: 0 });
  feeDetails(route, o, 'fd', '');
  return o as unknown as ClobMarketSettings;
}

export function validateFeeRate(route: string, value: unknown): FeeRate {
  const o = c.object(route, value, '');
  c.integer(route, o, 'base_fee', '', 0);
  feeDetails(route, o, 'fd', '');
  const fs = c.object(route, o.fee_schedule, 'fee_schedule');
  c.finite(route, fs, 'rate', 'fee_schedule', { min: 0 });
  c.integer(route, fs, 'exponent', 'fee_schedule', 0);
  c.boolean(route, fs, 'takerOnly', 'fee_schedule');
  c.finite(route, fs, 'rebateRate', 'fee_schedule', { min: 0 });
  return o as unknown as FeeRate;
}
