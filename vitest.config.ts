import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // A guard against a hung test, not a speed check (speed lives in bench/): the CLI tests start several
    // `quita` processes each, and on a loaded 2-core runner one took 17 s of the former 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests start real servers, `quita` processes and real SQLite files, and wait on them: a third worker keeps
    // the 2-core machines busy while one waits (unit suite 242 → 173 s there).
    maxWorkers: 3,
    // Each worker process runs its files one after another with the modules it already loaded: importing the core
    // afresh for each of the 241 files cost 303 s of the suite's CPU (572 → 422 s wall here). So a file puts back what
    // it changes of the process (environment variables: vi.stubEnv and vi.unstubAllEnvs; the clock; the working
    // folder), and module state is per database or per call, never "the one test". Checked with the files shuffled.
    isolate: false,
  },
});
