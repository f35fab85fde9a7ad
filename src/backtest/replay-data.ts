/**
 * A recording (src/record) made ready for replay, once, whatever the number of strategies run on
 * it: every record checked as the daemon checks the venue's answers (validateBook,
 * validateMidpoints, checkMarketEvent, toMarketMeta) and turned into events in receive-time order.
 *
 * - A poll is a `books` record and the `mids` record of the same poll (either order); a `books`
 *   record whose midpoints never came is a poll without them, as in the daemon.
 * - A polled snapshot is checked and parsed when first used (PolledBook): a replay whose book of
 *   the token already has that hash (kept up to date by the stream) reuses its levels.
 * - A record that fails its check is reported (`problems`) and left out; nothing guesses.
 * - `digest`: SHA-256 of the segment files' bytes, in order: two runs with one digest saw identical data.
 * - Checks are the venue client's, with each decimal text parsed once (replay-parse.ts).
 */
import { createHash } from 'node:crypto';
import { ErrorCode, isMakerdError, MakerdError } from '../errors.js';
import { toMarketMeta } from '../market/market-metadata.js';
import type { MarketMeta } from '../market/market-view.js';
import type { StreamBook, StreamPriceChange } from '../market/market-stream.js';
import type { Decimal } from '../money.js';
import type { Level, PublicTrade, Side } from '../paper/queue-fill-model.js';
import type { QuotedState, SwapRecord } from '../record/recording-format.js';
import type { Damage, ReadRecord } from '../record/recording-reader.js';
import { readRecording } from '../record/recording-reader.js';
import type { CheckedBook, CheckedMidpoints } from '../venue/checked-book.js';
import type { ClobMarketSettings, FeeRate, Market, OrderBookSnapshot } from '../venue/types.js';
import { validateMidpoints } from '../venue/validate/order-book.js';
import { ReplayParser } from './replay-parse.js';

export type ReplayEvent =
  | { readonly t: number; readonly k: 'meta'; readonly meta: MarketMeta }
  | { readonly t: number; readonly k: 'poll'; readonly books: readonly PolledBook[]; readonly mids: CheckedMidpoints | undefined }
  | {
      readonly t: number;
      readonly k: 'book';
      readonly e: StreamBook;
      readonly bids: readonly Level[];
      readonly asks: readonly Level[];
      readonly tick: Decimal;
    }
  | {
      readonly t: number;
      readonly k: 'change';
      readonly e: StreamPriceChange;
      readonly levels: readonly { readonly side: Side; readonly level: Level }[];
    }
  | { readonly t: number; readonly k: 'trade'; readonly trade: PublicTrade }
  | { readonly t: number; readonly k: 'tick'; readonly market: string; readonly tokenId: string; readonly tick: Decimal }
  /** The recording paper run evaluated this market here (recording-format.ts EvalRecord). */
  | { readonly t: number; readonly k: 'eval'; readonly market: string }
  /** `n` more of its fills reached its positions here. */
  | { readonly t: number; readonly k: 'fills'; readonly n: number }
  /** The run's quoted set (selector swaps): at start and at the head of every segment. */
  | { readonly t: number; readonly k: 'set'; readonly markets: ReadonlyMap<string, QuotedState> }
  /**
   * The recording run was restarted here (a `run` record with another id in its group): the
   * daemon's stop cancelled its virtual orders, and the new run starts afresh on the journal's positions.
   */
  | { readonly t: number; readonly k: 'restart' }
  /** A swap's step for a market, where the run took it (recording-format.ts SwapRecord). */
  | { readonly t: number; readonly k: 'swap'; readonly market: string; readonly to: SwapRecord['to'] };

/**
 * A polled snapshot: its identity read at load, its levels checked and parsed on first use
 * (`checked()`, remembered: a replay whose books already hold that hash needs no parse).
 */
export interface PolledBook {
  readonly tokenId: string;
  readonly hash: string;
  readonly tickSize: string;
  readonly timestampMs: number;
  /** The snapshot checked; undefined (and reported once) when it fails its check. */
  checked(): CheckedBook | undefined;
}

export interface ReplayData {
  readonly dir: string;
  readonly events: readonly ReplayEvent[];
  /** Markets with rules in the recording, by condition id (their first rules). */
  readonly markets: ReadonlyMap<string, MarketMeta>;
  readonly startMs: number;
  readonly endMs: number;
  readonly records: number;
  readonly digest: string;
  /** Damaged stretches of the files (torn blocks), as the reader reported them. */
  readonly damage: readonly Damage[];
  /** Records left out because they failed their check. */
  readonly problems: readonly string[];
  /**
   * Evaluations a paper run made (`eval` records of a recording with a `run` record of mode paper;
   * 0 for others, whose eval records are left out): when there are any, the replay evaluates
   * exactly there and applies fills to the positions where the run did.
   */
  readonly evaluations: number;
  /**
   * The run changed its markets at runtime (selector swaps: it recorded its quoted set): the
   * replay quotes the markets of its `set` records and those that `join`, until they leave.
   * Otherwise every market with rules is quoted from the start.
   */
  readonly swaps: boolean;
}

