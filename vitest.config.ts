import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Tests start real servers on port 0; keep worker count modest on 2-core machines.
    pool: 'forks',
  },
});
