/**
 * Markets that end, over real HTTP and WebSocket on a FakeClock (`ends: {everySec: 60,
 * resolveAfterSec: 30}`): the end dates in every listing, the close at the end (listings,
 * resting orders cancelled by the venue and told to their owners, the books emptied, new orders
 * refused, the simulator's record of it), the resolution 30 s later (prices 1 and 0, positions
 * redeemable, `market_resolved` on the market channel), the redeem (1 USDC a share of the winner,
 * once) and a neg-risk event resolving exactly one market Yes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogMarket } from '../../../src/sim/catalog/index.js';
import type { EndsView } from '../../../src/sim/ends/index.js';
import type { Market, OpenOrder, Paged, Position, SimplifiedMarket, VenueEvent } from '../../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectError } from '../server/shapes.js';
import { postOrder, rest, synthetic } from '../server/trade-helpers.js';
import { connect, isEvent, type WsTestClient } from '../server/ws-client.js';

let h: SimHarness;
let start: number;
/** A market of its own (not neg-risk), tick 0.01, minimum size at most 5, and its place in the listing. */
let single: CatalogMarket;
let k: number;
const open: WsTestClient[] = [];
const iso = (ms: number): string => new Date(ms).toISOString();

beforeAll(async () => {
  h = await startSimHarness({ markets: 10, ends: { everySec: 60, resolveAfterSec: 30 } });
  start = h.clock.now();
  k = h.sim.world.catalog.markets.findIndex((m) => !m.negRisk && m.tickSize === '0.01' && Number(m.minOrderSize) <= 5) + 1;
  single = h.sim.world.catalog.markets[k - 1]!;
});
afterAll(async () => {
  for (const c of open) c.close();
  await h.close();
});

/** Slot of each listed market: its place (1-based), or its neg-risk event's first market's. */
function expectedEnds(listed: readonly Market[]): string[] {
  const first = new Map<string, number>();
  return listed.map((m, i) => {
    if (m.neg_risk && !first.has(m.event.id)) first.set(m.event.id, i + 1);
    return iso(start + (m.neg_risk ? first.get(m.event.id)! : i + 1) * 60_000);
  });
}

const ends = async (): Promise<EndsView> => (await h.request<EndsView>('GET', '/_sim/ends')).body;
const marketOf = async (cid: string): Promise<Market> => (await h.request<Market>('GET', `/markets/${cid}`)).body;
const positions = async (query: Record<string, string | boolean> = {}): Promise<Position[]> =>
  (await h.request<Position[]>('GET', '/positions', { query: { user: h.credentials.address, sizeThreshold: 0, ...query } })).body;

