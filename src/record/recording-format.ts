/**
 * What a recording holds (docs/recording-and-replay.md): files `DIR/<group>/<YYYY-MM-DD>.<NNNN>.mkrec.gz`,
 * one per market group, UTC day and segment (a restart or a new day opens the next segment). Each
 * file is blocks (block-codec.ts) of newline-delimited JSON; the first block holds only the header.
 * Every record carries its segment's sequence number `s` (1, 2, ...) and the receive time `t`
 * (Unix ms, the recorder's clock); the venue's data is kept as received.
 */
export const RECORDING_FORMAT = 'makerd-recording';
/**
 * Bumped when a reader of the previous version could misread a file. Version 2 added the `run`,
 * `eval` and `fills` records (a version-1 reader would ignore them: it would replay a live run's
 * recording with our orders counted twice, and a paper run's at other evaluation times). Version 3
 * added the `set` and `swap` records of the selector's swaps (a version-2 reader would quote a
 * joining market from the start and keep a leaving market's orders resting) and the run's start
 * id in `run` (a restart). Older files hold none of them and read as before.
 */
export const RECORDING_VERSION = 3;
export const FILE_SUFFIX = '.mkrec.gz';

export interface RecordingHeader {
  readonly format: typeof RECORDING_FORMAT;
  readonly version: number;
  readonly group: string;
  /** UTC day, YYYY-MM-DD. */
  readonly day: string;
  /** The segment's number within its group and day (1, 2, ...). */
  readonly segment: number;
  /** Unique id of the segment (a reader dedups by id and sequence). */
  readonly segmentId: string;
  readonly openedAtMs: number;
  /** Where the data came from (the venue's base URL), for people. */
  readonly source: string;
  readonly tokens: readonly string[];
}

/** The venue's three answers that make a market's rules (src/market/market-metadata.ts). */
export interface MetaRecord {
  readonly k: 'meta';
  readonly market: string;
  /** GET /markets/{id} */
  readonly m: unknown;
  /** GET /clob-markets/{id} */
  readonly c: unknown;
  /** GET /fee-rate?token_id=<market>:0 */
  readonly f: unknown;
}

/**
 * One poll: POST /books (snapshots as sent, levels sorted best first). A snapshot equal to the
 * token's previous one in the segment but for its timestamp is stored as `{asset_id, timestamp,
 * same: <hash>}`; the reader expands it (recording-reader.ts), so readers see whole snapshots.
 */
export interface BooksRecord {
  readonly k: 'books';
  readonly b: readonly unknown[];
}

/** A stored reference to the token's previous snapshot (same hash, new time). */
export interface SameBook {
  readonly asset_id: string;
  readonly timestamp: string;
  readonly same: string;
}

/** One poll: POST /midpoints. */
export interface MidsRecord {
  readonly k: 'mids';
  readonly m: Readonly<Record<string, string>>;
}

/** One market-channel event as received: book, price_change, last_trade_price, tick_size_change. */
export interface StreamRecord {
  readonly k: 'ws';
  readonly e: Record<string, unknown>;
}

/** The market stream (re)subscribed (`open`) or dropped (`close`): events in between are missing. */
export interface StreamStateRecord {
  readonly k: 'ws-open' | 'ws-close';
}

/**
 * What the recording daemon did with what it read (`makerd run` only; `makerd record` trades
 * nothing): its trading mode, at start and again at the head of every segment. `live`: the
 * recorded books hold the account's own orders.
 */
export interface RunRecord {
  readonly k: 'run';
  readonly mode: 'live' | 'paper' | 'monitor';
  /**
   * The run's id (version 3): the same at every segment head of one run, another after a restart,
   * where a replay starts again as the daemon did.
   */
  readonly id?: string;
}

/** The daemon's trading loop ran market `m`'s strategy here (after the records before it). */
export interface EvalRecord {
  readonly k: 'eval';
  readonly m: string;
}

/** `n` more of the run's fills reached its portfolio and positions here (after the journal write). */
export interface FillsRecord {
  readonly k: 'fills';
  readonly n: number;
}

/** Where a market stands in the run's quoted set (src/daemon/quoted-set.ts). */
export type QuotedState = 'quoted' | 'reducing' | 'cancelling';

/**
 * The markets the run quotes and those leaving, with their state (`makerd run` with the
 * selector's swaps, selector.rerankSec): at start, and again at the head of every segment.
 */
export interface SetRecord {
  readonly k: 'set';
  readonly m: Readonly<Record<string, QuotedState>>;
}

/**
 * A swap's step for market `m`, where the daemon took it: `join` (bound in the trading loop: a
 * market new to the set, or one taken back while leaving), `reducing` (leaving while it holds a
 * position: REDUCING until flat), `cancelling` (out of the loop; its orders cancelled now),
 * `released` (orders verified gone; no longer polled or streamed).
 */
export interface SwapRecord {
  readonly k: 'swap';
  readonly m: string;
  readonly to: 'join' | 'reducing' | 'cancelling' | 'released';
}

export type RecordBody =
  | MetaRecord
  | BooksRecord
  | MidsRecord
  | StreamRecord
  | StreamStateRecord
  | RunRecord
  | EvalRecord
  | FillsRecord
  | SetRecord
  | SwapRecord;

/** A record as stored: its body with the segment's sequence and the receive time. */
export type StoredRecord = RecordBody & { readonly s: number; readonly t: number };

/** YYYY-MM-DD of a Unix ms time, in UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Start of the next UTC day after `ms`. */
export function nextUtcMidnight(ms: number): number {
  return (Math.floor(ms / 86_400_000) + 1) * 86_400_000;
}

const NAME = /^(\d{4}-\d{2}-\d{2})\.(\d{4,})\.mkrec\.gz$/;

export function segmentFileName(day: string, segment: number): string {
  return `${day}.${String(segment).padStart(4, '0')}${FILE_SUFFIX}`;
}

/** Day and segment of a recording file name, or undefined for other files. */
export function parseSegmentFileName(name: string): { day: string; segment: number } | undefined {
  const m = NAME.exec(name);
  return m === null ? undefined : { day: m[1]!, segment: Number(m[2]) };
}

/** A group name is a directory name: letters, digits, `.`, `_`, `-`. */
export const GROUP_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/;
