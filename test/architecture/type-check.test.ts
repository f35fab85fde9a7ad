/**
 * The whole program type-checks: tsc over tsconfig.json (src, strategies, bench, soak, test and
 * vitest.config.ts, strict) reports nothing. This is `npm run typecheck`, done inside `npm test`
 * by the run's one compile (test/support/global-setup.ts), which type-checks what it emits, so
 * that the suite does not run tsc over the same sources twice.
 */
import { describe, expect, it } from 'vitest';
import { compileResult } from '../support/compile-package.js';

describe('tsc -p tsconfig.json', () => {
  it('reports no error in any file of the program', async () => {
    const r = await compileResult();
    expect(r.output, 'tsc found type errors').toBe('');
    expect(r.code).toBe(0);
  }, 180_000);
});
