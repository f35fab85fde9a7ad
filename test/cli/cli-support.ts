/** Helpers of the CLI tests that run `makerd` in-process. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

export function tmpDir(): string {
  return mkdtempSync(join(tmpdir(), 'makerd-cli-'));
}

/** Environment for an in-process `makerd run` in sim mode that binds nothing fixed. */
export function runEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { MAKERD_SIM_MARKETS: '2', MAKERD_SIM_FLOW: 'false', MAKERD_METRICS_PORT: '0', MAKERD_DATA_DIR: join(tmpDir(), 'data'), ...extra };
}

export const oneLine = (s: string): void => expect(s.trim().split('\n')).toHaveLength(1);

/** A venue secret (base64) and passphrase that must never appear in any output. */
export const SECRET = 'c2VjcmV0LWZyb20tYS1maWxlLWZvci1jbGktdGVzdHM=';
export const PASSPHRASE = '0123456789abcdef'.repeat(4);
