/**
 * `makerd check-config`: secrets read from files are masked in what it prints, and warnings go to
 * stderr so that stdout is the JSON configuration alone.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSPHRASE, SECRET, tmpDir } from './cli-support.js';
import { cli } from './run-cli.js';

describe('check-config', () => {
  it('masks secrets read from files (systemd credentials, Docker secrets)', async () => {
    const dir = tmpDir();
    writeFileSync(join(dir, 'venue-secret'), `${SECRET}\n`);
    writeFileSync(join(dir, 'venue-passphrase'), PASSPHRASE);
    const r = await cli(['check-config'], {
      MAKERD_VENUE_MODE: 'live',
      MAKERD_VENUE_BASE_URL: 'https://venue.example',
      MAKERD_VENUE_ADDRESS: '0xabc',
      MAKERD_VENUE_API_KEY: '00000000-0000-4000-8000-000000000000',
      MAKERD_VENUE_SECRET_FILE: join(dir, 'venue-secret'),
      MAKERD_VENUE_PASSPHRASE_FILE: join(dir, 'venue-passphrase'),
    });
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(printed.venue).toMatchObject({ secret: '[redacted]', passphrase: '[redacted]', secretFile: join(dir, 'venue-secret') });
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(r.stdout + r.stderr).not.toContain(PASSPHRASE);
    expect(r.stderr).toBe(
      'configuration valid: mode=live, credentials complete, strategy bands (known: avellaneda, bands, glft), markets none (start-up will stop), shard 0/1\n',
    );
  });

  it('paper mode on the live venue needs and uses no credentials', async () => {
    const r = await cli(['check-config'], {
      MAKERD_VENUE_MODE: 'live',
      MAKERD_VENUE_BASE_URL: 'https://venue.example',
      MAKERD_VENUE_ADDRESS: '0xabc',
      MAKERD_TRADING_MODE: 'paper',
      MAKERD_MARKETS: '0xm1',
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'configuration valid: mode=live, trading.mode paper, credentials not used (paper mode), strategy bands (known: avellaneda, bands, glft), markets 1 listed, shard 0/1\n',
    );
  });

  it('prints warnings on stderr, JSON stays alone on stdout', async () => {
    const r = await cli(['check-config'], { MAKERD_LOG_LEVLE: 'debug' });
    expect(r.code).toBe(0);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stderr).toContain('warning: MAKERD_LOG_LEVLE: not a configuration variable (ignored)\n');
  });
});
