import { defineConfig } from '@playwright/test';
// @ts-expect-error -- plain ESM helper shared with scripts/test-all.mjs, no type declarations
import { findChromium } from './scripts/find-chromium.mjs';

const executablePath = (findChromium as () => string | null)() ?? undefined;

/**
 * `npm run test:dates` shifts every process's clock with libfaketime (LD_PRELOAD). Chromium is started without it
 * (under it, it runs 3–6 times slower, enough to miss deadlines): the page's own clock is set to the shifted time
 * instead (tests/e2e/fixtures.ts, the `page` fixture).
 */
const browserEnv = process.env.FAKETIME
  ? Object.fromEntries(
      Object.entries(process.env).filter(
        (e): e is [string, string] =>
          e[1] !== undefined && e[0] !== 'LD_PRELOAD' && !e[0].startsWith('FAKETIME'),
      ),
    )
  : undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // Each journey starts its own host on its own data folder: two at a time keep both cores busy (one waits on
  // Chromium while the other's host works).
  workers: 2,
  retries: 0,
  // Deadlines, not waits: every step waits for what it expects to see, and these only bound how long a step may
  // take on a busy runner (the journeys took 2–4 times longer beside a CPU hog) before it counts as failed.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.QUITA_PW_JSON
    ? [['list'], ['json', { outputFile: process.env.QUITA_PW_JSON }]]
    : [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    trace: 'off',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      ...(browserEnv ? { env: browserEnv } : {}),
      // As root Chromium needs --no-sandbox; the rest stop it from calling home on a machine without internet.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
