/**
 * Fill to re-quote: how long after one of makerd's resting orders is filled on the venue makerd's
 * next order request for that market reaches the venue.
 *
 * A real `makerd run` process (live mode, user and market streams on, `bands` with three bands a
 * side, so six orders rest per market) quotes MARKETS markets of a simulator running in this
 * process (over HTTP and WebSocket; edge limits on; synthetic flow off; a static maker ladder of
 * other accounts at 0.40-0.38 / 0.60-0.62 gives every book a midpoint of 0.50 that our orders
 * never touch). For each fill, once nothing of makerd's has changed on the exchange for QUIET_MS,
 * the bench takes makerd's best order on one token of the next market (alternating tokens) with a
 * FAK order of a synthetic account at that price for exactly its remaining size, placed directly
 * on the exchange: makerd's order is filled whole and nothing else trades. The clock starts just
 * before that taker order and stops at the first order request of makerd's for that market seen
 * by the exchange afterwards (a placement or a cancellation of the operator's account in that
 * market: the moment the simulator's request handler acts on it). The fill reaches makerd as a
 * /ws/user trade and order event and a /ws/market book change; bands tops the emptied band up.
 * p50 and p99 over FILLS fills.
 */
import { systemClock } from '../src/clock/system-clock.js';
import type { SimAccount } from '../src/sim/contracts.js';
import { operatorAccount } from '../src/sim/server/operator-account.js';
import { startSimulator, toBanner, type RunningSimulator } from '../src/sim/simulator.js';
import type { OpenOrder } from '../src/venue/types.js';
import { Daemon, populateLadders, quotableMarkets, sleep } from './daemon.js';
import type { BenchOptions } from './run.js';
import { median, percentile, round } from './stats.js';

const MARKETS = 10;
const FILLS = 60;
const QUICK_FILLS = 6;
/** No order event of makerd's anywhere for this long before each fill: every fill is measured alone. */
const QUIET_MS = 60;
const START_TIMEOUT_MS = 60_000;
const REQUOTE_TIMEOUT_MS = 5_000;
const TARGET_P50_MS = 50;

const BANDS = [0.01, 0.02, 0.03].map((avg) => ({
  minMargin: (avg - 0.005).toFixed(3),
  avgMargin: avg.toFixed(2),
  maxMargin: (avg + 0.005).toFixed(3),
  minAmount: '20',
  avgAmount: '20',
  maxAmount: '40',
}));

