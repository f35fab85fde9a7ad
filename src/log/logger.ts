/**
 * pino JSON lines to stdout, one child logger per component. Secrets are kept out twice:
 * by path (pino's redact, for structured fields and auth headers) and by value (every line is
 * scrubbed of the configured secret and passphrase before it is written), so a secret that
 * slips into a message or an error text still never reaches the output.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  level: string;
  /** Auth header prefix, e.g. SERVICE_ (headers are matched in any case). */
  headerPrefix?: string;
  /** Secret values to scrub from every line (empty strings are ignored). */
  secrets?: readonly string[];
  /** Where lines go; stdout by default. Tests pass a memory stream. */
  destination?: DestinationStream;
  /** Base bindings, e.g. { service: 'makerd' }. */
  base?: Record<string, unknown>;
}

const CENSOR = '[redacted]';

export function redactPaths(headerPrefix = 'SERVICE_'): string[] {
  const names = ['PASSPHRASE', 'SIGNATURE', 'API_KEY'].flatMap((n) => [`${headerPrefix}${n}`, `${headerPrefix}${n}`.toLowerCase()]);
  const headerPaths = names.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`, `req.headers["${h}"]`]);
  return [
    'secret',
    'passphrase',
    '*.secret',
    '*.passphrase',
    'venue.secret',
    'venue.passphrase',
    'credentials',
    '*.credentials',
    'headers.authorization',
    '*.headers.authorization',
    ...headerPaths,
  ];
}

/** Minimum length of a value worth scrubbing (shorter ones would mangle ordinary text). */
const MIN_SCRUB_LENGTH = 6;

export function createLogger(options: LoggerOptions): Logger {
  const secrets = (options.secrets ?? []).filter((s) => s.length >= MIN_SCRUB_LENGTH);
  // JSON encoding may escape characters of a secret; scrub both the raw and the JSON-escaped form.
  const needles = [...new Set(secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]))];
  return pino(
    {
      level: options.level,
      base: options.base ?? { service: 'makerd' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactPaths(options.headerPrefix), censor: CENSOR },
      formatters: { level: (label) => ({ level: label }) },
      hooks:
        needles.length === 0
          ? {}
          : {
              streamWrite(line: string): string {
                let out = line;
                for (const n of needles) if (out.includes(n)) out = out.split(n).join(CENSOR);
                return out;
              },
            },
    },
    options.destination ?? pino.destination({ fd: 1, sync: false }),
  );
}
