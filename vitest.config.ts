import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Unit tests sit beside the code (src/**/x.test.ts); cross-service tests live in test/.
// Benchmarks are scripts under bench/ and never run here.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs file after file with the modules it has loaded (isolate: false): a fresh
    // process per file re-evaluated the same module graph (the 88 agents, Fastify, the services)
    // and re-read the same data (listings, sanctions lists) for each of ~200 files, about half of
    // the suite's CPU time (docs/benchmarks.md, "Test suite"). No test mocks modules or changes
    // process-wide state it does not restore, and every service a test starts takes port 0.
    isolate: false,
    // One worker more than the cores: a file waiting on sockets, timers, a browser or a spawned
    // service leaves its core to the others. On two cores, quiet (docs/benchmarks.md, "Test
    // suite"): 2 workers 261 s, 3 workers 214 s, the same 3,813 tests passing, the machine's CPU
    // 406 s and 392 s (busy 92 % of the run with three).
    maxWorkers: availableParallelism() + 1,
    // The console's web app is built once before any test (services started by tests serve it).
    globalSetup: ['./test/support/console-web.ts'],
    // TEST_CPU_LOG=<file> records each file's CPU time (docs/benchmarks.md, "Test suite").
    setupFiles: ['./test/support/cpu-usage.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
  },
})
