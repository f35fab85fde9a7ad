/**
 * Inspection and control for tests and operators, under `/_sim/`: never rate limited, never
 * authenticated, never subject to faults, not counted in the venue request stats.
 *   GET  /_sim/stats   counters + the operator accounts' open orders and fills + the process's RSS
 *   GET  /_sim/faults  faults in force;  POST /_sim/faults  apply a patch (see faults.ts)
 *   GET  /_sim/limits  edge-limit windows: capacity and use
 *   GET  /_sim/fair?token_id=  the flow's fair value of a token
 *   POST /_sim/tick-size  set a market's tick size (see tick-size-control.ts)
 *   GET  /_sim/rewards[?account=&market=]  liquidity rewards: scores, shares, accrued, credited
 *   GET  /_sim/balance?account=  an account's balance: the rewards credited to it and its redemptions
 *   POST /_sim/rewards/rules  set a market's liquidity rewards (see rewards-control.ts)
 *   GET  /_sim/ends    the markets that reached their end (see ends-routes.ts)
 *   POST /_sim/redeem  redeem an account's positions in a resolved market (see ends-routes.ts)
 */
import { badParameter } from '../../../errors.js';
import type { EdgeLimits } from '../edge-limits.js';
import { checkFaultConfig, type FaultController } from '../faults.js';
import { notFound } from '../http-error.js';
import type { StatsRecorder } from '../stats.js';
import { balanceOf, endsRoute, redeemControl } from './ends-routes.js';
import { setRewardsControl } from './rewards-control.js';
import { setTickSizeControl } from './tick-size-control.js';
import { rewardsSummary, rewardsView } from '../../rewards/rewards-view.js';
import type { SimRewards } from '../../rewards/sim-rewards.js';
import type { SimServerWorld } from '../world.js';

export interface SimRouteDeps {
  readonly world: SimServerWorld;
  readonly stats: StatsRecorder;
  readonly faults: FaultController;
  readonly limits: EdgeLimits;
  readonly now: () => number;
}

/** The full stats object of `GET /_sim/stats`. */
export function simStats(deps: SimRouteDeps): Record<string, unknown> {
  const { world } = deps;
  const rewards =
    world.rewards === undefined
      ? {}
      : {
          rewards: rewardsSummary(
            world.rewards,
            world.accounts.filter((a) => a.operator).map((a) => a.address),
          ),
        };
  // The resident memory of the process the simulator runs in (all of it when embedded): the
  // hostile answers must keep it small (`npm run soak -- --hostile` reads it).
  return {
    ...deps.stats.snapshot(),
    ...world.exchange.operatorStats(),
    ...rewards,
    process_resident_memory_bytes: process.memoryUsage.rss(),
  };
}

function rewardsOf(deps: SimRouteDeps): SimRewards {
  if (deps.world.rewards === undefined) throw notFound('liquidity rewards (not paid by this simulator)');
  return deps.world.rewards;
}

function rewardsRoute(deps: SimRouteDeps, search: URLSearchParams): unknown {
  const rewards = rewardsOf(deps);
  const account = search.get('account') ?? undefined;
  const market = search.get('market') ?? undefined;
  const byAddress = new Map(deps.world.accounts.map((a) => [a.address.toLowerCase(), a]));
  return rewardsView(rewards, deps.now(), { account, market }, (address) => {
    const a = byAddress.get(address);
    return a === undefined ? undefined : { name: a.name, operator: a.operator };
  });
}

export function handleSimRoute(deps: SimRouteDeps, method: string, path: string, search: URLSearchParams, rawBody: string): unknown {
  const key = `${method} ${path}`;
  switch (key) {
    case 'GET /_sim/stats':
      return simStats(deps);
    case 'GET /_sim/faults':
      return deps.faults.state();
    case 'POST /_sim/faults': {
      let body: unknown;
      try {
        body = JSON.parse(rawBody === '' ? '{}' : rawBody);
      } catch {
        throw badParameter(key, 'body', 'must be valid JSON');
      }
      deps.faults.apply(checkFaultConfig(body));
      return deps.faults.state();
    }
    case 'GET /_sim/limits':
      return { enabled: deps.limits.enabled, windows: deps.limits.usage(deps.now()) };
    case 'GET /_sim/fair': {
      const tokenId = search.get('token_id');
      if (!tokenId) throw badParameter(key, 'token_id', 'is required');
      const fair = deps.world.fair?.(tokenId);
      if (fair === undefined) throw notFound(`fair value of token ${tokenId}`);
      return { token_id: tokenId, fair };
    }
    case 'GET /_sim/rewards':
      return rewardsRoute(deps, search);
    case 'GET /_sim/balance': {
      const account = search.get('account');
      if (!account) throw badParameter(key, 'account', 'is required (an address)');
      if (deps.world.rewards === undefined && deps.world.ends === undefined) throw notFound('balances (not kept by this simulator)');
      return { account: account.toLowerCase(), balance: balanceOf(deps.world, account).toFixed(6) };
    }
    case 'GET /_sim/ends':
      return endsRoute(deps.world);
    case 'POST /_sim/redeem':
      return redeemControl(deps.world, rawBody);
    case 'POST /_sim/tick-size':
      return setTickSizeControl(deps.world, rawBody);
    case 'POST /_sim/rewards/rules':
      return setRewardsControl(deps.world, rawBody);
    default:
      throw notFound(`route ${key}`);
  }
}
