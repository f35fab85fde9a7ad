/**
 * A virtual fill as the venue would report it to the account: an account trade in the maker's
 * view (venue-api.md 2.10, design.md section 3), so that paper fills take the very path of live
 * ones (src/portfolio/fill-attribution.ts: fees and rebates by the market's schedule, the fill id,
 * the deduper, the journal, the portfolio). The counterparty is the public taker, unknown to us.
 */
import { toPlainString } from '../money.js';
import type { AccountIdentity } from '../portfolio/fill-attribution.js';
import type { AccountTrade, OpenOrder } from '../venue/types.js';
import type { VirtualFill } from './queue-fill-model.js';

/** The maker-view account trade of `fill` of our order `order`, under the trade id `id`. */
export function virtualTrade(id: string, fill: VirtualFill, order: OpenOrder, account: AccountIdentity): AccountTrade {
  const price = toPlainString(fill.price);
  const size = toPlainString(fill.size);
  const time = new Date(fill.atMs).toISOString();
  return {
    id,
    taker_order_id: '',
    market: order.market,
    asset_id: fill.tokenId,
    side: fill.side === 'BUY' ? 'SELL' : 'BUY',
    size,
    fee_rate_bps: '0',
    price,
    status: 'MATCHED',
    match_time: time,
    last_update: time,
    outcome: order.outcome,
    maker_address: account.address,
    owner: account.apiKey,
    transaction_hash: '',
    bucket_index: 0,
    maker_orders: [
      {
        order_id: fill.orderId,
        maker_address: account.address,
        owner: account.apiKey,
        matched_amount: size,
        fee_rate_bps: '0',
        price,
        asset_id: fill.tokenId,
        outcome: order.outcome,
        side: fill.side,
      },
    ],
    type: 'MAKER',
  };
}
