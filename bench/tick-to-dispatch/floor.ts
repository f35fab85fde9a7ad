/**
 * The floor under the tick-to-dispatch headline: the part of a tick no implementation can skip,
 * timed the same way. Each tick sends what the headline's tick sends (per market one DELETE
 * /cancel-market-orders, then, after its answer, six POST /order at the tick's new prices), and
 * each request is only written (the product's own body writer), signed (its own signer) and handed
 * over with its headers for an answer that is already there. No books are checked, no strategy,
 * risk gate, order tracking, limiter or answer check runs. What the headline spends above this
 * floor is the pipeline's; the floor itself is what the signer and the language cost here.
 */
import { VenueCredentials } from '../../src/venue/credentials.js';
import { trustedOrderBody } from '../../src/venue/trusted-order.js';
import { CREDENTIALS, LEVELS, POLL_INTERVAL_MS } from './scenario.js';
import { Venue } from './venue-feed.js';

interface Handed {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const ANSWER = Promise.resolve({ status: 200, text: '{}' });

/** Per tick: ms from the start to the last request handed over. */
export async function floorPass(nTokens: number, warmupTicks: number, ticks: number): Promise<number[]> {
  const venue = new Venue(nTokens / 2, 0x5eed0000 + nTokens);
  const credentials = new VenueCredentials(CREDENTIALS);
  let lastSend = 0;
  let handed = 0;
  const send = (req: Handed): Promise<unknown> => {
    handed += req.body.length;
    lastSend = performance.now();
    return ANSWER;
  };
  const request = (method: string, path: string, body: string, nowMs: number): Promise<unknown> => {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'makerd', 'content-type': 'application/json' };
    credentials.addHeaders(headers, { method, path, body, timestampMs: nowMs });
    return send({ method, path, headers, body });
  };
  let nowMs = Date.now();
  let orders = 0;
  const market = async (conditionId: string, token: string, mid: number): Promise<void> => {
    await request('DELETE', '/cancel-market-orders', JSON.stringify({ market: conditionId }), nowMs);
    const posts: Promise<unknown>[] = [];
    for (let level = 1; level <= LEVELS; level++) {
      for (const [side, cents] of [
        ['BUY', mid - 2 * level],
        ['SELL', mid + 2 * level],
      ] as const) {
        const body = trustedOrderBody(
          {
            order: {
              asset_id: token,
              side,
              price: (cents / 100).toFixed(2),
              size: '100',
              expiration: '0',
              client_order_id: `mkfloor-${(++orders).toString(36)}`,
            },
            orderType: 'GTC',
            postOnly: true,
          },
          CREDENTIALS.apiKey,
        );
        posts.push(request('POST', '/order', body, nowMs));
      }
    }
    await Promise.all(posts);
  };
  const out: number[] = [];
  for (let i = 0; i < warmupTicks + ticks; i++) {
    nowMs += POLL_INTERVAL_MS;
    // Every midpoint moves one tick, as in the headline's scenario.
    for (const m of venue.markets) m.mid = Math.min(75, Math.max(25, m.mid + (((i + m.mid) & 1) === 0 ? 1 : -1)));
    const start = performance.now();
    await Promise.all(venue.markets.map((m) => market(m.conditionId, m.tokens[0], m.mid)));
    if (i >= warmupTicks) out.push(lastSend - start);
  }
  if (handed === 0) throw new Error('floor pass handed nothing over');
  return out;
}
