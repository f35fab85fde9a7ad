/**
 * GET /metrics (Prometheus text), /healthz (the process answers) and /readyz (the daemon has a
 * fresh view of the market: 200, else 503 with the reason). Nothing else is served.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServerOptions {
  readonly host: string;
  readonly port: number;
  readonly registry: Registry;
  /** undefined when ready, else why not. */
  readonly notReadyReason: () => string | undefined;
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
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
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
