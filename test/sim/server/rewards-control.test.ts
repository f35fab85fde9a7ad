/**
 * `POST /_sim/rewards/rules`: a market's liquidity rewards changed at runtime show in every
 * listing at once, the sampler pays the new rate (or stops paying at 0), and bad input is a 400
 * naming the field, an unknown market a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, SimplifiedMarket } from '../../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectError } from './shapes.js';

let h: SimHarness;

beforeAll(async () => {
  h = await startSimHarness({ markets: 6 });
});
afterAll(async () => {
  await h.close();
});

interface RewardsMarket {
  market: string;
  daily_rate: string;
  max_spread_cents: string;
  min_size: string;
}

async function sampling(): Promise<SimplifiedMarket[]> {
  return (await h.request<Paged<SimplifiedMarket>>('GET', '/sampling-simplified-markets')).body.data;
}

async function paying(): Promise<RewardsMarket[]> {
  return (await h.request<{ markets: RewardsMarket[] }>('GET', '/_sim/rewards')).body.markets;
}

describe('POST /_sim/rewards/rules', () => {
  it('sets the daily rate (and min_size, max_spread): the listings and the sampler use it at once', async () => {
    const target = h.sim.world.catalog.markets.find((m) => m.rewards.min_size > 0)!;
    const r = await h.request('POST', '/_sim/rewards/rules', { body: { market: target.conditionId, daily_rate: 1234.5, max_spread: 4 } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      market: target.conditionId,
      rewards: {
        rates: [{ asset_address: '0x2791bca1f2de4661ed88a30c99a7a9449aa84174', rewards_daily_rate: 1234.5 }],
        min_size: target.rewards.min_size,
        max_spread: 4,
      },
      pays: 'paying',
    });
    expect((await sampling()).find((m) => m.condition_id === target.conditionId)?.rewards.rates[0]?.rewards_daily_rate).toBe(1234.5);
    const market = await h.request<{ rewards: { max_spread: number } }>('GET', `/markets/${target.conditionId}`);
    expect(market.body.rewards.max_spread).toBe(4);
    expect((await paying()).find((m) => m.market === target.conditionId)).toMatchObject({ daily_rate: '1234.5', max_spread_cents: '4' });
  });

  it('stops a market paying at a daily rate of 0, and starts one paying again', async () => {
    const target = h.sim.world.catalog.markets.filter((m) => m.rewards.min_size > 0)[1]!;
    const before = (await paying()).length;
    expect((await h.request('POST', '/_sim/rewards/rules', { body: { market: target.conditionId, daily_rate: '0' } })).body).toMatchObject({
      pays: 'none',
    });
    expect((await paying()).map((m) => m.market)).not.toContain(target.conditionId);
    expect(await paying()).toHaveLength(before - 1);
    await h.request('POST', '/_sim/rewards/rules', { body: { market: target.conditionId, daily_rate: 20 } });
    expect((await paying()).find((m) => m.market === target.conditionId)?.daily_rate).toBe('20');
  });

  it('answers 400 naming the field for bad input, 404 for an unknown market', async () => {
    const id = h.sim.world.catalog.markets[0]!.conditionId;
    const post = (body: unknown) => h.request('POST', '/_sim/rewards/rules', { body });
    expectError(await post({ market: id }), 400, 'BAD_PARAMETER', 'daily_rate');
    expectError(await post({ market: id, daily_rate: -1 }), 400, 'BAD_PARAMETER', 'daily_rate');
    expectError(await post({ market: id, daily_rate: 1, min_size: 'x' }), 400, 'BAD_PARAMETER', 'min_size');
    expectError(await post({ daily_rate: 1 }), 400, 'BAD_PARAMETER', 'market');
    expectError(await post([1]), 400, 'BAD_PARAMETER', 'body');
    expectError(await post({ market: `0x${'0'.repeat(64)}`, daily_rate: 1 }), 404, 'NOT_FOUND', 'market');
  });
});
