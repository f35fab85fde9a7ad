/**
 * The fault soak's verdict (soak/checks.ts) is pure: a clean run passes every check, and each
 * deliberately broken run — a journal missing a fill, a 429 outside a storm, an order left open,
 * a non-zero exit, a malformed answer not refused, a fault never applied, an edge window exceeded
 * — is reported as failing with that check named, and only that one.
 */
import { describe, expect, it } from 'vitest';
import {
  compareFills,
  evaluateSoak,
  failures,
  HOSTILE_RSS_LIMIT_MB,
  type HostileWindow,
  RSS_LIMIT_MB,
  throttledOutsideStorms,
  type FillLine,
  type SoakObservations,
} from '../../soak/checks.js';
import { metricSum } from '../../soak/metrics-text.js';
import { FAULTS, HOSTILE_FAULTS, HOSTILE_SLICE_MAX_MS, planHostilePhases, planPhases } from '../../soak/plan.js';
import { counterDeltas, parseSoakArgs, selectorKey } from '../../soak/run.js';

const fill = (n: number, over: Partial<FillLine> = {}): FillLine => ({
  tradeId: `t${n}:maker:o${n}`,
  orderId: `o${n}`,
  tokenId: '0xabc:0',
  side: 'BUY',
  role: 'maker',
  price: '0.41',
  size: '10',
  fee: '0',
  rebate: '0.012',
  ...over,
});

const fills = [fill(1), fill(2), fill(3, { side: 'SELL', size: '4.5' })];

/** A run where everything went right: storms' 429s inside the storm, everything else clean. */
function cleanRun(): SoakObservations {
  return {
    edgeThrottled: 0,
    edgeThrottledByScope: {},
    throttleSamples: [
      { atMs: 1_000, throttled: 0 },
      { atMs: 2_000, throttled: 0 },
      { atMs: 3_000, throttled: 0 }, // storm on
      { atMs: 5_000, throttled: 4 }, // storm off + settle
      { atMs: 6_000, throttled: 4 },
    ],
    storms: [{ fromMs: 3_000, toMs: 5_000 }],
    journalFills: fills,
    venueFills: [...fills].reverse(),
    openOrdersAfter: 0,
    makerd: { code: 0, signal: null, endedBeforeStop: false, crashLines: 0 },
    malformedServed: 12,
    malformedRefused: 12,
    faultsNotExercised: [],
    rssStartBytes: 90 * 1024 * 1024,
    rssEndBytes: 110 * 1024 * 1024,
  };
}

const failed = (o: SoakObservations): string[] => failures(evaluateSoak(o));
const named = (o: SoakObservations, name: string) => evaluateSoak(o).find((c) => c.name === name)!;

