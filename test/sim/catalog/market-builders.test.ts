import { describe, expect, it } from 'vitest';
import { isMakerdError, ErrorCode } from '../../../src/errors.js';
import { Decimal } from '../../../src/money.js';
import {
  baseFeeBps,
  generateCatalog,
  getClobMarketSettings,
  getFeeRate,
  getMarket,
  listMarkets,
  listSamplingSimplifiedMarkets,
  listSimplifiedMarkets,
  samplingMarkets,
} from '../../../src/sim/catalog/index.js';
import { expectShape, FEE_DETAILS, FEE_SCHEDULE, MARKET_TOKEN, REWARD_RATE, REWARDS, type Shape } from './shape.js';

const catalog = generateCatalog({ seed: 'builders', markets: 230 });

const MARKET: Shape = {
  enable_order_book: 'boolean',
  active: 'boolean',
  closed: 'boolean',
  archived: 'boolean',
  accepting_orders: 'boolean',
  accepting_order_timestamp: 'string',
  minimum_order_size: 'number',
  minimum_tick_size: 'number',
  condition_id: 'string',
  creator: 'string',
  mirror_condition_id: 'string',
  status: 'string',
  neg_risk: 'boolean',
  market_id: 'integer',
  question_id: 'string',
  question: 'string',
  slug: 'string',
  description: 'string',
  market_slug: 'string',
  end_date_iso: 'string',
  game_start_time: 'string',
  seconds_delay: 'integer',
  fpmm: 'string',
  maker_base_fee: 'number',
  taker_base_fee: 'number',
  notifications_enabled: 'boolean',
  neg_risk_market_id: 'string',
  neg_risk_request_id: 'string',
  icon: 'string',
  image: 'string',
  rewards: 'object',
  is_50_50_outcome: 'boolean',
  tokens: 'array',
  tags: 'array',
  assets_ids: 'array',
  outcomes: 'array',
  event: 'object',
  raw_metadata: 'object',
};

const SIMPLIFIED: Shape = {
  condition_id: 'string',
  creator: 'string',
  mirror_condition_id: 'string',
  status: 'string',
  neg_risk: 'boolean',
  market_id: 'integer',
  question: 'string',
  slug: 'string',
  active: 'boolean',
  closed: 'boolean',
  archived: 'boolean',
  accepting_orders: 'boolean',
  tokens: 'array',
  rewards: 'object',
  assets_ids: 'array',
  outcomes: 'array',
};

const CLOB: Shape = {
  gst: 'iso',
  r: 'object',
  c: 'string',
  creator: 'string',
  mirror_condition_id: 'string',
  nr: 'boolean',
  t: 'array',
  mts: 'number',
  mos: 'number',
  fd: 'object',
  mbf: 'integer',
  tbf: 'integer',
  rfqe: 'boolean',
  itode: 'boolean',
  ibce: 'boolean',
  oas: 'integer',
};

function expectRewards(r: unknown, label: string) {
  expectShape(r, REWARDS, label);
  for (const rate of (r as { rates: unknown[] }).rates) expectShape(rate, REWARD_RATE, `${label}.rates[]`);
}

