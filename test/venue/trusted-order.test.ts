/**
 * postTrustedOrder (the executor's path, no re-validation) against postOrder (every field checked):
 * for thousands of orders, byte for byte the same request (method, path, headers with the
 * signature, body) and the same checked answer, or the same error for a malformed answer.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { createRng, type SimRng } from '../../src/sim/rng.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import type { Transport, TransportRequest, TransportResponse } from '../../src/venue/http/transport.js';
import { trustedOrderBody, type TrustedOrderParams } from '../../src/venue/trusted-order.js';
import { rejectionOf } from '../support/catch-error.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';

/** Records what it is handed and answers with `answer`. */
class RecordingTransport implements Transport {
  closed = false;
  readonly sent: Omit<TransportRequest, 'abort'>[] = [];
  answer = '{"success":true,"errorMsg":"","orderID":"0xab","status":"live","makingAmount":"0","takingAmount":"0"}';
  async send(req: TransportRequest): Promise<TransportResponse> {
    const { abort: _abort, ...rest } = req;
    this.sent.push(rest);
    return { status: 200, headers: {}, text: this.answer };
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

function pair(): { clock: FakeClock; transport: RecordingTransport; client: VenueClient } {
  const clock = new FakeClock(1_763_800_000_123);
  const transport = new RecordingTransport();
  const client = createVenueClient({ baseUrl: 'http://venue.test.invalid/prefix', credentials: TEST_CREDENTIALS, clock, transport });
  return { clock, transport, client };
}

const ODD = ['"', '\\', '\n', '\u0000', '\u001f', 'é', '€', '\u2028', '😀', '\ud800', ' ', '/', '<'];

function text(rng: SimRng, plain: string): string {
  if (!rng.chance(0.1)) return plain;
  const at = rng.int(0, plain.length);
  return plain.slice(0, at) + ODD[rng.int(0, ODD.length - 1)]! + plain.slice(at);
}

function randomOrder(rng: SimRng, i: number): TrustedOrderParams {
  const gtd = rng.chance(0.3);
  const decimals = rng.int(1, 4);
  const price = `0.${String(rng.int(1, 10 ** decimals - 1)).padStart(decimals, '0')}`;
  const size = rng.chance(0.5) ? String(rng.int(1, 5_000)) : `${rng.int(0, 999)}.${String(rng.int(1, 99)).padStart(2, '0')}`;
  return {
    order: {
      asset_id: text(rng, `0x${rng.hex(64)}:${rng.int(0, 1)}`),
      side: rng.chance(0.5) ? 'BUY' : 'SELL',
      price,
      size,
      expiration: gtd ? String(1_763_800_000 + rng.int(1, 100_000)) : '0',
      client_order_id: text(rng, `mk${rng.hex(6)}-${i}`),
    },
    orderType: gtd ? 'GTD' : 'GTC',
    postOnly: rng.chance(0.8),
  };
}

describe('postTrustedOrder', () => {
  it('sends byte for byte what postOrder sends, and returns the same answer, on 2,000 random orders', async () => {
    const rng = createRng('trusted-order');
    const checked = pair();
    const trusted = pair();
    for (let i = 0; i < 2_000; i++) {
      const order = randomOrder(rng, i);
      const a = await checked.client.postOrder(order);
      const b = await trusted.client.postTrustedOrder(order);
      expect(b).toEqual(a);
      checked.clock.advance(7);
      trusted.clock.advance(7);
    }
    expect(trusted.transport.sent).toHaveLength(2_000);
    expect(trusted.transport.sent).toEqual(checked.transport.sent);
    // The bodies are JSON and carry the orders' odd characters intact.
    const odd = trusted.transport.sent.filter((r) => /[^\x20-\x7e]|\\/.test(r.body!));
    expect(odd.length).toBeGreaterThan(100);
    for (const r of odd) expect(JSON.stringify(JSON.parse(r.body!))).toBe(r.body);
  });

  it('writes the body key for key as JSON.stringify of the checked body', () => {
    const order: TrustedOrderParams = {
      order: { asset_id: 'c1:0', side: 'SELL', price: '0.53', size: '12.5', expiration: '1763800100', client_order_id: 'a"b\\c' },
      orderType: 'GTD',
      postOnly: false,
    };
    expect(trustedOrderBody(order, 'key-1')).toBe(
      '{"order":{"asset_id":"c1:0","side":"SELL","price":"0.53","size":"12.5","expiration":"1763800100","client_order_id":"a\\"b\\\\c"},"owner":"key-1","orderType":"GTD","postOnly":false}',
    );
  });

  it('checks the answer as postOrder does: the same error for a malformed one', async () => {
    const order = randomOrder(createRng('malformed'), 1);
    for (const answer of ['{"success":true,"orderID":"","status":"live"}', '{"success":"yes"}', '[]', 'not json']) {
      const checked = pair();
      const trusted = pair();
      checked.transport.answer = answer;
      trusted.transport.answer = answer;
      const a = await rejectionOf(checked.client.postOrder(order));
      const b = await rejectionOf(trusted.client.postTrustedOrder(order));
      expect(b.message).toBe(a.message);
      expect(b.code).toBe(a.code);
    }
  });

  it('needs credentials like postOrder: AUTH before anything is sent', async () => {
    const transport = new RecordingTransport();
    const client = createVenueClient({ baseUrl: 'http://venue.test.invalid', transport });
    const err = await rejectionOf(client.postTrustedOrder(randomOrder(createRng('auth'), 1)));
    expect(err.code).toBe('MAKERD_ERR_AUTH');
    expect(transport.sent).toHaveLength(0);
  });
});