describe('soak checks', () => {
  it('a clean run passes every check, each as {name, value, limit, ok}', () => {
    const checks = evaluateSoak(cleanRun());
    expect(failures(checks)).toEqual([]);
    expect(checks.map((c) => c.name)).toEqual([
      'edge_windows_exceeded',
      'throttled_outside_storms',
      'journal_vs_venue_fills',
      'open_orders_after_shutdown',
      'crashes',
      'malformed_acted_on',
      'faults_not_exercised',
      'rss_start_mb',
      'rss_end_mb',
    ]);
    for (const c of checks) expect(Object.keys(c).slice(0, 4)).toEqual(['name', 'value', 'limit', 'ok']);
    expect(named(cleanRun(), 'rss_start_mb')).toMatchObject({ value: 90, limit: null, ok: true });
    expect(named(cleanRun(), 'rss_end_mb')).toMatchObject({ value: 110, limit: RSS_LIMIT_MB, ok: true });
    expect(named(cleanRun(), 'throttled_outside_storms').detail).toMatchObject({ throttledInRun: 4, storms: 1 });
  });

  it('a journal missing a fill fails journal_vs_venue_fills, naming the trade', () => {
    const run = { ...cleanRun(), journalFills: [fill(1), fill(3, { side: 'SELL', size: '4.5' })] };
    expect(failed(run)).toEqual(['journal_vs_venue_fills']);
    const c = named(run, 'journal_vs_venue_fills');
    expect(c.value).toBe(1);
    expect(c.detail).toMatchObject({ journal: 2, venue: 3, missingFromJournal: ['t2:maker:o2'], notOnVenue: [], differing: [] });
  });

  it('a fill of another size, a fill the venue lacks, or one journaled twice fails the same check', () => {
    expect(named({ ...cleanRun(), journalFills: [fill(1), fill(2, { size: '9' }), fills[2]!] }, 'journal_vs_venue_fills')).toMatchObject({
      value: 1,
      ok: false,
      detail: { differing: ['t2:maker:o2'] },
    });
    expect(named({ ...cleanRun(), journalFills: [...fills, fill(4)] }, 'journal_vs_venue_fills')).toMatchObject({
      value: 1,
      ok: false,
      detail: { notOnVenue: ['t4:maker:o4'] },
    });
    expect(named({ ...cleanRun(), journalFills: [...fills, fill(2)] }, 'journal_vs_venue_fills')).toMatchObject({
      value: 1,
      ok: false,
      detail: { duplicates: ['t2:maker:o2'] },
    });
  });

  it('a 429 outside a storm fails throttled_outside_storms (and the same 429 inside the storm does not)', () => {
    const run = cleanRun();
    const samples = [
      ...run.throttleSamples.slice(0, 1),
      { atMs: 2_000, throttled: 1 },
      { atMs: 3_000, throttled: 1 },
      { atMs: 5_000, throttled: 5 },
      { atMs: 6_000, throttled: 5 },
    ];
    expect(failed({ ...run, throttleSamples: samples })).toEqual(['throttled_outside_storms']);
    expect(named({ ...run, throttleSamples: samples }, 'throttled_outside_storms')).toMatchObject({ value: 1, ok: false });
    // A storm nobody recorded: its 429s are outside every storm.
    expect(failed({ ...run, storms: [] })).toEqual(['throttled_outside_storms']);
    expect(throttledOutsideStorms(run.throttleSamples, [])).toEqual({ count: 4, intervals: [{ fromMs: 3_000, toMs: 5_000 }] });
    // An interval only partly inside a storm is not excused.
    expect(throttledOutsideStorms(run.throttleSamples, [{ fromMs: 3_500, toMs: 5_000 }]).count).toBe(4);
    // Fewer than two samples prove nothing.
    expect(named({ ...run, throttleSamples: [{ atMs: 1, throttled: 0 }] }, 'throttled_outside_storms').ok).toBe(false);
  });

  it('an edge window exceeded fails edge_windows_exceeded, by scope', () => {
    const run = { ...cleanRun(), edgeThrottled: 3, edgeThrottledByScope: { 'POST /books': 3 } };
    expect(failed(run)).toEqual(['edge_windows_exceeded']);
    expect(named(run, 'edge_windows_exceeded')).toMatchObject({ value: 3, limit: 0, ok: false, detail: { byScope: { 'POST /books': 3 } } });
  });

  it('an open order left fails open_orders_after_shutdown', () => {
    expect(failed({ ...cleanRun(), openOrdersAfter: 4 })).toEqual(['open_orders_after_shutdown']);
    expect(named({ ...cleanRun(), openOrdersAfter: 4 }, 'open_orders_after_shutdown')).toMatchObject({ value: 4, limit: 0, ok: false });
  });

  it('a non-zero exit, a kill, an early end or a fatal line fails crashes', () => {
    const exit = (m: Partial<SoakObservations['makerd']>) => ({ ...cleanRun(), makerd: { ...cleanRun().makerd, ...m } });
    expect(failed(exit({ code: 1 }))).toEqual(['crashes']);
    expect(named(exit({ code: null, signal: 'SIGKILL' }), 'crashes')).toMatchObject({ value: 1, ok: false, detail: { signal: 'SIGKILL' } });
    expect(named(exit({ endedBeforeStop: true, code: 1 }), 'crashes').value).toBe(2);
    expect(failed(exit({ crashLines: 1 }))).toEqual(['crashes']);
  });

  it('a malformed answer not refused fails malformed_acted_on; so does an account that does not close', () => {
    expect(failed({ ...cleanRun(), malformedRefused: 11 })).toEqual(['malformed_acted_on']);
    expect(named({ ...cleanRun(), malformedRefused: 11 }, 'malformed_acted_on')).toMatchObject({
      value: 1,
      ok: false,
      detail: { served: 12, refused: 11 },
    });
    expect(named({ ...cleanRun(), malformedRefused: 13 }, 'malformed_acted_on').ok).toBe(false);
  });

  it('a fault never applied fails faults_not_exercised; an unread or too large RSS fails its check', () => {
    expect(failed({ ...cleanRun(), faultsNotExercised: ['ws_drops'] })).toEqual(['faults_not_exercised']);
    expect(failed({ ...cleanRun(), rssStartBytes: undefined })).toEqual(['rss_start_mb']);
    expect(failed({ ...cleanRun(), rssEndBytes: 250 * 1024 * 1024 })).toEqual(['rss_end_mb']);
  });

  it('compares fills by trade id whatever their order', () => {
    expect(compareFills(fills, [...fills].reverse())).toEqual({ missing: [], extra: [], differing: [], duplicates: [] });
  });
});

