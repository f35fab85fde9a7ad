/**
 * The fill feed: GET /data/trades (with `after`) and user-stream trades through one queue. A fill
 * the stream counted must never move the poll's `after` past a trade the poll has not counted yet
 * (its market's fee schedule not known yet, a journal write that failed): that trade would never be
 * fetched again — a fill lost.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { FillDeduper } from '../../src/portfolio/fill.js';
import { FillFeed } from '../../src/portfolio/fill-feed.js';
import type { FeeTerms } from '../../src/portfolio/fill-fees.js';
import { FillJournal } from '../../src/portfolio/journal.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import type { AccountTrade, Paged } from '../../src/venue/types.js';
import { TAKER_ONLY, T0 } from './support.js';

const US = { address: '0xabcd000000000000000000000000000000000001', apiKey: 'key-us' };

/** Our resting order `orderId` filled (maker view) in `market` at `atMs`. */
function makerTrade(id: string, market: string, atMs: number): AccountTrade {
  const time = new Date(atMs).toISOString();
  return {
    id,
    taker_order_id: `taker-${id}`,
    market,
    asset_id: `${market}:0`,
    side: 'BUY',
    size: '5',
    fee_rate_bps: '0',
    price: '0.4',
    status: 'MATCHED',
    match_time: time,
    last_update: time,
    outcome: 'Yes',
    maker_address: US.address,
    owner: US.apiKey,
    transaction_hash: '0xhash',
    bucket_index: 0,
    maker_orders: [
      {
        order_id: `ours-${id}`,
        maker_address: US.address,
        owner: US.apiKey,
        matched_amount: '5',
        fee_rate_bps: '0',
        price: '0.4',
        asset_id: `${market}:0`,
        outcome: 'Yes',
        side: 'SELL',
      },
    ],
    type: 'MAKER',
  } as AccountTrade;
}

/** GET /data/trades over a list, with `after` (Unix seconds, strict). */
function venueOf(trades: AccountTrade[]) {
  const afters: (number | undefined)[] = [];
  return {
    afters,
    async getAccountTrades(params: { after?: number }): Promise<Paged<AccountTrade>> {
      afters.push(params.after);
      const data = trades.filter((t) => params.after === undefined || Math.floor(Date.parse(t.match_time) / 1000) > params.after);
      return { data, next_cursor: 'LTE=', limit: 100, count: data.length };
    },
  };
}

let journal: FillJournal | undefined;
afterEach(async () => {
  await journal?.close();
  journal = undefined;
});

function feedWith(venue: ReturnType<typeof venueOf>, fees: (m: string) => FeeTerms | undefined) {
  const clock = new FakeClock(T0 + 60_000);
  journal = new FillJournal({ dataDir: mkdtempSync(join(tmpdir(), 'makerd-feed-')), clock });
  const portfolio = new Portfolio({ clock });
  const feed = new FillFeed({
    venue,
    account: US,
    fees,
    scope: new Set(['0xa', '0xb']),
    journal,
    portfolio,
    deduper: new FillDeduper(),
    clock,
    pollIntervalMs: 1_000,
    lastTimestampMs: undefined,
  });
  return { feed, portfolio };
}

describe('FillFeed', () => {
  it('a stream fill does not move the poll past a trade it could not count yet: no fill lost', async () => {
    const early = makerTrade('early', '0xa', T0); // market 0xa: fee schedule not known at first
    const late = makerTrade('late', '0xb', T0 + 30_000); // 30 s later, market 0xb
    const venue = venueOf([early, late]);
    let aKnown = false;
    const { feed, portfolio } = feedWith(venue, (m) => (m === '0xa' && !aKnown ? undefined : TAKER_ONLY));

    expect(await feed.catchUp()).toBe(0); // 0xa's schedule unknown: nothing counted, fetched again later
    expect(await feed.ingestTrades([late])).toBe(1); // the user stream reports the later trade
    aKnown = true;
    await feed.catchUp();

    expect(portfolio.position('0xa:0').toFixed()).toBe('-5'); // our resting SELL
    expect(portfolio.position('0xb:0').toFixed()).toBe('-5');
    expect(feed.stats.fills).toBe(2);
  });

  it('the poll still moves on past trades it has counted (the stream counted them first)', async () => {
    const t1 = makerTrade('t1', '0xa', T0);
    const venue = venueOf([t1]);
    const { feed } = feedWith(venue, () => TAKER_ONLY);
    await feed.ingestTrades([t1]);
    await feed.catchUp();
    await feed.catchUp();
    expect(venue.afters.at(-1)).toBe(Math.floor(T0 / 1000) - 1);
    expect(feed.stats).toMatchObject({ fills: 1, duplicates: 2 });
  });
});

describe('FillFeed: journal health', () => {
  it('reports every refused journal write (nothing counted), then its recovery', async () => {
    const clock = new FakeClock(T0 + 60_000);
    let failing = true;
    const stubJournal = {
      append: async (fills: readonly unknown[]) => {
        if (failing) throw new Error('ENOSPC: no space left on device');
        return { file: 'x', fills: fills.length, bytes: 1, latencyMs: 0 };
      },
    } as unknown as FillJournal;
    const health: boolean[] = [];
    const portfolio = new Portfolio({ clock });
    const feed = new FillFeed({
      venue: venueOf([makerTrade('t1', '0xa', T0)]),
      account: US,
      fees: () => TAKER_ONLY,
      scope: new Set(['0xa']),
      journal: stubJournal,
      portfolio,
      deduper: new FillDeduper(),
      clock,
      pollIntervalMs: 1_000,
      lastTimestampMs: undefined,
      onJournalHealth: (healthy) => health.push(healthy),
    });
    await expect(feed.catchUp()).rejects.toThrow(/ENOSPC/);
    await expect(feed.catchUp()).rejects.toThrow(/ENOSPC/);
    expect(portfolio.position('0xa:0').toFixed()).toBe('0');
    failing = false;
    expect(await feed.catchUp()).toBe(1);
    expect(portfolio.position('0xa:0').toFixed()).toBe('-5');
    expect(health).toEqual([false, false, true]);
  });
});
