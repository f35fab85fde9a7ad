/**
 * The simulator's tape and price history reach back before its start, over real HTTP: past trades
 * after the live fills in GET /trades (filters, takerOnly=false, paging across the two), and GET
 * /prices-history (the seeded path, then a sample a minute, outcome 1 as the complement, span,
 * fidelity and interval), with 400 naming a bad parameter and 404 for an unknown token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/money.js';
import type { SimToken } from '../../../src/sim/contracts.js';
import type { TradeFill } from '../../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectArrayOf, expectError, SHAPES } from './shapes.js';
import { postOrder, rest, synthetic, tokenWithTick } from './trade-helpers.js';

/** The harness's clock starts here, on a minute boundary (2026-01-01T00:00:00Z). */
const S0 = 1_767_225_600;

let h: SimHarness;
let token: SimToken;
let initialFair: number;

beforeAll(async () => {
  h = await startSimHarness({ markets: 4 });
  token = tokenWithTick(h, '0.01');
  const history = h.sim.world.history;
  const [u2, u3] = [synthetic(h, 2), synthetic(h, 3)];
  history.addPastTrades([
    {
      conditionId: token.conditionId,
      outcomeIndex: 0,
      side: 'SELL',
      priceMicro: 480_000,
      sharesMicro: 7_250_000,
      timeSec: S0 - 200,
      taker: u2.address,
      maker: u3.address,
    },
    {
      conditionId: token.conditionId,
      outcomeIndex: 1,
      side: 'BUY',
      priceMicro: 530_000,
      sharesMicro: 2_000_000,
      timeSec: S0 - 100,
      taker: u3.address,
      maker: u2.address,
    },
  ]);
  history.seedPrices(token.conditionId, S0 - 300, 60, Int32Array.from([400_000, 410_000, 420_000, 430_000, 440_000]));
  // The sample at the start (the books were empty): the market's initial fair value.
  initialFair = token.initialFair.mul(1e6).round().div(1e6).toNumber();
  // A book (mid 0.5) and a live fill: the operator takes 5 of the ask.
  rest(h, synthetic(h, 0), token.tokenId, 'BUY', '0.45', '30');
  rest(h, synthetic(h, 1), token.tokenId, 'SELL', '0.55', '25');
  h.clock.advance(60_000);
  expect((await postOrder(h, { tokenId: token.tokenId, side: 'BUY', price: '0.55', size: '5' })).body.status).toBe('matched');
});
afterAll(() => h.close());

const fillsOf = async (query: Record<string, string | number | boolean>): Promise<TradeFill[]> => {
  const r = await h.request<TradeFill[]>('GET', '/trades', { query });
  expect(r.status).toBe(200);
  if (r.body.length > 0) expectArrayOf(r.body, SHAPES.tradeFill);
  return r.body;
};
const brief = (f: TradeFill): string => `${f.timestamp - S0} ${f.side} ${f.size}@${f.price} ${f.outcomeIndex} ${f.proxyWallet.slice(0, 8)}`;

describe('GET /trades with the past', () => {
  it('answers the live fills, then the past trades, newest first, in the fill shape of 2.1', async () => {
    const operator = h.credentials.address.slice(0, 8);
    const [m1, m2, m3] = [1, 2, 3].map((i) => synthetic(h, i).address.slice(0, 8));
    const taker = await fillsOf({ market: token.conditionId });
    expect(taker.map(brief)).toEqual([`60 BUY 5@0.55 0 ${operator}`, `-100 BUY 2@0.53 1 ${m3}`, `-200 SELL 7.25@0.48 0 ${m2}`]);
    expect(taker[2]).toMatchObject({
      asset: token.tokenId,
      conditionId: token.conditionId,
      usdcSize: 3.48,
      title: token.title,
      slug: token.slug,
      eventSlug: token.eventSlug,
      icon: token.icon,
      outcome: token.outcome,
      name: synthetic(h, 2).name,
      pseudonym: synthetic(h, 2).pseudonym,
    });
    const all = await fillsOf({ market: token.conditionId, takerOnly: false });
    expect(all.map(brief)).toEqual([
      `60 SELL 5@0.55 0 ${m1}`,
      `60 BUY 5@0.55 0 ${operator}`,
      `-100 SELL 2@0.53 1 ${m2}`,
      `-100 BUY 2@0.53 1 ${m3}`,
      `-200 BUY 7.25@0.48 0 ${m3}`,
      `-200 SELL 7.25@0.48 0 ${m2}`,
    ]);
    // Paging counts across the two: the second page of one starts in the past.
    expect((await fillsOf({ market: token.conditionId, offset: 1, limit: 1 })).map(brief)).toEqual([`-100 BUY 2@0.53 1 ${m3}`]);
    expect((await fillsOf({ market: token.conditionId, takerOnly: false, offset: 1, limit: 3 })).map(brief)).toEqual(
      all.slice(1, 4).map(brief),
    );
    expect(await fillsOf({ market: token.conditionId, offset: 3 })).toEqual([]);
    // Filters apply to the past too; without a market filter the past follows every live fill.
    expect((await fillsOf({ user: synthetic(h, 2).address, takerOnly: false })).map(brief)).toEqual([
      `-100 SELL 2@0.53 1 ${m2}`,
      `-200 SELL 7.25@0.48 0 ${m2}`,
    ]);
    expect((await fillsOf({ side: 'SELL', filterType: 'CASH', filterAmount: 3.48 })).map(brief)).toEqual([`-200 SELL 7.25@0.48 0 ${m2}`]);
    expect((await fillsOf({})).map(brief)).toEqual(taker.map(brief));
  });
});