describe('a run whose markets end every 60 s', () => {
  it("lists each market with its end: the k-th at start + k x 60 s, a neg-risk event at its first market's", async () => {
    expect(k).toBeGreaterThan(0);
    const listed = (await h.request<Paged<Market>>('GET', '/markets')).body.data;
    expect(listed).toHaveLength(10);
    expect(listed.some((m) => m.neg_risk)).toBe(true);
    expect(listed.map((m) => m.end_date_iso)).toEqual(expectedEnds(listed));
    expect(listed.every((m) => m.accepting_orders && !m.closed)).toBe(true);
    expect((await marketOf(single.conditionId)).end_date_iso).toBe(iso(start + k * 60_000));

    const eventSlug = listed[0]!.event.slug;
    const event = (await h.request<VenueEvent>('GET', `/events/slug/${eventSlug}`)).body;
    expect(event.endDate).toBe(iso(start + 60_000));
    expect(event.markets.map((m) => m.endDate)).toEqual(event.markets.map(() => iso(start + 60_000)));
    expect(event.closed).toBe(false);

    const view = await ends();
    expect(view).toMatchObject({ every_sec: 60, resolve_after_sec: 30, markets_scheduled: 10, markets_ended: 0, ended: [] });
    expect(view.next_end_date).toBe(iso(start + 60_000));
  });

  let resting: string;
  let stream: WsTestClient;
  let user: WsTestClient;

  it('closes the market at its end: listings say so, the venue cancels every resting order and refuses new ones', async () => {
    const [yes, no] = single.tokenIds;
    // The operator holds 10 of outcome 0 (at 0.40) and 6 of outcome 1 (at 0.55), and rests a bid.
    rest(h, synthetic(h, 0), yes, 'SELL', '0.4', '10');
    expect((await postOrder(h, { tokenId: yes, side: 'BUY', price: '0.4', size: '10', orderType: 'FAK' })).body.takingAmount).toBe('10');
    rest(h, synthetic(h, 0), no, 'SELL', '0.55', '6');
    expect((await postOrder(h, { tokenId: no, side: 'BUY', price: '0.55', size: '6', orderType: 'FAK' })).body.takingAmount).toBe('6');
    resting = (await postOrder(h, { tokenId: yes, side: 'BUY', price: '0.1', size: '5' })).body.orderID;
    const theirs = rest(h, synthetic(h, 1), no, 'SELL', '0.9', '5').orderID;

    user = await connect(`${h.sim.wsUrl}/ws/user`);
    stream = await connect(`${h.sim.wsUrl}/ws/market`);
    open.push(user, stream);
    user.send({ type: 'user', markets: [], auth: h.wsAuth() });
    user.send('PING');
    await user.next((m) => m === 'PONG');
    stream.send({ type: 'market', assets_ids: [yes, no] });
    expect(((await stream.next(isEvent('book', { asset_id: yes }))) as { bids: unknown[] }).bids).toHaveLength(1);
    expect(((await stream.next(isEvent('book', { asset_id: no }))) as { asks: unknown[] }).asks).toHaveLength(1);

    const endMs = start + k * 60_000;
    h.clock.advanceTo(endMs - 1);
    const before = await marketOf(single.conditionId);
    expect(before).toMatchObject({ closed: false, accepting_orders: true });
    h.clock.advance(1);

    // Every listing that carries the flags shows the close.
    expect(await marketOf(single.conditionId)).toMatchObject({ closed: true, accepting_orders: false, active: true });
    const listed = (await h.request<Paged<Market>>('GET', '/markets')).body.data.find((m) => m.condition_id === single.conditionId)!;
    expect(listed).toMatchObject({ closed: true, accepting_orders: false });
    const simple = (await h.request<Paged<SimplifiedMarket>>('GET', '/simplified-markets')).body.data;
    expect(simple.find((m) => m.condition_id === single.conditionId)).toMatchObject({ closed: true, accepting_orders: false });
    const event = (await h.request<VenueEvent>('GET', `/events/slug/${listed.event.slug}`)).body;
    expect(event.closed).toBe(true);
    expect(event.markets.find((m) => m.conditionId === single.conditionId)!.closed).toBe(true);
    // Token prices stay what they were at the close (the books are empty now), no winner yet.
    expect(listed.tokens.map((t) => [t.price, t.winner])).toEqual(before.tokens.map((t) => [t.price, false]));

    // The owners hear of the cancellations; the market channel shows the books emptied.
    expect(await user.next(isEvent('order', { type: 'CANCELLATION', id: resting }))).toMatchObject({
      status: 'CANCELED',
      market: single.conditionId,
    });
    expect(await stream.next(isEvent('book', { asset_id: yes }))).toMatchObject({ bids: [], asks: [] });
    expect(await stream.next(isEvent('book', { asset_id: no }))).toMatchObject({ bids: [], asks: [] });
    expect(h.sim.world.exchange.order(synthetic(h, 1), theirs)?.status).toBe('CANCELED');
    const mine = await h.signed<Paged<OpenOrder>>('GET', '/data/orders', { query: { market: single.conditionId } });
    expect(mine.body.data).toEqual([]);

    // New orders are refused, naming the market as closed.
    const refused = await postOrder(h, { tokenId: yes, side: 'BUY', price: '0.2', size: '5' });
    expect(expectError(refused, 400, 'BAD_PARAMETER', "'order.asset_id'")).toContain(`market ${single.conditionId} is closed`);

    // The simulator's own record: when, and what rested there (the operator's one order apart).
    const view = await ends();
    expect(view.ended.find((e) => e.market === single.conditionId)).toEqual({
      market: single.conditionId,
      question: single.question,
      neg_risk: false,
      end_date: iso(endMs),
      closed_at_ms: endMs,
      resolution_date: iso(endMs + 30_000),
      resolved_at_ms: null,
      winning_outcome: null,
      winning_outcome_index: null,
      winning_asset_id: null,
      orders_cancelled: 2,
      operator_orders_cancelled: 1,
    });

    // Not redeemable yet.
    expect((await positions({ redeemable: true })).filter((p) => p.conditionId === single.conditionId)).toEqual([]);
    const early = await h.request('POST', '/_sim/redeem', { body: { market: single.conditionId } });
    expect(expectError(early, 400, 'BAD_PARAMETER', "'market'")).toContain(`has not resolved (it resolves at ${iso(endMs + 30_000)})`);
  });

  let winner: 0 | 1;

  it('resolves 30 s later: prices 1 and 0, positions redeemable, the market channel told', async () => {
    const endMs = start + k * 60_000;
    h.clock.advanceTo(endMs + 30_000 - 1);
    expect((await ends()).ended.find((e) => e.market === single.conditionId)!.resolved_at_ms).toBeNull();
    h.clock.advance(1);

    const record = (await ends()).ended.find((e) => e.market === single.conditionId)!;
    expect(record.resolved_at_ms).toBe(endMs + 30_000);
    winner = record.winning_outcome_index!;
    expect([0, 1]).toContain(winner);
    const winning = single.tokenIds[winner];
    expect(record).toMatchObject({ winning_outcome: single.outcomes[winner], winning_asset_id: winning });

    for (const id of single.tokenIds) {
      expect(await stream.next(isEvent('market_resolved', { asset_id: id }))).toEqual({
        event_type: 'market_resolved',
        asset_id: id,
        market: single.conditionId,
        winning_asset_id: winning,
        winning_outcome: single.outcomes[winner],
        timestamp: String(endMs + 30_000),
      });
    }
    const tokens = (await marketOf(single.conditionId)).tokens;
    expect(tokens.map((t) => [t.price, t.winner])).toEqual(single.tokenIds.map((_, i) => [i === winner ? 1 : 0, i === winner]));

    const redeemable = (await positions({ redeemable: true })).filter((p) => p.conditionId === single.conditionId);
    expect(redeemable.map((p) => [p.asset, p.size, p.curPrice, p.redeemable, p.endDate])).toEqual(
      expect.arrayContaining([
        [single.tokenIds[0], 10, winner === 0 ? 1 : 0, true, iso(endMs)],
        [single.tokenIds[1], 6, winner === 1 ? 1 : 0, true, iso(endMs)],
      ]),
    );
    expect(redeemable).toHaveLength(2);
    // currentValue at the settlement price: 10 x 1 or 6 x 1 for the winner, 0 for the loser.
    expect(redeemable.find((p) => p.asset === winning)!.currentValue).toBe(winner === 0 ? 10 : 6);
  });

  it('redeems: 1 USDC a share of the winner into the balance, the positions gone, and only once', async () => {
    const credit = winner === 0 ? '10.000000' : '6.000000';
    const r = await h.request<Record<string, unknown>>('POST', '/_sim/redeem', { body: { market: single.conditionId } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      market: single.conditionId,
      account: h.credentials.address.toLowerCase(),
      winning_outcome: single.outcomes[winner],
      winning_asset_id: single.tokenIds[winner],
      redeemed: [
        { asset_id: single.tokenIds[0], size: '10', payout: winner === 0 ? '10.000000' : '0.000000' },
        { asset_id: single.tokenIds[1], size: '6', payout: winner === 1 ? '6.000000' : '0.000000' },
      ],
      credited: credit,
      balance: credit,
    });
    const balance = await h.request('GET', '/_sim/balance', { query: { account: h.credentials.address } });
    expect(balance.body).toEqual({ account: h.credentials.address.toLowerCase(), balance: credit });
    expect((await positions()).filter((p) => p.conditionId === single.conditionId)).toEqual([]);

    const again = await h.request<Record<string, unknown>>('POST', '/_sim/redeem', { body: { market: single.conditionId } });
    expect(again.body).toMatchObject({ redeemed: [], credited: '0.000000', balance: credit });
    expect((await h.request('GET', '/_sim/balance', { query: { account: h.credentials.address } })).body).toMatchObject({
      balance: credit,
    });

    expectError(await h.request('POST', '/_sim/redeem', { body: { market: '0xnope' } }), 404, 'NOT_FOUND', '0xnope');
    expectError(await h.request('POST', '/_sim/redeem', { body: {} }), 400, 'BAD_PARAMETER', "'market' is required");
    expectError(
      await h.request('POST', '/_sim/redeem', { body: { market: single.conditionId, account: 7 } }),
      400,
      'BAD_PARAMETER',
      "'account'",
    );
  });

  it("ends a neg-risk event's markets together and resolves exactly one of them Yes", async () => {
    const first = h.sim.world.catalog.markets[0]!;
    expect(first.negRisk).toBe(true);
    const members = h.sim.world.catalog.markets.filter((m) => m.eventId === first.eventId);
    expect(members.length).toBeGreaterThan(1);
    const records = (await ends()).ended.filter((e) => members.some((m) => m.conditionId === e.market));
    expect(records).toHaveLength(members.length);
    for (const r of records) expect(r).toMatchObject({ neg_risk: true, closed_at_ms: start + 60_000, resolved_at_ms: start + 90_000 });
    expect(records.filter((r) => r.winning_outcome_index === 0)).toHaveLength(1);
    const listed = await Promise.all(members.map((m) => marketOf(m.conditionId)));
    expect(listed.filter((m) => m.tokens[0]!.winner)).toHaveLength(1);
    expect(listed.every((m) => m.closed && !m.accepting_orders)).toBe(true);
    const event = (await h.request<VenueEvent>('GET', `/events/slug/${listed[0]!.event.slug}`)).body;
    expect(event).toMatchObject({ closed: true, endDate: iso(start + 60_000) });
  });
});
