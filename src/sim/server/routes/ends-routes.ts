/**
 * The ends of a run's markets under `/_sim/` (src/sim/ends):
 *   GET  /_sim/ends    every market that reached its end: when, its resolution and winner, and the
 *                      orders the venue cancelled at the end (the operator's counted apart)
 *   POST /_sim/redeem  body {"market": "<condition id>", "account"?: "<address>"} (default: the
 *                      operator's account): pays out the account's positions in the resolved
 *                      market, 1 USDC a share of the winner, into its balance; answers
 *                      {market, account, winning_outcome, winning_asset_id, redeemed: [{asset_id,
 *                      size, payout}], credited, balance}. Redeeming again credits "0.000000".
 * Bad input is a 400 naming the field (a market not resolved yet included), an unknown market a 404.
 */
import { badParameter } from '../../../errors.js';
import { ZERO, type Decimal } from '../../../money.js';
import { endsView, type EndsView } from '../../ends/index.js';
import { notFound } from '../http-error.js';
import type { SimServerWorld } from '../world.js';
import { jsonObjectBody } from './json-body.js';

const WHERE = 'POST /_sim/redeem';

export function endsRoute(world: SimServerWorld): EndsView {
  const ends = world.ends;
  // A world without ends (a test's own) answers as a run where none ends.
  if (ends === undefined) {
    return {
      every_sec: 0,
      resolve_after_sec: 0,
      markets_scheduled: 0,
      markets_ended: 0,
      markets_resolved: 0,
      next_end_date: null,
      operator_orders_cancelled_total: 0,
      ended: [],
    };
  }
  return endsView(ends);
}

/** An account's balance: the rewards credited to it and what its redemptions paid (USDC). */
export function balanceOf(world: SimServerWorld, address: string): Decimal {
  return (world.rewards?.balance(address) ?? ZERO).add(world.ends?.redemptions.cash(address) ?? ZERO);
}

export interface RedeemAnswer {
  market: string;
  account: string;
  winning_outcome: string;
  winning_asset_id: string;
  redeemed: { asset_id: string; size: string; payout: string }[];
  credited: string;
  balance: string;
}

function stringField(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw badParameter(WHERE, field, 'must be a non-empty string', v);
  return v;
}

export function redeemControl(world: SimServerWorld, rawBody: string): RedeemAnswer {
  const body = jsonObjectBody(WHERE, rawBody);
  const market = stringField(body, 'market');
  if (market === undefined) throw badParameter(WHERE, 'market', 'is required (a condition id)');
  const operator = world.accounts.find((a) => a.operator);
  const account = (stringField(body, 'account') ?? operator?.address)?.toLowerCase();
  if (account === undefined) throw badParameter(WHERE, 'account', 'is required (an address): this simulator has no operator account');
  const token = world.lookup.token(`${market}:0`);
  if (token === undefined || token.conditionId !== market) throw notFound(`market ${market}`);
  const outcome = world.ends?.redemptions.redeem(account, market);
  if (outcome === undefined || outcome.kind === 'unresolved') {
    const when =
      outcome?.resolveMs === undefined ? 'it does not end within this run' : `it resolves at ${new Date(outcome.resolveMs).toISOString()}`;
    throw badParameter(WHERE, 'market', `must be a resolved market: ${market} has not resolved (${when})`);
  }
  const winningToken = outcome.winner === 0 ? token : world.lookup.token(token.oppositeTokenId)!;
  return {
    market,
    account,
    winning_outcome: winningToken.outcome,
    winning_asset_id: winningToken.tokenId,
    redeemed: outcome.parts.map((p) => ({ asset_id: p.tokenId, size: p.size.toFixed(), payout: p.payout.toFixed(6) })),
    credited: outcome.credited.toFixed(6),
    balance: balanceOf(world, account).toFixed(6),
  };
}
