/**
 * `makerd cancel --order-id ID` and `makerd cancel-market --market CID | --asset TOKEN`.
 * Print the venue's cancel result; exit 1 with one line on stderr when something was not cancelled.
 */
import type { CancelResult } from '../../venue/types.js';
import { UsageError, type CliIo } from '../io.js';

export interface CancelClient {
  cancelOrder(params: { orderId: string }, options?: { signal?: AbortSignal }): Promise<CancelResult>;
  cancelMarketOrders(params: { market?: string; asset_id?: string }, options?: { signal?: AbortSignal }): Promise<CancelResult>;
}

function flagValues(args: readonly string[], allowed: readonly string[], command: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]!);
    if (!m || !allowed.includes(m[1]!))
      throw new UsageError(`${command}: unexpected argument '${args[i]}'; takes ${allowed.map((a) => `--${a}`).join(', ')}`);
    const v = m[2] ?? args[++i];
    if (v === undefined || v === '') throw new UsageError(`${command}: --${m[1]} needs a value`);
    out.set(m[1]!, v);
  }
  return out;
}

export function parseCancelArgs(args: readonly string[]): { orderId: string } {
  const f = flagValues(args, ['order-id'], 'cancel');
  const orderId = f.get('order-id');
  if (orderId === undefined) throw new UsageError('cancel: --order-id is required');
  return { orderId };
}

export function parseCancelMarketArgs(args: readonly string[]): { market?: string; asset_id?: string } {
  const f = flagValues(args, ['market', 'asset'], 'cancel-market');
  const market = f.get('market');
  const asset = f.get('asset');
  if (market === undefined && asset === undefined) throw new UsageError('cancel-market: --market CID or --asset TOKEN is required');
  return { ...(market === undefined ? {} : { market }), ...(asset === undefined ? {} : { asset_id: asset }) };
}

function report(result: CancelResult, io: CliIo): number {
  io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  const failed = Object.entries(result.not_canceled);
  if (failed.length === 0) return 0;
  io.stderr.write(`makerd: not cancelled: ${failed.map(([id, why]) => `${id} (${why})`).join(', ')}\n`);
  return 1;
}

export async function cancelCommand(client: CancelClient, args: readonly string[], io: CliIo): Promise<number> {
  return report(await client.cancelOrder(parseCancelArgs(args), { signal: io.stopSignal }), io);
}

export async function cancelMarketCommand(client: CancelClient, args: readonly string[], io: CliIo): Promise<number> {
  return report(await client.cancelMarketOrders(parseCancelMarketArgs(args), { signal: io.stopSignal }), io);
}
