/**
 * The simulator server's throughput for `POST /books` with 100 tokens (50 markets x 2 outcomes,
 * 3 levels a side each), over loopback with keep-alive connections, edge limits disabled and the
 * synthetic flow off (books stay the same size throughout). The simulator runs in a worker
 * thread of its own (this same file, started with workerData.role = 'server'), so the load
 * generator does not share its event loop. CONNECTIONS concurrent request loops run for ROUND_MS
 * per round; requests/s is the median over the rounds, latency percentiles over every request.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import { systemClock } from '../src/clock/system-clock.js';
import { startSimulator, type RunningSimulator } from '../src/sim/simulator.js';
import type { BenchOptions } from './run.js';
import { median, percentile, round } from './stats.js';

const TOKENS = 100;
const CONNECTIONS = 8;
const ROUNDS = 5;
const ROUND_MS = 600;
const WARMUP_MS = 500;

/** Worker side: the simulator with populated books; answers its base URL, closes on 'close'. */
async function serve(): Promise<void> {
  const sim = await startSimulator({
    seed: 'bench-sim-books',
    markets: TOKENS / 2,
    clock: systemClock,
    flow: { enabled: false },
    edgeLimits: { enabled: false },
  });
  populate(sim);
  parentPort!.on('message', (m) => {
    if (m === 'close') void sim.close().then(() => parentPort!.close());
  });
  parentPort!.postMessage({
    baseUrl: sim.baseUrl,
    tokens: sim.world.lookup
      .tokens()
      .slice(0, TOKENS)
      .map((t) => t.tokenId),
  });
}

/** Three levels a side on every token, from two synthetic makers. */
function populate(sim: RunningSimulator): void {
  const [bidder, asker] = sim.world.catalog.users;
  for (const t of sim.world.lookup.tokens().slice(0, TOKENS)) {
    for (const [i, bid, ask] of [
      [0, '0.40', '0.60'],
      [1, '0.39', '0.61'],
      [2, '0.38', '0.62'],
    ] as const) {
      const size = String(100 + i * 10);
      for (const [acct, side, price] of [
        [bidder!, 'BUY', bid],
        [asker!, 'SELL', ask],
      ] as const) {
        sim.world.exchange.placeOrder(acct, {
          order: { asset_id: t.tokenId, side, price, size, expiration: '0', client_order_id: '' },
          owner: acct.apiKey,
          orderType: 'GTC',
          postOnly: false,
        });
      }
    }
  }
}

if (!isMainThread && (workerData as { role?: string } | undefined)?.role === 'sim-books-server') void serve();

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quick = options?.quick === true;
  const rounds = quick ? 1 : ROUNDS;
  const roundMs = quick ? 200 : ROUND_MS;
  const worker = new Worker(new URL(import.meta.url), { workerData: { role: 'sim-books-server' } });
  const { baseUrl, tokens } = await new Promise<{ baseUrl: string; tokens: string[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const pool = new Pool(baseUrl, { connections: CONNECTIONS, pipelining: 1 });
  try {
    const body = JSON.stringify(tokens.map((token_id) => ({ token_id })));
    let responseBytes = 0;

    const once = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await pool.request({ method: 'POST', path: '/books', body, headers: { 'content-type': 'application/json' } });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`POST /books answered ${res.statusCode}: ${text.slice(0, 200)}`);
      responseBytes = text.length;
      return performance.now() - t0;
    };

    const drive = async (ms: number, latencies: number[] | undefined): Promise<number> => {
      const end = performance.now() + ms;
      let count = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < end) {
            const l = await once();
            count++;
            latencies?.push(l);
          }
        }),
      );
      return count;
    };

    await drive(quick ? 100 : WARMUP_MS, undefined);
    const latencies: number[] = [];
    const rates: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      const n = await drive(roundMs, latencies);
      rates.push(n / ((performance.now() - t0) / 1000));
    }
    return {
      sim_books_rps: round(median(rates), 1),
      scenario: `POST /books, ${TOKENS} tokens x 3 levels a side, ${CONNECTIONS} keep-alive connections, loopback, server in a worker thread`,
      round_ms: roundMs,
      requests_per_sec_rounds: rates.map((x) => round(x, 1)),
      latency_ms_p50: round(percentile(latencies, 50)),
      latency_ms_p99: round(percentile(latencies, 99)),
      requests_measured: latencies.length,
      response_bytes: responseBytes,
    };
  } finally {
    await pool.close();
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }
}
