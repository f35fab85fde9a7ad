/**
 * design.md "cancel-all": 500 resting orders of makerd's account over 50 markets on the simulator
 * over HTTP; from SIGTERM to the simulator reporting none open.
 *
 * Headline (`cancel_all_ms_500`): a real `makerd run` process (live mode) quotes 50 markets of a
 * simulator running in this process (edge limits on, synthetic flow off, a static maker ladder of
 * other accounts in every book so that each market has a midpoint of 0.50) with `bands`, five
 * bands a side, so ten orders rest in each market: 500 in all. Once the simulator holds exactly
 * those 500 and nothing has changed for a moment, the daemon gets a real SIGTERM. The clock runs
 * from the kill() to the exchange event that leaves the operator's account with no open order
 * (the simulator's own count, read in the event, so no polling delay is added), and the daemon's
 * exit is timed too. Median over ROUNDS rounds, each with a fresh daemon.
 *
 * Detail (`in_process`): the shutdown path's cancel-all alone, called in this process on a venue
 * client against the same simulator (500 orders placed by the bench), as before.
 */
import { pino } from 'pino';
import { systemClock } from '../src/clock/system-clock.js';
import { cancelAllOpenOrders } from '../src/execution/cancel-all.js';
import { RateLimiter } from '../src/limits/index.js';
import { startSimulator, toBanner, type RunningSimulator } from '../src/sim/simulator.js';
import { createVenueClient } from '../src/venue/client.js';
import { Daemon, exited, populateLadders, quotableMarkets, sleep } from './daemon.js';
import type { BenchOptions } from './run.js';
import { median, round } from './stats.js';

const MARKETS = 50;
const ORDERS = 500;
const ROUNDS = 3;
const IN_PROCESS_ROUNDS = 3;
/** Nothing placed or cancelled for this long before the signal: the daemon is at rest. */
const QUIET_MS = 300;
const START_TIMEOUT_MS = 60_000;
const CANCEL_TIMEOUT_MS = 25_000;
const TARGET_MS = 1_000;

/** Five bands a side 0.01 apart, 20 shares each: ten resting orders per market around 0.50. */
const BANDS = [0.01, 0.02, 0.03, 0.04, 0.05].map((avg) => ({
  minMargin: (avg - 0.005).toFixed(3),
  avgMargin: avg.toFixed(2),
  maxMargin: (avg + 0.005).toFixed(3),
  minAmount: '20',
  avgAmount: '20',
  maxAmount: '40',
}));

/** The simulator's count of the operator's open orders. */
const openOrders = (sim: RunningSimulator): number => sim.world.exchange.operatorStats().open_orders;

interface ProcessRound {
  cancelMs: number;
  exitMs: number;
  exitCode: number | null;
  startToQuotingS: number;
}

async function processRound(sim: RunningSimulator, markets: readonly string[], round_: number): Promise<ProcessRound> {
  const daemon = await Daemon.start({
    sim: toBanner(sim),
    markets,
    label: 'cancel-all',
    env: {
      MAKERD_STRATEGY: 'bands',
      MAKERD_STRATEGY_PARAMS: JSON.stringify({ bands: BANDS }),
      MAKERD_RISK_MAX_GROSS_NOTIONAL: '100000',
      MAKERD_RISK_MAX_ORDERS_PER_MARKET: '20',
      MAKERD_STREAM_MARKET: 'on',
      MAKERD_STREAM_USER: 'on',
    },
  });
  let ok = false;
  let unsubscribe = (): void => undefined;
  try {
    let lastChange = performance.now();
    let zeroAt: number | undefined;
    let signalled = false;
    let resolveZero = (): void => undefined;
    const zero = new Promise<void>((r) => (resolveZero = r));
    unsubscribe = sim.world.exchange.subscribe((e) => {
      if (e.type !== 'order' || e.address.toLowerCase() !== sim.credentials.address.toLowerCase()) return;
      lastChange = performance.now();
      if (signalled && zeroAt === undefined && openOrders(sim) === 0) {
        zeroAt = lastChange;
        resolveZero();
      }
    });
    await daemon.waitFor(
      `${ORDERS} open orders (round ${round_ + 1})`,
      () => openOrders(sim) === ORDERS && performance.now() - lastChange >= QUIET_MS,
      START_TIMEOUT_MS,
    );
    const startToQuotingS = (performance.now() - daemon.spawnedAt) / 1000;
    if (openOrders(sim) !== ORDERS) throw daemon.fail(`${openOrders(sim)} orders open at the signal, not ${ORDERS}`);

    const gone = exited(daemon.child);
    signalled = true;
    const t0 = performance.now();
    daemon.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), CANCEL_TIMEOUT_MS)));
    const first = await Promise.race([zero.then(() => 'zero' as const), timeout]);
    if (first === 'timeout') throw daemon.fail(`${openOrders(sim)} orders still open ${CANCEL_TIMEOUT_MS} ms after SIGTERM`);
    const end = await Promise.race([gone, timeout]);
    clearTimeout(timer);
    if (end === 'timeout') throw daemon.fail(`makerd run did not exit within ${CANCEL_TIMEOUT_MS} ms of SIGTERM`);
    const exitMs = performance.now() - t0;
    if (end.code !== 0) throw daemon.fail(`makerd run exited with code ${end.code} (signal ${end.signal}) after SIGTERM`);
    ok = true;
    return { cancelMs: zeroAt! - t0, exitMs, exitCode: end.code, startToQuotingS };
  } finally {
    unsubscribe();
    await daemon.stop(5_000, !ok);
  }
}

