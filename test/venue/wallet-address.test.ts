/**
 * Wallet addresses are checked where the client takes them (issue 9 point 9): `0x` and 40 hex
 * digits. A malformed one used to travel to the venue and come back as `[]`, which reads as "no
 * positions" rather than "wrong address". Now the client refuses it before sending (BAD_PARAMETER
 * naming the endpoint, the parameter and the rule), and `makerd query` reports it as a usage error
 * (exit 2). Against the real simulator over HTTP, which counts every request it receives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { WALLET_ADDRESS_RULE } from '../../src/venue/param-rules.js';
import { cli } from '../cli/run-cli.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  // The CLI signs with the wall clock, so the simulator's (fake) clock starts at the same time.
  h = await startSimHarness({ markets: 2, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
  env = liveEnvFor(h);
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
});

afterAll(async () => {
  await client?.close();
  await h?.close();
});

const requestsSoFar = async (): Promise<number> => (await h.stats()).requests_total as number;

async function refusal(call: Promise<unknown>): Promise<MakerdError> {
  try {
    await call;
  } catch (err) {
    expect(err).toBeInstanceOf(MakerdError);
    return err as MakerdError;
  }
  throw new Error('expected the call to be refused');
}

describe('the client refuses a malformed wallet address before sending', () => {
  const BAD = '0xnotanaddress';
  const cases: [string, string, (c: VenueClient) => Promise<unknown>][] = [
    ['GET /positions', 'user', (c) => c.getPositions({ user: BAD })],
    ['GET /trades', 'user', (c) => c.getTrades({ user: BAD })],
    ['GET /data/trades', 'taker', (c) => c.getAccountTrades({ taker: BAD })],
    ['GET /data/trades', 'maker', (c) => c.getAccountTrades({ maker: BAD })],
    ['GET /builder/trades', 'maker_address', (c) => c.getBuilderTrades({ maker_address: BAD })],
    ['GET /v1/leaderboard', 'user', (c) => c.getLeaderboard({ user: BAD })],
    ['GET /comments/user_address/{user_address}', 'user_address', (c) => c.getUserComments({ user_address: BAD })],
  ];

  for (const [route, param, call] of cases) {
    it(`${route} ${param}`, async () => {
      const before = await requestsSoFar();
      const err = await refusal(call(client));
      expect(err.code).toBe(ErrorCode.BAD_PARAMETER);
      expect(err.message).toContain(`parameter '${param}' ${WALLET_ADDRESS_RULE} (got "${BAD}")`);
      expect(await requestsSoFar()).toBe(before);
    });
  }

  it('the rule is 0x followed by exactly 40 hex digits, in any case', async () => {
    const address = h.credentials.address;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    for (const bad of [address.slice(0, -1), `${address}0`, address.slice(2), `0x${'g'.repeat(40)}`, ` ${address}`]) {
      expect((await refusal(client.getPositions({ user: bad }))).code, bad).toBe(ErrorCode.BAD_PARAMETER);
    }
    // Good addresses still reach the venue and are answered.
    expect(Array.isArray(await client.getPositions({ user: address }))).toBe(true);
    expect(Array.isArray(await client.getPositions({ user: `0x${address.slice(2).toUpperCase()}` }))).toBe(true);
  });
});

describe('makerd query with a malformed wallet address', () => {
  it('query positions --user 0xnotanaddress: exit 2, one line naming the parameter and the rule, nothing sent', async () => {
    const before = await requestsSoFar();
    const r = await cli(['query', 'positions', '--user', '0xnotanaddress'], env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `makerd: MAKERD_ERR_BAD_PARAMETER: GET /positions: parameter 'user' ${WALLET_ADDRESS_RULE} (got "0xnotanaddress") (see makerd --help)\n`,
    );
    expect(await requestsSoFar()).toBe(before);
  });

  it('the same for the other address parameters', async () => {
    for (const argv of [
      ['query', 'trades', '--user', '0x12'],
      ['query', 'account-trades', '--maker', 'alice'],
      ['query', 'builder-trades', '--maker-address=0x'],
      ['query', 'comments', '--user-address', '0xnotanaddress'],
    ]) {
      const r = await cli(argv, env);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(WALLET_ADDRESS_RULE);
    }
  });

  it('a well-formed address is answered as before', async () => {
    const r = await cli(['query', 'positions', '--user', h.credentials.address], env);
    expect(r.code).toBe(0);
    expect(Array.isArray(JSON.parse(r.stdout))).toBe(true);
  });
});
