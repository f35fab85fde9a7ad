import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfig } from '../../src/daemon/check-config.js';
import { ErrorCode } from '../../src/errors.js';
import { rejectionOf } from '../support/catch-error.js';
import { phaseContext } from './phase-context.js';

describe('phase check-config', () => {
  it('creates data.dir and resolves with the strategies by name', async () => {
    const { ctx } = phaseContext(undefined);
    const strategies = await checkConfig(ctx.config);
    expect(existsSync(ctx.config.data.dir)).toBe(true);
    expect(strategies.get('bands')?.name).toBe('bands');
  });

  it('stops on a data.dir it cannot create, naming the key and the reason', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'makerd-phase-')), 'plain-file');
    writeFileSync(file, '');
    const { ctx } = phaseContext(undefined, { MAKERD_DATA_DIR: join(file, 'data') });
    const err = await rejectionOf(checkConfig(ctx.config));
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toBe(`data.dir: cannot create ${JSON.stringify(join(file, 'data'))} (ENOTDIR)`);
  });

  it('stops on an unknown strategy before any network use', async () => {
    const { ctx } = phaseContext(undefined, { MAKERD_STRATEGY: 'no-such-strategy' });
    const err = await rejectionOf(checkConfig(ctx.config));
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toContain('no-such-strategy');
  });
});
