/**
 * toMarketMeta: the exact trading rules from the simulator's three answers over HTTP, and every
 * answer that does not fit rejected with BAD_RESPONSE naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { toMarketMeta } from '../../src/market/market-metadata.js';
import type { MarketMeta } from '../../src/market/market-view.js';
import type { CatalogMarket } from '../../src/sim/catalog/catalog-model.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import type { ClobMarketSettings, FeeRate, Market } from '../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;
let cm: CatalogMarket;
let clob: ClobMarketSettings;
let market: Market;
let fee: FeeRate;

beforeAll(async () => {
  h = await startSimHarness({ markets: 12, catalog: { fee: { rate: 0.035, exponent: 1, takerOnly: true, rebateRate: 0.25 } } });
  client = createVenueClient({ baseUrl: h.baseUrl, clock: h.clock });
  // A market with a non-default tick and a non-trivial minimum size.
  cm = h.sim.world.catalog.markets.find((m) => m.tickSize === '0.001') ?? h.sim.world.catalog.markets[0]!;
  [clob, market] = await Promise.all([
    client.getClobMarket({ condition_id: cm.conditionId }),
    client.getMarket({ condition_id: cm.conditionId }),
  ]);
  fee = await client.getFeeRate({ token_id: cm.tokenIds[0] });
});

afterAll(async () => {
  await client?.close();
  await h?.close();
});

/** A MarketMeta with Decimals as plain strings, for exact comparison. */
function plain(m: MarketMeta) {
  return {
    ...m,
    tickSize: m.tickSize.toFixed(),
    minOrderSize: m.minOrderSize.toFixed(),
    sizeStep: m.sizeStep.toFixed(),
    fees: { ...m.fees, rate: m.fees.rate.toFixed(), rebateRate: m.fees.rebateRate.toFixed() },
    rewards:
      m.rewards?.kind === 'paying'
        ? { kind: 'paying', rules: Object.fromEntries(Object.entries(m.rewards.rules).map(([k, v]) => [k, v.toFixed()])) }
        : m.rewards,
  };
}

function failure(fn: () => unknown): MakerdError {
  try {
    fn();
  } catch (err) {
    if (err instanceof MakerdError) return err;
    throw err;
  }
  throw new Error('expected a BAD_RESPONSE');
}

const clone = <T>(v: T): T => structuredClone(v);

