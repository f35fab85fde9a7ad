import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePnlArgs, pnlCommand } from '../../src/cli/commands/pnl.js';
import { UsageError, type CliIo } from '../../src/cli/io.js';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { Decimal } from '../../src/money.js';
import type { Fill } from '../../src/portfolio/fill.js';
import { writeIdentity } from '../../src/data-dir/venue-identity.js';
import { PAPER_REWARDS_DIR, writeEstimate } from '../../src/rewards/estimate-file.js';
import { FillJournal, PAPER_JOURNAL_DIR } from '../../src/portfolio/journal.js';

const T = Date.UTC(2026, 0, 1, 12);
let n = 0;

function f(market: string, outcome: 0 | 1, side: 'BUY' | 'SELL', price: string, size: string, fee = '0', rebate = '0'): Fill {
  n++;
  return {
    tradeId: `trade-${n}`,
    conditionId: market,
    tokenId: `${market}:${outcome}`,
    outcomeIndex: outcome,
    side,
    price: new Decimal(price),
    size: new Decimal(size),
    role: fee === '0' ? 'maker' : 'taker',
    fee: new Decimal(fee),
    rebate: new Decimal(rebate),
    matchTime: new Date(T + n * 1000).toISOString(),
    timestampMs: T + n * 1000,
    orderId: `order-${n}`,
  };
}

async function journalWith(fills: Fill[]): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'makerd-pnl-'));
  const j = new FillJournal({ dataDir, clock: new FakeClock(T) });
  await j.append(fills);
  await j.close();
  return dataDir;
}

async function run(dataDir: string, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, env: {} };
  const code = await pnlCommand({ data: { dir: dataDir } }, args, io);
  return { code, stdout, stderr };
}

const FILLS = (): Fill[] => [
  // market A: buy 10 @ 0.40 (fee 0.144), sell 4 @ 0.55 as maker (rebate 0.012); long 2 of outcome 1 @ 0.5
  f('0xaaaa', 0, 'BUY', '0.40', '10', '0.144'),
  f('0xaaaa', 0, 'SELL', '0.55', '4', '0', '0.012'),
  f('0xaaaa', 1, 'BUY', '0.5', '2'),
  // market B: a short of 5 @ 0.3
  f('0xbbbb', 0, 'SELL', '0.3', '5'),
];

