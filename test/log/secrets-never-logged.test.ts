/**
 * Issue 2: a secret set in configuration never shows in the log output of a signed request, of
 * an authentication failure, or of a configuration error — whatever the log level.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { configuredCredentials, loadConfig } from '../../src/config/load.js';
import { ErrorCode } from '../../src/errors.js';
import { createLogger } from '../../src/log/logger.js';
import { createVenueClient } from '../../src/venue/client.js';
import { rejectionOf } from '../support/catch-error.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { cli } from '../cli/run-cli.js';
import { liveEnvFor } from '../support/live-env.js';

let h: SimHarness;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  h = await startSimHarness({ markets: 2, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  env = liveEnvFor(h, { MAKERD_LOG_LEVEL: 'trace' });
});

afterAll(async () => {
  await h?.close();
});

function capture() {
  let text = '';
  const destination = new Writable({
    write(chunk, _e, cb) {
      text += String(chunk);
      cb();
    },
  });
  return { destination, text: () => text };
}

function expectClean(text: string): void {
  expect(text).not.toContain(h.credentials.secret);
  expect(text).not.toContain(h.credentials.passphrase);
}

describe('secrets never reach the logs', () => {
  it('of signed requests, at trace level', async () => {
    const { config } = loadConfig({ env });
    const out = capture();
    const logger = createLogger({ level: 'trace', destination: out.destination, secrets: [config.venue.secret, config.venue.passphrase] });
    const client = createVenueClient({
      baseUrl: config.venue.baseUrl,
      credentials: configuredCredentials(config),
      logger,
    });
    try {
      const m = (await client.getMarkets({})).data[0]!;
      const placed = await client.postOrder({
        order: { asset_id: m.tokens[0]!.token_id, side: 'BUY', price: '0.02', size: '20', expiration: '0', client_order_id: 'log-test' },
        orderType: 'GTC',
      });
      await client.getOpenOrders({});
      await client.cancelOrder({ orderId: placed.orderID });
    } finally {
      await client.close();
    }
    const text = out.text();
    // The requests were logged (so the check below looks at real output)...
    expect(text).toContain('POST /order');
    expect(text).toContain('DELETE /order');
    // ...and no secret is in it.
    expectClean(text);
  });

  it('of an authentication failure, in the log and in the error', async () => {
    const { config } = loadConfig({ env });
    const out = capture();
    const logger = createLogger({ level: 'trace', destination: out.destination, secrets: [config.venue.secret, config.venue.passphrase] });
    const wrongPassphrase = 'f'.repeat(64);
    const client = createVenueClient({
      baseUrl: config.venue.baseUrl,
      credentials: { ...configuredCredentials(config)!, passphrase: wrongPassphrase },
      logger,
    });
    try {
      const err = await rejectionOf(client.getOpenOrders({}));
      expect(err.code).toBe(ErrorCode.AUTH);
      logger.error({ err }, 'auth failed');
      expectClean(`${err.message} ${JSON.stringify(err)} ${String(err.stack)}`);
      expect(err.message).not.toContain(wrongPassphrase);
    } finally {
      await client.close();
    }
    expect(out.text()).toContain('auth failed');
    expectClean(out.text());
  });

  it('of an authentication failure through the CLI', async () => {
    const r = await cli(['query', 'orders'], { ...env, MAKERD_VENUE_PASSPHRASE: 'e'.repeat(64) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/MAKERD_ERR_AUTH/);
    expectClean(r.stdout + r.stderr);
  });

  it('of a configuration error', async () => {
    const r = await cli(['check-config', '--metrics-port', 'seventy'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/metrics\.port/);
    expectClean(r.stdout + r.stderr);
    const bad = await cli(['check-config'], { ...env, MAKERD_VENUE_SECRET: `${h.credentials.secret}!!` });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/venue\.secret: must be base64/);
    expectClean(bad.stdout + bad.stderr);
  });
});
