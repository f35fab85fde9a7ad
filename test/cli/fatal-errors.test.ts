/** Errors that escape every command end as one stderr line with the loaded secrets scrubbed. */
import { describe, expect, it } from 'vitest';
import { SECRET } from './cli-support.js';
import { cli } from './run-cli.js';

describe('fatal errors that escape a command', () => {
  it('are one line, with the secret of the loaded configuration scrubbed', async () => {
    const { fatalLine } = await import('../../src/cli/cli.js');
    await cli(['check-config'], { MAKERD_VENUE_SECRET: SECRET });
    expect(fatalLine(new Error(`socket hang up\n  while sending ${SECRET}`))).toBe(
      'makerd: fatal: socket hang up; while sending [redacted]\n',
    );
  });
});
