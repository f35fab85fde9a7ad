/** A tiny catalog, accounts and order helpers for the exchange tests. */
import { FakeClock } from '../../../src/clock/fake-clock.js';
import { createSimExchange } from '../../../src/sim/exchange/index.js';
import type { MatchingExchange } from '../../../src/sim/exchange/index.js';
import type { ExchangeEvent, SimAccount, SimCatalogLookup, SimToken } from '../../../src/sim/contracts.js';
import { Decimal } from '../../../src/money.js';
import type { CheckedOrderBody } from '../../../src/venue/body-rules.js';
import type { FeeSchedule, OrderType, Side } from '../../../src/venue/types.js';

export const MARKET_A = '0xaaaa';
export const MARKET_B = '0xbbbb';
export const YES = `${MARKET_A}:0`;
export const NO = `${MARKET_A}:1`;
/** tick 0.001, fees paid by both sides */
export const FINE = `${MARKET_B}:0`;
export const FINE_NO = `${MARKET_B}:1`;

/** rate 0.25, exponent 2, takerOnly, rebate 20 % */
export const FEE_A: FeeSchedule = {
  rate: 0.25,
  exponent: 2,
  takerOnly: true,
  rebateRate: 0.2,
  category: 'test',
  version: 1,
  source: 'test',
};
/** rate 0.1, exponent 1, makers pay too */
export const FEE_B: FeeSchedule = { rate: 0.1, exponent: 1, takerOnly: false, rebateRate: 0, category: 'test', version: 1, source: 'test' };

function token(conditionId: string, index: number, tick: string, fee: FeeSchedule): SimToken {
  return {
    tokenId: `${conditionId}:${index}`,
    conditionId,
    outcomeIndex: index,
    outcome: index === 0 ? 'Yes' : 'No',
    oppositeTokenId: `${conditionId}:${1 - index}`,
    oppositeOutcome: index === 0 ? 'No' : 'Yes',
    tickSize: new Decimal(tick),
    minOrderSize: new Decimal(5),
    negRisk: false,
    fee,
    title: `Market ${conditionId}`,
    slug: `market-${conditionId}`,
    eventSlug: `event-${conditionId}`,
    icon: `https://sim.invalid/${conditionId}.png`,
    endDate: '2030-01-01T00:00:00.000Z',
    initialFair: new Decimal('0.5'),
  };
}

export const TOKENS: SimToken[] = [
  token(MARKET_A, 0, '0.01', FEE_A),
  token(MARKET_A, 1, '0.01', FEE_A),
  token(MARKET_B, 0, '0.001', FEE_B),
  token(MARKET_B, 1, '0.001', FEE_B),
];

export const catalog: SimCatalogLookup = {
  token: (id) => TOKENS.find((t) => t.tokenId === id),
  tokens: () => TOKENS,
};

export function account(name: string, operator = false): SimAccount {
  const hex = Buffer.from(name).toString('hex').padEnd(40, '0').slice(0, 40);
  return {
    address: `0x${hex.toUpperCase()}`,
    apiKey: `key-${name}`,
    passphrase: `pass-${name}`,
    secret: `secret-${name}`,
    operator,
    name: `Name ${name}`,
    pseudonym: `Pseudo-${name}`,
  };
}

export interface OrderOpts {
  orderType?: OrderType;
  postOnly?: boolean;
  expiration?: string;
  clientOrderId?: string;
}

export function body(acct: SimAccount, assetId: string, side: Side, price: string, size: string, opts: OrderOpts = {}): CheckedOrderBody {
  return {
    order: { asset_id: assetId, side, price, size, expiration: opts.expiration ?? '0', client_order_id: opts.clientOrderId ?? '' },
    owner: acct.apiKey,
    orderType: opts.orderType ?? 'GTC',
    postOnly: opts.postOnly ?? false,
  };
}

export interface Harness {
  clock: FakeClock;
  ex: MatchingExchange;
  events: ExchangeEvent[];
  place(
    acct: SimAccount,
    assetId: string,
    side: Side,
    price: string,
    size: string,
    opts?: OrderOpts,
  ): ReturnType<MatchingExchange['placeOrder']>;
}

/** Clock at 2023-11-14T22:13:20Z (1_700_000_000 s). */
export function harness(listen = true, autoTick = true): Harness {
  const clock = new FakeClock(1_700_000_000_000);
  const ex = createSimExchange({ clock, catalog, autoTick });
  const events: ExchangeEvent[] = [];
  if (listen) ex.subscribe((e) => events.push(e));
  return {
    clock,
    ex,
    events,
    place: (acct, assetId, side, price, size, opts) => ex.placeOrder(acct, body(acct, assetId, side, price, size, opts)),
  };
}
