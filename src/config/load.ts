/**
 * Loads, layers and validates the configuration (see schema.ts for the order of precedence),
 * then resolves secret files. Every failure is a MakerdError with code CONFIG whose message names
 * the key, the value (never for secrets) and the rule.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import convict from 'convict';
import { ErrorCode, MakerdError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import { decodeSecret } from '../venue/signer.js';
import { registerFormats } from './formats.js';
import { schema, type MakerdConfig } from './schema.js';
import { checkIntensityBounds } from './schema/intensity.js';
import { SCHEMA_LEAVES } from './schema-leaves.js';
import { configWarnings } from './warnings.js';
import { applyFlowProfile } from './flow-profile.js';
import { foldTradingMode } from './trading-mode.js';

export interface LoadConfigOptions {
  /** Extra config file (`--config FILE`). */
  configFile?: string | undefined;
  /** Environment to read MAKERD_* variables from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Command-line flags for config keys, e.g. ['--log-level', 'debug']. */
  args?: string[];
  /** Override of config/default.json (tests). */
  defaultFile?: string;
}

export interface LoadedConfig {
  readonly config: MakerdConfig;
  /** The effective configuration as JSON with every secret masked. */
  readonly masked: () => string;
  /** Valid but probably unintended settings (see warnings.ts), for the operator to see. */
  readonly warnings: readonly string[];
  /** Dotted keys set by a file, a variable or a flag (the rest hold defaults or profile values). */
  readonly given: ReadonlySet<string>;
}

const SECRET_KEYS = ['venue.secret', 'venue.passphrase'] as const;

function configError(message: string, cause?: unknown): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, message, { where: 'config', cause });
}

function readSecretFile(key: string, path: string): string {
  try {
    return readFileSync(path, 'utf8').replace(/\r?\n$/, '');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw configError(`${key}: cannot read file ${JSON.stringify(path)} (${reason})`);
  }
}

const ENV_OF_FLAG: ReadonlyMap<string, string> = new Map(
  SCHEMA_LEAVES.filter((l) => l.arg !== undefined && l.env !== undefined).map((l) => [l.arg!, l.env!]),
);

/** ['--log-level', 'debug'] -> { MAKERD_LOG_LEVEL: 'debug' }. */
function flagsAsEnv(args: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!.replace(/^--/, '');
    const env = ENV_OF_FLAG.get(name);
    const value = args[i + 1];
    if (env === undefined || value === undefined) throw configError(`--${name}: not a configuration flag, or no value given`);
    out[env] = value;
  }
  return out;
}

/** V8 quotes a slice of the text it could not parse; the file may hold a secret, so drop it. */
function jsonProblem(message: string): string {
  return message.replace(/,\s*(?:\.\.\.)?".*"(?:\.\.\.)?\s*is not valid JSON\s*$/s, '');
}

/** Loads one file over the configuration, noting its keys in `given`; a file that cannot be read or parsed is named. */
function loadJsonFile(conf: convict.Config<MakerdConfig>, label: string, path: string, given: Set<string>): void {
  try {
    conf.loadFile(path);
    dottedKeys(JSON.parse(readFileSync(path, 'utf8')) as unknown, '', given);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why = e instanceof SyntaxError ? `is not valid JSON (${jsonProblem(e.message)})` : `cannot be read (${e.code ?? e.message})`;
    throw configError(`${label}: file ${JSON.stringify(path)} ${why}`);
  }
}

/** Every dotted key of the leaves of a parsed JSON object. */
function dottedKeys(value: unknown, prefix: string, out: Set<string>): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    if (prefix !== '') out.add(prefix.slice(0, -1));
    return;
  }
  for (const [k, v] of Object.entries(value)) dottedKeys(v, `${prefix}${k}.`, out);
}

export function loadConfig(options: LoadConfigOptions = {}): LoadedConfig {
  registerFormats();
  const env = options.env ?? process.env;
  const mergedEnv = { ...(env as Record<string, string>), ...flagsAsEnv(options.args ?? []) };
  const conf = convict<MakerdConfig>(schema as unknown as convict.Schema<MakerdConfig>, {
    // Flags are applied as the variables of their keys, over the environment: convict's own
    // argument parser turns numeric-looking text into numbers (a seed "0x10" became "16").
    env: mergedEnv,
    args: [],
  });
  const given = new Set(SCHEMA_LEAVES.filter((l) => l.env !== undefined && mergedEnv[l.env] !== undefined).map((l) => l.key));
  const defaultFile = options.defaultFile ?? join(packageRoot(), 'config', 'default.json');
  if (existsSync(defaultFile)) loadJsonFile(conf, 'config/default.json', defaultFile, given);
  if (options.configFile !== undefined) {
    if (!existsSync(options.configFile)) throw configError(`--config: file ${JSON.stringify(options.configFile)} does not exist`);
    loadJsonFile(conf, '--config', options.configFile, given);
  }
  try {
    conf.validate({ allowed: 'strict' });
  } catch (err) {
    throw configError(`invalid configuration: ${(err as Error).message}`);
  }

  for (const [key, fileKey] of [
    ['venue.secret', 'venue.secretFile'],
    ['venue.passphrase', 'venue.passphraseFile'],
  ] as const) {
    const path = conf.get(fileKey);
    if (path !== '') conf.set(key, readSecretFile(fileKey, path));
  }

  applyFlowProfile(conf, given);
  const config = conf.getProperties();
  checkCrossRules(config);
  const modeWarning = foldTradingMode(config, given);
  conf.set('trading', config.trading);
  const warnings = configWarnings(config, env);
  return { config, masked: () => maskedJson(conf), warnings: modeWarning === undefined ? warnings : [...warnings, modeWarning], given };
}

function checkCrossRules(c: MakerdConfig): void {
  if (c.venue.secret !== '') {
    try {
      decodeSecret(c.venue.secret);
    } catch {
      throw configError('invalid configuration: venue.secret: must be base64 or base64url text (value hidden)');
    }
  }
  if (c.venue.mode === 'live') {
    const missing: string[] = [];
    if (c.venue.baseUrl === '' && (c.venue.catalogBaseUrl === '' || c.venue.clobBaseUrl === '')) missing.push('venue.baseUrl');
    if (missing.length > 0) {
      throw configError(`invalid configuration: ${missing.join(', ')}: required when venue.mode is "live"`);
    }
  }
  if (c.venue.retry.baseMs > c.venue.retry.maxMs) {
    throw configError(`invalid configuration: venue.retry.baseMs: must not exceed venue.retry.maxMs: value was ${c.venue.retry.baseMs}`);
  }
  checkIntensityBounds(c.intensity);
}

/** True when all four credentials are present (the signer needs every one). */
export function hasCredentials(c: MakerdConfig): boolean {
  return c.venue.address !== '' && c.venue.apiKey !== '' && c.venue.passphrase !== '' && c.venue.secret !== '';
}

/** The four configured credentials, or undefined unless every one is set. */
export function configuredCredentials(
  c: MakerdConfig,
): { address: string; apiKey: string; passphrase: string; secret: string } | undefined {
  if (!hasCredentials(c)) return undefined;
  const { address, apiKey, passphrase, secret } = c.venue;
  return { address, apiKey, passphrase, secret };
}

function maskedJson(conf: convict.Config<MakerdConfig>): string {
  const props = structuredClone(conf.getProperties());
  for (const key of SECRET_KEYS) {
    const [section, name] = key.split('.') as ['venue', 'secret' | 'passphrase'];
    if (props[section][name] !== '') props[section][name] = '[redacted]';
  }
  return JSON.stringify(props, null, 2);
}
