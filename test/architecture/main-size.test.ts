/** src/main.ts is the one place where the parts are wired, and stays short enough to read as the phases' list. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

describe('src/main.ts', () => {
  it('is under 200 lines', () => {
    const text = readFileSync(join(packageRoot(), 'src', 'main.ts'), 'utf8');
    expect(text.split('\n').length - (text.endsWith('\n') ? 1 : 0)).toBeLessThan(200);
  });
});
