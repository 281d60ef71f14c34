import { defineConfig } from 'vitest/config'

// Unit tests sit beside the code (src/**/x.test.ts); cross-service tests live in test/.
// Benchmarks are scripts under bench/ and never run here.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The console's web app is built once before any test (services started by tests serve it).
    globalSetup: ['./test/support/console-web.ts'],
    // TEST_CPU_LOG=<file> records each file's CPU time (docs/benchmarks.md, "Test suite").
    setupFiles: ['./test/support/cpu-usage.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
  },
})
