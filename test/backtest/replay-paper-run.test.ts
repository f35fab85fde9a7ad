/**
 * Why a replay used to part from the paper run it replays, each cause on a hand-built recording
 * (docs/recording-and-replay.md#agreement-with-paper-mode), and the live run's recording refused:
 *
 * - the fill model is fed by the market stream only, as paper mode's: a polled book (taken at
 *   another venue time than the stream's last event) no longer moves the queue;
 * - an order placed before its token's first stream book waits for that book and joins its
 *   queue then (the replay used to refuse it, paper mode holds it);
 * - a paper run's recording holds where the run evaluated (`eval`) and when its fills reached the
 *   positions (`fills`, after the journal write): the replay evaluates exactly there, on the
 *   positions the run had then;
 * - a restart of the run (a `run` record with another id) cancels the virtual orders and starts
 *   the paper venue's books, the book store and the risk gate afresh, as the new daemon does.
 *
 * Market: the catalog's single market of seed '2' (tick 0.01, minimum size 5). The strategy bids
 * 0.48 x 10 (BUY X) and asks 0.52 x 10 (BUY Y at 0.48) and notes the position it was shown.
 */
import { describe, expect, it } from 'vitest';
import { loadReplay } from '../../src/backtest/replay-data.js';
import { cli } from '../cli/run-cli.js';
import { recording, replay, seen } from './hand-recording.js';

describe('replay of a paper run: what made it part from the run, and what it follows now', () => {
  it('feeds the fill model the stream only: a polled book does not move the queue, a stream change does', () => {
    const dir = recording((r) => {
      r.streamBook(r.x, '30');
      r.streamBook(r.y, '30');
      r.poll('30', 's30'); // 0 s: the strategy bids 0.48 x 10 behind the stream's 30
      r.at(1);
      r.poll('5'); // a poll showing 5 at 0.48 (taken at another venue time): the queue stays 30
      r.at(2);
      r.sellX('10'); // 10 of the 30 ahead trade: nothing reaches our bid (it filled 5 when the poll was fed)
      r.at(3);
      r.changeX('8'); // the stream says 8 are left at 0.48, 20 of them gone: our bid moves up to 8
      r.at(4);
      r.sellX('12'); // 8 ahead, then 4 of our bid
      r.at(5);
      r.poll('30', 's30');
    });
    expect(replay(dir).fills).toEqual(['4 BUY X 0.48 x 4']);
  });

  it('holds an order placed before its token’s first stream book until that book, and queues it behind that book’s level', () => {
    const dir = recording((r) => {
      r.poll('30'); // 0 s: evaluated on the poll; the stream has not sent X's book yet: the order waits
      r.at(1);
      r.streamBook(r.x, '40'); // it joins the queue now, behind 40 (not the poll's 30)
      r.at(2);
      r.sellX('45'); // 40 ahead, then 5 of ours
      r.at(3);
      r.poll('30');
    });
    const { fills, r } = replay(dir);
    expect(fills).toEqual(['2 BUY X 0.48 x 5']);
    // The order of Y never met a stream book: it waited all along, and was never refused.
    expect(r.orders.refused).toBe(0);
  });

  it('evaluates where the paper run evaluated, on the positions it had then (its fills counted after the journal write)', () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'paper' });
      r.streamBook(r.x, '0');
      r.streamBook(r.y, '30');
      r.poll('0', 's0');
      r.append({ k: 'eval', m: r.market }); // 0 s
      r.at(1);
      r.poll('0', 's0'); // polls do not evaluate: the run did not (nothing changed)
      r.at(2);
      r.sellX('4'); // our bid at 0.48 has nothing ahead: it fills 4
      r.append({ k: 'eval', m: r.market }); // the run evaluated before the fill reached its positions
      r.at(3);
      r.append({ k: 'fills', n: 1 }); // the journal write done: position 4
      r.append({ k: 'eval', m: r.market });
    });
    const { data, fills, r } = replay(dir);
    expect(data.evaluations).toBe(3);
    expect(fills).toEqual(['2 BUY X 0.48 x 4']);
    expect(seen).toEqual(['0 0', '2 0', '3 4']);
    expect(r.evaluations).toBe(3);
  });

  it('follows only a paper run’s schedule: a monitor run’s evaluations (made with no orders of its own) are left out', () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'monitor' });
      r.streamBook(r.x, '30');
      r.streamBook(r.y, '30');
      r.poll('30', 's30');
      r.append({ k: 'eval', m: r.market });
      r.at(1);
      r.poll('30', 's30');
      r.append({ k: 'eval', m: r.market });
    });
    const { data, r } = replay(dir);
    expect(data.evaluations).toBe(0);
    expect(data.events.some((e) => e.k === 'eval')).toBe(false);
    // The backtester's schedule: the first poll, and the second, whose books now hold our orders.
    expect(seen).toEqual(['0 0', '1 0']);
    expect(r.evaluations).toBe(2);
  });

  it('starts again where the run restarted: its virtual orders gone, no book until the stream sends one, the positions kept', () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'paper', id: 'a' });
      r.streamBook(r.x, '0');
      r.streamBook(r.y, '30');
      r.poll('0', 's0');
      r.append({ k: 'eval', m: r.market }); // 0 s: bid on X, nothing ahead
      r.at(1);
      r.sellX('2');
      r.append({ k: 'fills', n: 1 });
      r.append({ k: 'run', mode: 'paper', id: 'a' }); // a new segment of the same run: nothing happens
      r.at(2);
      r.append({ k: 'run', mode: 'paper', id: 'b' }); // the restarted run: the stop cancelled the bid
      r.at(3);
      r.sellX('10'); // nothing of ours rests
      r.poll('0', 's0');
      r.append({ k: 'eval', m: r.market }); // 3 s: its bid waits for X's first stream book of this run
      r.at(4);
      r.sellX('10'); // still no book: the bid is not in the queue yet
      r.streamBook(r.x, '0');
      r.at(5);
      r.sellX('3');
    });
    const { data, fills, r } = replay(dir);
    expect(data.events.filter((e) => e.k === 'restart').map((e) => (e.t - data.startMs) / 1000)).toEqual([2]);
    expect(fills).toEqual(['1 BUY X 0.48 x 2', '5 BUY X 0.48 x 3']);
    expect(seen).toEqual(['0 0', '3 2']);
    expect(r.orders.cancelled).toBeGreaterThanOrEqual(2);
  });

  it('refuses a live run’s recording, naming why (its books hold the account’s own orders)', async () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'live' });
      r.poll('30');
    });
    expect(() => loadReplay(dir)).toThrow(/was made by a live run: its books hold the account's own orders/);
    const out = await cli(['backtest', '--replay', dir, '--no-progress'], { MAKERD_LOG_LEVEL: 'silent' });
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/was made by a live run: its books hold the account's own orders, which a replay would count again/);
  });
});
