import type { SimHarness } from './sim-harness.js';

/** Environment that points makerd (live mode) at a test simulator with its operator credentials. */
export function liveEnvFor(h: SimHarness, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const c = h.credentials;
  return {
    MAKERD_VENUE_MODE: 'live',
    MAKERD_VENUE_BASE_URL: h.baseUrl,
    MAKERD_VENUE_ADDRESS: c.address,
    MAKERD_VENUE_API_KEY: c.apiKey,
    MAKERD_VENUE_PASSPHRASE: c.passphrase,
    MAKERD_VENUE_SECRET: c.secret,
    ...extra,
  };
}