/**
 * The shutdown path's cancel-all alone, in this process, on orders the bench places, against a
 * simulator of its own (its edge windows hold none of the daemons' requests).
 */
async function inProcess(rounds: number): Promise<Record<string, unknown>> {
  const sim = await startSimulator({ seed: 'bench-cancel-all-in-process', markets: MARKETS, clock: systemClock, flow: { enabled: false } });
  const limiter = new RateLimiter({ clock: systemClock });
  const client = createVenueClient({
    baseUrl: sim.baseUrl,
    credentials: sim.credentials,
    clock: systemClock,
    gate: limiter,
    connectionsPerOrigin: 16,
  });
  const logger = pino({ level: 'silent' });
  const tokens = sim.world.lookup
    .tokens()
    .slice(0, 2 * MARKETS)
    .map((t) => t.tokenId);
  const prices = ['0.45', '0.44', '0.43', '0.42', '0.41'];
  const ms: number[] = [];
  const placeMs: number[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: ORDERS }, (_, i) =>
          client.postOrder({
            order: {
              asset_id: tokens[i % tokens.length]!,
              side: 'BUY',
              price: prices[Math.floor(i / tokens.length) % prices.length]!,
              size: '20',
              expiration: '0',
              client_order_id: `ca-${r}-${i}`,
            },
            orderType: 'GTC',
          }),
        ),
      );
      placeMs.push(performance.now() - t0);
      if (openOrders(sim) !== ORDERS) throw new Error(`in process: ${openOrders(sim)} orders rest, not ${ORDERS}`);
      const start = performance.now();
      const result = await cancelAllOpenOrders(client, logger);
      if (openOrders(sim) !== 0 || result.canceled !== ORDERS)
        throw new Error(`in process: cancel-all left orders: ${JSON.stringify(result)}`);
      ms.push(performance.now() - start);
    }
  } finally {
    await client.close();
    limiter.close();
    await sim.close();
  }
  return {
    scenario:
      'the shutdown cancel-all alone (list open orders, one DELETE /cancel-market-orders per market) called in the bench process on 500 orders the bench placed',
    rounds,
    cancel_all_ms_median: round(median(ms), 1),
    cancel_all_ms_rounds: ms.map((x) => round(x, 1)),
    place_500_ms_median: round(median(placeMs), 1),
  };
}

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quick = options?.quick === true;
  const rounds = quick ? 1 : ROUNDS;
  const sim = await startSimulator({ seed: 'bench-cancel-all', markets: MARKETS, clock: systemClock, flow: { enabled: false } });
  try {
    const markets = quotableMarkets(sim).slice(0, MARKETS);
    if (markets.length < MARKETS) throw new Error(`the simulator has ${markets.length} markets, ${MARKETS} needed`);
    populateLadders(sim, markets);
    const results: ProcessRound[] = [];
    for (let r = 0; r < rounds; r++) {
      results.push(await processRound(sim, markets, r));
      await sleep(100);
    }
    const cancelMs = median(results.map((r) => r.cancelMs));
    const detail = await inProcess(quick ? 1 : IN_PROCESS_ROUNDS);
    return {
      cancel_all_ms_500: round(cancelMs, 1),
      scenario: `makerd run (live mode, bands with 5 bands a side) resting ${ORDERS} orders over ${MARKETS} markets on the simulator (in the bench process, over HTTP, edge limits on, flow off, static maker ladders); a real SIGTERM; until the simulator's count of the account's open orders is 0`,
      rounds,
      cancel_all_ms_rounds: results.map((r) => round(r.cancelMs, 1)),
      sigterm_to_exit_ms_median: round(median(results.map((r) => r.exitMs)), 1),
      sigterm_to_exit_ms_rounds: results.map((r) => round(r.exitMs, 1)),
      exit_codes: results.map((r) => r.exitCode),
      spawn_to_500_resting_s_median: round(median(results.map((r) => r.startToQuotingS)), 2),
      target_ms: TARGET_MS,
      within_target: cancelMs < TARGET_MS,
      in_process: detail,
    };
  } finally {
    await sim.close();
  }
}