describe('soak schedule', () => {
  it('starts clean, gives every fault one slice followed by a clean slice, ends clean, and fills the run', () => {
    const phases = planPhases(120_000);
    expect(phases[0]).toMatchObject({ name: 'warmup', startMs: 0 });
    expect(phases.filter((p) => p.fault !== undefined).map((p) => p.name)).toEqual(FAULTS.map((f) => f.name));
    for (let i = 1; i < phases.length; i += 2) {
      expect(phases[i]!.fault).toBeDefined();
      expect(phases[i + 1]).toMatchObject({ name: 'clean', fault: undefined });
    }
    expect(phases.at(-1)!.name).toBe('clean');
    for (let i = 1; i < phases.length; i++) expect(phases[i]!.startMs).toBeCloseTo(phases[i - 1]!.startMs + phases[i - 1]!.durationMs, 6);
    const last = phases.at(-1)!;
    expect(last.startMs + last.durationMs).toBeCloseTo(120_000, 6);
    expect(new Set(FAULTS.map((f) => f.name))).toEqual(
      new Set([
        'latency',
        '5xx',
        'throttle_storm',
        'resets',
        'maintenance',
        'frozen_books',
        'malformed_price',
        'malformed_size',
        'ws_drops',
      ]),
    );
    // Storms and maintenance last their slice, so the venue's Retry-After is the truth.
    expect(FAULTS.find((f) => f.name === 'throttle_storm')!.on(6_900)).toEqual({ throttleStormMs: 6_900 });
    expect(FAULTS.find((f) => f.name === 'maintenance')!.on(6_900)).toEqual({ maintenanceMs: 6_900 });
  });

  it('parses its arguments and refuses bad ones', () => {
    expect(parseSoakArgs([])).toEqual({ minutes: 2, markets: 5, seed: 'soak', keep: false, breakMode: 'none', hostile: false });
    expect(parseSoakArgs(['--hostile', '--minutes', '6'])).toMatchObject({ minutes: 6, hostile: true });
    expect(parseSoakArgs(['--minutes', '0.3', '--break', 'kill', '--keep'])).toMatchObject({ minutes: 0.3, breakMode: 'kill', keep: true });
    expect(() => parseSoakArgs(['--minutes', 'x'])).toThrow(/--minutes/);
    expect(() => parseSoakArgs(['--break', 'nope'])).toThrow(/--break/);
    expect(() => parseSoakArgs(['--minutes'])).toThrow(/needs a value/);
    expect(() => parseSoakArgs(['--bogus'])).toThrow(/unknown argument/);
  });
});

describe("reading makerd's /metrics", () => {
  it("sums a metric's samples whose labels match", () => {
    const text = [
      '# HELP makerd_venue_requests_total Venue request attempts',
      '# TYPE makerd_venue_requests_total counter',
      'makerd_venue_requests_total{route="POST /books",outcome="200"} 40',
      'makerd_venue_requests_total{route="POST /books",outcome="429"} 2',
      'makerd_venue_requests_total{route="GET /data/trades",outcome="429"} 3',
      'makerd_process_resident_memory_bytes 123456',
      '',
    ].join('\n');
    expect(metricSum(text, 'makerd_venue_requests_total', { outcome: '429' })).toBe(5);
    expect(metricSum(text, 'makerd_venue_requests_total', { route: 'POST /books' })).toBe(42);
    expect(metricSum(text, 'makerd_process_resident_memory_bytes')).toBe(123456);
    expect(metricSum(text, 'makerd_nothing')).toBeUndefined();
  });
});

const MiB = 1024 * 1024;

/** A hostile window where everything held. */
const window = (fault: string, over: Partial<HostileWindow> = {}): HostileWindow => ({
  fault,
  samples: 40,
  failedScrapes: 0,
  maxRssBytes: 150 * MiB,
  maxLagP99Seconds: 0.02,
  maxLagMaxSeconds: 0.03,
  maxScrapeMs: 12,
  counterDeltas: { 'makerd_venue_answers_refused_total{route="POST /books",reason="too_large"}': 12 },
  runningAfter: true,
  ...over,
});

const hostileRun = (windows: HostileWindow[]): SoakObservations => ({ ...cleanRun(), hostile: { windows, pollIntervalMs: 100 } });

