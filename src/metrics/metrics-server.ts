/**
 * The admin server (config keys metrics.host / metrics.port, loopback by default):
 *   GET /metrics  Prometheus text
 *   GET /healthz  200 while the process answers and its main loop turns (heartbeat.ts), else 503
 *                 with the reason (liveness)
 *   GET /readyz   200 when ready (readiness.ts), else 503 with the reason
 *   GET /status   JSON (status.ts)
 * Nothing else is served; every answer is cheap and reads in-memory state only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/** Every path the admin server answers, in the order the start-up line lists them. */
export const ADMIN_PATHS = ['/metrics', '/healthz', '/readyz', '/status'] as const;

/** The start-up log line's message: it names every admin path. */
export const ADMIN_LISTENING = `metrics server listening (${ADMIN_PATHS.join(', ')})`;

export interface MetricsServerOptions {
  readonly host: string;
  readonly port: number;
  readonly registry: Registry;
  /** undefined when ready, else why not. */
  readonly notReadyReason: () => string | undefined;
  /** undefined while alive (the loop turns), else why not. Absent: alive while it answers. */
  readonly notAliveReason?: (() => string | undefined) | undefined;
  /** The /status document. Absent: 404. */
  readonly status?: (() => unknown) | undefined;
}

export interface RunningMetricsServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(o: MetricsServerOptions): Promise<RunningMetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET' }).end();
      return;
    }
    if (path === '/metrics') {
      o.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': o.registry.contentType }).end(text),
        (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${err.message}\n`),
      );
      return;
    }
    if (path === '/healthz') {
      const why = o.notAliveReason?.();
      res.writeHead(why === undefined ? 200 : 503, { 'content-type': 'text/plain' }).end(`${why ?? 'ok'}\n`);
      return;
    }
    if (path === '/status' && o.status !== undefined) {
      let body: string;
      try {
        body = JSON.stringify(o.status(), null, 2);
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`status failed: ${(err as Error).message}\n`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(`${body}\n`);
      return;
    }
    if (path === '/readyz') {
      const why = o.notReadyReason();
      res.writeHead(why === undefined ? 200 : 503, { 'content-type': 'text/plain' }).end(`${why ?? 'ready'}\n`);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
