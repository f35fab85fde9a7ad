/**
 * Signing cost per request (design.md section 6, "signing"): one DELETE /order body of about
 * 80 bytes, the same input for makerd's RequestSigner and for node:crypto's HMAC (keyed per
 * call, then base64url), interleaved round by round in one process so both see the same machine
 * state. Figures are medians over the rounds, in microseconds per signature.
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
/** --quick: enough to check the harness. */
const QUICK = { rounds: 3, perRound: 1_000, warmup: 1_000 };

/** Microseconds per call of `fn` over `n` calls; the last result is returned to keep it alive. */
function time(fn: () => string, n: number): { us: number; last: string } {
  let last = '';
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) last = fn();
  const ns = Number(process.hrtime.bigint() - start);
  return { us: ns / 1_000 / n, last };
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

  if (makerd() !== nodeCrypto()) throw new Error('signer benchmark: makerd and node:crypto disagree on the signature');
  time(makerd, quick ? QUICK.warmup : WARMUP);
  time(nodeCrypto, quick ? QUICK.warmup : WARMUP);

  const makerdUs: number[] = [];
  const nodeUs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate which goes first so neither always runs on a warmer or colder machine.
    if (r % 2 === 0) {
      makerdUs.push(time(makerd, perRound).us);
      nodeUs.push(time(nodeCrypto, perRound).us);
    } else {
      nodeUs.push(time(nodeCrypto, perRound).us);
      makerdUs.push(time(makerd, perRound).us);
    }
  }
  const ratios = makerdUs.map((m, i) => m / nodeUs[i]!);
  const makerdMedian = median(makerdUs);
  const nodeMedian = median(nodeUs);
  return {
    sign_us: round(makerdMedian),
    sign_node_crypto_us: round(nodeMedian),
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
