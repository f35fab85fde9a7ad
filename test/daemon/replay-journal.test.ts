import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { restoreJournal } from '../../src/daemon/replay-journal.js';
import { FillJournal, PAPER_JOURNAL_DIR } from '../../src/portfolio/index.js';
import { T0, fill } from '../portfolio/support.js';
import { phaseContext } from './phase-context.js';

async function journalOf(dataDir: string, clock: FakeClock): Promise<void> {
  const journal = new FillJournal({ dataDir, clock });
  await journal.append([
    fill({ side: 'BUY', price: '0.40', size: '10', atMs: T0 }),
    fill({ side: 'BUY', price: '0.50', size: '10', atMs: T0 + 1_000 }),
  ]);
  await journal.close();
}

describe('phase replay-journal', () => {
  it('rebuilds the portfolio and the fill counts from the journal, and opens it for appending', async () => {
    const clock = new FakeClock(T0 + 60_000);
    const { ctx, lines, dataDir } = phaseContext(
      undefined,
      { MAKERD_VENUE_MODE: 'live', MAKERD_VENUE_BASE_URL: 'http://127.0.0.1:9', MAKERD_MONITOR_ONLY: 'true' },
      clock,
    );
    await journalOf(dataDir, clock);
    const writes: number[] = [];
    const state = await restoreJournal(ctx, { onJournalWrite: (ms) => writes.push(ms) });
    expect(state.portfolio.position('0xaaaa:0').toFixed()).toBe('20');
    expect(state.lastTimestampMs).toBe(T0 + 1_000);
    expect(state.deduper.admit(fill({ side: 'BUY', price: '0.40', size: '10', atMs: T0, id: 'fresh' }))).toBe('new');
    expect(lines.find((l) => l.msg === 'journal replayed')).toMatchObject({ fills: 2, files: 1, duplicates: 0 });
    await state.journal.append([fill({ side: 'SELL', price: '0.55', size: '5', atMs: T0 + 2_000 })]);
    await state.journal.close();
    expect(writes).toHaveLength(1);
  });

  it("sets the embedded simulator's previous journal aside and starts empty", async () => {
    const clock = new FakeClock(T0 + 60_000);
    const { ctx, lines, dataDir } = phaseContext(undefined, { MAKERD_VENUE_MODE: 'sim' }, clock);
    await journalOf(dataDir, clock);
    const state = await restoreJournal(ctx, { onJournalWrite: () => undefined });
    await state.journal.close();
    expect(state.portfolio.position('0xaaaa:0').toFixed()).toBe('0');
    const movedTo = lines.find((l) => l.msg === "embedded simulator starts empty: the previous run's journal was set aside")?.movedTo;
    expect(typeof movedTo).toBe('string');
    expect(existsSync(movedTo as string) && readdirSync(movedTo as string)).toEqual(['fills-2026-01-01.jsonl']);
  });

  it('in paper mode replays the paper journal only, and appends there', async () => {
    const clock = new FakeClock(T0 + 60_000);
    const env = { MAKERD_VENUE_MODE: 'live', MAKERD_VENUE_BASE_URL: 'http://127.0.0.1:9', MAKERD_TRADING_MODE: 'paper' };
    const { ctx, dataDir } = phaseContext(undefined, env, clock);
    await journalOf(dataDir, clock); // the account's journal: 20 shares
    const paper = new FillJournal({ dataDir, folder: PAPER_JOURNAL_DIR, clock });
    await paper.append([fill({ side: 'BUY', price: '0.45', size: '3', atMs: T0, id: 'paper-1' })]);
    await paper.close();
    const state = await restoreJournal(ctx, { onJournalWrite: () => undefined });
    expect(state.portfolio.position('0xaaaa:0').toFixed()).toBe('3');
    await state.journal.append([fill({ side: 'BUY', price: '0.45', size: '2', atMs: T0 + 2_000, id: 'paper-2' })]);
    await state.journal.close();
    expect(readdirSync(join(dataDir, 'paper-journal'))).toEqual(['fills-2026-01-01.jsonl']);
    const lines = (folder: string) =>
      readFileSync(join(dataDir, folder, 'fills-2026-01-01.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean).length;
    expect([lines('journal'), lines('paper-journal')]).toEqual([2, 2]);
  });
});
