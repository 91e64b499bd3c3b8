import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The import tests with every parseStatement input recorded (capture.setup.ts); see equivalence.ts. */
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    include: ['src/core/import/**/*.test.ts', 'tests/unit/*import*.test.ts'],
    setupFiles: ['bench/import/equivalence/capture.setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
