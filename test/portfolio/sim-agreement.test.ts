/**
 * makerd's fills and portfolio against the simulator's own positions (GET /positions): the size,
 * the average price, the realized PnL (fees and rebates included), the shares bought and the
 * unrealized PnL at the venue's current price must be equal to the last decimal.
 *
 * 1. In process: thousands of random orders between several accounts on a takerOnly market and
 *    a market where makers pay; every account's fills are attributed from its own account trades.
 * 2. Over HTTP: the operator quotes and takes on the simulator; its trades are read through the
 *    real venue client (GET /data/trades, every page) and compared with GET /positions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { fillsFromAccountTrade, type AccountIdentity } from '../../src/portfolio/fill-attribution.js';
import { FillDeduper, type Fill } from '../../src/portfolio/fill.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import type { FeeTerms } from '../../src/portfolio/fill-fees.js';
import { SimRng } from '../../src/sim/rng.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { collectItems } from '../../src/venue/pagination.js';
import type { AccountTrade, Position, Side } from '../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { account, FEE_A, FEE_B, FINE, FINE_NO, harness, NO, YES } from '../sim/exchange/fixtures.js';
import { rest, synthetic, tokenWithTick } from '../sim/server/trade-helpers.js';
import { termsOf } from './support.js';

const num = (d: Decimal): number => d.toNumber();

/** Builds a portfolio from an account's trades and compares it with the venue's positions. */
function expectAgreement(
  trades: readonly AccountTrade[],
  who: AccountIdentity,
  feesOf: (tokenId: string) => FeeTerms,
  positions: readonly Position[],
): Portfolio {
  const fills: Fill[] = trades.flatMap((t) => fillsFromAccountTrade(t, who, feesOf(t.asset_id)));
  expect(new Set(fills.map((f) => f.tradeId)).size).toBe(fills.length);
  const p = new Portfolio({ clock: { now: () => Date.UTC(2030, 0, 1) } });
  p.applyAll(fills);
  const ours = p.snapshot().markets.flatMap((m) => m.tokens);
  // The venue lists the tokens with a position or some realized PnL.
  const reportable = ours.filter((t) => !t.size.isZero() || !t.realizedPnl.isZero() || !t.tradingPnl.isZero());
  expect(reportable.map((t) => t.tokenId).sort()).toEqual(positions.map((x) => x.asset).sort());
  for (const pos of positions) {
    const t = ours.find((x) => x.tokenId === pos.asset)!;
    const got = {
      asset: pos.asset,
      size: num(t.size),
      avgPrice: num(t.avgPrice),
      realizedPnl: num(t.realizedPnl),
      totalBought: num(t.boughtShares),
      cashPnl: num(p.token(pos.asset) === undefined ? new Decimal(0) : unrealizedAt(p, pos)),
    };
    expect(got).toEqual({
      asset: pos.asset,
      size: pos.size,
      avgPrice: pos.avgPrice,
      realizedPnl: pos.realizedPnl,
      totalBought: pos.totalBought,
      cashPnl: pos.cashPnl,
    });
  }
  return p;
}

function unrealizedAt(p: Portfolio, pos: Position): Decimal {
  p.mark(pos.asset, new Decimal(String(pos.curPrice)));
  return p.token(pos.asset)!.unrealizedPnl;
}

describe("portfolio equals the simulator's positions (in process, random flow)", () => {
  it('for every account, on a takerOnly market and on a market where makers pay', () => {
    const h = harness(false);
    const accounts = [account('operator', true), account('alice'), account('bob'), account('carol'), account('dave')];
    const tokens = [
      { id: YES, tick: 100, fee: FEE_A },
      { id: NO, tick: 100, fee: FEE_A },
      { id: FINE, tick: 1000, fee: FEE_B },
      { id: FINE_NO, tick: 1000, fee: FEE_B },
    ];
    const rng = new SimRng('portfolio-agreement');
    let fillsSeen = 0;
    for (let i = 0; i < 3000; i++) {
      const who = accounts[rng.int(0, accounts.length - 1)]!;
      const tok = tokens[rng.int(0, tokens.length - 1)]!;
      const side: Side = rng.next() < 0.5 ? 'BUY' : 'SELL';
      // prices around 0.5 so that orders cross often; sizes with up to 2 decimals, >= 5
      const ticks = Math.round(tok.tick * (0.5 + (rng.next() - 0.5) * 0.3));
      const price = new Decimal(ticks).div(tok.tick).toFixed();
      const size = new Decimal(rng.int(500, 4000)).div(100).toFixed();
      const r = h.place(who, tok.id, side, price, size, { orderType: rng.next() < 0.3 ? 'FAK' : 'GTC' });
      if (r.status === 'matched') fillsSeen++;
      h.clock.advance(rng.int(0, 1500));
      if (i % 500 === 499) for (const a of accounts) h.ex.cancelAll(a);
    }
    expect(fillsSeen).toBeGreaterThan(500);
    const feesOf = (tokenId: string): FeeTerms => termsOf(tokenId.startsWith('0xaaaa') ? FEE_A : FEE_B);
    const all: Position[] = [];
    for (const a of accounts) {
      const positions = h.ex.positions(a.address);
      expectAgreement(h.ex.accountTrades(a, {}), a, feesOf, positions);
      all.push(...positions);
    }
    expect(all).toHaveLength(accounts.length * tokens.length);
    // the comparison covered shorts, longs and averages that do not terminate
    expect(all.some((x) => x.size < 0) && all.some((x) => x.size > 0)).toBe(true);
    expect(all.filter((x) => String(x.avgPrice).length > 12).length).toBeGreaterThan(0);
  });
});

