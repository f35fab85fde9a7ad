/**
 * The embedded simulator's options from makerd's configuration (`sim.*`, the venue's header
 * prefix, and the configured credentials in sim mode).
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { configuredCredentials } from '../config/load.js';
import type { MakerdConfig } from '../config/schema.js';
import { checkHostileConfig, HOSTILE_DEFAULTS } from './server/faults.js';
import type { FaultConfig, SimulatorOptions } from './simulator.js';

/** The simulator's options from `sim.*` (and the venue's header prefix). */
export function simulatorOptions(config: MakerdConfig, logger?: Logger, clock?: Clock): SimulatorOptions {
  const { sim } = config;
  const f = sim.faults;
  const faults: FaultConfig = {
    latencyMs: f.latencyMs,
    latencyJitterMs: f.latencyJitterMs,
    errorRate: f.errorRate,
    resetRate: f.resetRate,
    frozenBooks: f.frozenBooks,
    wsDropRate: f.wsDropRate,
    malformed: f.malformedRate > 0 ? { kind: f.malformedKind, rate: f.malformedRate } : null,
    ...(f.throttleStormMs > 0 ? { throttleStormMs: f.throttleStormMs } : {}),
    ...(f.maintenanceMs > 0 ? { maintenanceMs: f.maintenanceMs } : {}),
    hugeBooks: f.hugeBooks,
    giantAnswersMb: f.giantAnswersMb,
    streamFloodMb: f.streamFloodMb,
    streamFloodPerSec: f.streamFloodPerSec,
    trickle: f.trickle ? [...HOSTILE_DEFAULTS.trickle] : [],
    deepJson: f.deepJson,
    garbage: f.garbage,
  };
  // Bounds the formats cannot say (streamFloodMb at most 64, ...), named by key.
  checkHostileConfig(faults);
  const simCredentials = config.venue.mode === 'sim' ? configuredCredentials(config) : undefined;
  return {
    host: sim.host,
    port: sim.port,
    seed: sim.seed,
    markets: sim.markets,
    world: sim.world,
    catalog: { samplingShare: sim.samplingShare },
    authWindowMs: sim.authWindowMs,
    headerPrefix: config.venue.headerPrefix,
    flow: {
      enabled: sim.flow.enabled,
      stepMs: sim.flow.stepMs,
      A: sim.flow.A,
      k: sim.flow.k,
      sigma: sim.flow.sigma,
      jumpRate: sim.flow.jumpRate / 3600,
      jumpSize: sim.flow.jumpSize,
      informedShare: sim.flow.informedShare,
      foresightMs: sim.flow.foresightMs,
    },
    ...(sim.ends.everySec > 0 ? { ends: { everySec: sim.ends.everySec, resolveAfterSec: sim.ends.resolveAfterSec } } : {}),
    edgeLimits: { enabled: sim.edgeLimits.enabled, scale: sim.edgeLimits.scale },
    faults,
    ...(simCredentials === undefined ? {} : { credentials: simCredentials }),
    ...(logger === undefined ? {} : { logger }),
    ...(clock === undefined ? {} : { clock }),
  };
}
