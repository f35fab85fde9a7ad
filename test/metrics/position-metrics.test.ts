/**
 * Failed GET /positions reads in /metrics, by code: a poller whose venue fails once with a fault
 * and once with pages that keep shifting, scraped through the real registry.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { registerPositionMetrics } from '../../src/metrics/position-metrics.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { PositionPoller, type PositionsVenue } from '../../src/trading/position-poller.js';
import type { Position } from '../../src/venue/types.js';

const lines = (text: string): string[] => text.split('\n').filter((l) => l.startsWith('makerd_position_reads_failed_total{'));

describe('makerd_position_reads_failed_total', () => {
  it('is 0 for malformed answers before any read, then counts each failed read under its code', async () => {
    let answer: () => Position[] = () => [{ asset: '0xa:0', size: 5 } as Position];
    const venue: PositionsVenue = { getPositions: async () => answer() };
    const poller = new PositionPoller({ venue, user: '0xwallet', clock: new FakeClock(0), intervalMs: 1_000 });
    const registry = createRegistry();
    let source: PositionPoller | undefined;
    registerPositionMetrics(registry, () => source?.failuresByCode);
    expect(lines(await registry.metrics())).toEqual(['makerd_position_reads_failed_total{code="MAKERD_ERR_BAD_RESPONSE"} 0']);

    source = poller;
    await poller.refresh();
    answer = () => {
      throw new MakerdError(ErrorCode.VENUE_FAULT, 'GET /positions: 500', { where: 'GET /positions', status: 500 });
    };
    await poller.refresh();
    // Rows that keep moving: every second page misses the first one's last row.
    let call = 0;
    answer = () => {
      call++;
      const first = call % 2 === 1 ? 0 : 100;
      return Array.from({ length: 500 }, (_, i) => ({ asset: `0x${first + i}:0`, size: 1, title: 't' }) as Position);
    };
    await poller.refresh();
    expect(poller.positions.get('0xa:0')?.toFixed()).toBe('5');
    expect(lines(await registry.metrics())).toEqual([
      'makerd_position_reads_failed_total{code="MAKERD_ERR_BAD_RESPONSE"} 1',
      'makerd_position_reads_failed_total{code="MAKERD_ERR_VENUE_FAULT"} 1',
    ]);
  });
});
