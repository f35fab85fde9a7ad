/**
 * Authentication over real HTTP (venue-api.md section 5, design.md section 3): every rejection
 * answers 401 with the error body, is counted by reason, and never echoes a secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/venue/endpoints.js';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectError } from './shapes.js';
import { synthetic } from './trade-helpers.js';

let h: SimHarness;
beforeAll(async () => {
  h = await startSimHarness({ markets: 2 });
});
afterAll(() => h.close());

const P = 'SERVICE_';

async function reasons(): Promise<Record<string, number>> {
  return (await h.stats()).auth_failures_by_reason as Record<string, number>;
}

describe('authenticated routes', () => {
  it('are exactly the trading writes, /data/* and /builder/trades, and all refuse an unsigned request', async () => {
    const authed = Object.values(ENDPOINTS).filter((d) => d.auth);
    expect(authed.map((d) => d.route).sort()).toEqual(
      [
        'DELETE /cancel-market-orders',
        'DELETE /order',
        'GET /builder/trades',
        'GET /data/order/{id}',
        'GET /data/orders',
        'GET /data/trades',
        'POST /order',
      ].sort(),
    );
    for (const d of authed) {
      const path = d.path.replace('{id}', 'abc');
      const r = await h.request(d.method, path, d.method === 'GET' ? {} : { body: {} });
      expectError(r, 401, 'UNAUTHORIZED', 'missing');
    }
  });

  it('accepts a correctly signed request, with a query string left out of the signature', async () => {
    const r = await h.signed('GET', '/data/orders', { query: { market: '0xabc' } });
    expect(r.status).toBe(200);
  });

  it('accepts a synthetic account signing for itself and shows it only its own orders', async () => {
    const u = synthetic(h, 3);
    const r = await h.signed<{ data: unknown[] }>('GET', '/data/orders', { as: u });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
  });
});

describe('rejections', () => {
  const cases: [string, (hdr: Record<string, string>) => void, string, string][] = [
    ['a missing header', (x) => delete x[`${P}PASSPHRASE`], 'missing_header', 'passphrase missing'],
    ['a wrong api key', (x) => (x[`${P}API_KEY`] = '00000000-0000-4000-8000-000000000000'), 'unknown_api_key', 'unknown api key'],
    ['a wrong passphrase', (x) => (x[`${P}PASSPHRASE`] = 'f'.repeat(64)), 'wrong_passphrase', 'wrong passphrase'],
    ['a wrong address', (x) => (x[`${P}ADDRESS`] = `0x${'1'.repeat(40)}`), 'wrong_address', 'address'],
    [
      'a bad signature',
      (x) => (x[`${P}SIGNATURE`] = x[`${P}SIGNATURE`]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))),
      'bad_signature',
      'bad signature',
    ],
    ['a non-numeric timestamp', (x) => (x[`${P}TIMESTAMP`] = 'now'), 'bad_timestamp', 'timestamp'],
  ];
  for (const [what, tamper, reason, message] of cases) {
    it(`refuses ${what} with 401 and counts it as ${reason}`, async () => {
      const before = (await reasons())[reason] ?? 0;
      const r = await h.signed('POST', '/order', { body: { any: 'thing' }, tamper });
      const text = expectError(r, 401, 'UNAUTHORIZED', message);
      expect(text).not.toContain(h.credentials.secret);
      expect(text).not.toContain(h.credentials.passphrase);
      expect((await reasons())[reason]).toBe(before + 1);
    });
  }

  it('accepts the address in any letter case', async () => {
    const r = await h.signed('GET', '/data/orders', {
      tamper: (x) => (x[`${P}ADDRESS`] = x[`${P}ADDRESS`]!.toUpperCase().replace('0X', '0x')),
    });
    expect(r.status).toBe(200);
  });

  it('refuses a signature over a different body than the one sent', async () => {
    const body = JSON.stringify({ orderId: 'x' });
    const headers = h.authHeaders('DELETE', '/order', JSON.stringify({ orderId: 'y' }));
    const r = await h.request('DELETE', '/order', { body, headers });
    expectError(r, 401, 'UNAUTHORIZED', 'bad signature');
  });

  it('refuses a signature made with another account secret', async () => {
    const other = synthetic(h, 0);
    const forged = h.authHeaders('GET', '/data/orders', undefined, { ...h.credentials, secret: other.secret });
    expectError(await h.request('GET', '/data/orders', { headers: forged }), 401, 'UNAUTHORIZED', 'bad signature');
  });

  it('refuses timestamps outside the 30 s freshness window, both ways, on the injected clock', async () => {
    const now = h.clock.now();
    expect((await h.signed('GET', '/data/orders', { timestampMs: now - 30_000 })).status).toBe(200);
    expectError(await h.signed('GET', '/data/orders', { timestampMs: now - 30_001 }), 401, 'UNAUTHORIZED', 'freshness');
    expectError(await h.signed('GET', '/data/orders', { timestampMs: now + 30_001 }), 401, 'UNAUTHORIZED', 'freshness');
    // A request signed now becomes stale when the clock moves on.
    const headers = h.authHeaders('GET', '/data/orders', undefined);
    h.clock.advance(31_000);
    expectError(await h.request('GET', '/data/orders', { headers }), 401, 'UNAUTHORIZED', 'freshness');
  });

  it('counts every failure in auth_failures_total', async () => {
    const s = await h.stats();
    const byReason = s.auth_failures_by_reason as Record<string, number>;
    expect(s.auth_failures_total).toBe(Object.values(byReason).reduce((a, b) => a + b, 0));
    expect(s.auth_failures_total).toBeGreaterThanOrEqual(7 + 6 + 4);
  });
});

describe('header prefix', () => {
  it('is configurable', async () => {
    const h2 = await startSimHarness({ markets: 1, headerPrefix: 'VENUE_' });
    try {
      expect((await h2.signed('GET', '/data/orders')).status).toBe(200);
      const plain = h.authHeaders('GET', '/data/orders', undefined, h2.credentials, h2.clock.now());
      expectError(await h2.request('GET', '/data/orders', { headers: plain }), 401, 'UNAUTHORIZED');
    } finally {
      await h2.close();
    }
  });
});
