/**
 * Market selection against the simulator over real HTTP: explicit condition ids and slugs
 * (sampling market, event, plain market), the selector's top N with and without a tag, the
 * shard split, and the CONFIG errors of entries that resolve to nothing. A fake client covers
 * what the simulator never serves (non-binary and closed markets, a listing longer than the bound).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { selectMarkets, selectMarketsDetailed, type SelectionClient, type SelectionSpec } from '../../src/market/market-selection.js';
import type { CatalogMarket, SimCatalog } from '../../src/sim/catalog/catalog-model.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import type { Market, Paged, SimplifiedMarket } from '../../src/venue/types.js';
import { rejectionOf } from '../support/catch-error.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;
let catalog: SimCatalog;
let sampling: CatalogMarket[];

beforeAll(async () => {
  h = await startSimHarness({ markets: 40 });
  client = createVenueClient({ baseUrl: h.baseUrl, clock: h.clock });
  catalog = h.sim.world.catalog;
  sampling = catalog.markets.filter((m) => m.rewards.min_size > 0);
});

afterAll(async () => {
  await client?.close();
  await h?.close();
});

function spec(patch: Partial<SelectionSpec>): SelectionSpec {
  return { markets: [], selector: { top: 0, tag: '' }, shard: { index: 0, count: 1 }, ...patch };
}

const tokensOf = (m: CatalogMarket) => [m.tokenIds[0], m.tokenIds[1]];

describe('selectMarkets against the simulator', () => {
  it('resolves explicit condition ids with GET /markets/{id}, in config order', async () => {
    const [a, b] = [catalog.markets[5]!, catalog.markets[2]!];
    const selected = await selectMarkets(client, spec({ markets: [{ market: a.conditionId }, { market: b.conditionId, strategy: 'x' }] }));
    expect(selected).toEqual([
      { conditionId: a.conditionId, slug: a.slug, question: a.question, tokens: tokensOf(a), entry: 0 },
      { conditionId: b.conditionId, slug: b.slug, question: b.question, tokens: tokensOf(b), entry: 1 },
    ]);
  });

  it('resolves slugs: a sampling market, an event (all its markets), a market outside the sampling listing', async () => {
    const inSampling = sampling[0]!;
    const multi = catalog.events.find((e) => e.conditionIds.length >= 3)!;
    const notSampling = catalog.markets.find((m) => m.rewards.min_size === 0 && !multi.conditionIds.includes(m.conditionId))!;
    // A plain market's slug must not also be an event slug, or the event would answer first.
    expect(catalog.events.some((e) => e.slug === notSampling.slug)).toBe(false);
    const selected = await selectMarkets(
      client,
      spec({ markets: [{ market: inSampling.slug }, { market: multi.slug }, { market: notSampling.slug }] }),
    );
    const expected = [
      { conditionId: inSampling.conditionId, entry: 0 },
      ...multi.conditionIds.filter((id) => id !== inSampling.conditionId).map((conditionId) => ({ conditionId, entry: 1 })),
      { conditionId: notSampling.conditionId, entry: 2 },
    ];
    expect(selected.map((m) => ({ conditionId: m.conditionId, entry: m.entry }))).toEqual(expected);
    const eventMarket = catalog.markets.find((m) => m.conditionId === multi.conditionIds[1])!;
    expect(selected.find((m) => m.conditionId === eventMarket.conditionId)).toMatchObject({
      slug: eventMarket.slug,
      // From the event's market list: its question too (for /status and the log lines).
      question: eventMarket.question,
      tokens: tokensOf(eventMarket),
    });
  });

  it('selector: the first N markets of the sampling listing, in listing order', async () => {
    expect(sampling.length).toBeGreaterThanOrEqual(6);
    const selected = await selectMarkets(client, spec({ selector: { top: 4, tag: '' } }));
    expect(selected).toEqual(
      sampling.slice(0, 4).map((m) => ({
        conditionId: m.conditionId,
        slug: m.slug,
        question: m.question,
        tokens: tokensOf(m),
        entry: 'selector',
      })),
    );
  });

  it('selector with a tag keeps only markets carrying it (label or slug form, any case)', async () => {
    const tagsOf = (m: CatalogMarket) =>
      catalog.events.find((e) => e.id === m.eventId)!.tagIds.map((id) => catalog.tags.find((t) => t.id === id)!);
    // A tag carried by some sampling markets but not by the first one.
    const tag = catalog.tags.find((t) => sampling.some((m) => tagsOf(m).includes(t)) && !tagsOf(sampling[0]!).includes(t))!;
    const expected = sampling.filter((m) => tagsOf(m).includes(tag)).slice(0, 2);
    for (const spelled of [tag.label, tag.label.toUpperCase(), tag.slug]) {
      const selected = await selectMarkets(client, spec({ selector: { top: 2, tag: spelled } }));
      expect(selected.map((m) => m.conditionId)).toEqual(expected.map((m) => m.conditionId));
    }
  });

  it('counts a market both listed and selected once, under its explicit entry', async () => {
    const r = await selectMarketsDetailed(client, spec({ markets: [{ market: sampling[1]!.conditionId }], selector: { top: 3, tag: '' } }));
    expect(r.selected.map((m) => [m.conditionId, m.entry])).toEqual([
      [sampling[1]!.conditionId, 0],
      [sampling[0]!.conditionId, 'selector'],
      [sampling[2]!.conditionId, 'selector'],
    ]);
    expect(r.skipped).toEqual([
      { conditionId: sampling[1]!.conditionId, slug: sampling[1]!.slug, entry: 'selector', reason: 'duplicate of markets[0]' },
    ]);
  });

  it('splits one selection over count=3 into disjoint shards whose union is the whole', async () => {
    const base = spec({
      markets: [{ market: catalog.markets[0]!.conditionId }, { market: catalog.markets[1]!.slug }],
      selector: { top: 8, tag: '' },
    });
    const whole = await selectMarkets(client, base);
    expect(whole.length).toBeGreaterThanOrEqual(9);
    const shards = await Promise.all([0, 1, 2].map((index) => selectMarketsDetailed(client, { ...base, shard: { index, count: 3 } })));
    const ids = shards.map((s) => s.selected.map((m) => m.conditionId));
    const union = ids.flat();
    expect(new Set(union).size).toBe(union.length); // disjoint
    expect([...union].sort()).toEqual(whole.map((m) => m.conditionId).sort());
    for (const s of shards) expect(s.total).toBe(whole.length);
    // Each shard keeps the whole selection's order.
    for (const list of ids) expect(list).toEqual(whole.map((m) => m.conditionId).filter((id) => list.includes(id)));
  });

  it('an entry that resolves to nothing is a CONFIG error naming the entry and why', async () => {
    const slugErr = await rejectionOf(
      selectMarkets(client, spec({ markets: [{ market: sampling[0]!.slug }, { market: 'no-such-market-anywhere' }] })),
    );
    expect(slugErr.code).toBe(ErrorCode.CONFIG);
    expect(slugErr.field).toBe('markets[1].market');
    expect(slugErr.message).toContain('"no-such-market-anywhere"');
    expect(slugErr.message).toMatch(/no market or event has this slug.*sampling-simplified-markets.*events\/slug.*simplified-markets/);

    const unknownId = `0x${'ab'.repeat(32)}`;
    const idErr = await rejectionOf(selectMarkets(client, spec({ markets: [{ market: unknownId }] })));
    expect(idErr.code).toBe(ErrorCode.CONFIG);
    expect(idErr.message).toBe(
      `market selection: markets[0].market "${unknownId}": no market with this condition id (GET /markets/{condition_id} answered 404)`,
    );
  });

  it('rejects a malformed spec before any request', async () => {
    for (const [bad, field] of [
      [spec({ markets: [{ market: ' ' }] }), 'markets[0].market'],
      [spec({ selector: { top: -1, tag: '' } }), 'selector.top'],
      [spec({ shard: { index: 2, count: 2 } }), 'shard.index'],
    ] as const) {
      const err = await rejectionOf(selectMarkets(client, bad));
      expect(err.code).toBe(ErrorCode.CONFIG);
      expect(err.field).toBe(field);
    }
  });
});

describe('selectMarkets on shapes the simulator never serves', () => {
  const id = (i: number) => `0x${i.toString(16).padStart(64, '0')}`;
  function simplified(i: number, patch: Partial<SimplifiedMarket> = {}): SimplifiedMarket {
    const cid = id(i);
    return {
      condition_id: cid,
      slug: `m-${i}`,
      active: true,
      closed: false,
      archived: false,
      accepting_orders: true,
      outcomes: ['Yes', 'No'],
      tokens: [
        { token_id: `${cid}:1`, outcome: 'No', mirror_token_id: '', price: 0.5, winner: false },
        { token_id: `${cid}:0`, outcome: 'Yes', mirror_token_id: '', price: 0.5, winner: false },
      ],
      ...patch,
    } as SimplifiedMarket;
  }

  function fakeClient(pages: SimplifiedMarket[][]): SelectionClient & { pagesRead: () => number } {
    let read = 0;
    async function* walk(): AsyncGenerator<Paged<SimplifiedMarket>> {
      for (const [i, data] of pages.entries()) {
        read++;
        yield { data, next_cursor: i === pages.length - 1 ? 'LTE=' : String(i + 1), limit: data.length, count: data.length };
      }
    }
    return {
      getMarket: async ({ condition_id }) => {
        const m = pages.flat().find((x) => x.condition_id === condition_id);
        if (!m) throw new MakerdError(ErrorCode.NOT_FOUND, 'not found');
        return { ...m, enable_order_book: true, tags: [] } as unknown as Market;
      },
      getEventBySlug: async () => {
        throw new MakerdError(ErrorCode.NOT_FOUND, 'not found');
      },
      iterateSamplingSimplifiedMarkets: () => walk(),
      iterateSimplifiedMarkets: () => walk(),
      pagesRead: () => read,
    };
  }

  it('skips non-binary, closed and not-accepting markets with a reason, and orders tokens by outcome index', async () => {
    const three = simplified(2);
    three.tokens.push({ ...three.tokens[0]!, token_id: `${id(2)}:2` });
    const c = fakeClient([
      [simplified(1, { closed: true }), three, simplified(3, { accepting_orders: false }), simplified(4), simplified(5)],
    ]);
    const r = await selectMarketsDetailed(c, spec({ selector: { top: 2, tag: '' } }));
    expect(r.selected.map((m) => m.conditionId)).toEqual([id(4), id(5)]);
    expect(r.selected[0]!.tokens).toEqual([`${id(4)}:0`, `${id(4)}:1`]);
    // Explicit entries report why they are skipped.
    const explicit = await selectMarketsDetailed(c, spec({ markets: [{ market: 'm-1' }, { market: 'm-2' }, { market: 'm-3' }] }));
    expect(explicit.selected).toEqual([]);
    expect(explicit.skipped.map((s) => [s.entry, s.reason])).toEqual([
      [0, 'closed'],
      [1, 'not binary (3 tokens)'],
      [2, 'not accepting orders'],
    ]);
  });

  it('reads a listing only as far as needed, and at most maxPages pages', async () => {
    const pages = Array.from({ length: 30 }, (_, p) => [simplified(p * 2 + 10), simplified(p * 2 + 11)]);
    const c = fakeClient(pages);
    await selectMarkets(c, spec({ selector: { top: 3, tag: '' } }));
    expect(c.pagesRead()).toBe(2);
    const bounded = fakeClient(pages);
    const err = await rejectionOf(selectMarketsDetailed(bounded, spec({ markets: [{ market: 'm-999' }] }), { maxPages: 5 }));
    expect(err.message).toContain('the first 5 pages of GET /sampling-simplified-markets');
    expect(bounded.pagesRead()).toBe(10); // 5 of each listing
  });
});
