import { describe, expect, it } from 'vitest';
import { backoffDelayMs, retryDelayMs } from '../../src/limits/backoff.js';

const policy = { baseMs: 100, maxMs: 1_000, maxRetries: 3 };

describe('backoff with full jitter', () => {
  it('is random() x min(max, base x 2^attempt)', () => {
    expect([0, 1, 2, 3, 4, 10].map((a) => backoffDelayMs(a, policy, () => 1))).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(backoffDelayMs(2, policy, () => 0.25)).toBe(100);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(0);
    expect(() => backoffDelayMs(-1, policy)).toThrow(RangeError);
  });

  it('retries reads only, up to maxRetries, never sooner than the venue Retry-After', () => {
    expect(retryDelayMs('POST /books', 0, undefined, policy, () => 0.5)).toBe(50);
    expect(retryDelayMs('GET /book', 1, 700, policy, () => 0.5)).toBe(700);
    expect(retryDelayMs('GET /book', 3, undefined, policy, () => 0.5)).toBeUndefined();
    expect(retryDelayMs('POST /order', 0, undefined, policy, () => 0.5)).toBeUndefined();
    expect(retryDelayMs('DELETE /order', 0, undefined, policy, () => 0.5)).toBeUndefined();
  });
});
