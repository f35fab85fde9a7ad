/**
 * Checks that a value has exactly the fields of a seed resource with the right JSON types.
 * 'iso' = an ISO 8601 date-time string; 'integer' = a safe integer number.
 */
import { expect } from 'vitest';

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'iso' | 'string|null' | 'boolean|null';
export type Shape = Record<string, FieldType>;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function typeOk(v: unknown, t: FieldType): boolean {
  switch (t) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return Number.isSafeInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'iso':
      return typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v));
    case 'string|null':
      return v === null || typeof v === 'string';
    case 'boolean|null':
      return v === null || typeof v === 'boolean';
  }
}

export function expectShape(value: unknown, shape: Shape, label = 'value'): void {
  expect(typeof value, label).toBe('object');
  // Through JSON, as the server sends it.
  const obj = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  expect(Object.keys(obj).sort(), `${label} keys`).toEqual(Object.keys(shape).sort());
  for (const [k, t] of Object.entries(shape)) {
    expect(typeOk(obj[k], t), `${label}.${k} should be ${t} but is ${JSON.stringify(obj[k])}`).toBe(true);
  }
}

export const REWARDS: Shape = { rates: 'array', min_size: 'number', max_spread: 'number' };
export const REWARD_RATE: Shape = { asset_address: 'string', rewards_daily_rate: 'number' };
export const MARKET_TOKEN: Shape = { token_id: 'string', mirror_token_id: 'string', outcome: 'string', price: 'number', winner: 'boolean' };
export const FEE_DETAILS: Shape = { r: 'number', e: 'integer', to: 'boolean' };
export const FEE_SCHEDULE: Shape = {
  rate: 'number',
  exponent: 'integer',
  takerOnly: 'boolean',
  rebateRate: 'number',
  category: 'string',
  version: 'integer',
  source: 'string',
};
export const TAG: Shape = {
  id: 'string',
  label: 'string',
  slug: 'string',
  createdAt: 'iso',
  updatedAt: 'iso',
  requiresTranslation: 'boolean',
};
