/**
 * Signing cost per request (design.md section 6, "signing"): one DELETE /order body of about
 * 80 bytes, the same input for makerd's RequestSigner and for node:crypto's HMAC (keyed per
 * call, then base64url), interleaved round by round in one process so both see the same machine
 * state. Figures are medians over the rounds, in microseconds per signature.
 *
 * The venue's reference client (its TypeScript client) signs through WebCrypto: per request it
 * decodes the base64 secret by hand, imports it as an HMAC key, signs, and base64-encodes the
 * bytes by hand before swapping the URL-safe characters in. `referenceClientSign` does those same
 * steps (awaited one after the other, as the client's request path awaits it); it is timed in the
 * same rounds. `sign_speedup_vs_reference` is the ratio of the two in CPU time per signature
 * (process user + system, which includes the thread-pool work WebCrypto hands off): on a loaded
 * machine a tight synchronous loop loses whole time slices, so wall-time ratios swing from round
 * to round (both are in `details`).
 */
import { createHmac } from 'node:crypto';
import { RequestSigner, decodeSecret } from '../src/venue/signer.js';
import type { BenchOptions } from './run.js';
import { median, round } from './stats.js';

const SECRET = 'c2VydmljZS1zZWNyZXQtZm9yLXRlc3RzLTAwMDE_-w==';
const INPUT = {
  timestamp: '1763800000123',
  method: 'DELETE',
  path: '/order',
  body: '{"orderId":"0x5f1c2a9e7b3d4c6a8e0f1b2d3c4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e"}',
};
const ROUNDS = 15;
const PER_ROUND = 20_000;
const WARMUP = 20_000;
/** The reference client's steps are far slower: a tenth as many calls a round. */
const REFERENCE_SHARE = 10;
/** Issue 17: makerd's signer at least this many times faster than the reference client's. */
const MIN_SPEEDUP_VS_REFERENCE = 8;
/** --quick: enough to check the harness. */
const QUICK = { rounds: 3, perRound: 1_000, warmup: 1_000 };

const subtle = globalThis.crypto.subtle;

/** The reference client's signing steps, as described above (not its code). */
async function referenceClientSign(secret: string, message: string): Promise<string> {
  const clean = secret
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/[^A-Za-z0-9+/=]/g, '');
  const binary = atob(clean);
  const keyBytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) keyBytes[i] = binary.charCodeAt(i);
  const key = await subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', key, new TextEncoder().encode(message)));
  let text = '';
  for (let i = 0; i < mac.length; i++) text += String.fromCharCode(mac[i]!);
  return btoa(text).split('+').join('-').split('/').join('_');
}

/** Microseconds per awaited call of `fn` over `n` calls, one after the other. */
async function timeAsync(fn: () => Promise<string>, n: number): Promise<Timed> {
  let last = '';
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) last = await fn();
  const ns = Number(process.hrtime.bigint() - start);
  const used = process.cpuUsage(cpu);
  return { us: ns / 1_000 / n, cpuUs: (used.user + used.system) / n, last };
}

interface Timed {
  /** Wall-clock µs per call. */
  readonly us: number;
  /** Process CPU µs per call. */
  readonly cpuUs: number;
  readonly last: string;
}

/** Microseconds per call of `fn` over `n` calls; the last result is returned to keep it alive. */
function time(fn: () => string, n: number): Timed {
  let last = '';
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) last = fn();
  const ns = Number(process.hrtime.bigint() - start);
  const used = process.cpuUsage(cpu);
  return { us: ns / 1_000 / n, cpuUs: (used.user + used.system) / n, last };
}

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quick = options?.quick === true;
  const rounds = quick ? QUICK.rounds : ROUNDS;
  const perRound = quick ? QUICK.perRound : PER_ROUND;
  const signer = new RequestSigner(SECRET);
  const key = Buffer.from(decodeSecret(SECRET));
  const message = INPUT.timestamp + INPUT.method + INPUT.path + INPUT.body;
  const makerd = (): string => signer.sign(INPUT);
  const nodeCrypto = (): string => createHmac('sha256', key).update(message).digest('base64').replace(/\+/g, '-').replace(/\//g, '_');

  const reference = (): Promise<string> => referenceClientSign(SECRET, message);

  if (makerd() !== nodeCrypto()) throw new Error('signer benchmark: makerd and node:crypto disagree on the signature');
  if (makerd() !== (await reference()))
    throw new Error("signer benchmark: makerd and the reference client's steps disagree on the signature");
  time(makerd, quick ? QUICK.warmup : WARMUP);
  time(nodeCrypto, quick ? QUICK.warmup : WARMUP);
  await timeAsync(reference, (quick ? QUICK.warmup : WARMUP) / REFERENCE_SHARE);

  const makerdUs: number[] = [];
  const nodeUs: number[] = [];
  const referenceUs: number[] = [];
  const makerdCpuUs: number[] = [];
  const referenceCpuUs: number[] = [];
  const timeMakerd = (): void => {
    const t = time(makerd, perRound);
    makerdUs.push(t.us);
    makerdCpuUs.push(t.cpuUs);
  };
  const timeReference = async (): Promise<void> => {
    const t = await timeAsync(reference, perRound / REFERENCE_SHARE);
    referenceUs.push(t.us);
    referenceCpuUs.push(t.cpuUs);
  };
  for (let r = 0; r < rounds; r++) {
    // Alternate which goes first so neither always runs on a warmer or colder machine.
    if (r % 2 === 0) {
      timeMakerd();
      nodeUs.push(time(nodeCrypto, perRound).us);
      await timeReference();
    } else {
      await timeReference();
      nodeUs.push(time(nodeCrypto, perRound).us);
      timeMakerd();
    }
  }
  const ratios = makerdUs.map((m, i) => m / nodeUs[i]!);
  const makerdMedian = median(makerdUs);
  const nodeMedian = median(nodeUs);
  const referenceMedian = median(referenceUs);
  return {
    sign_us: round(makerdMedian),
    sign_node_crypto_us: round(nodeMedian),
    sign_reference_client_us: round(referenceMedian),
    sign_speedup_vs_reference: round(median(referenceCpuUs) / median(makerdCpuUs), 1),
    minSpeedupVsReference: MIN_SPEEDUP_VS_REFERENCE,
    sign_cpu_us: round(median(makerdCpuUs)),
    sign_reference_client_cpu_us: round(median(referenceCpuUs)),
    speedupCpuPerRound: referenceCpuUs.map((ref, i) => round(ref / makerdCpuUs[i]!, 1)),
    speedupWallOfMedians: round(referenceMedian / makerdMedian, 1),
    speedupWallPerRound: referenceUs.map((ref, i) => round(ref / makerdUs[i]!, 1)),
    scenario: 'DELETE /order signature, interleaved with node:crypto createHmac on the same input',
    bodyBytes: Buffer.byteLength(INPUT.body),
    messageBytes: Buffer.byteLength(message),
    rounds,
    signaturesPerRound: perRound,
    ratioOfMedians: round(makerdMedian / nodeMedian),
    ratioMedianPerRound: round(median(ratios)),
    targetRatioMax: 3,
    withinTarget: makerdMedian / nodeMedian <= 3,
  };
}
