/** The bounds on what the venue may send, and the simulator's hostile faults: a bad value is refused naming its key. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { configErrorOf } from '../support/config-helpers.js';

const refused = (env: NodeJS.ProcessEnv): string => configErrorOf(() => loadConfig({ env })).message;

describe('bounds settings', () => {
  it.each([
    ['MAKERD_VENUE_ANSWER_BOOK_BYTES', '0', 'venue.answers.bookBytes: must be an integer from 1 to 1073741824: value was 0'],
    [
      'MAKERD_VENUE_ANSWER_PAGE_BYTES',
      '2000000000',
      'venue.answers.pageBytes: must be an integer from 1 to 1073741824: value was 2000000000',
    ],
    [
      'MAKERD_VENUE_ANSWER_MIN_BYTES_PER_SEC',
      '1.5',
      'venue.answers.minBytesPerSec: must be an integer from 1 to 1073741824: value was 1.5',
    ],
    ['MAKERD_BOOKS_MAX_LEVELS', '-1', 'books.maxLevels: must be an integer from 1 to 1000000: value was -1'],
    [
      'MAKERD_STREAM_RATE_WINDOW_MS',
      'x',
      'stream.rate.windowMs: must be an integer from 1 to 86400000, in plain decimal notation: value was "x"',
    ],
    ['MAKERD_SIM_FAULT_HUGE_BOOKS', '-5', 'sim.faults.hugeBooks: must be an integer from 0 to 1000000: value was -5'],
  ])('%s=%s is refused, naming the key', (name, value, message) => {
    expect(refused({ [name]: value })).toBe(`invalid configuration: ${message}`);
  });
});
