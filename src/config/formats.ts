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

/**
 * Numbers in env, flags and file strings are plain decimal text, as the README promises: `Number()`
 * alone would also read "0x10", "1e3", "Infinity", "0b1" and " " (as 0).
 */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

function numberIn(name: string, rule: string, ok: (n: number) => boolean): convict.Format {
  return {
    name,
    // Keep text that is not a plain decimal as it is, so the error can show what was given.
    coerce: (v: unknown) => {
      if (typeof v !== 'string') return v;
      const t = v.trim();
      return PLAIN_DECIMAL.test(t) ? Number(t) : v;
    },
    validate(v: unknown) {
      if (typeof v === 'string') fail(v.trim() === '' ? rule : `${rule}, in plain decimal notation`, v);
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
  intIn('hour-of-day', 0, 23),
  intIn('positive-count', 1, 1_000_000),
  intIn('positive-bytes', 1, 1_073_741_824),
  numberIn(
    'order-ttl-seconds',
    'must be 0 (off) or a whole number of seconds from 10 to 86400',
    (n) => n === 0 || (Number.isInteger(n) && n >= 10 && n <= 86_400),
  ),
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
    coerce: (v: unknown) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : v,
    validate(v: unknown) {
      if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s === '')) {
        throw new Error('must be a list of non-empty strings (comma-separated in env and flags)');
      }
    },
  },
  {
    // Money limits are decimal text (or a JSON number, kept as its text): never a float in use.
    name: 'decimal-text',
    coerce: (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    validate(v: unknown) {
      if (typeof v !== 'string' || !/^\d+(\.\d+)?$/.test(v)) fail('must be a plain decimal >= 0 such as "250" or "0.05"', v);
    },
  },
  {
    // Strategy parameters: an object in files; JSON text in env and flags.
    // Named 'object' so that convict takes a file's object here whole (a leaf), nested objects such as
    // params.guards included, instead of walking into it as into a section of the schema.
    name: 'object',
    coerce: (v: unknown) => (typeof v === 'string' ? parseJsonOr(v) : v),
    validate(v: unknown) {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) fail('must be an object (JSON text in env and flags)', v);
    },
  },
  {
    // Markets to quote: objects {market, strategy?, params?, state?} in files; in env and flags
    // JSON text or a comma-separated list of condition ids or slugs.
    name: 'market-list',
    coerce: (v: unknown) => {
      if (typeof v !== 'string') return v;
      const t = v.trim();
      if (t.startsWith('[')) return parseJsonOr(t);
      return t
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map((market) => ({ market }));
    },
    validate(v: unknown) {
      if (!Array.isArray(v))
        fail('must be a list of {"market": "<condition id or slug>", "strategy"?, "params"?, "state"?, "stopBeforeEndSec"?}', v);
      const allowed = new Set(['market', 'strategy', 'params', 'state', 'stopBeforeEndSec']);
      (v as unknown[]).forEach((e, i) => {
        if (typeof e !== 'object' || e === null || Array.isArray(e)) fail(`[${i}] must be an object {"market": ...}`, e);
        const o = e as Record<string, unknown>;
        const extra = Object.keys(o).filter((k) => !allowed.has(k));
        if (extra.length > 0)
          fail(`[${i}].${extra[0]}: unknown key (allowed: market, strategy, params, state, stopBeforeEndSec)`, o[extra[0]!]);
        if (typeof o.market !== 'string' || o.market.trim() === '') fail(`[${i}].market must be a condition id or slug`, o.market);
        if (o.strategy !== undefined && (typeof o.strategy !== 'string' || o.strategy === ''))
          fail(`[${i}].strategy must be a strategy name`, o.strategy);
        if (o.params !== undefined && (typeof o.params !== 'object' || o.params === null || Array.isArray(o.params)))
          fail(`[${i}].params must be an object`, o.params);
        if (o.state !== undefined && !['ACTIVE', 'REDUCING', 'HALTED'].includes(o.state as string))
          fail(`[${i}].state must be ACTIVE, REDUCING or HALTED`, o.state);
        const stop = o.stopBeforeEndSec;
        if (stop !== undefined && (typeof stop !== 'number' || !Number.isSafeInteger(stop) || stop < 0))
          fail(`[${i}].stopBeforeEndSec must be a whole number of seconds >= 0`, stop);
      });
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

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let registered = false;

export function registerFormats(): void {
  if (registered) return;
  convict.addFormats(Object.fromEntries(FORMATS.map((f) => [f.name as string, f])));
  registered = true;
}
