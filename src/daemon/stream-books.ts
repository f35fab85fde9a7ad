/**
 * Part of the market stream's wiring (streams.ts): a `book` or `price_change` event is checked
 * where it enters (src/market/book-check.ts), before the paper venue or the book store sees it,
 * against books.maxLevels and the market's current tick. An unusable one drops the token's book
 * (nothing acts on it until the next usable poll) and is counted and logged by the poller, as an
 * unusable polled book is; a price change that leaves a side longer than the bound does the same.
 */
import type { BookLevelProblem } from '../venue/checked-book.js';
import { checkPriceChange, checkStreamBook, type LevelRules, tooManyLevels } from '../market/book-check.js';
import type { StreamBook, StreamPriceChange } from '../market/market-stream.js';
import type { Decimal } from '../money.js';
import type { PaperVenue } from '../paper/paper-venue.js';
import type { BookStore } from '../trading/book-store.js';

export interface StreamBookIntake {
  readonly books: BookStore;
  /** Counts and logs an unusable book (BookPoller.noteUnusable). */
  readonly unusable: (tokenId: string, problem: BookLevelProblem, bookTimestamp: number | undefined) => void;
  /** The market's current tick (MetadataCache.knownTick). */
  readonly tickOf: (conditionId: string) => Decimal | undefined;
  /** books.maxLevels */
  readonly maxLevels: number;
  /** Paper mode: sees every usable event first. */
  readonly paper?: Pick<PaperVenue, 'onBook' | 'onPriceChange'> | undefined;
}

/**
 * Takes one event of `conditionId`'s token; returns whether the token's stored book changed
 * (applied, or dropped as unusable): then the market is to be evaluated again.
 */
export function takeStreamBook(i: StreamBookIntake, conditionId: string, event: StreamBook | StreamPriceChange): boolean {
  const token = event.asset_id;
  const rules: LevelRules = { maxLevels: i.maxLevels, tick: i.tickOf(conditionId) };
  const unusable = (problem: BookLevelProblem): boolean => {
    const held = i.books.get(token) !== undefined;
    i.books.drop(token);
    const ts = Number(event.timestamp);
    i.unusable(token, problem, Number.isSafeInteger(ts) ? ts : undefined);
    return held;
  };
  let applied: boolean;
  if (event.event_type === 'book') {
    const c = checkStreamBook(event, rules);
    if (c.problem !== undefined) return unusable(c.problem);
    // Virtual orders fill (or move up their queue) before the market is evaluated again.
    i.paper?.onBook(event);
    applied = i.books.replaceLevels(token, c.bids, c.asks, event.timestamp, event.hash, c.tickSize);
  } else {
    const c = checkPriceChange(event, rules, i.books.get(token)?.book.tickSize);
    if (c.problem !== undefined) return unusable(c.problem);
    i.paper?.onPriceChange(event);
    applied = i.books.changeLevels(token, c.changes, event.timestamp, event.hash);
    if (applied && tooManyLevels(i.books.get(token)!.book, i.maxLevels)) return unusable('too-many-levels');
  }
  return applied;
}