describe('hostile checks (--hostile)', () => {
  const names = ['hostile_still_running', 'hostile_rss_max_mb', 'hostile_lag_p99_max_ms', 'hostile_counters_unmoved'];

  it('come after the standard checks, and pass when every fault held', () => {
    const checks = evaluateSoak(hostileRun([window('huge_books'), window('trickle')]));
    expect(checks.map((c) => c.name).slice(-4)).toEqual(names);
    expect(failures(checks)).toEqual([]);
    expect(checks.find((c) => c.name === 'hostile_rss_max_mb')).toMatchObject({ value: 150, limit: HOSTILE_RSS_LIMIT_MB });
    expect(checks.find((c) => c.name === 'hostile_lag_p99_max_ms')).toMatchObject({ value: 20, limit: 100 });
    // The standard run has none of them.
    expect(evaluateSoak(cleanRun()).map((c) => c.name)).not.toContain('hostile_rss_max_mb');
  });

  it('name the fault that broke each bound', () => {
    const run = hostileRun([
      window('huge_books'),
      window('giant_answers', { maxRssBytes: 3_700 * MiB }),
      window('stream_flood', { maxLagP99Seconds: 0.24 }),
      window('trickle', { counterDeltas: { x: 0 } }),
      window('garbage', { runningAfter: false }),
    ]);
    expect(failed(run)).toEqual(names);
    expect(named(run, 'hostile_rss_max_mb')).toMatchObject({ value: 3_700, ok: false, detail: { byFault: { giant_answers: 3_700 } } });
    expect(named(run, 'hostile_lag_p99_max_ms')).toMatchObject({ value: 240, ok: false, detail: { byFault: { stream_flood: 240 } } });
    expect(named(run, 'hostile_counters_unmoved')).toMatchObject({ value: 1, detail: { unmoved: ['trickle'] } });
    expect(named(run, 'hostile_still_running')).toMatchObject({ value: 1, detail: { notRunningAfter: ['garbage'] } });
  });

  it('a /metrics reading lost (a frozen loop) fails the lag check; a window without readings fails the RSS check', () => {
    expect(failed(hostileRun([window('giant_answers', { failedScrapes: 1 })]))).toEqual(['hostile_lag_p99_max_ms']);
    expect(failed(hostileRun([window('giant_answers', { maxRssBytes: undefined })]))).toEqual(['hostile_rss_max_mb']);
    // No window at all proves nothing.
    expect(failed(hostileRun([]))).toEqual(names);
  });

  it("reads each fault's counters from two /metrics texts", () => {
    const before =
      'makerd_venue_answers_refused_total{route="POST /books",reason="too_large"} 2\nmakerd_books_unusable_total{reason="off-tick"} 0\n';
    const after =
      'makerd_venue_answers_refused_total{route="POST /books",reason="too_large"} 7\nmakerd_books_unusable_total{reason="off-tick"} 0\n';
    const sel = [{ name: 'makerd_venue_answers_refused_total', labels: { route: 'POST /books' } }, { name: 'makerd_books_unusable_total' }];
    expect(counterDeltas(sel, before, after)).toEqual({
      'makerd_venue_answers_refused_total{route="POST /books"}': 5,
      makerd_books_unusable_total: 0,
    });
    expect(selectorKey({ name: 'm', labels: { a: 'x', b: 'y' } })).toBe('m{a="x",b="y"}');
  });
});

describe('hostile schedule', () => {
  it('gives each hostile fault at most 30 s and a clean slice at least half that, filling the run', () => {
    for (const totalMs of [30_000, 240_000, 360_000, 600_000]) {
      const phases = planHostilePhases(totalMs);
      expect(phases[0]!.name).toBe('warmup');
      expect(phases.filter((p) => p.fault !== undefined).map((p) => p.name)).toEqual(HOSTILE_FAULTS.map((f) => f.name));
      for (let i = 1; i < phases.length; i += 2) {
        expect(phases[i]!.durationMs).toBeLessThanOrEqual(HOSTILE_SLICE_MAX_MS);
        expect(phases[i + 1]).toMatchObject({ name: 'clean' });
        expect(phases[i + 1]!.durationMs).toBeGreaterThanOrEqual(phases[i]!.durationMs / 2 - 1e-6);
      }
      const last = phases.at(-1)!;
      expect(last.startMs + last.durationMs).toBeCloseTo(totalMs, 6);
    }
    // Six minutes give each fault its full 30 s.
    expect(planHostilePhases(360_000)[1]!.durationMs).toBe(HOSTILE_SLICE_MAX_MS);
    expect(HOSTILE_FAULTS.map((f) => f.name)).toEqual([
      'huge_books',
      'long_books',
      'giant_answers',
      'stream_flood',
      'trickle',
      'deep_json',
      'garbage',
    ]);
    // Every hostile fault names what the simulator counts and what must move on makerd's /metrics.
    for (const f of HOSTILE_FAULTS) {
      expect(f.evidence.length).toBeGreaterThan(0);
      expect(f.moves?.length).toBeGreaterThan(0);
    }
  });
});
