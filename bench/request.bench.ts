/**
 * Per-request cost of the venue client's write path: the CPU time this process spends per
 * POST /order and DELETE /order, from the client call to the checked answer (parameters or body,
 * serialisation, signing and headers, the abort plumbing, undici, reading and checking the
 * answer). The venue stand-in is a separate process on loopback (bench/request/answer-server.ts),
 * so its CPU time is not counted; 16 requests are in flight at a time, as the limiter allows by
 * default. Figures are medians over rounds of process CPU µs (user + system) per request; the
 * variants are interleaved round by round so that all see the same machine.
 *
 *  - order_request_us: POST /order as the executor sends it (the body built from values it has
 *    already checked: postTrustedOrder, no re-validation);
 *  - order_request_checked_us: the same orders through postOrder (every field checked again);
 *  - cancel_request_us: DELETE /order.
 * `details.in_process` repeats the three with a transport that answers at once in process (no
 * undici, no socket): the client's own share.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createVenueClient, type VenueClient } from '../src/venue/client.js';
import type { Transport, TransportRequest, TransportResponse } from '../src/venue/http/transport.js';
import type { BenchOptions } from './run.js';
import { median, round } from './stats.js';
import { CREDENTIALS } from './tick-to-dispatch/scenario.js';

const IN_FLIGHT = 16;
const ROUNDS = 9;
const PER_ROUND = 4_000;
const IN_PROCESS_PER_ROUND = 20_000;
const QUICK = { rounds: 2, perRound: 300, inProcess: 1_000 };
const ORDER_OK = '{"success":true,"errorMsg":"","orderID":"0x7a1c","status":"live","makingAmount":"0","takingAmount":"0"}';
const CANCEL_OK = '{"canceled":["0x7a1c"],"not_canceled":{}}';

type OrderParams = Parameters<VenueClient['postTrustedOrder']>[0];
type Variant = 'order' | 'orderChecked' | 'cancel';

/** The i-th order of a burst: prices and sizes vary as a tick's re-pricing would. */
function orderParams(i: number): OrderParams {
  const cents = 20 + (i % 60);
  return {
    order: {
      asset_id: `0x${(i % 250).toString(16).padStart(64, '0')}:${i & 1}`,
      side: i & 2 ? 'SELL' : 'BUY',
      price: `0.${cents}`,
      size: `${10 + (i % 3) * 10}`,
      expiration: '0',
      client_order_id: `mkbench-${i}`,
    },
    orderType: 'GTC',
    postOnly: true,
  };
}

function callOf(client: VenueClient, v: Variant): (i: number) => Promise<unknown> {
  if (v === 'order') return (i) => client.postTrustedOrder(orderParams(i));
  if (v === 'orderChecked') return (i) => client.postOrder(orderParams(i));
  return (i) => client.cancelOrder({ orderId: `0x${i.toString(16).padStart(64, '0')}` });
}

/** n calls, IN_FLIGHT at a time; process CPU µs per call. */
async function cpuPerCall(call: (i: number) => Promise<unknown>, n: number): Promise<number> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < n) await call(next++);
  };
  const before = process.cpuUsage();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

/** Answers at once in process: the client's share without undici or a socket. */
class AnsweringTransport implements Transport {
  closed = false;
  send(req: TransportRequest): Promise<TransportResponse> {
    return Promise.resolve({ status: 200, headers: {}, text: req.method === 'POST' ? ORDER_OK : CANCEL_OK });
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

async function startServer(): Promise<{ port: number; stop: () => Promise<void> }> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'request', 'answer-server.js');
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`request bench: the answer server exited (code ${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { port: Number(line), stop };
}

async function measure(clients: VenueClient, rounds: number, perRound: number, warmup: number): Promise<Record<Variant, number[]>> {
  const variants: Variant[] = ['order', 'orderChecked', 'cancel'];
  const calls = Object.fromEntries(variants.map((v) => [v, callOf(clients, v)])) as Record<Variant, (i: number) => Promise<unknown>>;
  for (const v of variants) await cpuPerCall(calls[v], warmup);
  const out: Record<Variant, number[]> = { order: [], orderChecked: [], cancel: [] };
  for (let r = 0; r < rounds; r++) {
    // Rotate which goes first so that none always runs on a warmer or colder machine.
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(r + k) % variants.length]!;
      out[v].push(await cpuPerCall(calls[v], perRound));
    }
  }
  return out;
}

const summary = (us: Record<Variant, number[]>) => ({
  order_request_us: round(median(us.order), 2),
  order_request_checked_us: round(median(us.orderChecked), 2),
  cancel_request_us: round(median(us.cancel), 2),
});

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quick = options?.quick === true;
  const rounds = quick ? QUICK.rounds : ROUNDS;
  const perRound = quick ? QUICK.perRound : PER_ROUND;
  const inProcessPerRound = quick ? QUICK.inProcess : IN_PROCESS_PER_ROUND;

  const inProcess = createVenueClient({
    baseUrl: 'http://venue.bench.invalid',
    credentials: CREDENTIALS,
    transport: new AnsweringTransport(),
  });
  const local = summary(await measure(inProcess, rounds, inProcessPerRound, inProcessPerRound));
  await inProcess.close();

  const server = await startServer();
  const client = createVenueClient({
    baseUrl: `http://127.0.0.1:${server.port}`,
    credentials: CREDENTIALS,
    connectionsPerOrigin: IN_FLIGHT,
  });
  try {
    const loopback = await measure(client, rounds, perRound, perRound);
    const figures = summary(loopback);
    return {
      ...figures,
      scenario: `client CPU per request (process user + system µs), ${IN_FLIGHT} in flight, keep-alive loopback to an answering server in another process; median of ${rounds} rounds of ${perRound}, variants interleaved`,
      in_process: { ...local, scenario: `the same calls answered at once in process (no undici), ${inProcessPerRound} a round` },
      rounds: loopback,
    };
  } finally {
    await client.close();
    await server.stop();
  }
}
