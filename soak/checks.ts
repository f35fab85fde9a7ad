/**
 * The fault soak's verdict, pure: what the run observed goes in, the checks come out. Nothing here
 * reads a clock, a file or a socket, so a deliberately broken run (a journal missing a fill, a 429
 * outside a storm, an order left open, a non-zero exit) is a plain unit test.
 *
 * Each check is `{name, value, limit, ok}`; the soak's exit status is non-zero when one is not ok.
 */

/** One fill as compared: the fields that must agree between makerd's journal and the venue. */
export interface FillLine {
  readonly tradeId: string;
  readonly orderId: string;
  readonly tokenId: string;
  readonly side: string;
  readonly role: string;
  readonly price: string;
  readonly size: string;
  readonly fee: string;
  readonly rebate: string;
}

/** makerd's cumulative count of 429 answers, read from its /metrics at one moment (wall-clock ms). */
export interface ThrottleSample {
  readonly atMs: number;
  readonly throttled: number;
}

/** A span (wall-clock ms) during which 429s were expected: an injected storm, plus its settle time. */
export interface TimeRange {
  readonly fromMs: number;
  readonly toMs: number;
}

export interface MakerdExit {
  /** Exit code (null when a signal ended it). */
  readonly code: number | null;
  readonly signal: string | null;
  /** It ended before the soak sent SIGTERM. */
  readonly endedBeforeStop: boolean;
  /** Log lines at fatal level, or naming an uncaught exception / unhandled rejection (stdout and stderr). */
  readonly crashLines: number;
}

export interface SoakObservations {
  /** The simulator's edge_throttled_total: requests its section-8 windows refused (storms excluded). */
  readonly edgeThrottled: number;
  readonly edgeThrottledByScope: Readonly<Record<string, number>>;
  /** makerd's 429 count over the run, sampled at every phase boundary (first sample before any fault). */
  readonly throttleSamples: readonly ThrottleSample[];
  /** When 429 storms were injected (each widened by the settle time before the next sample). */
  readonly storms: readonly TimeRange[];
  readonly journalFills: readonly FillLine[];
  readonly venueFills: readonly FillLine[];
  /** The operator account's open orders on the simulator after makerd stopped. */
  readonly openOrdersAfter: number;
  readonly makerd: MakerdExit;
  /** Malformed answers the simulator served on the routes makerd reads (POST /books, POST /midpoints). */
  readonly malformedServed: number;
  /**
   * Answers makerd refused as malformed: makerd_poll_requests_failed_total{code="MAKERD_ERR_BAD_RESPONSE"}
   * plus makerd_books_unusable_total{reason="bad-size"|"price-out-of-range"} (a book whose levels
   * parse but are spoiled is unusable, not a failed request), less those inside hostile windows.
   */
  readonly malformedRefused: number;
  /** Fault kinds the soak switched on that the simulator never applied (a vacuous soak proves nothing). */
  readonly faultsNotExercised: readonly string[];
  /** makerd_process_resident_memory_bytes after warm-up and just before SIGTERM (undefined: not read). */
  readonly rssStartBytes: number | undefined;
  readonly rssEndBytes: number | undefined;
  /** The hostile schedule's readings (`--hostile`), one window per fault; absent in the standard run. */
  readonly hostile?: HostileObservations;
}

/**
 * What makerd's /metrics showed during one hostile fault: from the reading just before it was
 * switched on to the end of the clean slice after it (so an effect that outlasts the fault counts).
 */
export interface HostileWindow {
  readonly fault: string;
  /** /metrics readings that succeeded in the window (one every ~250 ms) and those that did not. */
  readonly samples: number;
  readonly failedScrapes: number;
  readonly maxRssBytes: number | undefined;
  /** makerd_nodejs_eventloop_lag_p99_seconds: each reading covers the time since the one before. */
  readonly maxLagP99Seconds: number | undefined;
  /** makerd_nodejs_eventloop_lag_max_seconds and the slowest /metrics answer: shown, not checked. */
  readonly maxLagMaxSeconds: number | undefined;
  readonly maxScrapeMs: number | undefined;
  /** How much each of the fault's counters (FaultSpec.moves, `name{labels}`) rose in the window. */
  readonly counterDeltas: Readonly<Record<string, number>>;
  /** makerd was running at the window's end, its /metrics answering. */
  readonly runningAfter: boolean;
  /** makerd's log lines at warn and error level in the window, and their first distinct messages: shown, not checked. */
  readonly warnLines?: number;
  readonly errorLines?: number;
  readonly messages?: readonly string[];
}

export interface HostileObservations {
  readonly windows: readonly HostileWindow[];
  /** The poll interval makerd ran with: the event-loop lag's bound. */
  readonly pollIntervalMs: number;
}

