/**
 * Part of claim-data-dir: the data directory belongs to one venue and one account
 * (src/data-dir/venue-identity.ts). Under the data directory's lock, this run's identity is
 * compared with the directory's `venue.json`: another venue, or another account, stops start-up
 * naming both; a directory without one is claimed (an older makerd's is adopted, logged), except
 * when the embedded simulator has used it and this run is not sim mode — its journal may be the
 * simulator's, which nothing in it tells apart, so that run is refused.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import {
  claimedAt,
  compareIdentity,
  type DataIdentity,
  describeIdentity,
  EMBEDDED_SIMULATOR,
  IDENTITY_FILE,
  readIdentity,
  writeIdentity,
} from '../data-dir/venue-identity.js';
import { ErrorCode, MakerdError } from '../errors.js';
import { JOURNAL_DIR, PAPER_JOURNAL_DIR } from '../portfolio/journal.js';
import { PAPER_REWARDS_DIR, REWARDS_DIR } from '../rewards/estimate-file.js';

export interface ClaimingRun {
  readonly identity: DataIdentity;
  readonly logger: Pick<Logger, 'info' | 'warn'>;
}

/** What a run can be told of: an older makerd's data in these folders. */
const EARLIER_DATA = [JOURNAL_DIR, PAPER_JOURNAL_DIR, REWARDS_DIR, PAPER_REWARDS_DIR];
/** What the embedded simulator leaves: its set-aside journals, its pointer file. */
const SIM_TRACE = /^(?:.+\.sim-.+|sim\.json)$/;

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw err;
  }
}

const HOW = 'use another data directory for this run (--data-dir or MAKERD_DATA_DIR), or move';

function refuse(message: string): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `data.dir: ${message}`, { where: 'config', field: 'data.dir' });
}

/** Checks (and on first use writes) the data directory's identity; throws when it is another venue's or account's. */
export function claimIdentity(dataDir: string, nowMs: number, { identity: run, logger }: ClaimingRun): void {
  const held = readIdentity(dataDir, 'data.dir');
  if (held === undefined) {
    const earlier = EARLIER_DATA.filter((f) => entries(join(dataDir, f)).length > 0);
    if (earlier.length > 0) {
      const traces = entries(dataDir)
        .filter((n) => SIM_TRACE.test(n))
        .sort();
      if (traces.length > 0 && run.venue !== EMBEDDED_SIMULATOR)
        throw refuse(
          `${dataDir} holds data of an older makerd (${earlier.join(', ')}) that does not say whose it is, and the embedded simulator has used it (${traces.join(', ')}): that data may be the simulator's, and this run is ${describeIdentity(run)}. ` +
            `To keep them apart, ${HOW} ${dataDir} away; if its data are this venue's and this account's, move ${traces.join(', ')} out of it and start again`,
        );
    }
    writeIdentity(dataDir, claimedAt(run, nowMs), 'data.dir');
    if (earlier.length > 0)
      logger.info(
        { dataDir, venue: run.venue, account: run.account, data: earlier },
        `data directory of an older makerd adopted: its data are now taken as ${describeIdentity(run)}'s (${IDENTITY_FILE} written)`,
      );
    return;
  }
  const match = compareIdentity(held, run);
  if (match === 'same') return;
  if (match === 'adds-account') {
    writeIdentity(dataDir, { ...held, account: run.account }, 'data.dir');
    logger.info({ dataDir, venue: run.venue, account: run.account }, 'data directory claimed by this account (no account had used it)');
    return;
  }
  throw refuse(
    `${dataDir} holds the data of ${describeIdentity(held)} (since ${held.since}), and this run is ${describeIdentity(run)}: ` +
      `a data directory keeps the journal, positions and reward estimates of one venue and one account. To start, ${HOW} ${dataDir} away`,
  );
}
