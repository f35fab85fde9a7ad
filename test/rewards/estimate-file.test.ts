/** The day's reward estimate in the data directory: written whole, read back, checked. */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateFileName, readAllEstimates, readTodayEstimate, rewardsDir, writeEstimate } from '../../src/rewards/estimate-file.js';
import type { EstimateDayState } from '../../src/rewards/index.js';

const DAY = 86_400_000;
/** 2026-01-01T00:00:00Z */
const T0 = 1_767_225_600_000;
const day0 = T0 / DAY;
const state = (day: number, shareSum: string): EstimateDayState => ({
  version: 1,
  day,
  lastSlot: 12,
  markets: { '0xm': { shareSum, samples: 13, dailyRate: '144' } },
});

describe('estimate file', () => {
  it("writes one file per UTC day and reads today's back", () => {
    const dir = mkdtempSync(join(tmpdir(), 'makerd-rewards-'));
    expect(readTodayEstimate(dir, T0)).toBeUndefined();
    writeEstimate(dir, state(day0, '6.5'));
    writeEstimate(dir, state(day0, '7.25'));
    writeEstimate(dir, state(day0 - 1, '100'));
    expect(estimateFileName(day0)).toBe('estimate-2026-01-01.json');
    expect(readdirSync(rewardsDir(dir)).sort()).toEqual(['estimate-2025-12-31.json', 'estimate-2026-01-01.json']);
    expect(readTodayEstimate(dir, T0 + DAY - 1)).toEqual({ state: state(day0, '7.25') });
    expect(readTodayEstimate(dir, T0 + DAY)).toBeUndefined();
    expect(readAllEstimates(dir)).toEqual({ days: [state(day0 - 1, '100'), state(day0, '7.25')], problems: [] });
  });

  it('names what is wrong with a file instead of using it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'makerd-rewards-'));
    writeEstimate(dir, state(day0, '1'));
    const path = join(rewardsDir(dir), estimateFileName(day0));
    writeFileSync(path, JSON.stringify({ ...state(day0, '1'), markets: { '0xm': { shareSum: '-1', samples: 1, dailyRate: '1' } } }));
    expect(readTodayEstimate(dir, T0)).toEqual({ problem: `${path}: markets.0xm.shareSum is not a decimal >= 0` });
    writeFileSync(path, '{"version":1,');
    expect(readTodayEstimate(dir, T0)).toEqual({ problem: `${path} is not JSON` });
    expect(readAllEstimates(dir)).toEqual({ days: [], problems: [`${path} is not JSON`] });
    expect(readAllEstimates(join(dir, 'none'))).toEqual({ days: [], problems: [] });
  });
});
