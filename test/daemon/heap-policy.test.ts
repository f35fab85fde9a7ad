import { describe, expect, it } from 'vitest';
import { applyHeapPolicy } from '../../src/daemon/heap-policy.js';

describe('applyHeapPolicy', () => {
  it("sets V8's heap growing factor unless Node was given one (flag or NODE_OPTIONS)", () => {
    expect(applyHeapPolicy({ NODE_OPTIONS: '--heap-growing-percent=50' }, [])).toBe(false);
    expect(applyHeapPolicy({}, ['--heap_growing_percent=30'])).toBe(false);
    expect(applyHeapPolicy({ NODE_OPTIONS: '--max-old-space-size=128' }, ['--enable-source-maps'])).toBe(true);
  });
});
