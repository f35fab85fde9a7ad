/** Configuration schema: recording what the venue publishes for the selected markets (docs/recording-and-replay.md). */

export interface RecordConfig {
  dir: string;
  group: string;
  flushMs: number;
  maxMegabytes: number;
}

export const recordSchema = {
  dir: {
    doc: 'Directory of market recordings: `makerd record` writes there, and when set `makerd run` records the books, midpoints, market-stream events and market rules it reads there too (empty = run records nothing)',
    format: String,
    default: '',
    env: 'MAKERD_RECORD_DIR',
    arg: 'record-dir',
  },
  group: {
    doc: "Name of this recorder's market group: its files are <record.dir>/<group>/<UTC day>.<segment>.mkrec.gz (letters, digits, '.', '_', '-')",
    format: 'non-empty-string',
    default: 'default',
    env: 'MAKERD_RECORD_GROUP',
    arg: 'record-group',
  },
  flushMs: {
    doc: 'Records are written as one compressed block this often: a process killed loses at most this much',
    format: 'positive-duration-ms',
    default: 2_000,
    env: 'MAKERD_RECORD_FLUSH_MS',
  },
  maxMegabytes: {
    doc: "Disk bound of the group's files (MB, 10^6 bytes): the oldest segments are deleted beyond it",
    format: 'positive-number',
    default: 10_000,
    env: 'MAKERD_RECORD_MAX_MEGABYTES',
  },
};
