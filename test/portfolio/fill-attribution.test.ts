import { describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { fillsFromAccountTrade } from '../../src/portfolio/fill-attribution.js';
import type { AccountTrade, MakerOrderFill } from '../../src/venue/types.js';
import { BOTH_PAY, plain, TAKER_ONLY } from './support.js';

const US = { address: '0xAbCd000000000000000000000000000000000001', apiKey: 'key-us' };
const THEM = { address: '0x9999000000000000000000000000000000000002', apiKey: 'key-them' };
const OTHER = { address: '0x7777000000000000000000000000000000000003', apiKey: 'key-other' };
const MARKET = '0xmarket';
const TOKEN = `${MARKET}:0`;
const TIME = '2026-01-01T12:00:00.250Z';

function maker(
  id: string,
  who: { address: string; apiKey: string },
  price: string,
  amount: string,
  side = 'SELL',
  asset = TOKEN,
): MakerOrderFill {
  return {
    order_id: id,
    maker_address: who.address,
    owner: who.apiKey,
    matched_amount: amount,
    fee_rate_bps: '0',
    price,
    asset_id: asset,
    outcome: 'Yes',
    side,
  };
}

function trade(
  viewer: { address: string; apiKey: string },
  type: 'TAKER' | 'MAKER',
  side: string,
  makers: MakerOrderFill[],
  extra: Partial<AccountTrade> = {},
): AccountTrade {
  const size = makers.reduce((s, m) => s + Number(m.matched_amount), 0);
  return {
    id: 'trade-1',
    taker_order_id: 'taker-order',
    market: MARKET,
    asset_id: TOKEN,
    side,
    size: String(size),
    fee_rate_bps: '2500',
    price: makers[0]!.price,
    status: 'MATCHED',
    match_time: TIME,
    last_update: TIME,
    outcome: 'Yes',
    maker_address: viewer.address,
    owner: viewer.apiKey,
    transaction_hash: '0xhash',
    bucket_index: 0,
    maker_orders: makers,
    type,
    ...extra,
  };
}

describe('fillsFromAccountTrade', () => {
  it('taker: one fill per resting order swept, at its price and matched amount, each with its own rounded fee', () => {
    const t = trade(US, 'TAKER', 'BUY', [maker('m1', THEM, '0.4', '10'), maker('m2', OTHER, '0.55', '4')]);
    const fills = fillsFromAccountTrade(t, US, TAKER_ONLY);
    expect(fills.map(plain)).toEqual([
      {
        tradeId: 'trade-1:taker:m1',
        conditionId: MARKET,
        tokenId: TOKEN,
        outcomeIndex: 0,
        side: 'BUY',
        price: '0.4',
        size: '10',
        role: 'taker',
        fee: '0.144',
        rebate: '0',
        matchTime: TIME,
        timestampMs: Date.parse(TIME),
        orderId: 'taker-order',
      },
      expect.objectContaining({
        tradeId: 'trade-1:taker:m2',
        price: '0.55',
        size: '4',
        fee: '0.061256',
        side: 'BUY',
        orderId: 'taker-order',
      }),
    ]);
  });

  it("maker (the simulator's maker view): one fill for our resting order, the rebate under takerOnly", () => {
    const t = trade(US, 'MAKER', 'SELL', [maker('ours', US, '0.5', '5.06')]);
    expect(fillsFromAccountTrade(t, US, TAKER_ONLY).map(plain)).toEqual([
      expect.objectContaining({
        tradeId: 'trade-1:maker:ours',
        side: 'SELL',
        price: '0.5',
        size: '5.06',
        role: 'maker',
        fee: '0',
        rebate: '0.015813',
        orderId: 'ours',
      }),
    ]);
  });

  it('maker where makers pay: the taker fee formula on our side, no rebate', () => {
    const t = trade(US, 'MAKER', 'BUY', [maker('ours', US, '0.123', '7', 'BUY')]);
    expect(fillsFromAccountTrade(t, US, BOTH_PAY).map(plain)).toEqual([
      expect.objectContaining({ side: 'BUY', fee: '0.07551', rebate: '0' }),
    ]);
  });

  it("two of our resting orders in one trade (the venue's view: the taker owns the record): two fills, others ignored", () => {
    // The record is the taker's (owner THEM); two entries are ours (one matched by address only, any case).
    const t = trade(THEM, 'TAKER', 'BUY', [
      maker('a', US, '0.41', '3'),
      maker('x', OTHER, '0.42', '2'),
      { ...maker('b', US, '0.43', '5'), owner: '', maker_address: US.address.toLowerCase() },
    ]);
    const fills = fillsFromAccountTrade(t, US, TAKER_ONLY);
    expect(fills.map((f) => [f.tradeId, f.role, f.side, f.price.toFixed(), f.size.toFixed(), f.rebate.toFixed()])).toEqual([
      // 0.25 x 3 x (0.41 x 0.59)^2 = 0.0438867075 -> 0.043887; x 0.2 = 0.0087774 -> 0.008777
      ['trade-1:maker:a', 'maker', 'SELL', '0.41', '3', '0.008777'],
      // 0.25 x 5 x (0.43 x 0.57)^2 = 0.0750925125 -> 0.075093; x 0.2 = 0.0150186 -> 0.015019
      ['trade-1:maker:b', 'maker', 'SELL', '0.43', '5', '0.015019'],
    ]);
    expect(new Set(fills.map((f) => f.tradeId)).size).toBe(2);
  });

  it('a maker order on the complementary token keeps its own token and side', () => {
    const t = trade(THEM, 'TAKER', 'BUY', [maker('c', US, '0.6', '5', 'BUY', `${MARKET}:1`)]);
    expect(fillsFromAccountTrade(t, US, TAKER_ONLY).map((f) => [f.tokenId, f.outcomeIndex, f.side])).toEqual([[`${MARKET}:1`, 1, 'BUY']]);
  });

  it('no part in the trade, or a FAILED trade: no fills', () => {
    expect(fillsFromAccountTrade(trade(THEM, 'TAKER', 'BUY', [maker('m', OTHER, '0.4', '5')]), US, TAKER_ONLY)).toEqual([]);
    expect(fillsFromAccountTrade(trade(US, 'TAKER', 'BUY', [maker('m', OTHER, '0.4', '5')], { status: 'FAILED' }), US, TAKER_ONLY)).toEqual(
      [],
    );
  });

  it('malformed fields we would act on are BAD_RESPONSE errors naming the field', () => {
    const cases: [AccountTrade, string][] = [
      [trade(US, 'MAKER', 'SELL', [maker('ours', US, '0.5', '5', 'HOLD')]), "'maker_orders[0].side'"],
      [trade(US, 'MAKER', 'SELL', [maker('ours', US, '1.5', '5')]), "'maker_orders[0].price'"],
      [trade(US, 'MAKER', 'SELL', [maker('ours', US, '0.5', '5', 'SELL', 'other:0')]), "'maker_orders[0].asset_id'"],
      [trade(US, 'TAKER', 'BUY', [maker('m', THEM, '0.5', '5')], { match_time: 'yesterday' }), "'match_time'"],
      [trade(US, 'TAKER', 'BUY', [maker('m', THEM, '0.5', '5')], { size: '6' }), "'maker_orders'"],
      [trade(US, 'TAKER', 'BUY', [maker('m', THEM, '0.5', '5')], { asset_id: 'no-index' }), "'asset_id'"],
    ];
    for (const [t, field] of cases) {
      let err: unknown;
      try {
        fillsFromAccountTrade(t, US, TAKER_ONLY);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(MakerdError);
      expect((err as MakerdError).code).toBe(ErrorCode.BAD_RESPONSE);
      expect((err as MakerdError).message).toContain(field);
      expect((err as MakerdError).message).toContain('trade-1');
    }
  });
});