describe('toMarketMeta', () => {
  it("builds the exact rules from the simulator's answers", () => {
    const meta = toMarketMeta(clob, market, fee, 1_767_225_600_123);
    expect(plain(meta)).toEqual({
      conditionId: cm.conditionId,
      slug: cm.slug,
      tokens: [`${cm.conditionId}:0`, `${cm.conditionId}:1`],
      tickSize: cm.tickSize,
      minOrderSize: cm.minOrderSize,
      sizeStep: '0.01',
      negRisk: cm.negRisk,
      eventId: cm.eventId,
      fees: { rate: '0.035', exponent: 1, takerOnly: true, rebateRate: '0.25' },
      endDateMs: Date.parse(cm.endDate),
      fetchedAtMs: 1_767_225_600_123,
      rewards:
        cm.rewards.min_size > 0
          ? {
              kind: 'paying',
              rules: {
                maxSpreadCents: String(cm.rewards.max_spread),
                minSize: String(cm.rewards.min_size),
                dailyRate: String(cm.rewards.rates[0]!.rewards_daily_rate),
                multiplier: '1',
              },
            }
          : { kind: 'none' },
    });
  });

  it('reads a malformed rewards object as paying nothing, with the reason, and still builds the rules', () => {
    const meta = toMarketMeta(clob, { ...market, rewards: { ...market.rewards, max_spread: 'wide' as unknown as number } }, fee, 0);
    expect(meta.rewards).toEqual({ kind: 'malformed', reason: 'rewards.max_spread is "wide", not a number' });
    expect(meta.tickSize.toFixed()).toBe(cm.tickSize);
  });

  it('follows a tick size change served by the venue', async () => {
    const target = cm.tickSize === '0.001' ? '0.01' : '0.001';
    const r = await h.request('POST', '/_sim/tick-size', { body: { market: cm.conditionId, tick_size: target } });
    expect(r.status).toBe(200);
    const changed = await client.getClobMarket({ condition_id: cm.conditionId });
    expect(toMarketMeta(changed, market, fee, 0).tickSize.toFixed()).toBe(target);
    await h.request('POST', '/_sim/tick-size', { body: { market: cm.conditionId, tick_size: cm.tickSize } });
  });

  it('orders tokens by outcome index whatever the listing order', () => {
    const m = clone(market);
    m.tokens.reverse();
    expect(toMarketMeta(clob, m, fee, 0).tokens).toEqual([`${cm.conditionId}:0`, `${cm.conditionId}:1`]);
  });

  it('has no end date when end_date_iso is empty or not a date', () => {
    for (const end of ['', 'soon']) expect(toMarketMeta(clob, { ...market, end_date_iso: end }, fee, 0).endDateMs).toBeUndefined();
  });

  it('says why the end date is not known, and whether the venue still takes orders (a market not quoted then)', () => {
    expect(toMarketMeta(clob, { ...market, end_date_iso: '' }, fee, 0)).toMatchObject({ endDateMs: undefined, endDateProblem: 'missing' });
    const noField = { ...market, end_date_iso: undefined as unknown as string };
    expect(toMarketMeta(clob, noField, fee, 0).endDateProblem).toBe('missing');
    expect(toMarketMeta(clob, { ...market, end_date_iso: '2026-02-30' }, fee, 0).endDateProblem).toBe('malformed');
    const known = toMarketMeta(clob, { ...market, end_date_iso: '2026-03-07T18:00:00Z' }, fee, 0);
    expect(known.endDateMs).toBe(Date.UTC(2026, 2, 7, 18));
    expect(known.endDateProblem).toBeUndefined();
    expect(known.venueClosed).toBeUndefined();
    expect(toMarketMeta(clob, { ...market, closed: true, accepting_orders: false }, fee, 0).venueClosed).toBe('closed');
    expect(toMarketMeta(clob, { ...market, accepting_orders: false }, fee, 0).venueClosed).toBe('not-accepting-orders');
  });

  it("reads the market's event from the listing, and requires it of a neg-risk market only", () => {
    const event = { id: '4242', slug: 's', title: 't', ticker: 'k', description: 'd' };
    const plainSettings = { ...clob, nr: false };
    const negRiskSettings = { ...clob, nr: true };
    expect(toMarketMeta(negRiskSettings, { ...market, event }, fee, 0)).toMatchObject({ negRisk: true, eventId: '4242' });
    expect(toMarketMeta(plainSettings, { ...market, event }, fee, 0)).toMatchObject({ negRisk: false, eventId: '4242' });
    const noEvent = { ...market, event: undefined as unknown as Market['event'] };
    expect(toMarketMeta(plainSettings, noEvent, fee, 0).eventId).toBeUndefined();
    const err = failure(() => toMarketMeta(negRiskSettings, noEvent, fee, 0));
    expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
    expect(err.field).toBe('event.id');
    expect(err.message).toContain('must be a non-empty string for a neg-risk market');
  });

  it("gives the simulator's neg-risk markets their event, the same for every market of it", async () => {
    const negRisk = h.sim.world.catalog.markets.filter((m) => m.negRisk);
    expect(negRisk.length).toBeGreaterThan(1);
    for (const m of negRisk) {
      const [c, mk] = await Promise.all([
        client.getClobMarket({ condition_id: m.conditionId }),
        client.getMarket({ condition_id: m.conditionId }),
      ]);
      expect(toMarketMeta(c, mk, fee, 0)).toMatchObject({ negRisk: true, eventId: m.eventId });
    }
  });

  const cases: [string, () => unknown, string][] = [
    ['tick of 0', () => toMarketMeta({ ...clob, mts: 0 }, market, fee, 0), 'mts'],
    ['tick of 1', () => toMarketMeta({ ...clob, mts: 1 }, market, fee, 0), 'mts'],
    ['tick as text', () => toMarketMeta({ ...clob, mts: '0.01' as unknown as number }, market, fee, 0), 'mts'],
    ['tick in exponent form', () => toMarketMeta({ ...clob, mts: 1e-7 }, market, fee, 0), 'mts'],
    ['negative minimum size', () => toMarketMeta({ ...clob, mos: -5 }, market, fee, 0), 'mos'],
    ['neg risk not boolean', () => toMarketMeta({ ...clob, nr: 'no' as unknown as boolean }, market, fee, 0), 'nr'],
    ['settings of another market', () => toMarketMeta({ ...clob, c: `0x${'1'.repeat(64)}` }, market, fee, 0), 'c'],
    ['settings with other tokens', () => toMarketMeta({ ...clob, t: [clob.t[0]!, { ...clob.t[1]!, t: 'x:9' }] }, market, fee, 0), 't'],
    ['three tokens', () => toMarketMeta(clob, { ...market, tokens: [...market.tokens, market.tokens[0]!] }, fee, 0), 'tokens'],
    [
      'token without an outcome index',
      () => toMarketMeta(clob, { ...market, tokens: [{ ...market.tokens[0]!, token_id: 'abc', outcome: '?' }, market.tokens[1]!] }, fee, 0),
      'tokens[0].token_id',
    ],
    [
      'the same outcome twice',
      () => toMarketMeta(clob, { ...market, tokens: [market.tokens[0]!, market.tokens[0]!] }, fee, 0),
      'tokens[1].token_id',
    ],
    [
      'negative fee rate',
      () => toMarketMeta(clob, market, { ...fee, fee_schedule: { ...fee.fee_schedule, rate: -0.1 } }, 0),
      'fee_schedule.rate',
    ],
    [
      'fractional exponent',
      () => toMarketMeta(clob, market, { ...fee, fee_schedule: { ...fee.fee_schedule, exponent: 1.5 } }, 0),
      'fee_schedule.exponent',
    ],
    [
      'takerOnly as text',
      () => toMarketMeta(clob, market, { ...fee, fee_schedule: { ...fee.fee_schedule, takerOnly: 'yes' as unknown as boolean } }, 0),
      'fee_schedule.takerOnly',
    ],
    [
      'rebate above 1',
      () => toMarketMeta(clob, market, { ...fee, fee_schedule: { ...fee.fee_schedule, rebateRate: 2 } }, 0),
      'fee_schedule.rebateRate',
    ],
    [
      'no fee schedule',
      () => toMarketMeta(clob, market, { ...fee, fee_schedule: undefined as unknown as FeeRate['fee_schedule'] }, 0),
      'fee_schedule',
    ],
  ];
  it.each(cases)('rejects %s with BAD_RESPONSE naming the field', (_name, fn, field) => {
    const err = failure(fn);
    expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
    expect(err.field).toBe(field);
    expect(err.message).toContain(`'${field}'`);
    expect(err.message).toMatch(/\(got .+\)/);
  });
});
