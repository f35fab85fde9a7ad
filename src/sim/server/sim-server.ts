/**
 * The simulator's HTTP and WebSocket server around a world (catalog + exchange): node:http on
 * loopback by default, the request pipeline of `http-pipeline.ts`, the channels of `ws-hub.ts`.
 * `close()` ends every connection, WebSocket and timer it owns.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock.js';
import { AccountRegistry } from './account-registry.js';
import { BookView } from './book-view.js';
import { EdgeLimits, type EdgeLimitSettings } from './edge-limits.js';
import { FaultController, type FaultConfig, type FaultState } from './faults.js';
import { HttpPipeline } from './http-pipeline.js';
import { simStats } from './routes/sim-routes.js';
import { StatsRecorder } from './stats.js';
import { StreamFlood } from './stream-flood.js';
import { WsHub } from './ws-hub.js';
import type { SimServerWorld } from './world.js';

export interface SimServerOptions {
  readonly world: SimServerWorld;
  readonly clock: Clock;
  /** Uniform [0, 1) source for the faults (the seeded PRNG). */
  readonly random: () => number;
  readonly host?: string;
  readonly port?: number;
  readonly authWindowMs?: number;
  readonly headerPrefix?: string;
  readonly edgeLimits?: Partial<EdgeLimitSettings>;
  readonly faults?: FaultConfig;
  readonly logger?: Logger | undefined;
}

export interface SimServer {
  readonly baseUrl: string;
  readonly wsUrl: string;
  readonly host: string;
  readonly port: number;
  /** What `GET /_sim/stats` answers. */
  stats(): Record<string, unknown>;
  setFaults(patch: FaultConfig): FaultState;
  faults(): FaultState;
  dropWebSockets(): void;
  readonly limits: EdgeLimits;
  close(): Promise<void>;
}

export async function startSimServer(options: SimServerOptions): Promise<SimServer> {
  const { world, clock } = options;
  const host = options.host ?? '127.0.0.1';
  const authWindowMs = options.authWindowMs ?? 30_000;
  const stats = new StatsRecorder();
  const registry = new AccountRegistry(world.accounts);
  const books = new BookView(world.exchange);
  const limits = new EdgeLimits({ enabled: options.edgeLimits?.enabled ?? true, scale: options.edgeLimits?.scale ?? 1 });
  const faults = new FaultController(options.random, () => clock.now());
  const pipeline = new HttpPipeline({
    world,
    clock,
    registry,
    auth: { prefix: options.headerPrefix ?? 'SERVICE_', windowMs: authWindowMs },
    limits,
    faults,
    books,
    stats,
    logger: options.logger,
  });
  const hub = new WsHub({ world, clock, registry, authWindowMs, faults, books, stats });
  faults.onDropWebSockets = () => hub.dropAll();
  faults.onFrozenChange = (frozen) => books.setFrozen(frozen);
  const flood = new StreamFlood(hub, stats);
  faults.onStreamFloodChange = (mb, perSec) => flood.set(mb, perSec);
  faults.apply(options.faults ?? {});

  const server: Server = createServer({ keepAliveTimeout: 5_000 }, pipeline.handle);
  server.on('upgrade', hub.handleUpgrade);
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  const simDeps = { world, stats, faults, limits, now: () => clock.now() };
  options.logger?.info({ host, port }, 'simulator listening');

  return {
    baseUrl: `http://${hostInUrl}:${port}`,
    wsUrl: `ws://${hostInUrl}:${port}`,
    host,
    port,
    limits,
    stats: () => simStats(simDeps),
    setFaults: (patch) => {
      faults.apply(patch);
      return faults.state();
    },
    faults: () => faults.state(),
    dropWebSockets: () => hub.dropAll(),
    async close() {
      flood.close();
      pipeline.close();
      await hub.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
