/**
 * convict formats with rules that say what is wrong. convict prefixes the key and appends the
 * value (except for `sensitive` keys), so a failure reads:
 *   limits.safety: must be a number in (0, 1]: value was 1.5
 */
import convict from 'convict';

/**
 * convict appends ": value was …" only for truthy values; a rejected 0, "" or false would go
 * unnamed, so the rule carries it itself in that case.
 */
function fail(rule: string, v: unknown): never {
  throw new Error(v === 0 || v === '' || v === false ? `${rule}: value was ${JSON.stringify(v)}` : rule);
}

function numberIn(name: string, rule: string, ok: (n: number) => boolean): convict.Format {
  return {
    name,
    // Keep text that is not a number as it is, so the error can show what was given.
    coerce: (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    validate(v: unknown) {
      if (typeof v !== 'number' || !Number.isFinite(v) || !ok(v)) fail(rule, v);
    },
  };
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

function intIn(name: string, min: number, max: number): convict.Format {
  return numberIn(name, `must be an integer from ${min} to ${max}`, (n) => Number.isInteger(n) && n >= min && n <= max);
}

const FORMATS: convict.Format[] = [
  {
    // convict's own Boolean reads every string but "false" as true (MAKERD_SIM_FLOW=0 would
    // turn the flow on); this one takes only the usual words and rejects the rest.
    name: 'strict-boolean',
    coerce: (v: unknown) => {
      if (typeof v !== 'string') return v;
      const w = v.trim().toLowerCase();
      return TRUE_WORDS.has(w) ? true : FALSE_WORDS.has(w) ? false : v;
    },
    validate(v: unknown) {
      if (typeof v !== 'boolean') fail('must be a boolean (true/false, 1/0, yes/no, on/off)', v);
    },
  },
  {
    name: 'non-empty-string',
    validate(v: unknown) {
      if (typeof v !== 'string' || v.trim() === '') fail('must be a non-empty string', v);
    },
  },
  numberIn('ratio-open-closed', 'must be a number in (0, 1]', (n) => n > 0 && n <= 1),
  numberIn('ratio', 'must be a number in [0, 1]', (n) => n >= 0 && n <= 1),
  numberIn('positive-number', 'must be a number > 0', (n) => n > 0),
  numberIn('non-negative-number', 'must be a number >= 0', (n) => n >= 0),
  intIn('port-or-zero', 0, 65535),
  intIn('duration-ms', 0, 86_400_000),
  intIn('positive-duration-ms', 1, 86_400_000),
  intIn('count', 0, 1_000_000),
  intIn('positive-count', 1, 1_000_000),
  {
    name: 'url-or-empty',
    validate(v: unknown) {
      if (typeof v !== 'string') throw new Error('must be a URL string');
      if (v === '') return;
      let u: URL;
      try {
        u = new URL(v);
      } catch {
        throw new Error('must be an absolute http(s) URL');
      }
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('must be an http(s) URL');
    },
  },
  {
    name: 'ws-url-or-empty',
    validate(v: unknown) {
      if (typeof v !== 'string') throw new Error('must be a URL string');
      if (v === '') return;
      if (!/^wss?:\/\/[^\s]+$/.test(v)) throw new Error('must be a ws:// or wss:// URL');
    },
  },
  {
    name: 'header-prefix',
    validate(v: unknown) {
      if (typeof v !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]{0,31}$/.test(v)) {
        throw new Error('must be letters, digits, _ or - (1-32 characters), starting with a letter');
      }
    },
  },
  {
    name: 'string-list',
    coerce: (v: unknown) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s !== '') : v),
    validate(v: unknown) {
      if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s === '')) {
        throw new Error('must be a list of non-empty strings (comma-separated in env and flags)');
      }
    },
  },
  {
    // Validated without echoing: convict hides sensitive values, and so does this message.
    name: 'optional-secret',
    validate(v: unknown) {
      if (typeof v !== 'string') throw new Error('must be a string');
    },
  },
];

let registered = false;

export function registerFormats(): void {
  if (registered) return;
  convict.addFormats(Object.fromEntries(FORMATS.map((f) => [f.name as string, f])));
  registered = true;
}
