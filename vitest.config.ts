import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Tests start real servers on port 0; keep worker count modest on 2-core machines.
    pool: 'forks',
    // `npm run coverage`: the product's code as the tests run it in process (the daemon processes
    // some tests spawn from dist/ are not instrumented). HTML report in coverage/index.html.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'strategies/**/*.ts'],
      reporter: ['text-summary', 'html', 'json-summary'],
      reportsDirectory: 'coverage',
    },
  },
});
