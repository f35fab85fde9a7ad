/**
 * Valid but probably unintended configurations. They do not stop start-up (so that a stray
 * variable cannot take a daemon down), but check-config prints them and every command logs them.
 */
import type { MakerdConfig } from './schema.js';
import { SCHEMA_LEAVES } from './schema-leaves.js';

const CREDENTIAL_KEYS = ['address', 'apiKey', 'passphrase', 'secret'] as const;

const DECLARED_ENV: ReadonlySet<string> = new Set(SCHEMA_LEAVES.flatMap((l) => (l.env === undefined ? [] : [l.env])));

/** The credential keys that are empty (names only, never values). */
export function missingCredentials(c: MakerdConfig): string[] {
  return CREDENTIAL_KEYS.filter((k) => c.venue[k] === '').map((k) => `venue.${k}`);
}

export function configWarnings(c: MakerdConfig, env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  // A typo in a variable name (MAKERD_LOG_LEVLE) would otherwise be ignored without a word.
  const unknown = Object.keys(env)
    .filter((k) => k.startsWith('MAKERD_') && !DECLARED_ENV.has(k))
    .sort();
  if (unknown.length > 0) out.push(`${unknown.join(', ')}: not a configuration variable (ignored)`);
  const v = c.venue;
  if (v.mode === 'sim') {
    const urls = (['baseUrl', 'catalogBaseUrl', 'clobBaseUrl'] as const).filter((k) => v[k] !== '');
    if (urls.length > 0) {
      out.push(
        `${urls.map((k) => `venue.${k}`).join(', ')}: ignored because venue.mode is "sim" (the embedded simulator); set venue.mode (MAKERD_VENUE_MODE) to "live" to use the venue`,
      );
    }
  } else {
    const missing = missingCredentials(c);
    // Paper mode signs nothing, so half a set of credentials does no harm there.
    if (missing.length > 0 && missing.length < CREDENTIAL_KEYS.length && c.trading.mode !== 'paper') {
      out.push(`credentials incomplete, missing ${missing.join(', ')}: signed requests (orders, cancels, /data/*) will fail`);
    }
  }
  // One POST /books a poll (and one POST /midpoints): the venue allows 80 per 10 s, of which the
  // limiter uses safety x share. Faster polling only waits in the limiter.
  const booksPerWindow = Math.max(1, Math.floor(80 * c.limits.safety * c.limits.share));
  const fastestMs = Math.ceil(10_000 / booksPerWindow);
  if (c.poller.intervalMs < fastestMs) {
    out.push(
      `poller.intervalMs (${c.poller.intervalMs}) asks for more POST /books than the venue allows (${booksPerWindow} per 10 s with limits.safety and limits.share): polls will wait in the rate limiter; ${fastestMs} ms or more keeps them on time`,
    );
  }
  if (v.connectionsPerOrigin < c.limits.maxInFlightPerKey) {
    out.push(
      `venue.connectionsPerOrigin (${v.connectionsPerOrigin}) is below limits.maxInFlightPerKey (${c.limits.maxInFlightPerKey}): admitted requests may wait for a connection`,
    );
  }
  return out;
}
