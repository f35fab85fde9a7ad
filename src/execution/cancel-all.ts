/**
 * Cancels every open order of the account, market by market, and reports what could not be
 * cancelled: the shutdown path, so that no order is left unmanaged. Cancels go through the
 * limiter at the top priority.
 */
import type { Logger } from 'pino';
import { collectItems } from '../venue/pagination.js';
import type { CancelResult, OpenOrder, Paged } from '../venue/types.js';

export interface CancelAllVenue {
  iterateOpenOrders(params: object): AsyncIterable<Paged<OpenOrder>>;
  cancelMarketOrders(params: { market: string }): Promise<CancelResult>;
}

export async function cancelAllOpenOrders(client: CancelAllVenue, logger: Logger): Promise<{ canceled: number; failed: number }> {
  const open = await collectItems(client.iterateOpenOrders({}));
  const markets = [...new Set(open.map((o) => o.market))];
  let canceled = 0;
  let failed = 0;
  await Promise.all(
    markets.map(async (market) => {
      try {
        const r = await client.cancelMarketOrders({ market });
        canceled += r.canceled.length;
        const notCanceled = Object.entries(r.not_canceled);
        failed += notCanceled.length;
        if (notCanceled.length > 0) logger.error({ market, not_canceled: r.not_canceled }, 'orders not cancelled at shutdown');
      } catch (err) {
        failed += open.filter((o) => o.market === market).length;
        logger.error({ market, err: (err as Error).message }, 'cancel-market failed at shutdown');
      }
    }),
  );
  return { canceled, failed };
}