export interface Check {
  readonly name: string;
  readonly value: number | null;
  readonly limit: number | null;
  readonly ok: boolean;
  /** What the figure is made of, for reading a failure. */
  readonly detail?: Record<string, unknown>;
}

/** The design's RSS target (design.md section 6: 200 MB), applied to the end of the soak. */
export const RSS_LIMIT_MB = 200;
/** The most RSS makerd may reach during a hostile fault. */
export const HOSTILE_RSS_LIMIT_MB = 512;

const MB = 1024 * 1024;
const SHOWN = 10;

/** 429s makerd saw outside every storm: increments between samples whose interval lies outside all storms. */
export function throttledOutsideStorms(
  samples: readonly ThrottleSample[],
  storms: readonly TimeRange[],
): { count: number; intervals: TimeRange[] } {
  const sorted = [...samples].sort((a, b) => a.atMs - b.atMs);
  let count = 0;
  const intervals: TimeRange[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    const delta = b.throttled - a.throttled;
    if (delta <= 0) continue;
    // The interval is covered when a storm spans it: its 429s were injected.
    const covered = storms.some((s) => s.fromMs <= a.atMs && b.atMs <= s.toMs);
    if (!covered) {
      count += delta;
      intervals.push({ fromMs: a.atMs, toMs: b.atMs });
    }
  }
  return { count, intervals };
}

const fillKey = (f: FillLine): string => [f.orderId, f.tokenId, f.side, f.role, f.price, f.size, f.fee, f.rebate].join(' ');

/** Journal against venue: fills missing from the journal, fills the venue does not have, fills that differ, ids twice. */
export function compareFills(
  journal: readonly FillLine[],
  venue: readonly FillLine[],
): { missing: string[]; extra: string[]; differing: string[]; duplicates: string[] } {
  const byId = (xs: readonly FillLine[]): { map: Map<string, FillLine>; dup: string[] } => {
    const map = new Map<string, FillLine>();
    const dup: string[] = [];
    for (const f of xs) {
      if (map.has(f.tradeId)) dup.push(f.tradeId);
      else map.set(f.tradeId, f);
    }
    return { map, dup };
  };
  const j = byId(journal);
  const v = byId(venue);
  const missing = [...v.map.keys()].filter((id) => !j.map.has(id));
  const extra = [...j.map.keys()].filter((id) => !v.map.has(id));
  const differing = [...j.map].filter(([id, f]) => v.map.has(id) && fillKey(v.map.get(id)!) !== fillKey(f)).map(([id]) => id);
  return { missing, extra, differing, duplicates: [...j.dup, ...v.dup] };
}

const check = (name: string, value: number | null, limit: number | null, ok: boolean, detail?: Record<string, unknown>): Check =>
  detail === undefined ? { name, value, limit, ok } : { name, value, limit, ok, detail };

const mb = (bytes: number | undefined): number | null => (bytes === undefined ? null : Math.round((bytes / MB) * 10) / 10);

export function evaluateSoak(o: SoakObservations): Check[] {
  const checks: Check[] = [];
  checks.push(check('edge_windows_exceeded', o.edgeThrottled, 0, o.edgeThrottled === 0, { byScope: o.edgeThrottledByScope }));

  const outside = throttledOutsideStorms(o.throttleSamples, o.storms);
  const last = o.throttleSamples.at(-1)?.throttled ?? 0;
  const first = o.throttleSamples[0]?.throttled ?? 0;
  checks.push(
    check('throttled_outside_storms', outside.count, 0, outside.count === 0 && o.throttleSamples.length >= 2, {
      throttledInRun: last - first,
      samples: o.throttleSamples.length,
      storms: o.storms.length,
      ...(outside.intervals.length > 0
        ? { intervals: outside.intervals.slice(0, SHOWN).map((r) => [new Date(r.fromMs).toISOString(), new Date(r.toMs).toISOString()]) }
        : {}),
    }),
  );

  const f = compareFills(o.journalFills, o.venueFills);
  const fillProblems = f.missing.length + f.extra.length + f.differing.length + f.duplicates.length;
  checks.push(
    check('journal_vs_venue_fills', fillProblems, 0, fillProblems === 0, {
      journal: o.journalFills.length,
      venue: o.venueFills.length,
      missingFromJournal: f.missing.slice(0, SHOWN),
      notOnVenue: f.extra.slice(0, SHOWN),
      differing: f.differing.slice(0, SHOWN),
      duplicates: f.duplicates.slice(0, SHOWN),
    }),
  );

  checks.push(check('open_orders_after_shutdown', o.openOrdersAfter, 0, o.openOrdersAfter === 0));

  const m = o.makerd;
  const crashes = (m.endedBeforeStop ? 1 : 0) + (m.code === 0 && m.signal === null ? 0 : 1) + m.crashLines;
  checks.push(
    check('crashes', crashes, 0, crashes === 0, {
      exitCode: m.code,
      signal: m.signal,
      endedBeforeStop: m.endedBeforeStop,
      crashLines: m.crashLines,
    }),
  );

  // Every malformed answer served must have been refused as a whole (a refused answer is never
  // acted on). Served − refused ≠ 0 either way means the accounting does not close: not ok.
  const acted = o.malformedServed - o.malformedRefused;
  checks.push(check('malformed_acted_on', Math.max(0, acted), 0, acted === 0, { served: o.malformedServed, refused: o.malformedRefused }));

  checks.push(
    check('faults_not_exercised', o.faultsNotExercised.length, 0, o.faultsNotExercised.length === 0, { kinds: [...o.faultsNotExercised] }),
  );

  checks.push(check('rss_start_mb', mb(o.rssStartBytes), null, o.rssStartBytes !== undefined));
  const end = mb(o.rssEndBytes);
  checks.push(check('rss_end_mb', end, RSS_LIMIT_MB, end !== null && end <= RSS_LIMIT_MB));
  if (o.hostile !== undefined) checks.push(...hostileChecks(o.hostile));
  return checks;
}

