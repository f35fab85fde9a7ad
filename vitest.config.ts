import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'forks',
    // Two files at a time on this 2-core machine (vitest's default is cores - 1, i.e. one file at a
    // time): many files spend their time waiting on servers and child processes, not computing.
    maxWorkers: 2,
    // Compiles the package once for the tests that spawn makerd's executables (compile-package.ts).
    globalSetup: ['test/support/global-setup.ts'],
    // After the usual report, the slowest files (test/support/slowest-files-reporter.ts).
    reporters: ['default', './test/support/slowest-files-reporter.ts'],
    // `npm run coverage`: the product's code as the tests run it in process (the daemon processes
    // some tests spawn from the compiled package are not instrumented). HTML report in coverage/index.html.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'strategies/**/*.ts'],
      reporter: ['text-summary', 'html', 'json-summary'],
      reportsDirectory: 'coverage',
    },
  },
});
