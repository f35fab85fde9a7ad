/** `makerd cancel` while venue.mode is still sim warns that it cancels on a fresh simulator. */
import { describe, expect, it } from 'vitest';
import { cli } from './run-cli.js';

describe('cancel in sim mode', () => {
  it('says that it cancels on a fresh embedded simulator, not on the venue', async () => {
    const r = await cli(['cancel', '--order-id', '0xnothing'], { MAKERD_SIM_FLOW: 'false', MAKERD_SIM_MARKETS: '1' });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      'makerd: warning: venue.mode is "sim": this cancels on a fresh embedded simulator, not on the venue',
    );
  });
});