const MIDS = 'POST /midpoints (recorded)';
const QUOTED_STATES: ReadonlySet<string> = new Set<QuotedState>(['quoted', 'reducing', 'cancelling']);
const SWAP_STEPS: ReadonlySet<string> = new Set<SwapRecord['to']>(['join', 'reducing', 'cancelling', 'released']);

function errText(err: unknown): string {
  return isMakerdError(err) || err instanceof Error ? err.message : String(err);
}

/** Reads and checks a whole recording directory (every group, or those named). */
export function loadReplay(dir: string, options: { readonly groups?: readonly string[] } = {}): ReplayData {
  const damage: Damage[] = [];
  const problems: string[] = [];
  const events: ReplayEvent[] = [];
  const markets = new Map<string, MarketMeta>();
  const hash = createHash('sha256');
  const parser = new ReplayParser();
  let pending: { t: number; books?: PolledBook[]; mids?: CheckedMidpoints } | undefined;
  let records = 0;
  let evaluations = 0;
  let swaps = false;
  /** Per group: the id of the run being read. */
  const runIds = new Map<string, string>();
  const modes = new Set<string>();
  let startMs = Number.POSITIVE_INFINITY;
  let endMs = Number.NEGATIVE_INFINITY;

  const flushPoll = (): void => {
    if (pending?.books !== undefined) events.push({ t: pending.t, k: 'poll', books: pending.books, mids: pending.mids });
    pending = undefined;
  };
  const polled = (raw: unknown, t: number): PolledBook | undefined => {
    const s = raw as Partial<OrderBookSnapshot>;
    if (
      typeof s.asset_id !== 'string' ||
      typeof s.hash !== 'string' ||
      typeof s.tick_size !== 'string' ||
      typeof s.timestamp !== 'string'
    ) {
      problems.push(`book at ${new Date(t).toISOString()}: asset_id, hash, tick_size or timestamp missing`);
      return undefined;
    }
    let memo: CheckedBook | null | undefined;
    return {
      tokenId: s.asset_id,
      hash: s.hash,
      tickSize: s.tick_size,
      timestampMs: Number(s.timestamp),
      checked: () => {
        if (memo === undefined) memo = checkedBook(raw, t) ?? null;
        return memo ?? undefined;
      },
    };
  };
  const checkedBook = (raw: unknown, t: number): CheckedBook | undefined => {
    try {
      return parser.book(raw);
    } catch (err) {
      problems.push(`book at ${new Date(t).toISOString()}: ${errText(err)}`);
      return undefined;
    }
  };

  const add = (r: ReadRecord): void => {
    const t = r.t;
    if (r.k === 'meta') {
      try {
        const meta = toMarketMeta(r.c as ClobMarketSettings, r.m as Market, r.f as FeeRate, t);
        if (!markets.has(meta.conditionId)) markets.set(meta.conditionId, meta);
        events.push({ t, k: 'meta', meta });
      } catch (err) {
        problems.push(`rules of ${r.market}: ${errText(err)}`);
      }
    } else if (r.k === 'books') {
      if (pending?.books !== undefined) flushPoll();
      const books: PolledBook[] = [];
      for (const raw of r.b) {
        const b = polled(raw, t);
        if (b !== undefined) books.push(b);
      }
      pending = { ...(pending ?? {}), t, books };
      if (pending.mids !== undefined) flushPoll();
    } else if (r.k === 'mids') {
      let mids: CheckedMidpoints | undefined;
      try {
        mids = validateMidpoints(MIDS, r.m);
      } catch (err) {
        problems.push(`midpoints at ${new Date(t).toISOString()}: ${errText(err)}`);
      }
      if (pending?.mids !== undefined) flushPoll();
      if (mids !== undefined) {
        pending = { ...(pending ?? {}), t: Math.max(t, pending?.t ?? t), mids };
        if (pending.books !== undefined) flushPoll();
      }
    } else if (r.k === 'ws') streamEvent(r.e, t);
    else if (r.k === 'eval') {
      evaluations++;
      events.push({ t, k: 'eval', market: r.m });
    } else if (r.k === 'fills') events.push({ t, k: 'fills', n: r.n });
    else if (r.k === 'set') {
      const states = Object.entries(r.m ?? {});
      if (states.some(([, v]) => !QUOTED_STATES.has(v))) problems.push(`quoted set at ${new Date(t).toISOString()}: unknown state`);
      else {
        swaps = true;
        events.push({ t, k: 'set', markets: new Map(states) });
      }
    } else if (r.k === 'swap') {
      if (typeof r.m !== 'string' || !SWAP_STEPS.has(r.to)) problems.push(`swap at ${new Date(t).toISOString()}: bad market or step`);
      else events.push({ t, k: 'swap', market: r.m, to: r.to });
    } else if (r.k === 'run' && r.mode !== 'live') {
      modes.add(r.mode);
      if (typeof r.id === 'string') {
        const before = runIds.get(r.group);
        if (before !== undefined && before !== r.id) events.push({ t, k: 'restart' });
        runIds.set(r.group, r.id);
      }
    } else if (r.k === 'run')
      // Our orders rested in the venue's books this run read: the replay's own virtual orders would
      // be added to books that already hold them (counted twice), and the queue ahead of each would
      // include ours.
      throw new MakerdError(
        ErrorCode.BAD_PARAMETER,
        `recording: ${dir} (group ${r.group}) was made by a live run: its books hold the account's own orders, which a replay would count again beside its virtual ones; replay a recording made in paper mode or by makerd record`,
        { where: 'recording', field: dir },
      );
  };

  const streamEvent = (raw: Record<string, unknown>, t: number): void => {
    try {
      const kind = raw.event_type;
      const asset_id = raw.asset_id;
      const market = raw.market;
      if (typeof asset_id !== 'string' || asset_id === '' || typeof market !== 'string') throw new Error('asset_id or market missing');
      const timestamp = typeof raw.timestamp === 'string' && /^\d+$/.test(raw.timestamp) ? raw.timestamp : undefined;
      if (timestamp === undefined) throw new Error(`bad timestamp ${JSON.stringify(raw.timestamp)}`);
      if (kind === 'last_trade_price') {
        const side = raw.side;
        if (side !== 'BUY' && side !== 'SELL') throw new Error(`bad side ${JSON.stringify(side)}`);
        const size = parser.size(raw.size, 'size');
        if (!size.isZero())
          events.push({
            t,
            k: 'trade',
            // Timed by the venue, as paper mode times the fills a trade causes.
            trade: { tokenId: asset_id, takerSide: side, price: parser.price(raw.price, 'price'), size, atMs: Number(timestamp) },
          });
      } else if (kind === 'book') {
        const tick = parser.price(raw.tick_size, 'tick_size');
        const bids = parser.side(raw.bids, 'bids', 'high');
        const asks = parser.side(raw.asks, 'asks', 'low');
        const e: StreamBook = {
          event_type: 'book',
          asset_id,
          market,
          bids: bids.text,
          asks: asks.text,
          tick_size: raw.tick_size as string,
          timestamp,
          hash: String(raw.hash ?? ''),
        };
        events.push({ t, k: 'book', e, bids: bids.parsed, asks: asks.parsed, tick });
      } else if (kind === 'price_change') {
        if (!Array.isArray(raw.changes)) throw new Error('changes must be an array');
        const changes = raw.changes as { price: string; side: Side; size: string }[];
        const levels = changes.map((c, i) => {
          if (c.side !== 'BUY' && c.side !== 'SELL') throw new Error(`changes[${i}].side: bad side ${JSON.stringify(c.side)}`);
          return {
            side: c.side,
            level: { price: parser.price(c.price, `changes[${i}].price`), size: parser.size(c.size, `changes[${i}].size`) },
          };
        });
        const e: StreamPriceChange = { event_type: 'price_change', asset_id, market, changes, timestamp, hash: String(raw.hash ?? '') };
        events.push({ t, k: 'change', e, levels });
      } else if (kind === 'tick_size_change') {
        events.push({ t, k: 'tick', market, tokenId: asset_id, tick: parser.price(raw.new_tick_size, 'new_tick_size') });
      }
    } catch (err) {
      problems.push(`stream event at ${new Date(t).toISOString()}: ${errText(err)}`);
    }
  };

  const reading = {
    onDamage: (d: Damage) => damage.push(d),
    onBytes: (_file: string, bytes: Buffer) => hash.update(bytes),
    ...(options.groups === undefined ? {} : { groups: options.groups }),
  };
  for (const r of readRecording(dir, reading)) {
    records++;
    if (r.t < startMs) startMs = r.t;
    if (r.t > endMs) endMs = r.t;
    add(r);
  }
  flushPoll();
  if (records === 0) startMs = endMs = 0;
  // Only a paper run's schedule is followed: a monitor run evaluated without orders of its own,
  // which change what a trading run re-evaluates on.
  if (!modes.has('paper') && evaluations > 0) {
    evaluations = 0;
    const kept = events.filter((e) => e.k !== 'eval' && e.k !== 'fills');
    events.length = 0;
    for (const e of kept) events.push(e);
  }
  return { dir, events, markets, startMs, endMs, records, digest: hash.digest('hex'), damage, problems, evaluations, swaps };
}
