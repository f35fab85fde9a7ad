/**
 * The client's check of a `GET /prices-history` answer: `history` an array of `{t, p}`, `t` whole
 * Unix seconds, `p` a number within [0, 1]. A malformed answer is refused with BAD_RESPONSE naming
 * the field, over real HTTP, and never retried; good ones (0 and 1 included) pass.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { rejectionOf } from '../support/catch-error.js';
import { FakeVenue } from '../support/fake-venue.js';
import * as F from '../support/venue-fixtures.js';

let venue: FakeVenue;
let client: VenueClient;

beforeAll(async () => {
  venue = await FakeVenue.start();
  client = createVenueClient({ baseUrl: venue.url, clock: new FakeClock() });
});
afterAll(async () => {
  await client.close();
  await venue.close();
});
beforeEach(() => venue.reset());

const call = () => client.getPricesHistory({ market: F.TOKEN_YES, interval: '1d' });

describe('GET /prices-history answer', () => {
  it('passes a good answer as it came, the bounds 0 and 1 included, and an empty history', async () => {
    const good = {
      history: [
        { t: 1_767_225_600, p: 0 },
        { t: 1_767_225_660, p: 0.523 },
        { t: 1_767_225_720, p: 1 },
      ],
    };
    venue.on('GET', '/prices-history', { json: good });
    expect(await call()).toEqual(good);
    expect(venue.requests[0]!.query).toBe(`market=${encodeURIComponent(F.TOKEN_YES)}&interval=1d`);
    venue.on('GET', '/prices-history', { json: { history: [] } });
    expect(await call()).toEqual({ history: [] });
  });

  const bad: [string, unknown, string][] = [
    ['not an object', [{ t: 1, p: 0.5 }], '(body)'],
    ['history missing', {}, 'history'],
    ['history not an array', { history: { t: 1, p: 0.5 } }, 'history'],
    ['a point not an object', { history: [7] }, 'history[0]'],
    ['t a string', { history: [{ t: '1767225600', p: 0.5 }] }, 'history[0].t'],
    ['t in milliseconds with a fraction', { history: [{ t: 1_767_225_600.5, p: 0.5 }] }, 'history[0].t'],
    ['t negative', { history: [{ t: -60, p: 0.5 }] }, 'history[0].t'],
    [
      'p a string',
      {
        history: [
          { t: 60, p: 0.5 },
          { t: 120, p: '0.5' },
        ],
      },
      'history[1].p',
    ],
    ['p above 1', { history: [{ t: 60, p: 1.000001 }] }, 'history[0].p'],
    ['p below 0', { history: [{ t: 60, p: -0.01 }] }, 'history[0].p'],
    ['p missing', { history: [{ t: 60 }] }, 'history[0].p'],
  ];
  for (const [name, reply, field] of bad)
    it(`refuses ${name}, naming ${field}`, async () => {
      venue.on('GET', '/prices-history', { json: reply });
      const err = await rejectionOf(call());
      expect(err.code).toBe(ErrorCode.BAD_RESPONSE);
      expect(err.field).toBe(field);
      expect(err.message).toContain(`GET /prices-history: response field '${field}'`);
      expect(venue.requests).toHaveLength(1);
    });

  it('refuses parameters that break the rules before sending', async () => {
    for (const [params, field] of [
      [{ market: 'no-outcome' }, 'market'],
      [{ market: F.TOKEN_YES, fidelity: 0 }, 'fidelity'],
      [{ market: F.TOKEN_YES, startTs: 100, endTs: 99 }, 'endTs'],
      [{ market: F.TOKEN_YES, interval: 'max', endTs: 99 }, 'endTs'],
    ] as const) {
      const err = await rejectionOf(client.getPricesHistory(params));
      expect(err.code).toBe(ErrorCode.BAD_PARAMETER);
      expect(err.field).toBe(field);
    }
    expect(venue.requests).toHaveLength(0);
  });
});