/** makerd's best-priced order on `tokenId` (highest BUY, else lowest SELL): what a taker reaches first. */
function bestOrder(orders: readonly OpenOrder[], tokenId: string): OpenOrder | undefined {
  const mine = orders.filter((o) => o.asset_id === tokenId);
  const buys = mine.filter((o) => o.side === 'BUY').sort((a, b) => Number(b.price) - Number(a.price));
  if (buys.length > 0) return buys[0];
  return mine.filter((o) => o.side === 'SELL').sort((a, b) => Number(a.price) - Number(b.price))[0];
}

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quick = options?.quick === true;
  const fills = quick ? QUICK_FILLS : FILLS;
  const sim: RunningSimulator = await startSimulator({
    seed: 'bench-fill-to-requote',
    markets: MARKETS,
    clock: systemClock,
    flow: { enabled: false },
  });
  const exchange = sim.world.exchange;
  const operator = operatorAccount(sim.credentials);
  const operatorAddress = operator.address.toLowerCase();
  const taker: SimAccount | undefined = sim.world.catalog.users[2];
  let daemon: Daemon | undefined;
  let ok = false;
  let unsubscribe = (): void => undefined;
  try {
    if (taker === undefined) throw new Error('the simulator has fewer than three synthetic users');
    const markets = quotableMarkets(sim).slice(0, MARKETS);
    populateLadders(sim, markets);
    const tokensOf = new Map(sim.world.lookup.tokens().map((t) => [t.tokenId, t.conditionId] as const));
    const tokens = (market: string): string[] =>
      [...tokensOf]
        .filter(([, m]) => m === market)
        .map(([t]) => t)
        .sort();

    let lastEvent = performance.now();
    let pending: { market: string; resolve: (at: number) => void } | undefined;
    const requestKinds: Record<string, number> = {};
    unsubscribe = exchange.subscribe((e) => {
      if (e.type !== 'order' || e.address.toLowerCase() !== operatorAddress) return;
      const at = performance.now();
      if (e.event === 'UPDATE') return; // a fill of makerd's order, not a request of makerd's
      lastEvent = at;
      if (pending !== undefined && e.order.market === pending.market) {
        requestKinds[e.event] = (requestKinds[e.event] ?? 0) + 1;
        const p = pending;
        pending = undefined;
        p.resolve(at);
      }
    });

    daemon = await Daemon.start({
      sim: toBanner(sim),
      markets,
      label: 'fill-to-requote',
      env: {
        MAKERD_STRATEGY: 'bands',
        MAKERD_STRATEGY_PARAMS: JSON.stringify({ bands: BANDS }),
        MAKERD_STREAM_MARKET: 'on',
        MAKERD_STREAM_USER: 'on',
      },
    });
    const d = daemon;
    const wantOpen = MARKETS * BANDS.length * 2;
    const open = (): number => exchange.operatorStats().open_orders;
    await d.waitFor(
      `${wantOpen} resting orders`,
      () => open() === wantOpen && performance.now() - lastEvent >= 2 * QUIET_MS,
      START_TIMEOUT_MS,
    );
    const startToQuotingS = (performance.now() - d.spawnedAt) / 1000;

    const ms: number[] = [];
    const missed: string[] = [];
    let partial = 0;
    for (let k = 0; k < fills; k++) {
      const market = markets[k % markets.length]!;
      const tokenId = tokens(market)[Math.floor(k / markets.length) % 2]!;
      await d.waitFor('a quiet moment', () => performance.now() - lastEvent >= QUIET_MS, REQUOTE_TIMEOUT_MS, 5);
      const target = bestOrder(exchange.openOrders(operator, { market }), tokenId);
      if (target === undefined) {
        missed.push(`fill ${k}: no order of makerd's on ${tokenId}`);
        continue;
      }
      const size = (Number(target.original_size) - Number(target.size_matched)).toFixed(2);
      let resolveAt = (_at: number): void => undefined;
      const requoted = new Promise<number>((r) => (resolveAt = r));
      const t0 = performance.now();
      const res = exchange.placeOrder(taker, {
        order: {
          asset_id: tokenId,
          side: target.side === 'BUY' ? 'SELL' : 'BUY',
          price: target.price,
          size,
          expiration: '0',
          client_order_id: '',
        },
        owner: taker.apiKey,
        orderType: 'FAK',
        postOnly: false,
      });
      pending = { market, resolve: resolveAt };
      if (exchange.order(operator, target.id)?.status === 'LIVE') partial++;
      if (res.status !== 'matched') missed.push(`fill ${k}: the taker order was ${res.status}`);
      let timer: NodeJS.Timeout | undefined;
      const at = await Promise.race([
        requoted,
        new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), REQUOTE_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      if (at === undefined) {
        pending = undefined;
        missed.push(`fill ${k}: no order request for ${market} within ${REQUOTE_TIMEOUT_MS} ms`);
        continue;
      }
      ms.push(at - t0);
    }
    if (ms.length < fills * 0.9)
      throw d.fail(`only ${ms.length} of ${fills} fills were followed by an order request: ${missed.slice(0, 5).join('; ')}`);
    const stopped = await d.stop(20_000, false);
    daemon = undefined;
    ok = true;
    const p50 = median(ms);
    return {
      fill_to_requote_ms_p50: round(p50, 2),
      fill_to_requote_ms_p99: round(percentile(ms, 99), 2),
      scenario: `makerd run (live mode, /ws/user and /ws/market on, bands 3 bands a side) on ${MARKETS} markets of the simulator (in the bench process, over HTTP/WebSocket, flow off, static maker ladders); a synthetic taker fills one resting order of makerd's whole (FAK at its price and size) after ${QUIET_MS} ms of quiet; until makerd's next placement or cancellation in that market reaches the exchange`,
      fills_measured: ms.length,
      fills_missed: missed,
      fills_left_partial: partial,
      ms_min: round(Math.min(...ms), 2),
      ms_p90: round(percentile(ms, 90), 2),
      ms_max: round(Math.max(...ms), 2),
      first_request_kind: requestKinds,
      spawn_to_quoting_s: round(startToQuotingS, 2),
      exit_code: stopped.code,
      target_p50_ms: TARGET_P50_MS,
      within_target: p50 < TARGET_P50_MS,
    };
  } finally {
    unsubscribe();
    if (daemon !== undefined) await daemon.stop(5_000, !ok);
    await sim.close();
    await sleep(0);
  }
}
