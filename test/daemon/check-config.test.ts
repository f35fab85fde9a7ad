import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfig } from '../../src/daemon/check-config.js';
import { ErrorCode } from '../../src/errors.js';
import { journalFileName } from '../../src/portfolio/index.js';
import { rejectionOf } from '../support/catch-error.js';
import { unwritableDir } from '../support/unwritable-dir.js';
import { phaseContext } from './phase-context.js';

const NOW = Date.UTC(2026, 0, 2, 12);

describe('phase check-config', () => {
  it('creates data.dir and resolves with the strategies by name', async () => {
    const { ctx } = phaseContext(undefined);
    const strategies = await checkConfig(ctx.config, NOW);
    expect(existsSync(ctx.config.data.dir)).toBe(true);
    expect(strategies.get('bands')?.name).toBe('bands');
  });

  it('stops on a data.dir it cannot create, naming the key and the reason', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'makerd-phase-')), 'plain-file');
    writeFileSync(file, '');
    const { ctx } = phaseContext(undefined, { MAKERD_DATA_DIR: join(file, 'data') });
    const err = await rejectionOf(checkConfig(ctx.config, NOW));
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toBe(`data.dir: cannot create ${JSON.stringify(join(file, 'data'))} (ENOTDIR)`);
  });

  it('stops on an unknown strategy before any network use', async () => {
    const { ctx } = phaseContext(undefined, { MAKERD_STRATEGY: 'no-such-strategy' });
    const err = await rejectionOf(checkConfig(ctx.config, NOW));
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toContain('no-such-strategy');
  });
});

describe('phase check-config: what the daemon will write', () => {
  it('stops when the journal directory is not a directory, naming it', async () => {
    const { ctx, dataDir } = phaseContext(undefined);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'journal'), '');
    const err = await rejectionOf(checkConfig(ctx.config, NOW));
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toBe(`data.dir: cannot use the journal directory ${JSON.stringify(join(dataDir, 'journal'))} (not a directory)`);
  });

  it("stops when today's journal file cannot be appended to, naming it", async () => {
    const { ctx, dataDir } = phaseContext(undefined);
    const today = join(dataDir, 'journal', journalFileName(NOW));
    mkdirSync(today, { recursive: true });
    const err = await rejectionOf(checkConfig(ctx.config, NOW));
    expect(err.message).toBe(`data.dir: cannot append to ${JSON.stringify(today)} (EISDIR)`);
  });

  it('leaves nothing behind when everything is writable', async () => {
    const { ctx, dataDir } = phaseContext(undefined);
    mkdirSync(join(dataDir, 'journal'), { recursive: true });
    await checkConfig(ctx.config, NOW);
    expect(readdirSync(dataDir)).toEqual(['journal']);
    expect(readdirSync(join(dataDir, 'journal'))).toEqual([]);
  });

  it.runIf(unwritableDir() !== undefined)('stops on a data.dir it cannot write in, naming it', async () => {
    const dir = unwritableDir()!;
    const { ctx } = phaseContext(undefined, { MAKERD_DATA_DIR: dir });
    const err = await rejectionOf(checkConfig(ctx.config, NOW));
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.message).toMatch(new RegExp(`^data\\.dir: cannot write in ${JSON.stringify(dir)} \\((EACCES|EROFS|EPERM)\\)$`));
  });
});
