/**
 * The selected tokens change at runtime (setTokens), a subset can be read out of band
 * (fetchBooks) without touching the schedule or the listener, and polls never overlap.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { BookPoller, type BookSource, type MarketSnapshot } from '../../src/market/poller.js';
import { logCapture } from '../support/log-capture.js';
import { NOW, bookOf, scriptedSource } from './support.js';

const flush = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('BookPoller.setTokens', () => {
  it('polls the new list from the next tick on and forgets the tokens dropped', async () => {
    const clock = new FakeClock(NOW);
    const { logger, lines } = logCapture();
    let fresh = true;
    const source = scriptedSource((tokens) => tokens.map((t) => bookOf(t, { timestamp: String(fresh ? clock.now() : NOW) })));
    const p = new BookPoller({ source, clock, tokens: ['a', 'b'], intervalMs: 1_000, staleAfterMs: 5_000, logger, onSnapshot: () => {} });
    await p.tick();
    fresh = false;
    clock.advance(6_000);
    await p.tick(); // a and b turn stale: one line each
    p.setTokens(['b', 'c']);
    expect(p.tokens).toEqual(['b', 'c']);
    const s = await p.tick();
    expect(source.bookCalls).toEqual([
      ['a', 'b'],
      ['a', 'b'],
      ['b', 'c'],
    ]);
    expect([...s.unusable.keys()].sort()).toEqual(['b', 'c']);
    // b stays stale (no new line), c is new and stale (one line), a is gone (nothing about it).
    expect(lines.map((l) => l.token)).toEqual(['a', 'b', 'c']);
    p.setTokens(['a']);
    await p.tick(); // a was forgotten: stale again counts as a new change
    expect(lines.map((l) => l.token)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('an empty selection sends no request and hands on an empty snapshot', async () => {
    const source = scriptedSource(() => {
      throw new Error('must not be asked');
    });
    const seen: MarketSnapshot[] = [];
    const p = new BookPoller({
      source,
      clock: new FakeClock(NOW),
      tokens: [],
      intervalMs: 1_000,
      staleAfterMs: 5_000,
      onSnapshot: (x) => seen.push(x),
    });
    const s = await p.tick();
    expect(s.books.size + s.mids.size + s.unusable.size).toBe(0);
    expect(seen).toEqual([s]);
    expect(source.bookCalls).toEqual([]);
  });
});

describe('BookPoller.fetchBooks', () => {
  it('reads just the tokens asked, returns the snapshot, and leaves the schedule and the listener alone', async () => {
    const clock = new FakeClock(NOW);
    const source = scriptedSource(
      (tokens) => tokens.map((t) => bookOf(t, { timestamp: String(clock.now()) })),
      (tokens) => Object.fromEntries(tokens.map((t) => [t, '0.5'])),
    );
    const seen: MarketSnapshot[] = [];
    const p = new BookPoller({
      source,
      clock,
      tokens: ['a', 'b', 'c'],
      intervalMs: 1_000,
      staleAfterMs: 5_000,
      onSnapshot: (x) => seen.push(x),
    });
    p.start();
    clock.advance(0);
    while (seen.length < 1) await flush();
    await flush();
    clock.advance(400);
    const r = await p.fetchBooks(['c', 'x']);
    expect(source.bookCalls).toEqual([
      ['a', 'b', 'c'],
      ['c', 'x'],
    ]);
    expect([...r.books.keys()]).toEqual(['c', 'x']);
    expect([...r.mids.keys()]).toEqual(['c', 'x']);
    expect(r.atMs).toBe(NOW + 400);
    expect(seen).toHaveLength(1);
    expect(p.stats.ticks).toBe(1);
    // The next scheduled tick is still due 1 s after the first one, not after the resync.
    clock.advance(599);
    await flush();
    expect(source.bookCalls).toHaveLength(2);
    clock.advance(1);
    while (seen.length < 2) await flush();
    expect(source.bookCalls[2]).toEqual(['a', 'b', 'c']);
    await p.stop();
  });
});

describe('BookPoller polls never overlap', () => {
  it('a tick or a resync asked while a poll is in flight waits for it', async () => {
    const clock = new FakeClock(NOW);
    const base = scriptedSource((tokens) => tokens.map((t) => bookOf(t)));
    let inFlight = 0;
    let maxInFlight = 0;
    const releases: (() => void)[] = [];
    const source: BookSource = {
      postBooks: async (tokens, options) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise<void>((r) => releases.push(r));
        inFlight--;
        return base.postBooks(tokens, options);
      },
      postMidpoints: (tokens, options) => base.postMidpoints(tokens, options),
    };
    const p = new BookPoller({ source, clock, tokens: ['a', 'b'], intervalMs: 1_000, staleAfterMs: 5_000, onSnapshot: () => {} });
    const results: string[] = [];
    const first = p.tick().then(() => results.push('tick 1'));
    const resync = p.fetchBooks(['b']).then(() => results.push('resync'));
    const second = p.tick().then(() => results.push('tick 2'));
    for (let i = 0; i < 3; i++) {
      await flush();
      expect(releases).toHaveLength(i + 1); // the next poll starts only once this one is let go
      releases[i]!();
    }
    await Promise.all([first, resync, second]);
    expect(maxInFlight).toBe(1);
    expect(results).toEqual(['tick 1', 'resync', 'tick 2']);
    expect(base.bookCalls).toEqual([['a', 'b'], ['b'], ['a', 'b']]);
  });

  it('a poll that throws does not hold up the next one', async () => {
    const source = scriptedSource((tokens) => tokens.map((t) => bookOf(t)));
    const listener = (): void => {
      throw new Error('listener');
    };
    const p = new BookPoller({
      source,
      clock: new FakeClock(NOW),
      tokens: ['a'],
      intervalMs: 1_000,
      staleAfterMs: 5_000,
      onSnapshot: listener,
    });
    await expect(p.tick()).rejects.toThrow('listener');
    const r = await p.fetchBooks(['a']);
    expect([...r.books.keys()]).toEqual(['a']);
  });
});
