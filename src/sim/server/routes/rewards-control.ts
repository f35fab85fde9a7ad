/**
 * `POST /_sim/rewards/rules` — the operator/test control of a market's liquidity rewards:
 *   body   {"market": "<condition id>", "daily_rate": 250}, optionally with "min_size" and
 *          "max_spread" (numbers >= 0; the market's current ones when left out)
 *   answer {"market", "rewards": the new rewards object, "pays": "paying" | "none"}
 * The listings (`rewards` of /markets, /simplified-markets, /clob-markets) show the new object at
 * once; /sampling-simplified-markets lists the market while its min_size is above 0; the sampler
 * applies the new terms from its next sample (sim-rewards.ts setRules says what happens to the
 * day already sampled). A daily_rate of 0 stops the market paying. Bad input is a 400 naming the
 * field; an unknown market is a 404.
 */
import { badParameter } from '../../../errors.js';
import type { Rewards } from '../../../venue/types.js';
import { notFound } from '../http-error.js';
import { jsonObjectBody } from './json-body.js';
import type { SimServerWorld } from '../world.js';

const WHERE = 'POST /_sim/rewards/rules';

function amount(body: Record<string, unknown>, field: string, current: number): number {
  const v = body[field];
  if (v === undefined) return current;
  const n = typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) throw badParameter(WHERE, field, 'must be a number >= 0', v);
  return n;
}

export function setRewardsControl(world: SimServerWorld, rawBody: string): { market: string; rewards: Rewards; pays: string } {
  const body = jsonObjectBody(WHERE, rawBody);
  const market = body.market;
  if (typeof market !== 'string' || market === '') throw badParameter(WHERE, 'market', 'must be a condition id', market);
  if (body.daily_rate === undefined) throw badParameter(WHERE, 'daily_rate', 'is required (a number >= 0)');
  const current = world.catalog.market(market)?.rewards;
  if (current === undefined || world.setRewards === undefined) throw notFound(`market ${market}`);
  const rewards: Rewards = {
    rates: [{ asset_address: current.rates[0]?.asset_address ?? '', rewards_daily_rate: amount(body, 'daily_rate', 0) }],
    min_size: amount(body, 'min_size', current.min_size),
    max_spread: amount(body, 'max_spread', current.max_spread),
  };
  const pays = world.setRewards(market, rewards);
  if (pays === undefined) throw notFound(`market ${market}`);
  return { market, rewards, pays };
}
