/**
 * design.md "cancel-all": 500 resting orders of makerd's account over 50 markets on the simulator
 * over HTTP; the clock runs from the shutdown path's cancel-all (what SIGTERM triggers: list the
 * open orders, then one DELETE /cancel-market-orders per market, through the rate limiter) to the
 * simulator reporting none open. The simulator runs in this process (same event loop), with its
 * edge limits on and the synthetic flow off. Median over ROUNDS rounds.
 */
import { pino } from 'pino';
import { systemClock } from '../src/clock/system-clock.js';
import { RateLimiter } from '../src/limits/index.js';
import { cancelAllOpenOrders } from '../src/execution/cancel-all.js';
import { startSimulator } from '../src/sim/simulator.js';
import { createVenueClient } from '../src/venue/client.js';
import { median, round } from './stats.js';

const MARKETS = 50;
const ORDERS = 500;
const ROUNDS = 5;
const PRICES = ['0.01', '0.02', '0.03', '0.04', '0.05'];

export default async function run(): Promise<Record<string, unknown>> {
  const sim = await startSimulator({ seed: 'bench-cancel-all', markets: MARKETS, clock: systemClock, flow: { enabled: false } });
  const limiter = new RateLimiter({ clock: systemClock });
  const client = createVenueClient({ baseUrl: sim.baseUrl, credentials: sim.credentials, clock: systemClock, gate: limiter, connectionsPerOrigin: 16 });
  const logger = pino({ level: 'silent' });
  const tokens = sim.world.lookup.tokens().map((t) => t.tokenId);
  const stats = async (): Promise<{ open_orders: number }> => (await (await fetch(`${sim.baseUrl}/_sim/stats`)).json()) as { open_orders: number };
  const ms: number[] = [];
  const placeMs: number[] = [];
  try {
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: ORDERS }, (_, i) =>
          client.postOrder({
            order: { asset_id: tokens[i % tokens.length]!, side: 'BUY', price: PRICES[Math.floor(i / tokens.length) % PRICES.length]!, size: '20', expiration: '0', client_order_id: `ca-${round_}-${i}` },
            orderType: 'GTC',
          }),
        ),
      );
      placeMs.push(performance.now() - t0);
      if ((await stats()).open_orders !== ORDERS) throw new Error('orders did not all rest');
      const start = performance.now();
      const result = await cancelAllOpenOrders(client, logger);
      if ((await stats()).open_orders !== 0 || result.canceled !== ORDERS) throw new Error(`cancel-all left orders: ${JSON.stringify(result)}`);
      ms.push(performance.now() - start);
    }
  } finally {
    await client.close();
    limiter.close();
    await sim.close();
  }
  return {
    scenario: `${ORDERS} resting orders over ${MARKETS} markets; list open orders, one DELETE /cancel-market-orders per market, until /_sim/stats shows none open`,
    rounds: ROUNDS,
    cancel_all_ms_median: round(median(ms), 1),
    cancel_all_ms_rounds: ms.map((x) => round(x, 1)),
    place_500_ms_median: round(median(placeMs), 1),
  };
}
