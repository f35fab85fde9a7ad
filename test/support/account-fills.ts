/**
 * The operator's fills as the venue (a test simulator) reports them, for end-to-end tests that
 * check makerd's journal against the venue: every page of GET /data/trades over HTTP, attributed
 * the way makerd attributes them (`fillsFromAccountTrade`, fee terms from GET /fee-rate), and a
 * synthetic taker that crosses one of the operator's resting orders in-process.
 */
import { expect, vi } from 'vitest';
import { Decimal } from '../../src/money.js';
import type { Fill } from '../../src/portfolio/index.js';
import type { SimAccount } from '../../src/sim/contracts.js';
import { createVenueClient } from '../../src/venue/client.js';
import type { OpenOrder, Side } from '../../src/venue/types.js';
import { accountFills } from '../../soak/fills.js';
import type { SimHarness } from './sim-harness.js';

/** One fill as one comparable line: id, role, side, token, price, size, fee, rebate, order, time. */
export function fillKey(f: Fill): string {
  return [
    f.tradeId,
    f.role,
    f.side,
    f.tokenId,
    f.price.toFixed(),
    f.size.toFixed(),
    f.fee.toFixed(),
    f.rebate.toFixed(),
    f.orderId,
    f.matchTime,
  ].join(' ');
}

/** Every fill of the operator's account on the venue: GET /data/trades, all pages, over HTTP. */
export async function venueFills(h: SimHarness): Promise<Fill[]> {
  // The harness's clock may stand still: sign with it, so the auth window is the harness's own.
  const client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
  try {
    return await accountFills(client, h.credentials);
  } finally {
    await client.close();
  }
}

/** The operator as the in-process exchange knows it. */
export function operatorOf(h: SimHarness): SimAccount {
  return { ...h.credentials, operator: true, name: 'operator', pseudonym: 'Operator' };
}

/** Outcome-0 space: BUY outcome 0 and SELL outcome 1 are bids; the others are asks. */
export function quoteSide(o: Pick<OpenOrder, 'asset_id' | 'side'>): 'bid' | 'ask' {
  return o.asset_id.endsWith(':0') === (o.side === 'BUY') ? 'bid' : 'ask';
}

export function remaining(o: Pick<OpenOrder, 'original_size' | 'size_matched'>): Decimal {
  return new Decimal(o.original_size).minus(o.size_matched);
}

export interface TakeSpec {
  /** The market, or any market of the operator's. */
  readonly market?: string;
  /** The quote's side, or either. */
  readonly quote?: 'bid' | 'ask';
  readonly size: string;
  /** The token leg the operator's order must be on (e.g. SELL outcome 0 for an ask that closes a long). */
  readonly leg?: { readonly outcome: 0 | 1; readonly side: Side };
  /**
   * With `leg`: shares to take of the same quote on its other leg when the wanted leg has not come
   * after NUDGE_MS, at most NUDGES times. A re-price that raced a fill (the positions read holding
   * the fill before the order's update came) can leave the quote resting on its other leg, where
   * legs.ts's hysteresis keeps it; a partial take has it re-posted, its leg chosen afresh.
   */
  readonly nudge?: string;
  readonly timeoutMs?: number;
}

const NUDGE_MS = 3_000;
const NUDGES = 3;

/**
 * Waits until the operator rests an order of `spec.quote` (on `spec.leg`) in the market with at
 * least `spec.size` left, then crosses it with a synthetic taker's FAK order at exactly its
 * price (nothing else rests at or through that price), in-process. Returns the order taken.
 */
export async function takeOperatorQuote(h: SimHarness, taker: SimAccount, spec: TakeSpec): Promise<OpenOrder> {
  const op = operatorOf(h);
  const find = (leg: TakeSpec['leg'], size: string): OpenOrder | undefined =>
    h.sim.world.exchange
      .openOrders(op, spec.market === undefined ? {} : { market: spec.market })
      .find(
        (o) =>
          (spec.quote === undefined || quoteSide(o) === spec.quote) &&
          (leg === undefined || (o.asset_id.endsWith(`:${leg.outcome}`) && o.side === leg.side)) &&
          remaining(o).gte(size),
      );
  const started = Date.now();
  let nudges = 0;
  let target: OpenOrder | undefined;
  await vi.waitFor(
    () => {
      target = find(spec.leg, spec.size);
      if (target === undefined && spec.nudge !== undefined && nudges < NUDGES && Date.now() - started >= (nudges + 1) * NUDGE_MS) {
        const other = find(undefined, spec.nudge);
        if (other !== undefined) {
          nudges++;
          cross(h, taker, other, spec.nudge);
        }
      }
      expect(
        target,
        `an operator ${spec.quote ?? 'order'} in ${spec.market ?? 'any market'}${spec.leg ? ` (${spec.leg.side} outcome ${spec.leg.outcome})` : ''} with >= ${spec.size} left (${nudges} nudges)`,
      ).toBeDefined();
    },
    { timeout: spec.timeoutMs ?? 15_000, interval: 10 },
  );
  const o = target!;
  cross(h, taker, o, spec.size);
  return o;
}

/** A synthetic taker's FAK order for `size` at exactly the order's price, in-process. */
function cross(h: SimHarness, taker: SimAccount, o: OpenOrder, size: string): void {
  const r = h.sim.world.exchange.placeOrder(taker, {
    order: {
      asset_id: o.asset_id,
      side: o.side === 'BUY' ? 'SELL' : 'BUY',
      price: o.price,
      size,
      expiration: '0',
      client_order_id: '',
    },
    owner: taker.apiKey,
    orderType: 'FAK',
    postOnly: false,
  });
  expect(r, `taker against ${o.side} ${o.asset_id} ${o.price}`).toMatchObject({ success: true, status: 'matched' });
}
