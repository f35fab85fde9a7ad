/** Fakes of the parts a swap changes (src/daemon/quoted-set.ts QuotedSetParts), recording every call, on a fake clock. */
import { FakeClock } from '../../src/clock/fake-clock.js';
import { QuotedSet, type QuotedSetParts } from '../../src/daemon/quoted-set.js';
import type { SelectedMarket } from '../../src/market/market-selection.js';
import { Decimal } from '../../src/money.js';
import type { MarketBinding } from '../../src/trading/trading-loop.js';
import type { OpenOrder } from '../../src/venue/types.js';
import { logCapture } from '../support/log-capture.js';

export const market = (n: number): SelectedMarket => ({
  conditionId: `0xm${n}`,
  slug: `m${n}`,
  tokens: [`t${n}a`, `t${n}b`],
  entry: 'selector',
});

export const order = (id: string, m: string): OpenOrder =>
  ({ id, market: m, client_order_id: `ours-${id}`, asset_id: `${m}-tok`, side: 'BUY', price: '0.5' }) as OpenOrder;

/** `record`: the recording's hook (a MarketRecorder in the recording's tests). */
export function fakeQuotedParts(record?: QuotedSetParts['record']) {
  const clock = new FakeClock(1_000_000);
  const { logger, lines } = logCapture('info');
  const calls: string[] = [];
  const venueOrders: OpenOrder[] = [];
  const tracked = new Map<string, string[]>();
  const positions = new Map<string, Decimal>();
  let cancelFails = false;
  const loopMarkets = new Set<string>();
  const tracks: string[][] = [];
  let meta = new Set<string>();
  const parts: QuotedSetParts = {
    clock,
    logger,
    loop: {
      addMarket: (m) => {
        loopMarkets.add(m.conditionId);
        calls.push(`loop.add ${m.conditionId}`);
      },
      removeMarket: (id) => {
        loopMarkets.delete(id);
        calls.push(`loop.remove ${id}`);
      },
      binding: (id) => (loopMarkets.has(id) ? ({ conditionId: id } as MarketBinding) : undefined),
      markDirty: () => undefined,
    },
    poller: { setTokens: (t) => calls.push(`poller ${t.join(',')}`) },
    books: { forget: (t) => calls.push(`books.forget ${t.join(',')}`) },
    streams: {
      market: { setTokens: (t) => calls.push(`market-stream ${t.join(',')}`) },
      user: { setMarkets: (ids) => calls.push(`user-stream ${ids.join(',')}`) },
    },
    metadata: {
      track: (ids) => {
        meta = new Set(ids);
        tracks.push([...ids]);
      },
      markets: () => [...meta],
      refresh: async (id) => calls.push(`metadata.refresh ${id}`),
      get: () => ({ tickSize: new Decimal('0.01'), minOrderSize: new Decimal('5') }),
    },
    risk: {
      setOverride: (m, source, state) => calls.push(`risk ${m} ${source} ${state ?? 'cleared'}`),
      forgetMarket: (m) => calls.push(`risk.forget ${m}`),
    },
    executor: {
      submit: (m, tick, wanted, context) => calls.push(`submit ${m} ${tick.toFixed()} ${wanted.length} ${context.pull}`),
      busy: () => false,
      sync: async (_scope, m) => {
        calls.push(`sync ${m}`);
        tracked.set(
          m!,
          venueOrders.filter((o) => o.market === m).map((o) => o.id),
        );
      },
      sharedMarkets: new Set(),
      tracker: { ordersOf: (m) => tracked.get(m) ?? [] },
    },
    venue: {
      getOpenOrders: async () => ({ data: [...venueOrders], next_cursor: 'LTE=', limit: 100, count: venueOrders.length }),
      cancelMarketOrders: async ({ market: m }) => {
        if (cancelFails) throw new Error('cancel refused');
        const gone = venueOrders.filter((o) => o.market === m);
        for (const o of gone) venueOrders.splice(venueOrders.indexOf(o), 1);
        return { canceled: gone.map((o) => o.id), not_canceled: {} };
      },
      cancelOrder: async () => ({ canceled: [], not_canceled: {} }),
    },
    owns: (id) => id.startsWith('ours-'),
    positions: () => positions,
    scope: new Set<string>(),
    setWatched: (ms) => calls.push(`watched ${ms.map((m) => m.conditionId).join(',')}`),
    bind: (m) => ({ conditionId: m.conditionId }) as MarketBinding,
    trade: true,
    verifyDeadlineMs: 0,
    signal: new AbortController().signal,
    ...(record === undefined ? {} : { record }),
  };
  const set = new QuotedSet(parts, [market(1), market(2)]);
  for (const m of [market(1), market(2)]) loopMarkets.add(m.conditionId);
  meta = new Set(['0xm1', '0xm2']);
  return {
    clock,
    set,
    parts,
    calls,
    lines,
    venueOrders,
    tracked,
    positions,
    loopMarkets,
    tracks,
    failCancels: (v: boolean) => (cancelFails = v),
  };
}