describe('market builders', () => {
  it('builds Market (2.5) with every field and JSON type', () => {
    for (const m of listMarkets(catalog, undefined).data.slice(0, 40)) {
      expectShape(m, MARKET, 'market');
      expectRewards(m.rewards, 'market.rewards');
      for (const t of m.tokens) expectShape(t, MARKET_TOKEN, 'market.tokens[]');
      expectShape(m.event, { id: 'string', slug: 'string', title: 'string', ticker: 'string', description: 'string' }, 'market.event');
      expect(m.tags.every((t) => typeof t === 'string')).toBe(true);
      expect(Date.parse(m.end_date_iso)).not.toBeNaN();
      expect(m.assets_ids).toEqual(m.tokens.map((t) => t.token_id));
      expect(m.outcomes).toEqual(m.tokens.map((t) => t.outcome));
    }
  });

  it('prices tokens from the initial fair value, or from priceOf when given', () => {
    const cm = catalog.markets[3]!;
    const m = getMarket(catalog, cm.conditionId)!;
    expect(m.tokens[0]!.price).toBe(Number(cm.initialFair));
    expect(m.tokens[1]!.price).toBe(new Decimal(1).minus(cm.initialFair).toNumber());
    const live = getMarket(catalog, cm.conditionId, (id) =>
      id === cm.tokenIds[0] ? new Decimal('0.415') : id === cm.tokenIds[1] ? '0.585' : undefined,
    )!;
    expect(live.tokens.map((t) => t.price)).toEqual([0.415, 0.585]);
    const half = getMarket(catalog, cm.conditionId, (id) => (id === cm.tokenIds[0] ? '0.3' : undefined))!;
    expect(half.tokens[1]!.price).toBe(new Decimal(1).minus(cm.initialFair).toNumber());
    expect(getMarket(catalog, '0xnope')).toBeUndefined();
  });

  it('carries the trading rules of the catalog market', () => {
    for (const cm of catalog.markets.slice(0, 30)) {
      const m = getMarket(catalog, cm.conditionId)!;
      expect(m.minimum_tick_size).toBe(Number(cm.tickSize));
      expect(m.minimum_order_size).toBe(Number(cm.minOrderSize));
      expect(m.neg_risk).toBe(cm.negRisk);
      expect(m.neg_risk_market_id === '').toBe(!cm.negRisk);
      expect(m.taker_base_fee).toBe(156); // 0.25 x 0.25^2 per share = 0.015625 -> 156 bps (half-even)
      expect(m.maker_base_fee).toBe(0);
    }
  });

  it('pages /markets and /simplified-markets by 100 with Base64 cursors', () => {
    const pages = [listMarkets(catalog, 'MA==')];
    while (pages.at(-1)!.next_cursor !== 'LTE=') pages.push(listMarkets(catalog, pages.at(-1)!.next_cursor));
    expect(pages.map((p) => p.count)).toEqual([100, 100, 30]);
    expect(pages.map((p) => p.next_cursor)).toEqual(['MTAw', 'MjAw', 'LTE=']);
    expect(pages.every((p) => p.limit === 100)).toBe(true);
    expect(pages.flatMap((p) => p.data.map((m) => m.condition_id))).toEqual(catalog.markets.map((m) => m.conditionId));

    const simple = listSimplifiedMarkets(catalog, 'MjAw');
    expect(simple.count).toBe(30);
    for (const s of simple.data) {
      expectShape(s, SIMPLIFIED, 'simplified');
      expectRewards(s.rewards, 'simplified.rewards');
      for (const t of s.tokens) expectShape(t, MARKET_TOKEN, 'simplified.tokens[]');
    }
  });

  it('lists as sampling markets exactly those with rewards', () => {
    const expected = samplingMarkets(catalog).map((m) => m.conditionId);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(catalog.markets.length);
    const got: string[] = [];
    let cursor: string | undefined;
    do {
      const page = listSamplingSimplifiedMarkets(catalog, cursor);
      for (const s of page.data) {
        expect(s.rewards.min_size).toBeGreaterThan(0);
        expect(s.rewards.rates.length).toBe(1);
      }
      got.push(...page.data.map((s) => s.condition_id));
      cursor = page.next_cursor;
    } while (cursor !== 'LTE=');
    expect(got).toEqual(expected);
  });

  it('rejects a bad cursor with a 400-type error', () => {
    let caught: unknown;
    try {
      listSimplifiedMarkets(catalog, 'not a cursor');
    } catch (err) {
      caught = err;
    }
    expect(isMakerdError(caught, ErrorCode.BAD_PARAMETER)).toBe(true);
    expect((caught as Error).message).toContain('GET /simplified-markets');
  });

  it('builds order-book settings (2.8) from the market', () => {
    const cm = catalog.markets.find((m) => m.negRisk && m.tickSize === '0.001')!;
    const s = getClobMarketSettings(catalog, cm.conditionId)!;
    expectShape(s, CLOB, 'clob');
    expectShape(s.fd, FEE_DETAILS, 'clob.fd');
    expectRewards(s.r, 'clob.r');
    for (const t of s.t) expectShape(t, { t: 'string', mirror_token_id: 'string', o: 'string' }, 'clob.t[]');
    expect(s).toMatchObject({
      c: cm.conditionId,
      nr: true,
      mts: 0.001,
      mos: Number(cm.minOrderSize),
      fd: { r: 0.25, e: 2, to: true },
      mbf: 0,
      tbf: 156,
    });
    expect(s.t.map((t) => t.t)).toEqual([...cm.tokenIds]);
    expect(s.t.map((t) => t.o)).toEqual([...cm.outcomes]);
    expect(getClobMarketSettings(catalog, 'missing')).toBeUndefined();
  });

  it('answers fee rates (2.9) per token, a default without token, and undefined for an unknown token', () => {
    const cm = catalog.markets[0]!;
    const r = getFeeRate(catalog, cm.tokenIds[1])!;
    expectShape(r, { base_fee: 'integer', fd: 'object', fee_schedule: 'object' }, 'fee');
    expectShape(r.fd, FEE_DETAILS, 'fee.fd');
    expectShape(r.fee_schedule, FEE_SCHEDULE, 'fee.fee_schedule');
    expect(r.fee_schedule).toEqual({
      rate: 0.25,
      exponent: 2,
      takerOnly: true,
      rebateRate: 0.2,
      category: cm.category.toLowerCase(),
      version: 1,
      source: 'sim',
    });
    expect(getFeeRate(catalog)!.fee_schedule.category).toBe('default');
    expect(getFeeRate(catalog, 'nope:0')).toBeUndefined();
  });

  it('applies fee overrides and computes base fees from them', () => {
    const c = generateCatalog({ seed: 'fees', markets: 2, fee: { rate: 0.5, exponent: 1, takerOnly: false } });
    expect(getFeeRate(c)!).toMatchObject({ base_fee: 1250, fd: { r: 0.5, e: 1, to: false } });
    expect(baseFeeBps(c.markets[0]!.fee)).toEqual({ maker: 1250, taker: 1250 });
    expect(getMarket(c, c.markets[0]!.conditionId)!.maker_base_fee).toBe(1250);
  });
});
