/**
 * In-process throughput of the simulator's matching engine (src/sim/exchange): order operations
 * per second over a seeded mix of places that rest (60 %), crossing orders that trade (20 %,
 * half GTC, half FAK) and cancels of live orders (20 %), by 8 accounts on 4 tokens, with no event
 * subscribers (as the engine runs under the benchmark harness) and then with one subscriber.
 * Each round runs on a fresh exchange; figures are medians over the rounds.
 */
import { FakeClock } from '../src/clock/fake-clock.js';
import type { SimAccount, SimCatalogLookup, SimToken } from '../src/sim/contracts.js';
import { createSimExchange } from '../src/sim/exchange/index.js';
import { createRng } from '../src/sim/rng.js';
import { Decimal } from '../src/money.js';
import type { CheckedOrderBody } from '../src/venue/body-rules.js';
import type { BenchOptions } from './run.js';

const OPS_PER_ROUND = 100_000;
const ROUNDS = 5;
/** Rounds with one event subscriber (a detail figure; fewer, to keep the whole run short). */
const SUBSCRIBED_ROUNDS = 3;
const TOKEN_COUNT = 4;
const ACCOUNT_COUNT = 8;

function tokens(): SimToken[] {
  const out: SimToken[] = [];
  for (let i = 0; i < TOKEN_COUNT; i++) {
    const conditionId = `0xbench${i}`;
    out.push({
      tokenId: `${conditionId}:0`,
      conditionId,
      outcomeIndex: 0,
      outcome: 'Yes',
      oppositeTokenId: `${conditionId}:1`,
      oppositeOutcome: 'No',
      tickSize: new Decimal('0.01'),
      minOrderSize: new Decimal(5),
      negRisk: false,
      fee: { rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2, category: 'bench', version: 1, source: 'bench' },
      title: `Bench ${i}`,
      slug: `bench-${i}`,
      eventSlug: `bench-${i}`,
      icon: '',
      endDate: '2030-01-01T00:00:00.000Z',
      initialFair: new Decimal('0.5'),
    });
  }
  return out;
}

function accounts(): SimAccount[] {
  return Array.from({ length: ACCOUNT_COUNT }, (_, i) => ({
    address: `0x${String(i + 1).padStart(40, '0')}`,
    apiKey: `bench-key-${i}`,
    passphrase: 'x',
    secret: 'x',
    operator: i === 0,
    name: `bench ${i}`,
    pseudonym: `bench-${i}`,
  }));
}

type Op = { kind: 'place'; account: number; body: CheckedOrderBody } | { kind: 'cancel'; account: number };

/** The seeded operation script of one round (built before timing starts). */
function script(toks: SimToken[], accts: SimAccount[], seed: string, count: number): Op[] {
  const rng = createRng(seed);
  const ops: Op[] = [];
  const price = (cents: number) => (cents / 100).toFixed(2);
  for (let i = 0; i < count; i++) {
    const a = rng.int(0, accts.length - 1);
    const r = rng.next();
    if (r < 0.2) {
      ops.push({ kind: 'cancel', account: a });
      continue;
    }
    const token = rng.pick(toks);
    const side = rng.chance(0.5) ? 'BUY' : 'SELL';
    const crossing = r >= 0.8;
    // Resting orders sit 1..10 cents away from 0.50; crossing ones reach 1..5 cents through it.
    const offset = crossing ? -rng.int(1, 5) : rng.int(1, 10);
    const cents = side === 'BUY' ? 50 - offset : 50 + offset;
    const orderType = crossing && rng.chance(0.5) ? 'FAK' : 'GTC';
    ops.push({
      kind: 'place',
      account: a,
      body: {
        order: { asset_id: token.tokenId, side, price: price(cents), size: String(rng.int(5, 60)), expiration: '0', client_order_id: '' },
        owner: accts[a]!.apiKey,
        orderType,
        postOnly: false,
      },
    });
  }
  return ops;
}

function runRound(
  toks: SimToken[],
  accts: SimAccount[],
  ops: Op[],
  subscribe: boolean,
): { opsPerSec: number; fills: number; openAtEnd: number } {
  const catalog: SimCatalogLookup = { token: (id) => toks.find((t) => t.tokenId === id), tokens: () => toks };
  const clock = new FakeClock();
  const ex = createSimExchange({ clock, catalog });
  let events = 0;
  if (subscribe) ex.subscribe(() => events++);
  // Live order ids per account, for cancels (swap-remove keeps picks O(1)).
  const live: string[][] = accts.map(() => []);
  let cursor = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    const account = accts[op.account]!;
    const ids = live[op.account]!;
    if (op.kind === 'place') {
      const res = ex.placeOrder(account, op.body);
      if (res.status === 'live') ids.push(res.orderID);
    } else if (ids.length > 0) {
      cursor = (cursor * 1103515245 + 12345) >>> 0;
      const j = cursor % ids.length;
      const id = ids[j]!;
      ids[j] = ids[ids.length - 1]!;
      ids.pop();
      ex.cancelOrder(account, id);
    }
    if ((i & 1023) === 0) clock.advance(1);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  void events;
  let openAtEnd = 0;
  for (const a of accts) openAtEnd += ex.openOrders(a, {}).length;
  return { opsPerSec: ops.length / seconds, fills: ex.builderTrades({}).length, openAtEnd };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quick = options?.quick === true;
  const opsPerRound = quick ? 10_000 : OPS_PER_ROUND;
  const rounds = quick ? 1 : ROUNDS;
  const toks = tokens();
  const accts = accounts();
  const ops = script(toks, accts, 'matching-bench', opsPerRound);
  runRound(toks, accts, ops.slice(0, 20_000), false); // warm-up
  const quiet: number[] = [];
  const listened: number[] = [];
  let executions = 0;
  let openAtEnd = 0;
  for (let r = 0; r < rounds; r++) {
    const a = runRound(toks, accts, ops, false);
    quiet.push(a.opsPerSec);
    executions = a.fills;
    openAtEnd = a.openAtEnd;
    if (r < SUBSCRIBED_ROUNDS) listened.push(runRound(toks, accts, ops, true).opsPerSec);
  }
  const opsPerSec = median(quiet);
  return {
    match_ops_per_s: Math.round(opsPerSec),
    scenario: `${opsPerRound} ops/round (60% resting places, 20% crossing GTC/FAK, 20% cancels), ${TOKEN_COUNT} tokens, ${ACCOUNT_COUNT} accounts`,
    rounds,
    rounds_with_subscriber: listened.length,
    ops_per_sec_min: Math.round(Math.min(...quiet)),
    ops_per_sec_with_subscriber_median: Math.round(median(listened)),
    executions_per_round: executions,
    resting_orders_at_end_of_round: openAtEnd,
    target_ops_per_sec: 100_000,
    meets_target: opsPerSec >= 100_000,
  };
}
