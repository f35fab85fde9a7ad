import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { liveEnvFor } from '../support/live-env.js';
import { cli } from './run-cli.js';

let h: SimHarness;
let client: VenueClient;
let env: NodeJS.ProcessEnv;
let token0: string;
let token1: string;
let market: string;

beforeAll(async () => {
  // The CLI signs with the wall clock, so the simulator's (fake) clock starts at the same time.
  h = await startSimHarness({ markets: 3, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  env = liveEnvFor(h);
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
  const m = (await client.getMarkets({})).data[0]!;
  market = m.condition_id;
  token0 = m.tokens[0]!.token_id;
  token1 = m.tokens[1]!.token_id;
});

afterAll(async () => {
  await client?.close();
  await h?.close();
});

async function placeResting(price: string): Promise<string> {
  const r = await client.postOrder({
    order: { asset_id: token0, side: 'BUY', price, size: '20', expiration: '0', client_order_id: `cli-${price}` },
    orderType: 'GTC',
  });
  expect(r.success).toBe(true);
  expect(r.status).toBe('live');
  return r.orderID;
}

describe('makerd CLI', () => {
  it('--help lists every command', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['run', 'sim', 'query', 'cancel --order-id', 'cancel-market', 'check-config']) expect(r.stdout).toContain(c);
  });

  it('query --help lists the queries and their parameters', async () => {
    const r = await cli(['query', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('book');
    expect(r.stdout).toContain('--token-id');
    expect(r.stdout).toContain('GET /v1/leaderboard');
  });

  it('an unknown command is a usage error: exit 2, one line', async () => {
    const r = await cli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/unknown command 'frobnicate'/);
  });

  it('query book prints the venue book as JSON', async () => {
    const r = await cli(['query', 'book', '--token-id', token0], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const book = JSON.parse(r.stdout);
    expect(book.asset_id).toBe(token0);
    expect(book.market).toBe(market);
    expect(Array.isArray(book.bids)).toBe(true);
    // Exactly the venue's snapshot: what the client parsed from it is not printed.
    expect(book).toEqual((await h.request('GET', '/book', { query: { token_id: token0 } })).body);
  });

  it('query books takes several tokens; query midpoints too', async () => {
    const r = await cli(['query', 'books', '--token-id', `${token0},${token1}`], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map((b: { asset_id: string }) => b.asset_id)).toEqual([token0, token1]);
    const m = await cli(['query', 'midpoints', '--token-id', `${token0},${token1}`], env);
    expect(m.code).toBe(0);
    expect(JSON.parse(m.stdout)).toEqual(
      (await h.request('POST', '/midpoints', { body: [{ token_id: token0 }, { token_id: token1 }] })).body,
    );
  });

  it('query markets --all walks every page', async () => {
    const r = await cli(['query', 'markets', '--all'], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(3);
  });

  it('checks parameters before sending: a bad value fails with one line and no request', async () => {
    const before = (await h.stats()).requests_total as number;
    const r = await cli(['query', 'leaderboard', '--limit', '51'], env);
    expect(r.code).toBe(2); // a parameter the endpoint cannot take is a usage error
    expect(r.stderr).toMatch(/^makerd: MAKERD_ERR_BAD_PARAMETER: GET \/v1\/leaderboard: parameter 'limit' must be <= 50/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect((await h.stats()).requests_total).toBe(before);
  });

  it('takes parameters in kebab-case or as the venue spells them', async () => {
    const a = await cli(['query', 'positions', '--user', h.credentials.address, '--sort-by', 'CASHPNL', '--size-threshold', '0'], env);
    expect(a.stderr).toBe('');
    expect(Array.isArray(JSON.parse(a.stdout))).toBe(true);
    const b = await cli(['query', 'trades', '--takerOnly', 'false', '--limit=5'], env);
    expect(b.code).toBe(0);
    expect(JSON.parse(b.stdout).length).toBeLessThanOrEqual(5);
  });

  it('an unknown flag is a usage error naming the parameters', async () => {
    const r = await cli(['query', 'book', '--tokn', 'x'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown flag --tokn; parameters: --token-id/);
  });

  it('cancel --order-id cancels one order', async () => {
    const id = await placeResting('0.02');
    const r = await cli(['cancel', '--order-id', id], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ canceled: [id], not_canceled: {} });
    expect((await client.getOrder({ id })).status).not.toBe('LIVE');
  });

  it('cancel of an unknown order exits 1 with one line', async () => {
    const r = await cli(['cancel', '--order-id', '0xdoesnotexist'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^makerd: not cancelled: 0xdoesnotexist \(/);
  });

  it('cancel-market --market and --asset cancel every open order there', async () => {
    const a = await placeResting('0.03');
    const b = await placeResting('0.04');
    const r = await cli(['cancel-market', '--market', market], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).canceled.sort()).toEqual([a, b].sort());
    const c = await placeResting('0.05');
    const r2 = await cli(['cancel-market', '--asset', token0], env);
    expect(JSON.parse(r2.stdout).canceled).toEqual([c]);
    expect((await h.stats()).open_orders).toBe(0);
  });

  it('cancel-market without a target is a usage error', async () => {
    const r = await cli(['cancel-market'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--market CID or --asset TOKEN is required/);
  });

  it('query orders lists open orders through the signed endpoint', async () => {
    const id = await placeResting('0.06');
    const r = await cli(['query', 'orders', '--all'], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map((o: { id: string }) => o.id)).toContain(id);
    await client.cancelOrder({ orderId: id });
  });

  it('check-config prints the effective configuration with secrets masked', async () => {
    const r = await cli(['check-config'], env);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(printed.venue.baseUrl).toBe(h.baseUrl);
    expect(printed.venue.secret).toBe('[redacted]');
    expect(r.stdout + r.stderr).not.toContain(h.credentials.secret);
    expect(r.stdout + r.stderr).not.toContain(h.credentials.passphrase);
  });

  it('an invalid configuration exits 1 naming key, value and rule', async () => {
    const r = await cli(['check-config', '--log-level', 'loud'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^makerd: MAKERD_ERR_CONFIG: invalid configuration: log\.level: must be one of the possible values/);
    expect(r.stderr).toContain('"loud"');
  });
});