const ms = (seconds: number | undefined): number | null => (seconds === undefined ? null : Math.round(seconds * 10_000) / 10);
const maxOf = (xs: readonly (number | null)[]): number | null =>
  xs.reduce<number | null>((m, x) => (x === null ? m : m === null ? x : Math.max(m, x)), null);

/** One fault's readings as shown in a check's detail. */
export function hostileSummary(w: HostileWindow): Record<string, unknown> {
  return {
    maxRssMb: mb(w.maxRssBytes),
    maxLagP99Ms: ms(w.maxLagP99Seconds),
    maxLagMaxMs: ms(w.maxLagMaxSeconds),
    maxScrapeMs: w.maxScrapeMs === undefined ? null : Math.round(w.maxScrapeMs),
    samples: w.samples,
    failedScrapes: w.failedScrapes,
    moved: Object.fromEntries(Object.entries(w.counterDeltas).filter(([, d]) => d > 0)),
    running: w.runningAfter,
    ...(w.warnLines === undefined ? {} : { warnLines: w.warnLines, errorLines: w.errorLines ?? 0, messages: w.messages ?? [] }),
  };
}

/**
 * The hostile schedule's checks, each over every fault's window (`detail.byFault`):
 * - hostile_still_running: faults after which makerd had ended or its /metrics did not answer;
 * - hostile_rss_max_mb: the highest RSS read in any window, at most HOSTILE_RSS_LIMIT_MB (and at
 *   least one reading in each window);
 * - hostile_lag_p99_max_ms: the highest event-loop lag p99 read, under the poll interval, with no
 *   /metrics reading lost in any window (a frozen loop answers no reading);
 * - hostile_counters_unmoved: faults none of whose counters rose.
 */
export function hostileChecks(h: HostileObservations): Check[] {
  const byFault = (pick: (w: HostileWindow) => unknown): Record<string, unknown> =>
    Object.fromEntries(h.windows.map((w) => [w.fault, pick(w)]));
  const notRunning = h.windows.filter((w) => !w.runningAfter).map((w) => w.fault);
  const rss = h.windows.map((w) => mb(w.maxRssBytes));
  const rssMax = maxOf(rss);
  const rssOk = h.windows.length > 0 && rss.every((r) => r !== null && r <= HOSTILE_RSS_LIMIT_MB);
  const lag = h.windows.map((w) => ms(w.maxLagP99Seconds));
  const lagMax = maxOf(lag);
  const lost = h.windows.reduce((n, w) => n + w.failedScrapes, 0);
  const lagOk = h.windows.length > 0 && lost === 0 && lag.every((l) => l !== null && l < h.pollIntervalMs);
  const unmoved = h.windows.filter((w) => !Object.values(w.counterDeltas).some((d) => d > 0)).map((w) => w.fault);
  return [
    check('hostile_still_running', notRunning.length, 0, h.windows.length > 0 && notRunning.length === 0, {
      faults: h.windows.length,
      notRunningAfter: notRunning,
    }),
    check('hostile_rss_max_mb', rssMax, HOSTILE_RSS_LIMIT_MB, rssOk, { byFault: byFault((w) => mb(w.maxRssBytes)) }),
    check('hostile_lag_p99_max_ms', lagMax, h.pollIntervalMs, lagOk, {
      byFault: byFault((w) => ms(w.maxLagP99Seconds)),
      failedScrapes: lost,
    }),
    check('hostile_counters_unmoved', unmoved.length, 0, h.windows.length > 0 && unmoved.length === 0, {
      unmoved,
      byFault: byFault((w) => w.counterDeltas),
    }),
  ];
}

/** The failing checks' names, in order. */
export function failures(checks: readonly Check[]): string[] {
  return checks.filter((c) => !c.ok).map((c) => c.name);
}