describe('GET /prices-history', () => {
  const historyOf = async (query: Record<string, string | number>): Promise<{ t: number; p: number }[]> => {
    const r = await h.request<{ history: { t: number; p: number }[] }>('GET', '/prices-history', { query });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['history']);
    return r.body.history;
  };
  const pts = (...pairs: [number, number][]) => pairs.map(([dt, p]) => ({ t: S0 + dt, p }));

  it('answers the seeded past, then a sample of the midpoint a minute, outcome 1 as the complement', async () => {
    const whole = pts([-300, 0.4], [-240, 0.41], [-180, 0.42], [-120, 0.43], [-60, 0.44], [0, initialFair], [60, 0.5]);
    expect(await historyOf({ market: token.tokenId, startTs: S0 - 300, endTs: S0 + 60 })).toEqual(whole);
    const other = await historyOf({ market: token.oppositeTokenId, startTs: S0 - 300, endTs: S0 + 60 });
    expect(other.map((x) => x.t)).toEqual(whole.map((x) => x.t));
    expect(other.map((x, i) => new Decimal(x.p).plus(whole[i]!.p).toString())).toEqual(whole.map(() => '1'));
    // Every 2 minutes from startTs (the first point at or after each step); up to endTs.
    expect(await historyOf({ market: token.tokenId, startTs: S0 - 300, endTs: S0 + 60, fidelity: 2 })).toEqual(
      pts([-300, 0.4], [-180, 0.42], [-60, 0.44], [60, 0.5]),
    );
    expect(await historyOf({ market: token.tokenId, startTs: S0 - 250, endTs: S0 - 100 })).toEqual(
      pts([-240, 0.41], [-180, 0.42], [-120, 0.43]),
    );
    // The span ending now (S0 + 60): the last 1 h has all of it; without span, from the first point.
    expect(await historyOf({ market: token.tokenId, interval: '1h' })).toEqual(whole);
    expect(await historyOf({ market: token.tokenId, interval: 'max', fidelity: 3 })).toEqual(pts([-300, 0.4], [-120, 0.43], [60, 0.5]));
    expect(await historyOf({ market: token.tokenId })).toEqual(whole);
    // A market without a seeded path has the live samples alone.
    const unseeded = h.sim.world.lookup.tokens().find((t) => t.conditionId !== token.conditionId && t.outcomeIndex === 0)!;
    expect((await historyOf({ market: unseeded.tokenId })).map((x) => x.t)).toEqual([S0, S0 + 60]);
  });

  it('refuses a bad parameter with 400 naming it, an unknown token with 404', async () => {
    const get = (query: Record<string, string | number>) => h.request('GET', '/prices-history', { query });
    expectError(await h.request('GET', '/prices-history'), 400, 'BAD_PARAMETER', "'market'");
    expectError(await get({ market: 'no-outcome' }), 400, 'BAD_PARAMETER', "'market'");
    expectError(await get({ market: token.tokenId, fidelity: 0 }), 400, 'BAD_PARAMETER', "'fidelity'");
    expectError(await get({ market: token.tokenId, fidelity: 1.5 }), 400, 'BAD_PARAMETER', "'fidelity'");
    expectError(await get({ market: token.tokenId, startTs: 'yesterday' }), 400, 'BAD_PARAMETER', "'startTs'");
    expectError(await get({ market: token.tokenId, interval: '2h' }), 400, 'BAD_PARAMETER', "'interval'");
    expectError(await get({ market: token.tokenId, interval: '1d', startTs: S0 }), 400, 'BAD_PARAMETER', "'startTs'");
    expectError(await get({ market: token.tokenId, interval: '1d', endTs: S0 }), 400, 'BAD_PARAMETER', "'endTs'");
    expectError(await get({ market: token.tokenId, startTs: S0, endTs: S0 - 1 }), 400, 'BAD_PARAMETER', "'endTs'");
    expectError(await get({ market: '0xdead:0' }), 404, 'NOT_FOUND');
  });

  it('can be answered malformed by the fault', async () => {
    await h.setFaults({ malformed: { kind: 'price', rate: 1 } });
    try {
      const r = await h.request<{ history: { p: unknown }[] }>('GET', '/prices-history', { query: { market: token.tokenId } });
      expect(r.body.history[0]!.p).toBe('not-a-price');
    } finally {
      await h.setFaults({ malformed: { kind: 'price', rate: 0 } });
    }
  });
});
