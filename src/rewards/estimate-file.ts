/**
 * The day's reward estimate in the data directory (`<data.dir>/rewards/estimate-YYYY-MM-DD.json`,
 * one small file per UTC day, rewritten after each sample): a restart on the same day goes on
 * from it instead of starting the day again at 0, and `makerd pnl` reads the days offline.
 * Written to a temporary name and renamed, so a reader never sees half a file. Not fsync'ed:
 * an estimate lost to a power cut costs at most a minute of it, nothing else.
 *
 * Paper runs keep theirs in `<data.dir>/paper-rewards/` (beside the paper journal): a paper run
 * never restores the account's estimate, nor a live run a paper one's.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDecimal } from '../money.js';
import { SAMPLES_PER_DAY, utcDayOf } from './reward-day.js';
import type { EstimateDayState } from './reward-estimator.js';

/** The account's estimates. */
export const REWARDS_DIR = 'rewards';
/** The estimates of paper runs (virtual orders), never mixed with the account's. */
export const PAPER_REWARDS_DIR = 'paper-rewards';
const DAY_MS = 86_400_000;
const NAME = /^estimate-(\d{4}-\d{2}-\d{2})\.json$/;

/** The folder of a trading mode's estimates: paper runs keep theirs apart. */
export function estimatesFolder(tradingMode: string | undefined): string {
  return tradingMode === 'paper' ? PAPER_REWARDS_DIR : REWARDS_DIR;
}

/** `<dataDir>/rewards` (or the folder named, e.g. PAPER_REWARDS_DIR). */
export function rewardsDir(dataDir: string, folder: string = REWARDS_DIR): string {
  return join(dataDir, folder);
}

/** `estimate-YYYY-MM-DD.json` of a UTC day number. */
export function estimateFileName(day: number): string {
  return `estimate-${new Date(day * DAY_MS).toISOString().slice(0, 10)}.json`;
}

export function writeEstimate(dataDir: string, state: EstimateDayState, folder: string = REWARDS_DIR): void {
  const dir = rewardsDir(dataDir, folder);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, estimateFileName(state.day));
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state)}\n`);
  renameSync(tmp, path);
}

/** Why a file's content is not a day's estimate, or undefined when it is one. */
function problemOf(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return 'not an object';
  const s = v as Record<string, unknown>;
  if (s.version !== 1) return `version is ${JSON.stringify(s.version)}, not 1`;
  if (!Number.isSafeInteger(s.day)) return 'day is not an integer';
  if (!Number.isSafeInteger(s.lastSlot) || (s.lastSlot as number) < -1 || (s.lastSlot as number) >= SAMPLES_PER_DAY)
    return 'lastSlot is not in -1..1439';
  if (typeof s.markets !== 'object' || s.markets === null) return 'markets is not an object';
  for (const [id, m] of Object.entries(s.markets as Record<string, unknown>)) {
    const r = (m ?? {}) as Record<string, unknown>;
    if (parseDecimal(r.shareSum)?.isNegative() !== false) return `markets.${id}.shareSum is not a decimal >= 0`;
    if (parseDecimal(r.dailyRate)?.isNegative() !== false) return `markets.${id}.dailyRate is not a decimal >= 0`;
    if (!Number.isSafeInteger(r.samples) || (r.samples as number) < 0 || (r.samples as number) > SAMPLES_PER_DAY)
      return `markets.${id}.samples is not in 0..1440`;
  }
  return undefined;
}

export type EstimateRead = { readonly state: EstimateDayState } | { readonly problem: string } | undefined;

function readFile(path: string): EstimateRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { problem: `cannot read ${path}: ${(err as Error).message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: `${path} is not JSON` };
  }
  const problem = problemOf(value);
  return problem === undefined ? { state: value as EstimateDayState } : { problem: `${path}: ${problem}` };
}

/** Today's (UTC, at `nowMs`) saved estimate; undefined when there is none. */
export function readTodayEstimate(dataDir: string, nowMs: number, folder: string = REWARDS_DIR): EstimateRead {
  return readFile(join(rewardsDir(dataDir, folder), estimateFileName(utcDayOf(nowMs))));
}

/** Every saved day, oldest first, and the files that could not be read. */
export function readAllEstimates(
  dataDir: string,
  folder: string = REWARDS_DIR,
): { readonly days: EstimateDayState[]; readonly problems: string[] } {
  let names: string[];
  try {
    names = readdirSync(rewardsDir(dataDir, folder));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { days: [], problems: [] };
    throw err;
  }
  const days: EstimateDayState[] = [];
  const problems: string[] = [];
  for (const name of names.filter((n) => NAME.test(n)).sort()) {
    const r = readFile(join(rewardsDir(dataDir, folder), name));
    if (r === undefined) continue;
    if ('state' in r) days.push(r.state);
    else problems.push(r.problem);
  }
  return { days, problems };
}
