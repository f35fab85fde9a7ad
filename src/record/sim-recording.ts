/**
 * A recording of the simulator's markets made in-process on a virtual clock: hours of simulated
 * market in seconds, for the replay bench and tests. It goes through the recorder's own taps
 * (market-recorder.ts) and writer: the rules of every market (the catalog's answers to
 * /markets/{id}, /clob-markets/{id}, /fee-rate), a poll every `pollIntervalMs` (each book checked
 * as the venue client checks it, the midpoints), and every market-channel event the simulator's
 * server would send (src/sim/server/ws-events.ts), stamped with the clock's time.
 */
import { FakeClock } from '../clock/fake-clock.js';
import { tokensOf } from '../market/market-metadata.js';
import { EMBEDDED_SIMULATOR } from '../data-dir/venue-identity.js';
import { createCatalogLookup, generateCatalog } from '../sim/catalog/index.js';
import type { ExchangeEvent } from '../sim/contracts.js';
import { createSimExchange } from '../sim/exchange/index.js';
import { createOrderFlow, type FlowParams } from '../sim/flow/index.js';
import { createCatalogApi } from '../sim/server/catalog-api.js';
import { marketChannelEvent } from '../sim/server/ws-events.js';
import type { ClobMarketSettings, FeeRate, Market } from '../venue/types.js';
import { validateBook, validateMidpoints } from '../venue/validate/order-book.js';
import type { RecordingFigures } from './recording-session.js';
import { openRecording } from './recording-session.js';

export interface SimRecordingOptions {
  readonly dir: string;
  readonly group?: string;
  readonly seed: string;
  readonly markets: number;
  readonly hours: number;
  readonly pollIntervalMs?: number;
  readonly flushMs?: number;
  readonly flow?: Partial<FlowParams>;
}

export async function recordSimulation(o: SimRecordingOptions): Promise<RecordingFigures> {
  const catalog = generateCatalog({ seed: o.seed, markets: o.markets });
  const clock = new FakeClock(catalog.epochMs);
  const lookup = createCatalogLookup(catalog);
  const exchange = createSimExchange({ clock, catalog: lookup });
  const api = createCatalogApi(catalog, exchange, []);
  const flow = createOrderFlow({ clock, exchange, catalog, seed: o.seed, params: o.flow });
  const tokens = catalog.markets.flatMap((m) => [...m.tokenIds]);
  const session = openRecording(
    { dir: o.dir, group: o.group ?? 'sim', flushMs: o.flushMs ?? 2000, maxMegabytes: 1e6 },
    { clock, tokens, source: `in-process simulator, seed ${o.seed}`, venue: EMBEDDED_SIMULATOR },
  );
  const rec = session.recorder;
  const conditionIdOf = (t: string): string => lookup.token(t)?.conditionId ?? '';
  const unsubscribe = exchange.subscribe((e: ExchangeEvent) => {
    if (!('tokenId' in e)) return;
    const event = marketChannelEvent(e, exchange, conditionIdOf, clock.now());
    if (event !== undefined) rec.streamEvent(JSON.parse(JSON.stringify(event)) as Record<string, unknown>);
  });
  const meta = rec.metadataSource({
    getClobMarket: async (p) => api.clobMarket(p.condition_id) as ClobMarketSettings,
    getMarket: async (p) => api.market(p.condition_id) as Market,
    getFeeRate: async (p) => api.feeRate(p.token_id ?? '') as FeeRate,
  });
  const source = rec.bookSource({
    postBooks: async (ids) =>
      ids.flatMap((t) => {
        const b = exchange.book(t);
        return b === undefined ? [] : [validateBook('POST /books', JSON.parse(JSON.stringify(b)))];
      }),
    postMidpoints: async (ids) => {
      const m: Record<string, string> = {};
      for (const t of ids) {
        const mid = exchange.midpoint(t);
        if (mid !== undefined) m[t] = mid;
      }
      return validateMidpoints('POST /midpoints', m);
    },
  });
  // The sources answer at once (no I/O): each read settles before the next flow step.
  for (const m of catalog.markets) {
    await meta.getClobMarket({ condition_id: m.conditionId });
    const market = await meta.getMarket({ condition_id: m.conditionId });
    await meta.getFeeRate({ token_id: tokensOf(market)[0] });
  }
  const poll = o.pollIntervalMs ?? 1000;
  const stepMs = flow.params.stepMs;
  const endMs = clock.now() + Math.round(o.hours * 3_600_000);
  let nextPoll = clock.now();
  flow.step(0);
  while (clock.now() < endMs) {
    if (clock.now() >= nextPoll) {
      await source.postBooks(tokens);
      await source.postMidpoints(tokens);
      nextPoll += poll;
    }
    const dt = Math.min(stepMs, endMs - clock.now());
    clock.advance(dt);
    flow.step(dt);
  }
  unsubscribe();
  return session.close();
}
