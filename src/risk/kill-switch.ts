/**
 * The operator's kill switch: the thin I/O shell around RiskGate.setKillSwitch. It is engaged
 * while a file (`risk.killSwitchFile`, default `KILL`) exists in the data directory, or while the
 * config flag `risk.killSwitch` is true. `touch data/KILL` halts every market at the next tick
 * (cancel everything, place nothing); `rm data/KILL` resumes, unless the flag is set.
 *
 * The trading loop calls `check()` once per tick: one stat of one path, no watcher, no timer, so
 * it works the same on every file system (network mounts and containers' bind mounts included)
 * and needs no clean-up. Only a change is passed to the gate and logged.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ErrorCode, MakerdError } from '../errors.js';

export const DEFAULT_KILL_SWITCH_FILE = 'KILL';

/** The part of a pino logger the kill switch uses. */
export interface KillSwitchLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** The part of RiskGate the kill switch drives. */
export interface KillSwitchTarget {
  setKillSwitch(engaged: boolean, source: string): void;
}

export interface KillSwitchOptions {
  /** The data directory (`data.dir`). */
  readonly dataDir: string;
  /** A plain file name inside dataDir (`risk.killSwitchFile`); default `KILL`. */
  readonly fileName?: string;
  /** The config flag `risk.killSwitch`. */
  readonly flag?: boolean;
  readonly gate: KillSwitchTarget;
  readonly logger?: KillSwitchLogger;
  /** How existence is tested; default fs.existsSync (tests may pass their own). */
  readonly exists?: (path: string) => boolean;
}

export class KillSwitch {
  readonly path: string;
  readonly #gate: KillSwitchTarget;
  readonly #logger: KillSwitchLogger | undefined;
  readonly #exists: (path: string) => boolean;
  #flag: boolean;
  #engaged: boolean | undefined;

  constructor(o: KillSwitchOptions) {
    const fileName = o.fileName ?? DEFAULT_KILL_SWITCH_FILE;
    if (
      fileName === '' ||
      fileName === '.' ||
      fileName === '..' ||
      basename(fileName) !== fileName ||
      fileName.includes('/') ||
      fileName.includes('\\')
    ) {
      throw new MakerdError(
        ErrorCode.CONFIG,
        `risk.killSwitchFile must be a plain file name inside data.dir (got ${JSON.stringify(fileName)})`,
        {
          where: 'config',
          field: 'risk.killSwitchFile',
        },
      );
    }
    this.path = join(o.dataDir, fileName);
    this.#gate = o.gate;
    this.#logger = o.logger;
    this.#exists = o.exists ?? existsSync;
    this.#flag = o.flag ?? false;
  }

  /** Whether the switch was engaged at the last check (false before the first). */
  get engaged(): boolean {
    return this.#engaged ?? false;
  }

  /** Sets the config flag (start-up, SIGHUP reload); takes effect at once. */
  setFlag(engaged: boolean): boolean {
    this.#flag = engaged;
    return this.check();
  }

  /**
   * Looks at the flag and the file; tells the gate and logs when the result changed (the first
   * check always tells the gate, and logs only if engaged). Returns whether it is engaged.
   */
  check(): boolean {
    const file = this.#exists(this.path);
    const engaged = this.#flag || file;
    if (engaged === this.#engaged) return engaged;
    const first = this.#engaged === undefined;
    this.#engaged = engaged;
    const source = engaged
      ? [this.#flag ? 'config risk.killSwitch' : '', file ? `file ${this.path}` : ''].filter((s) => s !== '').join(' and ')
      : `file ${this.path} absent and risk.killSwitch off`;
    this.#gate.setKillSwitch(engaged, source);
    if (engaged)
      this.#logger?.warn({ source, file: this.path, flag: this.#flag }, 'kill switch engaged: every market halted, every order cancelled');
    else if (!first) this.#logger?.info({ file: this.path }, 'kill switch released: trading resumes');
    return engaged;
  }
}
