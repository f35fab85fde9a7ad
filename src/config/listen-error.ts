/**
 * A server that cannot listen is a configuration problem the operator fixes with a key: say which
 * server, which key and why, instead of Node's bare "listen EADDRINUSE".
 */
import { ErrorCode, MakerdError } from '../errors.js';

const REASONS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the port is already in use',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'the address is not one of this host',
  ENOTFOUND: 'the host name does not resolve',
};

export function listenError(err: unknown, what: string, keys: { host: string; port: string }, host: string, port: number): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const reason = code === undefined ? undefined : REASONS[code];
  if (reason === undefined) return err;
  return new MakerdError(
    ErrorCode.CONFIG,
    `${what} cannot listen on ${host}:${port}: ${reason} (${code}); change ${keys.port} or ${keys.host}`,
    { where: 'config', field: keys.port, cause: err },
  );
}

/** Runs `start`, turning a listen failure into a configuration error naming the keys. */
export async function listening<T>(
  start: () => Promise<T>,
  what: string,
  keys: { host: string; port: string },
  host: string,
  port: number,
): Promise<T> {
  try {
    return await start();
  } catch (err) {
    throw listenError(err, what, keys, host, port);
  }
}
