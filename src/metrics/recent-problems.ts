/**
 * The last warn/error/fatal log events, for /status (`lastErrors`). Fed from the log lines as
 * they are written, after the logger's own redaction and secret scrubbing, and scrubbed once more
 * of the configured secrets here; only the time, level, component, error code and message are kept
 * (never a line's other fields, so never a request's headers).
 */
import { pino, type Logger } from 'pino';

export interface ProblemEvent {
  /** ISO time of the log line. */
  readonly time: string;
  readonly level: 'warn' | 'error' | 'fatal';
  readonly component: string | undefined;
  /** A MAKERD_ERR_* code when the line carried one. */
  readonly code: string | undefined;
  readonly message: string;
}

const LEVELS: Readonly<Record<string, ProblemEvent['level']>> = {
  warn: 'warn',
  error: 'error',
  fatal: 'fatal',
  '40': 'warn',
  '50': 'error',
  '60': 'fatal',
};
const PROBLEM_LINE = /"level":(?:"(?:warn|error|fatal)"|40|50|60)[,}]/;
const MAX_MESSAGE = 500;
const CENSOR = '[redacted]';
/** Shorter values would mangle ordinary text (the logger's rule too). */
const MIN_SCRUB_LENGTH = 6;

export class RecentProblems {
  readonly #max: number;
  readonly #secrets: string[] = [];
  readonly #events: ProblemEvent[] = [];

  constructor(options: { readonly max?: number; readonly secrets?: readonly (string | undefined)[] } = {}) {
    this.#max = options.max ?? 20;
    this.addSecrets(options.secrets ?? []);
  }

  /** More values to scrub from messages (credentials known only later, e.g. the embedded simulator's). */
  addSecrets(secrets: readonly (string | undefined)[]): void {
    for (const s of secrets) if (s !== undefined && s.length >= MIN_SCRUB_LENGTH && !this.#secrets.includes(s)) this.#secrets.push(s);
  }

  /** Oldest first. */
  list(): readonly ProblemEvent[] {
    return [...this.#events];
  }

  /** One JSON log line as written; lines below warn (or not JSON) are ignored. */
  noteLine(line: string): void {
    if (!PROBLEM_LINE.test(line)) return;
    let rec: Record<string, unknown>;
    try {
      rec = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    const level = LEVELS[String(rec.level)];
    if (level === undefined) return;
    const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
    const msg = text(rec.msg) ?? '';
    const err =
      text(rec.err) ?? (typeof rec.err === 'object' && rec.err !== null ? text((rec.err as { message?: unknown }).message) : undefined);
    const code = text(rec.code);
    const time = typeof rec.time === 'number' ? new Date(rec.time).toISOString() : (text(rec.time) ?? new Date().toISOString());
    this.#events.push({
      time,
      level,
      component: text(rec.component),
      code: code !== undefined && /^[A-Z0-9_]{1,64}$/.test(code) ? code : undefined,
      message: this.#scrub(err === undefined || err === msg ? msg : `${msg}: ${err}`).slice(0, MAX_MESSAGE),
    });
    if (this.#events.length > this.#max) this.#events.splice(0, this.#events.length - this.#max);
  }

  #scrub(s: string): string {
    let out = s;
    for (const secret of this.#secrets) if (out.includes(secret)) out = out.split(secret).join(CENSOR);
    return out;
  }
}

/**
 * A child of `logger` whose lines (and its children's) also reach `problems`, as written (after
 * the logger's redaction and scrubbing). Uses pino's published symbols for integrations; the
 * parent logger is left as it was.
 */
export function tapProblems(logger: Logger, problems: RecentProblems): Logger {
  const child = logger.child({});
  const key = pino.symbols.streamSym as unknown as keyof Logger;
  const inner = (child as unknown as Record<PropertyKey, unknown>)[key as PropertyKey] as
    | { write(s: string): unknown; flush?: (cb?: unknown) => unknown }
    | undefined;
  // A stream that needs pino's per-line metadata (a multistream) is left alone.
  if (
    inner === undefined ||
    typeof inner.write !== 'function' ||
    (inner as Record<PropertyKey, unknown>)[pino.symbols.needsMetadataGsym] === true
  )
    return child;
  const tee = {
    write(s: string): unknown {
      const r = inner.write(s);
      try {
        problems.noteLine(s);
      } catch {
        // never let the tap break logging
      }
      return r;
    },
    ...(typeof inner.flush === 'function' ? { flush: (cb?: unknown) => inner.flush!(cb) } : {}),
  };
  Object.defineProperty(child, pino.symbols.streamSym, { value: tee, writable: true, configurable: true, enumerable: false });
  return child;
}
