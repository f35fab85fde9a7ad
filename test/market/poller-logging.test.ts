/**
 * The poller logs state changes, not occurrences: a book that stays unusable is one line when it
 * turns unusable and one when it is usable again; the counters still count every poll.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { BookPoller } from '../../src/market/poller.js';
import type { OrderBookSnapshot } from '../../src/venue/types.js';
import { logCapture } from '../support/log-capture.js';
import { NOW, bookOf, scriptedSource } from './support.js';

const TOKENS = Array.from({ length: 20 }, (_, i) => `0xm${i}:0`);
const byMsg = (lines: Record<string, unknown>[], msg: string) => lines.filter((l) => l.msg === msg);

function poller(answer: (tokens: readonly string[]) => OrderBookSnapshot[] | Error, clock: FakeClock, tokens = TOKENS) {
  const { logger, lines } = logCapture();
  const p = new BookPoller({
    source: scriptedSource(answer),
    clock,
    tokens,
    intervalMs: 1_000,
    staleAfterMs: 5_000,
    logger,
    onSnapshot: () => {},
  });
  return { p, lines };
}

async function polls(p: BookPoller, clock: FakeClock, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await p.tick();
    clock.advance(1_000);
  }
}

describe('poller logging', () => {
  it('frozen books: one line per token when it turns stale, one when it is fresh again', async () => {
    const clock = new FakeClock(NOW);
    let frozen = true;
    const { p, lines } = poller((tokens) => tokens.map((t) => bookOf(t, { timestamp: String(frozen ? NOW : clock.now()) })), clock);
    await polls(p, clock, 12); // stale from the 7th poll on (6 s > 5 s): 6 stale polls of 20 tokens
    expect(p.stats.unusableBooks).toEqual({ stale: 120 });
    const warned = byMsg(lines, 'book not usable');
    expect(warned).toHaveLength(20);
    expect(warned.map((l) => l.token)).toEqual(TOKENS);
    expect(warned[0]).toMatchObject({ level: 'warn', problem: 'stale', bookTimestamp: NOW });
    expect(byMsg(lines, 'book usable again')).toHaveLength(0);

    frozen = false;
    await polls(p, clock, 3);
    const back = byMsg(lines, 'book usable again');
    expect(back).toHaveLength(20);
    expect(back[0]).toMatchObject({ level: 'info', token: TOKENS[0], unusablePolls: 6, lastProblem: 'stale' });
    expect(byMsg(lines, 'book not usable')).toHaveLength(20);
    expect(lines).toHaveLength(40);
  });

  it('a change of problem is a line; the polls unusable add up across problems', async () => {
    const clock = new FakeClock(NOW);
    let over: Partial<OrderBookSnapshot> = {};
    const { p, lines } = poller((tokens) => tokens.map((t) => bookOf(t, { timestamp: String(clock.now()), ...over })), clock, ['a']);
    await polls(p, clock, 1);
    over = { bids: [{ price: '0.6', size: '1' }] };
    await polls(p, clock, 2);
    over = { timestamp: String(NOW - 10_000) }; // frozen long ago: stale
    await polls(p, clock, 3);
    over = {};
    await polls(p, clock, 1);
    expect(lines.map((l) => [l.msg, l.problem ?? l.unusablePolls, l.previous ?? l.lastProblem])).toEqual([
      ['book not usable', 'crossed', undefined],
      ['book not usable', 'stale', 'crossed'],
      ['book usable again', 5, 'stale'],
    ]);
    expect(p.stats.unusableBooks).toEqual({ crossed: 2, stale: 3 });
  });

  it('a failing request is one line when it starts and one when it recovers; the books keep their state meanwhile', async () => {
    const clock = new FakeClock(NOW);
    let down = false;
    const { p, lines } = poller(
      (tokens) =>
        down
          ? new MakerdError(ErrorCode.VENUE_FAULT, 'POST /books: venue answered 503')
          : tokens.map((t) => bookOf(t, { timestamp: String(NOW) })),
      clock,
      ['a', 'b'],
    );
    await polls(p, clock, 7); // stale from the 7th poll
    down = true;
    await polls(p, clock, 4);
    down = false;
    await polls(p, clock, 1);
    expect(p.stats.failedRequests).toEqual({ MAKERD_ERR_VENUE_FAULT: 4 });
    expect(lines.map((l) => [l.msg, l.token ?? l.route])).toEqual([
      ['book not usable', 'a'],
      ['book not usable', 'b'],
      ['poll request failed', 'POST /books'],
      ['poll request recovered', 'POST /books'],
    ]);
    expect(lines[2]).toMatchObject({ level: 'warn', code: 'MAKERD_ERR_VENUE_FAULT', err: 'POST /books: venue answered 503' });
    expect(lines[3]).toMatchObject({ level: 'info', failedPolls: 4, lastCode: 'MAKERD_ERR_VENUE_FAULT' });
  });

  it('a token missing from the answer is logged once, like any other problem', async () => {
    const clock = new FakeClock(NOW);
    let answered = ['a'];
    const { p, lines } = poller(() => answered.map((t) => bookOf(t, { timestamp: String(clock.now()) })), clock, ['a', 'b']);
    await polls(p, clock, 3);
    answered = ['a', 'b'];
    await polls(p, clock, 1);
    expect(p.stats.unusableBooks).toEqual({ missing: 3 });
    expect(lines.map((l) => [l.msg, l.token, l.problem ?? l.unusablePolls])).toEqual([
      ['book not usable', 'b', 'missing'],
      ['book usable again', 'b', 3],
    ]);
  });
});
