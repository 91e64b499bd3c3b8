import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';

export interface HostProcess {
  /** The printed address, with the token in the fragment. */
  url: string;
  origin: string;
  dataDir: string;
  process: ChildProcess;
}

/** Start the real browser host (scripts/host.mjs, what `npm run serve` runs) on a fresh data folder. */
export async function startHostProcess(): Promise<HostProcess & { stop: () => Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'quita-e2e-'));
  const dataDir = join(root, 'data');
  const child = spawn(process.execPath, ['scripts/host.mjs', '--data-dir', dataDir], {
    env: { ...process.env, QUITA_KEY_FILE: join(root, 'keys', 'master.key') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`host exited with ${code}:\n${out}`)));
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  };
  return { url, origin: new URL(url).origin, dataDir, process: child, stop };
}

/** libfaketime's relative offset ("+86400s", "-3600s", as scripts/test-dates.mjs sets it) in ms; 0 when not set. */
export function fakeOffsetMs(faketime: string | undefined): number {
  const m = /^([+-]\d+)s$/.exec(faketime ?? '');
  return m ? Number(m[1]) * 1000 : 0;
}

/**
 * Runs in the page before its own scripts: `new Date()`, `Date()` and `Date.now()` read the real time shifted by
 * `offsetMs`; every other use of Date (parsing, `new Date(ms)`, instanceof) is the real one.
 */
function shiftDate(offsetMs: number) {
  const Real = Date;
  const now = () => Real.now() + offsetMs;
  function Shifted(this: unknown, ...args: unknown[]): unknown {
    if (!new.target) return new Real(now()).toString();
    return args.length === 0 ? new Real(now()) : new Real(...(args as [number]));
  }
  Shifted.prototype = Real.prototype;
  Object.assign(Shifted, { now, parse: Real.parse, UTC: Real.UTC });
  globalThis.Date = Shifted as unknown as DateConstructor;
}

/**
 * A browser context a test makes itself (a second desk) reads the same shifted clock as the `page` fixture's pages
 * under `npm run test:dates`; nothing otherwise.
 */
export async function followShiftedClock(context: BrowserContext): Promise<void> {
  const offsetMs = fakeOffsetMs(process.env.FAKETIME);
  if (offsetMs !== 0) await context.addInitScript(shiftDate, offsetMs);
}

export const test = base.extend<{ host: HostProcess }>({
  // Playwright reads a fixture's dependencies from the destructuring pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    const host = await startHostProcess();
    await use(host);
    await host.stop();
  },
  // Under `npm run test:dates` this process and the host run on a shifted clock (libfaketime), and Chromium does
  // not (playwright.config.ts: under libfaketime it runs several times slower): every page's Date is shifted by the
  // same offset before its scripts run, so the screens count days as the host does. (Not Playwright's page.clock:
  // it replays its settings against this process's Date.now, which is the shifted one, and lands on the real day.)
  page: async ({ page }, use) => {
    const offsetMs = fakeOffsetMs(process.env.FAKETIME);
    if (offsetMs !== 0) await page.addInitScript(shiftDate, offsetMs);
    await use(page);
  },
});
export { expect };

/** The clerk's first minute on the demo branch: start it and sync it; returns the navigation. */
export async function demoSynced(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  const nav = page.getByRole('navigation');
  await nav.getByRole('button', { name: 'Sincronizar' }).click();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pronto:' })).toBeVisible({ timeout: 90_000 });
  return nav;
}

/**
 * A statement as a bank's CSV export brings it (the text given), imported through Importar into an account of
 * the demo branch, and waited for until Importar says it was imported.
 */
export async function importCsv(page: Page, name: string, csv: string, account = 'Itaú - Conta Movimento') {
  await page.getByRole('navigation').getByRole('button', { name: 'Importar' }).click();
  await page.locator('main select').first().selectOption({ label: account });
  await page.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Importado:/ })).toBeVisible({ timeout: 30_000 });
}

/** Screenshots for a person to look at (light and dark): test-results/, or QUITA_SHOTS when set. */
export const SHOTS = process.env.QUITA_SHOTS ?? 'test-results';

/** The page as it is now, once light and once dark, as `p-<name>-<scheme>.png`; leaves the page light. */
export async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(SHOTS, `p-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A command run the way the screens run it, through the page's own bridge (window.api); throws on an error. */
export async function command<T>(page: Page, name: string, input: unknown): Promise<T> {
  const r = await page.evaluate(
    ([n, i]) =>
      // In the page, globalThis is the window the bridge is on (these tests compile without the DOM types).
      (globalThis as unknown as { api: { invoke: (n: string, i: unknown) => Promise<unknown> } }).api.invoke(
        n,
        i,
      ),
    [name, input] as const,
  );
  const res = r as { ok: boolean; value: T; error?: unknown };
  if (!res.ok) throw new Error(`${name}: ${JSON.stringify(res.error)}`);
  return res.value;
}
