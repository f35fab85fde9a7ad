/**
 * `startSimulator`: the whole venue simulator in one call — the synthetic catalog from the seed,
 * the exchange, the synthetic order flow and the HTTP/WebSocket server around them, on one
 * injected clock (the system clock in production; a FakeClock in tests and backtests). The CLI
 * (`makerd sim`) and `makerd run` with `venue.mode = "sim"` start it through here.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { systemClock } from '../clock/system-clock.js';
import { createCatalogLookup, generateCatalog, syntheticAccounts, type CatalogOptions, type SimCatalog } from './catalog/index.js';
import type { SimCatalogLookup, SimExchange } from './contracts.js';
import { createSimExchange } from './exchange/index.js';
import { DEFAULT_RESOLVE_AFTER_SEC, MarketEnds, Redemptions, scheduleEnds, type EndsOptions, type SimEnds } from './ends/index.js';
import { createSimHistory, type SimHistory } from './history/index.js';
import type { MarketKind } from './world/market-kinds.js';
import type { SimWorldName } from './world/sim-world.js';
import { generateVenueCatalog } from './world/venue-catalog.js';
import { venueFlow } from './world/venue-world.js';
import { SimRewards } from './rewards/sim-rewards.js';
import { overrideRewards } from './catalog/reward-overrides.js';
import { createOrderFlow, type FlowParams, type OrderFlow } from './flow/index.js';
import { operatorAccount, operatorCredentials, type SimCredentials } from './server/operator-account.js';
import { createRng } from './rng.js';
import { createCatalogApi } from './server/catalog-api.js';
import type { FaultConfig, FaultState } from './server/faults.js';
import { startSimServer } from './server/sim-server.js';
import type { SimServerWorld } from './server/world.js';

export type { SimCredentials } from './server/operator-account.js';
export type { FaultConfig, FaultState } from './server/faults.js';

export interface SimulatorOptions {
  /** Default 127.0.0.1 (loopback only). */
  readonly host?: string;
  /** Default 0 (an ephemeral port). */
  readonly port?: number;
  /** Default 'makerd'. */
  readonly seed?: string | number;
  /** Number of markets (two tokens each); default 20. */
  readonly markets?: number;
  /** Default: the system clock. */
  readonly clock?: Clock;
  /**
   * Which markets (src/sim/world/sim-world.ts): 'venue', markets that trade like the venue's, with
   * 24 hours of past tape and price history; 'demo' (the default here), the lively flow.
   */
  readonly world?: SimWorldName;
  /** The venue world's kind of market (src/sim/world/market-kinds.ts); default 'all'. */
  readonly kind?: MarketKind;
  /** Further catalog options (users, makers, creators, fee overrides). */
  readonly catalog?: Omit<CatalogOptions, 'seed' | 'markets'>;
  /**
   * Markets that end within the run (src/sim/ends): one listed market every `everySec` seconds
   * from the start, each resolving `resolveAfterSec` (default 60) later. Default: none ends (the
   * catalog's end dates).
   */
  readonly ends?: EndsOptions;
  /**
   * Synthetic order flow: created always (tests may `step` it), started on the clock when
   * enabled (default true).
   */
  readonly flow?: { readonly enabled: boolean } & Partial<FlowParams>;
  /** Freshness window of the auth timestamp; default 30,000 ms. */
  readonly authWindowMs?: number;
  /** Default 'SERVICE_'. */
  readonly headerPrefix?: string;
  /** The operator's credentials; default generated from the seed. */
  readonly credentials?: SimCredentials;
  /** Edge limits of venue-api.md section 8; default enabled, scale 1. */
  readonly edgeLimits?: { readonly enabled?: boolean; readonly scale?: number };
  readonly faults?: FaultConfig;
  readonly logger?: Logger;
}

export interface SimWorld {
  readonly catalog: SimCatalog;
  readonly lookup: SimCatalogLookup;
  readonly exchange: SimExchange;
  /** The synthetic order flow (running unless disabled). */
  readonly flow: OrderFlow;
  /** The liquidity rewards it pays (sampling every minute of the clock). */
  readonly rewards: SimRewards;
  /** The public tape's past trades and the price history (sampling every minute of the clock). */
  readonly history: SimHistory;
  /** The markets that end within the run, and the redemptions. */
  readonly ends: SimEnds;
}

export interface RunningSimulator {
  readonly baseUrl: string;
  /** Origin of the WebSocket channels: `${wsUrl}/ws/market`, `${wsUrl}/ws/user`. */
  readonly wsUrl: string;
  readonly credentials: SimCredentials;
  /** What `GET /_sim/stats` answers. */
  stats(): Record<string, unknown>;
  setFaults(patch: FaultConfig): FaultState;
  dropWebSockets(): void;
  readonly world: SimWorld;
  /** Stops the flow and closes every HTTP and WebSocket connection and timer. */
  close(): Promise<void>;
}

