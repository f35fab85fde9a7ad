/**
 * design.md "tick-to-dispatch": N tokens (N/2 markets x 2 outcomes), 3 levels a side, live orders
 * already resting; each measured tick moves every midpoint by one tick (a seeded random walk, up or
 * down), so every book has changed and orders must be re-priced. The clock starts when the parsed
 * JSON of the batch is in hand (the raw POST /books array and POST /midpoints object, after
 * JSON.parse) and stops when the last resulting request has been signed and handed to the HTTP
 * layer (the transport's send()); limiter capacity is ample and the network is excluded.
 *
 * The pipeline is the daemon's own, in-process (see src/daemon/start-quoting.ts; the pass is in
 * tick-to-dispatch/pass.ts, the venue stand-ins beside it):
 *   BookPoller.tick() with a BookSource that runs the client's checks (validateBooks /
 *   validateMidpoints, what createVenueClient's postBooks / postMidpoints run on the parsed JSON)
 *   -> the poller's assembly (toBookView, bookProblem) -> TradingLoop.onSnapshot (BookStore, view,
 *   strategy, legs, RiskGate) -> Executor (diff, cancels then places) -> the real venue client
 *   (body checks, VenueRequester, signing) -> a Transport whose send() records the time and
 *   answers at once with canned JSON.
 *
 * Strategy: avellaneda with 3 levels a side (headline figures; a one-tick move re-prices nearly
 * every order, so each market sends one DELETE /cancel-market-orders and six POST /order), and
 * (with --full) a bands variant with 3 bands a side (`_bands` keys; two of six orders per market re-priced, as
 * single cancels). Executor repriceTicks 0. Time is simulated for the daemon (a FakeClock moved
 * one poll interval per tick) and real for the figures (performance.now()).
 *
 * After them, the floor (tick-to-dispatch/floor.ts): the same tick's requests only written, signed and
 * handed over, nothing else; `request_floor_*_500` is what any implementation spends, the headline's
 * excess over it the pipeline's.
 *
 * With --full, a second, instrumented pass (N = 500) times the stages separately: the check, the poller's
 * assembly, the trading loop's synchronous part (split into strategy, risk gate, executor.submit
 * and the rest) and the executor's asynchronous part up to the last send (with the signing in it).
 */
import type { BenchOptions } from './run.js';
import { median, percentile, round } from './stats.js';
import { floorPass } from './tick-to-dispatch/floor.js';
import { type PassResult, pass } from './tick-to-dispatch/pass.js';
import { avellanedaSetup, bandsSetup, LEVELS, MID_HI, MID_LO } from './tick-to-dispatch/scenario.js';
import { stageSummary } from './tick-to-dispatch/stages.js';

const SIZES = [100, 500] as const;
const WARMUP_TICKS = 10;
/** design.md: at least 200 measured ticks. */
const MEASURED_TICKS = 200;
/** --full only (with the bands variant): the instrumented pass. */
const PROFILE_TICKS = 200;
/** --quick: checks the harness only. */
const QUICK_WARMUP_TICKS = 3;
const QUICK_TICKS = 10;

function figures(r: PassResult, n: number, suffix: string): Record<string, unknown> {
  const p50 = median(r.tickMs);
  return {
    [`tick_to_dispatch_p50_ms_${n}${suffix}`]: round(p50, 3),
    [`tick_to_dispatch_p99_ms_${n}${suffix}`]: round(percentile(r.tickMs, 99), 3),
    [`tick_to_dispatch_max_ms_${n}${suffix}`]: round(Math.max(...r.tickMs), 3),
    [`gc_in_tick_p50_ms_${n}${suffix}`]: round(median(r.gcMs), 3),
    [`gc_in_tick_mean_ms_${n}${suffix}`]: round(r.gcMs.reduce((a, b) => a + b, 0) / Math.max(1, r.gcMs.length), 3),
    [`tick_to_idle_p50_ms_${n}${suffix}`]: round(median(r.idleMs), 3),
    [`requests_per_tick_p50_${n}${suffix}`]: median(r.requests),
    [`us_per_token_p50_${n}${suffix}`]: round((p50 * 1000) / n, 2),
    [`us_per_request_p50_${n}${suffix}`]: round((p50 * 1000) / median(r.requests), 2),
    [`no_dispatch_ticks_${n}${suffix}`]: r.noDispatch,
    [`detail_${n}${suffix}`]: {
      markets: r.markets,
      open_order_syncs: r.syncs,
      open_orders_after: r.openOrders,
      requests_by_route: r.byRoute,
      executor_actions: r.actions,
      loop_skipped: r.skipped,
    },
  };
}

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quick = options?.quick === true;
  const full = options?.full === true;
  const warmup = quick ? QUICK_WARMUP_TICKS : WARMUP_TICKS;
  const ticks = quick ? QUICK_TICKS : MEASURED_TICKS;
  const main = avellanedaSetup();
  const alt = bandsSetup();
  const out: Record<string, unknown> = {
    scenario: `N tokens (N/2 markets x 2 outcomes), ${LEVELS} levels a side in every book, orders resting, repriceTicks 0; every midpoint moves one tick per tick (seeded walk in [${MID_LO / 100}, ${MID_HI / 100}]); clock from the parsed POST /books + POST /midpoints JSON to the last request signed and handed to the transport; limiter admits at once`,
    strategy: main.describe,
    warmup_ticks: warmup,
    measured_ticks: ticks,
    target_p99_ms_500: 25,
  };
  for (const n of SIZES) Object.assign(out, figures(await pass(n, warmup, ticks, main, false), n, ''));
  out.within_target = (out.tick_to_dispatch_p99_ms_500 as number) <= 25;
  const floor = await floorPass(500, warmup, ticks);
  out.request_floor_p50_ms_500 = round(median(floor), 3);
  out.request_floor_p99_ms_500 = round(percentile(floor, 99), 3);
  out.headline_over_floor_p50_500 = round((out.tick_to_dispatch_p50_ms_500 as number) / median(floor), 2);
  if (!full) {
    out.extra_passes =
      'not run: `npm run bench -- --full --only tick-to-dispatch` adds the bands variant (_bands keys) and the instrumented stage times (stage_ms_p50_500)';
    return out;
  }
  out.strategy_bands_variant = alt.describe;
  for (const n of SIZES) Object.assign(out, figures(await pass(n, warmup, ticks, alt, false), n, '_bands'));
  const prof = await pass(500, warmup, quick ? QUICK_TICKS : PROFILE_TICKS, main, true);
  out.stage_ms_p50_500 = {
    note: "avellaneda, instrumented pass (adds timer calls); medians per tick: check = validateBooks + validateMidpoints; assembly = poller from the checked answers to its listener (toBookView, bookProblem, microtask hops); loopSync = TradingLoop.onSnapshot (strategy, risk, submitSync = Executor.submit up to its first await: live orders, diff, first request prepared; loopOther = BookStore, footprints, views, legs, hash keys); executorAsync = from onSnapshot returning to the last send (signing = VenueCredentials.addHeaders; transport = the stand-in transport's own bookkeeping; executorAsyncOther = the rest: request prep and body checks, VenueRequester, response checks, tracker)",
    ...stageSummary(prof.stages),
    tick_to_dispatch_p50_ms_instrumented: round(median(prof.tickMs), 3),
    requests_per_tick_p50: median(prof.requests),
  };
  return out;
}
