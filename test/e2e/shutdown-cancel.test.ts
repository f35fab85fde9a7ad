import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { cancelAllOpenOrders } from '../../src/execution/cancel-all.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;

beforeAll(async () => {
  h = await startSimHarness({ markets: 4, edgeLimits: { enabled: false } });
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
});

afterAll(async () => {
  await client?.close();
  await h?.close();
});

describe('shutdown leaves no open order', () => {
  it('cancels every open order of the account, across markets', async () => {
    const markets = (await client.getMarkets({})).data;
    let placed = 0;
    for (const m of markets) {
      for (const t of m.tokens) {
        for (const price of ['0.02', '0.03']) {
          const r = await client.postOrder({
            order: { asset_id: t.token_id, side: 'BUY', price, size: '20', expiration: '0', client_order_id: `sd-${placed}` },
            orderType: 'GTC',
          });
          expect(r.status).toBe('live');
          placed++;
        }
      }
    }
    expect((await h.stats()).open_orders).toBe(placed);
    const result = await cancelAllOpenOrders(client, pino({ level: 'silent' }));
    expect(result).toEqual({ canceled: placed, failed: 0 });
    expect((await h.stats()).open_orders).toBe(0);
  });
});