/** The first stdout line of `makerd sim`. */
export interface SimBanner {
  baseUrl: string;
  wsUrl: string;
  address: string;
  apiKey: string;
  passphrase: string;
  secret: string;
}

export function toBanner(running: Pick<RunningSimulator, 'baseUrl' | 'wsUrl' | 'credentials'>): SimBanner {
  const c = running.credentials;
  return {
    baseUrl: running.baseUrl,
    wsUrl: running.wsUrl,
    address: c.address,
    apiKey: c.apiKey,
    passphrase: c.passphrase,
    secret: c.secret,
  };
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const seed = options.seed ?? 'makerd';
  const clock = options.clock ?? systemClock;
  const catalogOptions = { ...options.catalog, seed, markets: options.markets ?? 20 };
  const venue = options.world === 'venue' ? generateVenueCatalog({ ...catalogOptions, kind: options.kind }) : undefined;
  // The catalog with the run's end dates when markets end within it (the same catalog otherwise).
  const scheduled = scheduleEnds(venue?.catalog ?? generateCatalog(catalogOptions), clock.now(), options.ends ?? { everySec: 0 });
  const catalog = scheduled.catalog;
  const lookup = createCatalogLookup(catalog);
  const exchange = createSimExchange({ clock, catalog: lookup });
  const credentials = options.credentials ?? operatorCredentials(seed);
  const operator = operatorAccount(credentials);
  const { enabled: flowEnabled = true, ...flowParams } = options.flow ?? { enabled: true };
  const rewards = new SimRewards({ clock, exchange, markets: catalog.markets });
  const history = createSimHistory({ clock, lookup, accounts: syntheticAccounts(catalog), midpoint: (t) => exchange.midpoint(t) });
  // The outcomes are drawn from the flow's fair values (the flow is made just below).
  const marketEnds = new MarketEnds({ clock, exchange, groups: scheduled.groups, seed, fair: (t) => flow.fair(t)?.toFixed() });
  const ends: SimEnds = {
    everySec: options.ends?.everySec ?? 0,
    resolveAfterSec: options.ends?.resolveAfterSec ?? DEFAULT_RESOLVE_AFTER_SEC,
    markets: marketEnds,
    redemptions: new Redemptions(exchange, marketEnds),
  };
  // The venue world's flow back-fills the past hours into the history before it starts.
  const flow: OrderFlow =
    venue === undefined
      ? createOrderFlow({ clock, exchange, catalog, seed, params: flowParams, ends: marketEnds.records })
      : venueFlow({
          clock,
          exchange,
          catalog,
          traits: venue.traits,
          seed: String(seed),
          stepMs: flowParams.stepMs,
          history,
          ends: marketEnds.records,
        });

  const world: SimServerWorld = {
    catalog: createCatalogApi(catalog, exchange, [operator]),
    lookup,
    exchange,
    accounts: [operator, ...syntheticAccounts(catalog)],
    history,
    fair: (tokenId) => flow.fair(tokenId)?.toFixed(),
    rewards,
    ends,
    setRewards: (conditionId, next) => {
      const m = catalog.markets.find((x) => x.conditionId === conditionId);
      if (m === undefined) return undefined;
      // Every answer reads the rewards through the overrides: the listings show the new terms at once.
      overrideRewards(m, next);
      return rewards.setRules(conditionId, m.tokenIds, next);
    },
  };
  const faultRng = createRng(seed).fork('server-faults');
  const server = await startSimServer({
    world,
    clock,
    random: () => faultRng.next(),
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.authWindowMs === undefined ? {} : { authWindowMs: options.authWindowMs }),
    ...(options.headerPrefix === undefined ? {} : { headerPrefix: options.headerPrefix }),
    ...(options.edgeLimits === undefined ? {} : { edgeLimits: options.edgeLimits }),
    ...(options.faults === undefined ? {} : { faults: options.faults }),
    logger: options.logger,
  });
  // Outcomes due at the start are drawn before the flow's first step.
  marketEnds.start();
  if (flowEnabled) flow.start();
  rewards.start();
  history.start();

  return {
    baseUrl: server.baseUrl,
    wsUrl: server.wsUrl,
    credentials,
    stats: () => server.stats(),
    setFaults: (patch) => server.setFaults(patch),
    dropWebSockets: () => server.dropWebSockets(),
    world: { catalog, lookup, exchange, flow, rewards, history, ends },
    async close() {
      marketEnds.stop();
      flow.stop();
      rewards.stop();
      history.stop();
      exchange.close();
      await server.close();
    },
  };
}
