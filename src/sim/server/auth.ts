/**
 * Request authentication as the venue does it (venue-api.md section 5, design.md section 3):
 * five headers `<prefix>ADDRESS`, `_API_KEY`, `_PASSPHRASE`, `_TIMESTAMP` (ms), `_SIGNATURE`; the
 * signature is HMAC-SHA256 over timestamp + METHOD + path (no query) + the raw body text exactly
 * as received (only when non-empty), compared in constant time; the timestamp must be within the
 * freshness window of the injected clock; the account found by API key must match the passphrase
 * and the address (case-insensitive). Failures carry a reason for the stats; messages never
 * contain a header value.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { SimAccount } from '../contracts.js';
import type { AccountRegistry } from './account-registry.js';
import type { AuthFailureReason } from './stats.js';

export interface AuthSettings {
  readonly prefix: string;
  readonly windowMs: number;
}

export type AuthOutcome =
  | { readonly ok: true; readonly account: SimAccount }
  | { readonly ok: false; readonly reason: AuthFailureReason; readonly message: string };

const fail = (reason: AuthFailureReason, message: string): AuthOutcome => ({ ok: false, reason, message });

/** Lower-cased header names for a prefix (node lower-cases incoming header names). */
export function authHeaderNames(prefix: string): Record<'address' | 'apiKey' | 'passphrase' | 'timestamp' | 'signature', string> {
  const p = prefix.toLowerCase();
  return {
    address: `${p}address`,
    apiKey: `${p}api_key`,
    passphrase: `${p}passphrase`,
    timestamp: `${p}timestamp`,
    signature: `${p}signature`,
  };
}

const TIMESTAMP_RE = /^\d{1,16}$/;

/** Constant-time comparison of two signature texts (length difference fails early, harmlessly). */
export function signaturesEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface CredentialCheck {
  readonly apiKey: string | undefined;
  readonly passphrase: string | undefined;
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
  /** Omitted for the user WebSocket channel, whose subscription carries no address. */
  readonly address?: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly body: string;
}

/** The checks shared by HTTP requests and the user WebSocket subscription. */
export function verifyCredentials(
  registry: AccountRegistry,
  nowMs: number,
  windowMs: number,
  c: CredentialCheck,
  requireAddress: boolean,
): AuthOutcome {
  const missing = (
    [
      ['api key', c.apiKey],
      ['passphrase', c.passphrase],
      ['timestamp', c.timestamp],
      ['signature', c.signature],
      ...(requireAddress ? ([['address', c.address]] as const) : []),
    ] as const
  ).find(([, v]) => v === undefined || v === '');
  if (missing) return fail('missing_header', `authentication required: ${missing[0]} missing`);
  const entry = registry.byApiKey(c.apiKey!);
  if (!entry) return fail('unknown_api_key', 'authentication failed: unknown api key');
  if (!signaturesEqual(entry.account.passphrase, c.passphrase!)) return fail('wrong_passphrase', 'authentication failed: wrong passphrase');
  if (requireAddress && entry.account.address.toLowerCase() !== c.address!.toLowerCase()) {
    return fail('wrong_address', 'authentication failed: address does not belong to the api key');
  }
  if (!TIMESTAMP_RE.test(c.timestamp!)) return fail('bad_timestamp', 'authentication failed: timestamp must be epoch milliseconds');
  if (Math.abs(nowMs - Number(c.timestamp)) > windowMs) {
    return fail('stale_timestamp', `authentication failed: timestamp outside the ${windowMs} ms freshness window`);
  }
  const expected = entry.signer.sign({ timestamp: c.timestamp!, method: c.method, path: c.path, body: c.body === '' ? null : c.body });
  if (!signaturesEqual(expected, c.signature!)) return fail('bad_signature', 'authentication failed: bad signature');
  return { ok: true, account: entry.account };
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Verifies the five signed headers of one HTTP request. `path` is the raw path, query cut off. */
export function verifyRequestAuth(
  registry: AccountRegistry,
  settings: AuthSettings,
  nowMs: number,
  req: { method: string; path: string; headers: IncomingHttpHeaders; rawBody: string },
): AuthOutcome {
  const n = authHeaderNames(settings.prefix);
  return verifyCredentials(
    registry,
    nowMs,
    settings.windowMs,
    {
      apiKey: header(req.headers, n.apiKey),
      passphrase: header(req.headers, n.passphrase),
      timestamp: header(req.headers, n.timestamp),
      signature: header(req.headers, n.signature),
      address: header(req.headers, n.address),
      method: req.method,
      path: req.path,
      body: req.rawBody,
    },
    true,
  );
}
