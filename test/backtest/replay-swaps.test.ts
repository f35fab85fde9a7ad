/**
 * A replay follows a run's quoted set as the daemon changed it (src/daemon/quoted-set.ts), from the
 * run's `set` and `swap` records (docs/recording-and-replay.md#agreement-with-paper-mode), on a
 * hand-built recording of one market (hand-recording.ts: the strategy bids 0.48 x 10 on X and
 * 0.48 x 10 on Y):
 *
 * - a market quoted neither at start nor since is not evaluated; one that joins is, from its join,
 *   with a fresh strategy state;
 * - a leaving market that holds a position is REDUCING: only the order that brings it toward flat
 *   rests; then its orders are cancelled where the run cancelled them; released, its books are
 *   forgotten and its position stays;
 * - a recording of an earlier format version (no quoted set) quotes every market from the start.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeBlocks, encodeBlock } from '../../src/record/block-codec.js';
import { type RecordingScript, recording, replay, seen } from './hand-recording.js';

/** A public taker SELL of Y at 0.48 (it meets the bids on Y at 0.48). */
function sellY(r: RecordingScript, size: string, atMs: number): void {
  r.append({
    k: 'ws',
    e: { event_type: 'last_trade_price', asset_id: r.y, market: r.market, price: '0.48', side: 'SELL', size, timestamp: String(atMs) },
  });
}

/** The recording's files rewritten with another format version in their headers. */
function asVersion(dir: string, version: number): void {
  const group = join(dir, 'g');
  for (const name of readdirSync(group).filter((f) => f.endsWith('.mkrec.gz'))) {
    const blocks = [...decodeBlocks(readFileSync(join(group, name)))];
    const texts = blocks.map((b) => (b.kind === 'block' ? b.text : ''));
    const header = JSON.parse(texts[0]!) as Record<string, unknown>;
    texts[0] = `${JSON.stringify({ ...header, version })}\n`;
    writeFileSync(join(group, name), Buffer.concat(texts.map(encodeBlock)));
  }
}

describe('replay of a run whose quoted set changed (selector swaps)', () => {
  it('evaluates a market from its join only (a monitor run: the backtester’s schedule, every poll)', () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'monitor' });
      r.append({ k: 'set', m: {} });
      r.poll('0', 's0'); // 0 s: not quoted: nothing is evaluated
      r.at(1);
      r.append({ k: 'swap', m: r.market, to: 'join' }); // its stream books come once it joined
      r.streamBook(r.x, '0');
      r.streamBook(r.y, '30');
      r.poll('0', 's0'); // 1 s: quoted; the bid on X has nothing ahead
      r.at(2);
      r.sellX('4');
    });
    const { data, fills } = replay(dir);
    expect(data.swaps).toBe(true);
    // Nothing at the first poll; from the join on, as any quoted market (the fill re-evaluates it).
    expect(seen[0]).toBe('1 0');
    expect(seen.filter((x) => x.startsWith('0 '))).toEqual([]);
    expect(fills).toEqual(['2 BUY X 0.48 x 4']);
  });

  it('keeps a leaving market REDUCING while it holds a position, then cancels its orders where the run did', () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'paper' });
      r.append({ k: 'set', m: { [r.market]: 'quoted' } });
      r.streamBook(r.x, '0');
      r.streamBook(r.y, '0');
      r.poll('0', 's0');
      r.append({ k: 'eval', m: r.market }); // 0 s: bids on X and Y, nothing ahead of either
      r.at(1);
      r.sellX('6'); // 6 X bought
      r.append({ k: 'fills', n: 1 });
      r.at(2);
      r.append({ k: 'swap', m: r.market, to: 'reducing' });
      r.append({ k: 'eval', m: r.market }); // REDUCING: the bid on X (more exposure) is pulled
      r.at(3);
      r.sellX('10'); // nothing of ours at 0.48 on X any more
      r.at(4);
      r.append({ k: 'swap', m: r.market, to: 'cancelling' }); // out of the loop: the bid on Y is cancelled
      r.at(5);
      sellY(r, '10', Date.UTC(2026, 0, 5, 12) + 5_000); // nothing of ours on Y either
      r.at(6);
      r.append({ k: 'swap', m: r.market, to: 'released' });
      r.at(7);
      r.poll('0', 's0'); // a poll of a released market: not the loop's, nothing evaluated
    });
    const { fills, r } = replay(dir);
    expect(fills).toEqual(['1 BUY X 0.48 x 6']);
    expect(seen).toEqual(['0 0', '2 6']);
    // The position stays in the portfolio after the market is released.
    expect(r.finalInventory.toFixed()).toBe('6');
    expect(r.orders.cancelled).toBeGreaterThanOrEqual(2);
  });

  it('takes a leaving market back: bound afresh once out of the loop', () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'paper' });
      r.append({ k: 'set', m: { [r.market]: 'quoted' } });
      r.streamBook(r.x, '0');
      r.streamBook(r.y, '0');
      r.poll('0', 's0');
      r.append({ k: 'eval', m: r.market }); // 0 s
      r.at(1);
      r.append({ k: 'swap', m: r.market, to: 'cancelling' });
      r.append({ k: 'eval', m: r.market }); // not in the loop: no evaluation
      r.at(2);
      r.append({ k: 'swap', m: r.market, to: 'join' });
      r.append({ k: 'eval', m: r.market }); // 2 s: quoted again
      r.at(3);
      r.sellX('5');
    });
    const { fills } = replay(dir);
    expect(seen).toEqual(['0 0', '2 0']);
    expect(fills).toEqual(['3 BUY X 0.48 x 5']);
  });

  it('reads an older recording (format version 2, no quoted set) with every market quoted from the start', () => {
    const dir = recording((r) => {
      r.append({ k: 'run', mode: 'paper' });
      r.streamBook(r.x, '0');
      r.streamBook(r.y, '30');
      r.poll('0', 's0');
      r.append({ k: 'eval', m: r.market });
      r.at(1);
      r.sellX('3');
    });
    asVersion(dir, 2);
    const { data, fills } = replay(dir);
    expect(data.swaps).toBe(false);
    expect(seen).toEqual(['0 0']);
    expect(fills).toEqual(['1 BUY X 0.48 x 3']);
  });
});
