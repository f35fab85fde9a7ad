/** Configuration schema: the embedded venue simulator: catalog, synthetic order flow, edge limits and injected faults. */

export interface SimConfig {
  host: string;
  port: number;
  seed: string;
  markets: number;
  world: 'venue' | 'demo';
  samplingShare: number;
  authWindowMs: number;
  flow: {
    enabled: boolean;
    profile: 'calm' | 'default' | 'news' | 'busy' | 'informed';
    stepMs: number;
    A: number;
    k: number;
    sigma: number;
    jumpRate: number;
    jumpSize: number;
    informedShare: number;
    foresightMs: number;
  };
  ends: { everySec: number; resolveAfterSec: number };
  edgeLimits: { enabled: boolean; scale: number };
  faults: {
    latencyMs: number;
    latencyJitterMs: number;
    errorRate: number;
    resetRate: number;
    malformedRate: number;
    malformedKind: 'price' | 'size' | 'missing';
    frozenBooks: boolean;
    wsDropRate: number;
    throttleStormMs: number;
    maintenanceMs: number;
    hugeBooks: number;
    giantAnswersMb: number;
    streamFloodMb: number;
    streamFloodPerSec: number;
    trickle: boolean;
    deepJson: number;
    garbage: boolean;
  };
}

export const simSchema = {
  host: { doc: 'Interface the simulator listens on', format: 'non-empty-string', default: '127.0.0.1', env: 'MAKERD_SIM_HOST' },
  port: { doc: 'Simulator port (0 = ephemeral)', format: 'port-or-zero', default: 0, env: 'MAKERD_SIM_PORT', arg: 'port' },
  seed: {
    doc: 'Seed of the synthetic catalog, credentials and order flow',
    format: 'non-empty-string',
    default: 'makerd',
    env: 'MAKERD_SIM_SEED',
    arg: 'seed',
  },
  markets: { doc: 'Number of synthetic markets', format: 'positive-count', default: 20, env: 'MAKERD_SIM_MARKETS', arg: 'markets' },
  world: {
    doc: "Which markets the simulator runs: venue (markets that trade like the venue's: a few trades a day for the median market, makers left about nothing from the spread; docs/simulator.md) or demo (a lively market that trades every few seconds, for a first look)",
    format: ['venue', 'demo'],
    default: 'venue',
    env: 'MAKERD_SIM_WORLD',
    arg: 'world',
  },
  samplingShare: {
    doc: 'Share of the synthetic markets that pay liquidity rewards (the sampling markets that selector.top picks from); 1 makes every market one',
    format: 'ratio',
    default: 0.5,
    env: 'MAKERD_SIM_SAMPLING_SHARE',
    arg: 'sampling-share',
  },
  authWindowMs: {
    doc: 'Freshness window of the signed timestamp',
    format: 'positive-duration-ms',
    default: 30_000,
    env: 'MAKERD_SIM_AUTH_WINDOW_MS',
  },
  flow: {
    enabled: { doc: 'Run synthetic makers and takers', format: 'strict-boolean', default: true, env: 'MAKERD_SIM_FLOW' },
    profile: {
      doc: 'Kind of market the flow stands for (src/sim/flow/flow-profiles.ts); the keys below set one by one override it',
      format: ['calm', 'default', 'news', 'busy', 'informed'],
      default: 'default',
      env: 'MAKERD_SIM_FLOW_PROFILE',
    },
    stepMs: { doc: 'Order-flow time step', format: 'positive-duration-ms', default: 250, env: 'MAKERD_SIM_FLOW_STEP_MS' },
    A: {
      doc: 'Taker arrival intensity at the fair value (per second per side)',
      format: 'non-negative-number',
      default: 0.5,
      env: 'MAKERD_SIM_FLOW_A',
    },
    k: {
      doc: 'Decay of taker intensity with distance from fair value (per unit of price)',
      format: 'non-negative-number',
      default: 60,
      env: 'MAKERD_SIM_FLOW_K',
    },
    sigma: {
      doc: 'Fair-value volatility in log-odds per sqrt(second)',
      format: 'non-negative-number',
      default: 0.01,
      env: 'MAKERD_SIM_FLOW_SIGMA',
    },
    jumpRate: {
      doc: 'Jumps of fair value per market per hour',
      format: 'non-negative-number',
      default: 12,
      env: 'MAKERD_SIM_FLOW_JUMP_RATE',
    },
    jumpSize: {
      doc: 'Typical jump in log-odds (each jump is +/- jumpSize x U(0.5, 1.5))',
      format: 'non-negative-number',
      default: 0.4,
      env: 'MAKERD_SIM_FLOW_JUMP_SIZE',
    },
    informedShare: {
      doc: 'Share of takers that trade ahead of a coming jump',
      format: 'ratio',
      default: 0.3,
      env: 'MAKERD_SIM_FLOW_INFORMED_SHARE',
    },
    foresightMs: {
      doc: 'Informed takers know fair value this far ahead at every moment, and informedShare of all takers trade toward it (0: they know only a jump due within 3 s)',
      format: 'duration-ms',
      default: 0,
      env: 'MAKERD_SIM_FLOW_FORESIGHT_MS',
    },
  },
  ends: {
    everySec: {
      doc: "From the start, one listed market reaches its end every this many seconds (the k-th at start + k x this; the markets of a neg-risk event together, at the first one's); 0 = none ends within the run (the catalog's end dates)",
      format: 'count',
      default: 0,
      env: 'MAKERD_SIM_ENDS_EVERY_SEC',
      arg: 'ends-every',
    },
    resolveAfterSec: {
      doc: "Seconds from a market's end (closed, orders cancelled) to its resolution (the winner pays 1 a share, positions redeemable)",
      format: 'count',
      default: 60,
      env: 'MAKERD_SIM_ENDS_RESOLVE_AFTER_SEC',
      arg: 'resolve-after',
    },
  },
  edgeLimits: {
    enabled: {
      doc: "Enforce the venue's rate limits (its limit table) with 429",
      format: 'strict-boolean',
      default: true,
      env: 'MAKERD_SIM_EDGE_LIMITS',
    },
    scale: { doc: 'Multiplier on every edge capacity', format: 'positive-number', default: 1, env: 'MAKERD_SIM_EDGE_LIMITS_SCALE' },
  },
  faults: {
    latencyMs: {
      doc: 'Added latency per response',
      format: 'duration-ms',
      default: 0,
      env: 'MAKERD_SIM_FAULT_LATENCY_MS',
      arg: 'fault-latency-ms',
    },
    latencyJitterMs: {
      doc: 'Random extra latency (uniform 0..N)',
      format: 'duration-ms',
      default: 0,
      env: 'MAKERD_SIM_FAULT_LATENCY_JITTER_MS',
      arg: 'fault-latency-jitter-ms',
    },
    errorRate: {
      doc: 'Fraction of requests answered 5xx',
      format: 'ratio',
      default: 0,
      env: 'MAKERD_SIM_FAULT_ERROR_RATE',
      arg: 'fault-error-rate',
    },
    resetRate: {
      doc: 'Fraction of connections reset without an answer',
      format: 'ratio',
      default: 0,
      env: 'MAKERD_SIM_FAULT_RESET_RATE',
      arg: 'fault-reset-rate',
    },
    malformedRate: {
      doc: 'Fraction of book/midpoint/trade answers made malformed',
      format: 'ratio',
      default: 0,
      env: 'MAKERD_SIM_FAULT_MALFORMED_RATE',
      arg: 'fault-malformed-rate',
    },
    malformedKind: {
      doc: 'How malformed answers are broken',
      format: ['price', 'size', 'missing'],
      default: 'price',
      env: 'MAKERD_SIM_FAULT_MALFORMED_KIND',
      arg: 'fault-malformed-kind',
    },
    frozenBooks: {
      doc: 'Serve the same stale books forever',
      format: 'strict-boolean',
      default: false,
      env: 'MAKERD_SIM_FAULT_FROZEN_BOOKS',
      arg: 'fault-frozen-books',
    },
    wsDropRate: {
      doc: 'Probability per second of dropping each WebSocket connection',
      format: 'ratio',
      default: 0,
      env: 'MAKERD_SIM_FAULT_WS_DROP_RATE',
      arg: 'fault-ws-drop-rate',
    },
    throttleStormMs: {
      doc: 'Answer every request 429 for this long after start',
      format: 'duration-ms',
      default: 0,
      env: 'MAKERD_SIM_FAULT_THROTTLE_STORM_MS',
      arg: 'fault-throttle-storm-ms',
    },
    maintenanceMs: {
      doc: 'Answer every request 425 (venue restarting) for this long after start',
      format: 'duration-ms',
      default: 0,
      env: 'MAKERD_SIM_FAULT_MAINTENANCE_MS',
      arg: 'fault-maintenance-ms',
    },
    hugeBooks: {
      doc: 'Answer POST /books and GET /book with books of this many levels a side, every price off the tick grid (0 = off; at most 1,000,000)',
      format: 'count',
      default: 0,
      env: 'MAKERD_SIM_FAULT_HUGE_BOOKS',
      arg: 'fault-huge-books',
    },
    giantAnswersMb: {
      doc: 'Answer POST /books with a JSON body of this many MiB, streamed in chunks (0 = off; at most 10,240)',
      format: 'non-negative-number',
      default: 0,
      env: 'MAKERD_SIM_FAULT_GIANT_ANSWERS_MB',
      arg: 'fault-giant-answers-mb',
    },
    streamFloodMb: {
      doc: 'Send every market-stream connection a message of this many MiB, sim.faults.streamFloodPerSec times a second (0 = off; at most 64)',
      format: 'non-negative-number',
      default: 0,
      env: 'MAKERD_SIM_FAULT_STREAM_FLOOD_MB',
      arg: 'fault-stream-flood-mb',
    },
    streamFloodPerSec: {
      doc: 'Messages a second of the stream flood (sim.faults.streamFloodMb; at most 100)',
      format: 'positive-number',
      default: 4,
      env: 'MAKERD_SIM_FAULT_STREAM_FLOOD_PER_SEC',
      arg: 'fault-stream-flood-per-sec',
    },
    trickle: {
      doc: 'Send the answers of GET /data/orders one byte a second (other routes: POST /_sim/faults {"trickle": [routes]})',
      format: 'strict-boolean',
      default: false,
      env: 'MAKERD_SIM_FAULT_TRICKLE',
      arg: 'fault-trickle',
    },
    deepJson: {
      doc: "Answer POST /midpoints with the first token's midpoint as arrays nested this deep (0 = off)",
      format: 'count',
      default: 0,
      env: 'MAKERD_SIM_FAULT_DEEP_JSON',
      arg: 'fault-deep-json',
    },
    garbage: {
      doc: 'Answer POST /books with 64 KiB of random bytes',
      format: 'strict-boolean',
      default: false,
      env: 'MAKERD_SIM_FAULT_GARBAGE',
      arg: 'fault-garbage',
    },
  },
};
