/**
 * Whose order is it? Every order makerd places carries a client order id
 * `<instance prefix>-<run>-<n>`: the instance prefix belongs to one data directory (kept in it,
 * see src/daemon/instance-prefix.ts), the run part to one process. An order whose id starts with
 * this data directory's prefix is ours (this run's or an earlier run's); any other order in our
 * markets belongs to someone else trading the same account, and is never cancelled or adopted.
 */

/** The prefix every instance prefix starts with (makerd's own orders are recognisable). */
export const INSTANCE_PREFIX_LEAD = 'mk';

/** True when `clientOrderId` was made by the instance whose prefix is `prefix`. */
export function ownedBy(prefix: string): (clientOrderId: string) => boolean {
  const lead = `${prefix}-`;
  return (clientOrderId) => clientOrderId.startsWith(lead);
}

/** The instance prefix an order's client order id names (`(none)` for an order without one). */
export function prefixOf(clientOrderId: string): string {
  if (clientOrderId === '') return '(none)';
  const dash = clientOrderId.indexOf('-');
  return dash < 0 ? clientOrderId : clientOrderId.slice(0, dash);
}

/** Client order ids of one run: `<prefix>-<run start, base 36>-<counter, base 36>`. */
export function clientOrderIdSource(prefix: string, runStartedAtMs: number): () => string {
  const run = `${prefix}-${runStartedAtMs.toString(36)}`;
  let n = 0;
  return () => `${run}-${(++n).toString(36)}`;
}