describe('makerd pnl', () => {
  it('reads the paper journal in trading.mode paper, and only it', async () => {
    const dataDir = await journalWith(FILLS());
    const paper = new FillJournal({ dataDir, folder: PAPER_JOURNAL_DIR, clock: new FakeClock(T) });
    await paper.append([f('0xcccc', 0, 'BUY', '0.2', '3')]);
    await paper.close();
    let stdout = '';
    const io: CliIo = { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true }, env: {} };
    expect(await pnlCommand({ data: { dir: dataDir }, trading: { mode: 'paper' } }, ['--json'], io)).toBe(0);
    const out = JSON.parse(stdout) as { journal: string; fills: number; markets: { conditionId: string }[] };
    expect(out.journal).toBe(join(dataDir, 'paper-journal'));
    expect([out.fills, out.markets.map((m) => m.conditionId)]).toEqual([1, ['0xcccc']]);
    // The account's journal is untouched by paper fills.
    const live = JSON.parse((await run(dataDir, ['--json'])).stdout) as { fills: number };
    expect(live.fills).toBe(4);
  });

  it('prints positions and PnL per market from the journal, offline', async () => {
    const dataDir = await journalWith(FILLS());
    const r = await run(dataDir);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^journal .*journal: 1 file\(s\), 4 fills, last fill 2026-01-01T12:00:\d\d\.000Z$/);
    const cells = (prefix: string) =>
      lines
        .find((l) => l.startsWith(prefix))!
        .trim()
        .split(/\s+/);
    expect(cells('MARKET')).toEqual([
      'MARKET',
      'POS0',
      'AVG0',
      'POS1',
      'AVG1',
      'NET',
      'REALIZED',
      'FEES',
      'REBATES',
      'VOLUME',
      'NOTIONAL',
      'UNREAL@LAST',
    ]);
    // A: realized 4 x 0.15 - 0.144 + 0.012 = 0.468; unrealized at the last fills: 6 x (0.55 - 0.40) + 0
    expect(cells('0xaaaa')).toEqual([
      '0xaaaa',
      '6',
      '0.4',
      '2',
      '0.5',
      '4',
      '0.468000',
      '0.144000',
      '0.012000',
      '16',
      '7.200000',
      '0.900000',
    ]);
    // B: short 5 at 0.3, marked at its own price
    expect(cells('0xbbbb')).toEqual(['0xbbbb', '-5', '0.3', '0', '-5', '0.000000', '0.000000', '0.000000', '5', '1.500000', '0.000000']);
    expect(cells('TOTAL')).toEqual(['TOTAL', '0.468000', '0.144000', '0.012000', '21', '8.700000', '0.900000']);
    expect(r.stdout).toContain('unrealized PnL is unknown offline');
  });

  it('--json gives the exact decimal strings', async () => {
    const dataDir = await journalWith(FILLS());
    const r = await run(dataDir, ['--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ fills: 4, duplicates: 0, warnings: [], unrealized: expect.stringContaining('unknown offline') });
    expect(out.markets[0]).toEqual({
      conditionId: '0xaaaa',
      netExposure: '4',
      realizedPnl: '0.468',
      tradingPnl: '0.6',
      settlementPnl: '0',
      feesPaid: '0.144',
      rebatesReceived: '0.012',
      volumeShares: '16',
      volumeNotional: '7.2',
      fills: 3,
      unrealizedAtLastFill: '0.9',
      outcomes: [
        expect.objectContaining({
          outcomeIndex: 0,
          tokenId: '0xaaaa:0',
          size: '6',
          avgPrice: '0.4',
          realizedPnl: '0.468',
          lastFillPrice: '0.55',
          unrealizedAtLastFill: '0.9',
        }),
        expect.objectContaining({ outcomeIndex: 1, tokenId: '0xaaaa:1', size: '2', avgPrice: '0.5', realizedPnl: '0' }),
      ],
    });
    expect(out.totals).toMatchObject({ realizedPnl: '0.468', volumeNotional: '8.7', fills: 4 });
  });

  it('shows the saved reward estimates in a table of their own, never in REALIZED', async () => {
    const dataDir = await journalWith(FILLS());
    const day = Date.UTC(2026, 0, 1) / 86_400_000;
    // 2025-12-31: A 720 samples' shares / 1440 x 10 = 5; 2026-01-01: A 144 / 1440 x 10 = 1, B 36 / 1440 x 40 = 1.
    writeEstimate(dataDir, {
      version: 1,
      day: day - 1,
      lastSlot: 1439,
      markets: { '0xaaaa': { shareSum: '720', samples: 1440, dailyRate: '10' } },
    });
    writeEstimate(dataDir, {
      version: 1,
      day,
      lastSlot: 700,
      markets: {
        '0xaaaa': { shareSum: '144', samples: 700, dailyRate: '10' },
        '0xbbbb': { shareSum: '36', samples: 700, dailyRate: '40' },
      },
    });
    const r = await run(dataDir);
    const lines = r.stdout.split('\n');
    const at = lines.indexOf('estimated rewards 2025-12-31 .. 2026-01-01:');
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 5).map((l) => l.trim().split(/\s+/))).toEqual([
      ['MARKET', 'DAYS', 'EST.REWARDS'],
      ['0xaaaa', '2', '6.000000'],
      ['0xbbbb', '1', '1.000000'],
      ['TOTAL', '2', '7.000000'],
    ]);
    // The PnL table is the same as without them.
    expect(
      lines
        .find((l) => l.startsWith('TOTAL'))
        ?.trim()
        .split(/\s+/)[1],
    ).toBe('0.468000');
    const out = JSON.parse((await run(dataDir, ['--json'])).stdout);
    expect(out.estimatedRewards).toEqual({
      note: 'estimated liquidity rewards, USDC; not in realizedPnl or any PnL',
      days: ['2025-12-31', '2026-01-01'],
      markets: { '0xaaaa': { days: 2, usdc: '6' }, '0xbbbb': { days: 1, usdc: '1' } },
      total: '7',
    });
    expect(out.totals.realizedPnl).toBe('0.468');
  });

  it('counts income whole per market: trading, settled, rebates, unrealized at the last fill, rewards estimated today and credited before', async () => {
    const dataDir = await journalWith(FILLS());
    const day = Date.UTC(2026, 0, 1) / 86_400_000;
    // 2025-12-31 (ended: credited): A 720 / 1440 x 10 = 5; 2026-01-01 (under way: estimated): A 1, B 36 / 1440 x 40 = 1.
    writeEstimate(dataDir, {
      version: 1,
      day: day - 1,
      lastSlot: 1439,
      markets: { '0xaaaa': { shareSum: '720', samples: 1440, dailyRate: '10' } },
    });
    writeEstimate(dataDir, {
      version: 1,
      day,
      lastSlot: 700,
      markets: {
        '0xaaaa': { shareSum: '144', samples: 700, dailyRate: '10' },
        '0xbbbb': { shareSum: '36', samples: 700, dailyRate: '40' },
      },
    });
    const io = (): CliIo & { out: () => string } => {
      let out = '';
      return { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true }, env: {}, out: () => out };
    };
    const clock = new FakeClock(Date.UTC(2026, 0, 1, 18));
    const text = io();
    expect(await pnlCommand({ data: { dir: dataDir } }, [], text, clock)).toBe(0);
    const lines = text.out().split('\n');
    const at = lines.indexOf('income:');
    expect(at).toBeGreaterThan(0);
    // A: trading 4 x 0.15 - 0.144 = 0.456, rebates 0.012, unrealized at the last fills 0.9, rewards 1 + 5.
    expect(lines.slice(at + 1, at + 5).map((l) => l.trim().split(/\s+/))).toEqual([
      ['MARKET', 'TRADING', 'SETTLED', 'REBATES', 'UNREAL@LAST', 'REWARDS.EST', 'REWARDS.CRED', 'INCOME'],
      ['0xaaaa', '0.456000', '0.000000', '0.012000', '0.900000', '1.000000', '5.000000', '7.368000'],
      ['0xbbbb', '0.000000', '0.000000', '0.000000', '0.000000', '1.000000', '0.000000', '1.000000'],
      ['TOTAL', '0.456000', '0.000000', '0.012000', '0.900000', '2.000000', '5.000000', '8.368000'],
    ]);
    expect(lines[at + 5]).toMatch(/^INCOME = TRADING \(closing gains - fees\) \+ SETTLED \+ REBATES \(together REALIZED\)/);
    const json = io();
    await pnlCommand({ data: { dir: dataDir } }, ['--json'], json, clock);
    const out = JSON.parse(json.out());
    expect(out.income.markets['0xaaaa']).toEqual({
      trading: '0.456',
      settlement: '0',
      rebates: '0.012',
      unrealized: '0.9',
      rewards_estimated: '1',
      rewards_credited: '5',
      total: '7.368',
    });
    expect(out.income.total.total).toBe('8.368');
    // Trading + settlement + rebates is REALIZED; the rewards are beside it, not in it.
    expect(out.totals.realizedPnl).toBe('0.468');
  });

  it('an empty or missing journal says so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'makerd-pnl-'));
    const r = await run(dataDir);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^no fills in the journal /);
    expect(r.stdout).toContain('EST.REWARDS: none saved');
    // No daemon has claimed it: nothing says whose it is.
    expect(JSON.parse((await run(dataDir, ['--json'])).stdout)).toMatchObject({ identity: null, fills: 0, markets: [] });
  });

  it('a torn last line is reported on stderr and left alone (a daemon may be writing it)', async () => {
    const dataDir = await journalWith(FILLS());
    const file = join(dataDir, 'journal', 'fills-2026-01-01.jsonl');
    appendFileSync(file, '{"v":1,"trade');
    const before = readFileSync(file, 'utf8');
    const r = await run(dataDir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^makerd: warning: journal .*fills-2026-01-01\.jsonl line 5: torn last line .*ignored\n$/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a corrupt journal is one error naming the file and line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'makerd-pnl-'));
    mkdirSync(join(dataDir, 'journal'));
    writeFileSync(join(dataDir, 'journal', 'fills-2026-01-01.jsonl'), 'garbage\n');
    const err = await run(dataDir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MakerdError);
    expect((err as MakerdError).code).toBe(ErrorCode.CONFIG);
    expect((err as MakerdError).message).toMatch(/^journal .*fills-2026-01-01\.jsonl line 1: not valid JSON/);
    expect((err as MakerdError).message).not.toContain('\n');
  });

  it('names whose figures they are, sums journal/ only (never a set-aside journal.sim-*), and paper estimates apart', async () => {
    const dataDir = await journalWith(FILLS());
    // An earlier embedded-simulator run's journal, set aside at the next start: never summed.
    const archived = new FillJournal({ dataDir, folder: 'journal.sim-2025-12-31T00-00-00-000Z', clock: new FakeClock(T) });
    await archived.append([f('0xdddd', 0, 'BUY', '0.5', '100')]);
    await archived.close();
    const since = '2026-01-01T00:00:00.000Z';
    writeIdentity(dataDir, { venue: 'https://venue.example', account: '0xaa', since }, 'data.dir');
    const day = Date.UTC(2026, 0, 1) / 86_400_000;
    writeEstimate(dataDir, { version: 1, day, lastSlot: 9, markets: { '0xaaaa': { shareSum: '144', samples: 10, dailyRate: '10' } } });
    const paperDay = { version: 1 as const, day, lastSlot: 9, markets: { '0xcccc': { shareSum: '720', samples: 10, dailyRate: '10' } } };
    writeEstimate(dataDir, paperDay, PAPER_REWARDS_DIR);

    const r = await run(dataDir);
    expect(r.stderr).toBe(
      `makerd: figures of venue https://venue.example account 0xaa, as venue.json of the data directory says (since ${since})\n`,
    );
    expect(r.stdout).toMatch(/^journal .*journal: 1 file\(s\), 4 fills,/);
    expect(r.stdout).not.toContain('0xdddd');
    expect(r.stdout).not.toContain('0xcccc');
    const out = JSON.parse((await run(dataDir, ['--json'])).stdout);
    expect(out.identity).toEqual({ venue: 'https://venue.example', account: '0xaa', paper: false, since });
    expect([out.fills, out.markets.map((m: { conditionId: string }) => m.conditionId)]).toEqual([4, ['0xaaaa', '0xbbbb']]);
    expect(out.estimatedRewards.markets).toEqual({ '0xaaaa': { days: 1, usdc: '1' } });

    // Paper mode: the paper journal and the paper estimates, no account's.
    const paper = async (args: string[]) => {
      let stdout = '';
      let stderr = '';
      const io: CliIo = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env: {} };
      await pnlCommand({ data: { dir: dataDir }, trading: { mode: 'paper' } }, args, io);
      return { stdout, stderr };
    };
    const p = await paper([]);
    expect(p.stderr).toBe(
      `makerd: figures of paper trading (virtual fills, no account) on venue https://venue.example, as venue.json of the data directory says (since ${since})\n`,
    );
    const pj = JSON.parse((await paper(['--json'])).stdout);
    expect(pj.identity).toEqual({ venue: 'https://venue.example', account: null, paper: true, since });
    expect([pj.fills, pj.estimatedRewards.markets]).toEqual([0, { '0xcccc': { days: 1, usdc: '5' } }]);

    // A damaged venue.json is a warning here (the daemon refuses to start on it), not the end of the report.
    writeFileSync(join(dataDir, 'venue.json'), 'not json');
    const damaged = await run(dataDir);
    expect(damaged.code).toBe(0);
    expect(damaged.stderr).toBe(
      `makerd: warning: data.dir: ${join(dataDir, 'venue.json')} does not say whose data the directory holds ({"venue": "...", "account": "0x..." or null, "since": "..."})\n`,
    );
    expect(damaged.stdout).toMatch(/^journal .*: 1 file\(s\), 4 fills,/);
  });

  it('flags: --json only', () => {
    expect(parsePnlArgs([])).toEqual({ json: false });
    expect(parsePnlArgs(['--json'])).toEqual({ json: true });
    expect(() => parsePnlArgs(['--market', 'x'])).toThrow(UsageError);
    expect(() => parsePnlArgs(['--market', 'x'])).toThrow("pnl: unexpected argument '--market'; takes --json");
  });
});
