/**
 * Phase cancel-orphans when another daemon's order appears between its listings (that daemon had
 * nothing resting at the first one): the listing that verifies the cancels finds it, and start-up
 * stops naming its prefix, having cancelled only this data directory's order.
 */
import { describe, expect, it } from 'vitest';
import { cancelOrphans } from '../../src/daemon/cancel-orphans.js';
import { ownedBy } from '../../src/execution/client-order-ids.js';
import type { CancelResult, OpenOrder, Paged } from '../../src/venue/types.js';
import { rejectionOf } from '../support/catch-error.js';
import { phaseContext } from './phase-context.js';

const order = (id: string, clientOrderId: string): OpenOrder => ({ id, market: 'm1', client_order_id: clientOrderId }) as OpenOrder;
const page = (data: OpenOrder[]): Paged<OpenOrder> => ({ data, next_cursor: 'LTE=', limit: 100, count: data.length }) as Paged<OpenOrder>;

describe('phase cancel-orphans, another daemon starting to quote meanwhile', () => {
  it('refuses at the verifying listing, after cancelling only its own order', async () => {
    const listings = [[], [order('o1', 'mkmine0000-1-1')], [order('t1', 'mkother999-1-1')]];
    const calls: string[] = [];
    const venue = {
      getOpenOrders: async (): Promise<Paged<OpenOrder>> => {
        calls.push('list');
        return page(listings.shift() ?? []);
      },
      cancelMarketOrders: async ({ market }: { market: string }): Promise<CancelResult> => {
        calls.push(`cancel-market ${market}`);
        return { canceled: ['o1'], not_canceled: {} };
      },
      cancelOrder: async ({ orderId }: { orderId: string }): Promise<CancelResult> => {
        calls.push(`cancel ${orderId}`);
        return { canceled: [orderId], not_canceled: {} };
      },
    };
    const { ctx } = phaseContext(undefined);
    const err = await rejectionOf(cancelOrphans(ctx, { venue, scope: new Set(['m1']), owns: ownedBy('mkmine0000') }));
    expect(err.message).toContain('1 open order(s) with client-order-id prefix mkother999 in 1 market(s) (m1)');
    expect(calls).toEqual(['list', 'list', 'cancel-market m1', 'list']);
  });
});
