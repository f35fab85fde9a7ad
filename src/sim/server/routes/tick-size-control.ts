/**
 * `POST /_sim/tick-size` — the operator/test control of a market's tick size:
 *   body   {"token_id": "<token>"} or {"market": "<condition id>"}, plus
 *          {"tick_size": "0.1" | "0.01" | "0.001" | "0.0001"}
 *   answer {"market", "assets_ids": [outcome 0, outcome 1], "old_tick_size", "tick_size"}
 * It sets the tick of the whole market (both tokens), finer or coarser, and the exchange emits a
 * `tick_size_change` per token whose tick changed (none when the tick is already the one asked
 * for). Bad input is a 400 naming the field; an unknown token or market is a 404.
 *
 * The automatic rule (src/sim/exchange/tick-rule.ts) is not applied here, so a coarser tick set
 * on a market whose price is beyond a bound holds until that market's book next changes.
 */
import { badParameter } from '../../../errors.js';
import { Decimal, toPlainString } from '../../../money.js';
import { SETTABLE_TICK_SIZES } from '../../exchange/tick-rule.js';
import { notFound } from '../http-error.js';
import { jsonObjectBody } from './json-body.js';
import type { SimServerWorld } from '../world.js';

const WHERE = 'POST /_sim/tick-size';

export interface TickSizeSettings {
  market: string;
  assets_ids: string[];
  old_tick_size: string;
  tick_size: string;
}

function optionalId(body: Record<string, unknown>, field: 'token_id' | 'market'): string | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw badParameter(WHERE, field, 'must be a non-empty string', v);
  return v;
}

export function setTickSizeControl(world: SimServerWorld, rawBody: string): TickSizeSettings {
  const body = jsonObjectBody(WHERE, rawBody);
  const tokenId = optionalId(body, 'token_id');
  const market = optionalId(body, 'market');
  if (tokenId !== undefined && market !== undefined) throw badParameter(WHERE, 'market', "must not be given together with 'token_id'");
  if (tokenId === undefined && market === undefined) throw badParameter(WHERE, 'token_id', "(or 'market') is required");
  const tick = body.tick_size;
  if (typeof tick !== 'string' || !SETTABLE_TICK_SIZES.includes(tick)) {
    throw badParameter(WHERE, 'tick_size', `must be one of ${SETTABLE_TICK_SIZES.map((t) => `"${t}"`).join(', ')}`, tick);
  }

  // A control route, not a hot path: a scan of the tokens finds the market's.
  const target = tokenId ?? world.lookup.tokens().find((t) => t.conditionId === market)?.tokenId;
  const change =
    target === undefined || world.lookup.token(target) === undefined ? undefined : world.exchange.setTickSize(target, new Decimal(tick));
  if (change === undefined) throw notFound(tokenId !== undefined ? `token ${tokenId}` : `market ${market}`);
  return {
    market: change.market,
    assets_ids: [...change.tokenIds],
    old_tick_size: toPlainString(change.oldTickSize),
    tick_size: toPlainString(change.tickSize),
  };
}