describe("portfolio equals the simulator's positions (over HTTP, the real client)", () => {
  let h: SimHarness;
  let client: VenueClient;

  beforeAll(async () => {
    h = await startSimHarness({ markets: 2 });
    client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
  });

  afterAll(async () => {
    await client?.close();
    await h?.close();
  });

  it('maker fills (two of our orders in one trade), taker sweeps, a flip to short, and the other outcome', async () => {
    const yes = tokenWithTick(h, '0.01');
    const no = yes.oppositeTokenId;
    const op = async (tokenId: string, side: Side, price: string, size: string, orderType: 'GTC' | 'FAK' = 'GTC') => {
      const r = await client.postOrder({
        order: { asset_id: tokenId, side, price, size, expiration: '0', client_order_id: '' },
        orderType,
      });
      expect(r.success).toBe(true);
      h.clock.advance(1_000);
      return r;
    };
    const s = (i: number) => synthetic(h, i);
    // 1. two resting bids of ours; one synthetic seller fills both in one trade: long 35
    await op(yes.tokenId, 'BUY', '0.40', '20');
    await op(yes.tokenId, 'BUY', '0.41', '15');
    rest(h, s(0), yes.tokenId, 'SELL', '0.40', '35');
    h.clock.advance(1_000);
    // 2. our ask is taken: long 20
    await op(yes.tokenId, 'SELL', '0.60', '15');
    rest(h, s(1), yes.tokenId, 'BUY', '0.60', '15');
    h.clock.advance(1_000);
    // 3. we sweep two synthetic asks as taker: long 45.5
    rest(h, s(2), yes.tokenId, 'SELL', '0.45', '12.5');
    rest(h, s(3), yes.tokenId, 'SELL', '0.47', '20');
    await op(yes.tokenId, 'BUY', '0.47', '25.5', 'FAK');
    // 4. we sell through two synthetic bids: closes 45.5, opens a short of 14.5
    rest(h, s(4), yes.tokenId, 'BUY', '0.39', '40');
    rest(h, s(5), yes.tokenId, 'BUY', '0.35', '30');
    await op(yes.tokenId, 'SELL', '0.30', '60', 'FAK');
    // 5. long the other outcome as maker
    await op(no, 'BUY', '0.30', '20');
    rest(h, s(6), no, 'SELL', '0.30', '20');
    // quotes that give token 0 a midpoint
    rest(h, s(7), yes.tokenId, 'SELL', '0.50', '15');

    const trades = await collectItems(client.iterateAccountTrades());
    expect(trades.length).toBe(5);
    expect(trades[0]!.maker_orders).toHaveLength(2); // both of our bids in one trade
    const feeRate = await client.getFeeRate({ token_id: yes.tokenId });
    const terms = termsOf(feeRate.fee_schedule);
    // The venue's raw answer, numbers as it serialized them (a short is a negative size).
    const res = await h.request<Position[]>('GET', '/positions', { query: { user: h.credentials.address } });
    expect(res.status).toBe(200);
    const positions = res.body;
    expect(positions.map((p) => [p.asset, p.size]).sort()).toEqual([
      [yes.tokenId, -14.5],
      [no, 20],
    ]);
    const who = { address: h.credentials.address, apiKey: h.credentials.apiKey };
    const p = expectAgreement(trades, who, () => terms, positions);

    // the fills, as makerd sees them
    const fills = trades.flatMap((t) => fillsFromAccountTrade(t, who, terms));
    expect(fills.map((f) => [f.role, f.side, f.price.toFixed(), f.size.toFixed()])).toEqual([
      ['maker', 'BUY', '0.41', '15'],
      ['maker', 'BUY', '0.4', '20'],
      ['maker', 'SELL', '0.6', '15'],
      ['taker', 'BUY', '0.45', '12.5'],
      ['taker', 'BUY', '0.47', '13'],
      ['taker', 'SELL', '0.39', '40'],
      ['taker', 'SELL', '0.35', '20'],
      ['maker', 'BUY', '0.3', '20'],
    ]);
    expect(p.netExposure(yes.conditionId).toFixed()).toBe('-34.5');

    // reading the trades again changes nothing once deduplicated
    const dd = new FillDeduper();
    expect(dd.filter(fills)).toHaveLength(8);
    const again = (await collectItems(client.iterateAccountTrades())).flatMap((t) => fillsFromAccountTrade(t, who, terms));
    expect(dd.filter(again)).toEqual([]);
  });
});
