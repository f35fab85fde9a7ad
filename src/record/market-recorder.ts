/**
 * What a recorder records, as taps on the parts that read the venue: the book source of the
 * poller (POST /books, POST /midpoints), the metadata source (the three reads that make a market's
 * rules) and the market stream's raw events. A tap hands the answer on unchanged and writes what
 * the venue sent (the checked answer's text, not the numbers parsed from it).
 *
 * `receivedBytes` counts the JSON text of everything recorded (as JSON.stringify writes it, which
 * is the venue's compact form), to measure the compression against.
 */
import { randomUUID } from 'node:crypto';
import type { BookSource } from '../market/poller.js';
import type { MetadataSource } from '../market/metadata-cache.js';
import { marketOf } from '../market/token-id.js';
import type { ClobMarketSettings, Market } from '../venue/types.js';
import type { MetaRecord, QuotedState, RecordBody, RunRecord, SwapRecord } from './recording-format.js';

export interface RecordSink {
  append(body: RecordBody): void;
}

export class MarketRecorder {
  readonly #sink: RecordSink;
  /** The tokens whose stream events are recorded: the market stream's (the selector's swaps change them). */
  #tokens: Set<string>;
  /** The run's quoted set, once it has one that changes (selector swaps): written again at the start of every segment. */
  #set: Map<string, QuotedState> | undefined;
  /** Latest rules per market: written again at the start of every segment. */
  readonly #meta = new Map<string, MetaRecord>();
  /** Per token: the last book snapshot written in this segment, without its timestamp. */
  #lastBook = new Map<string, string>();
  /** The recording daemon's trading mode: written again at the start of every segment. */
  #run: RunRecord | undefined;
  receivedBytes = 0;

  constructor(sink: RecordSink, tokens: readonly string[]) {
    this.#sink = sink;
    this.#tokens = new Set(tokens);
  }

  #write(body: RecordBody, bytes: number): void {
    this.receivedBytes += bytes;
    this.#sink.append(body);
  }

  /** A new segment: it must stand alone, so the markets' latest rules are written again and no book refers back. */
  newSegment(): void {
    this.#lastBook = new Map();
    if (this.#run !== undefined) this.#sink.append(this.#run);
    for (const m of this.#meta.values()) this.#sink.append(m);
    if (this.#set !== undefined) this.#sink.append({ k: 'set', m: Object.fromEntries(this.#set) });
  }

  get tokens(): readonly string[] {
    return [...this.#tokens];
  }

  /** The market stream's tokens changed (a swap): their events are recorded from now on, others no longer. */
  setTokens(tokens: readonly string[]): void {
    this.#tokens = new Set(tokens);
  }

  /** The run's quoted set at start (selector swaps on): a replay quotes these markets, and others from their `join`. */
  quotedSet(markets: readonly string[]): void {
    this.#set = new Map(markets.map((m) => [m, 'quoted']));
    this.#sink.append({ k: 'set', m: Object.fromEntries(this.#set) });
  }

  /** A swap's step (recording-format.ts SwapRecord), where the daemon took it. */
  swap(market: string, to: SwapRecord['to']): void {
    if (to === 'released') this.#set?.delete(market);
    else this.#set?.set(market, to === 'join' ? 'quoted' : to);
    this.#sink.append({ k: 'swap', m: market, to });
  }

  /** `makerd run`'s trading mode (a replay refuses a live run's books, which hold our orders), and its id (a restart is a new one). */
  run(mode: RunRecord['mode']): void {
    this.#run = { k: 'run', mode, id: randomUUID() };
    this.#sink.append(this.#run);
  }

  /** The trading loop ran a market's strategy: a replay of a paper run evaluates it here too. */
  evaluated(market: string): void {
    this.#sink.append({ k: 'eval', m: market });
  }

  /** `n` fills reached the portfolio (and the positions the strategies read). */
  fillsCounted(n: number): void {
    if (n > 0) this.#sink.append({ k: 'fills', n });
  }

  meta(market: string, m: Market, c: ClobMarketSettings, f: unknown): void {
    const rec: MetaRecord = { k: 'meta', market, m, c, f };
    this.#meta.set(market, rec);
    this.#write(rec, JSON.stringify(m).length + JSON.stringify(c).length + JSON.stringify(f).length);
  }

  /** A raw market-channel event; events of tokens not recorded are left out. */
  streamEvent(e: Record<string, unknown>): void {
    if (typeof e.asset_id === 'string' && !this.#tokens.has(e.asset_id)) return;
    this.#write({ k: 'ws', e }, JSON.stringify(e).length);
  }

  streamState(state: 'ws-open' | 'ws-close'): void {
    this.#sink.append({ k: state });
  }

  /** The poller's source, recording each answer. */
  bookSource(source: BookSource): BookSource {
    return {
      postBooks: async (tokenIds, options) => {
        const books = await source.postBooks(tokenIds, options);
        let bytes = 2;
        const b = books.map((x) => {
          const snap = x.snapshot;
          const rest = JSON.stringify({ ...snap, timestamp: '' });
          bytes += rest.length + snap.timestamp.length + 1;
          // A book as the last one but for its time is written as a reference to it.
          if (this.#lastBook.get(snap.asset_id) === rest) return { asset_id: snap.asset_id, timestamp: snap.timestamp, same: snap.hash };
          this.#lastBook.set(snap.asset_id, rest);
          return snap;
        });
        this.#write({ k: 'books', b }, bytes);
        return books;
      },
      postMidpoints: async (tokenIds, options) => {
        const mids = await source.postMidpoints(tokenIds, options);
        this.#write({ k: 'mids', m: mids.record }, JSON.stringify(mids.record).length);
        return mids;
      },
    };
  }

  /** A client whose book and rules reads are recorded (its other calls untouched). */
  tap<T extends BookSource & MetadataSource>(client: T): T {
    return { ...client, ...this.bookSource(client), ...this.metadataSource(client) };
  }

  /** The metadata source, recording a market's three answers once the last (the fee rate) is in. */
  metadataSource(source: MetadataSource): MetadataSource {
    const clobs = new Map<string, ClobMarketSettings>();
    const markets = new Map<string, Market>();
    return {
      getClobMarket: async (params, options) => {
        const c = await source.getClobMarket(params, options);
        clobs.set(params.condition_id, c);
        return c;
      },
      getMarket: async (params, options) => {
        const m = await source.getMarket(params, options);
        markets.set(params.condition_id, m);
        return m;
      },
      getFeeRate: async (params, options) => {
        const f = await source.getFeeRate(params, options);
        const market = params.token_id === undefined ? undefined : marketOf(params.token_id);
        const c = market === undefined ? undefined : clobs.get(market);
        const m = market === undefined ? undefined : markets.get(market);
        if (market !== undefined && c !== undefined && m !== undefined) this.meta(market, m, c, f);
        return f;
      },
    };
  }
}
