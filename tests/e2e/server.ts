import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { spawnServer } from '../helpers/office-server';
import { expect, followShiftedClock } from './fixtures';

/** People of the office, as `quita usuarios adicionar` creates them (the password on standard input). */
export const PEOPLE = {
  caio: { name: 'Caio Martins', role: 'administrador', password: 'administrador-do-escritorio' },
  ana: { name: 'Ana Souza', role: 'conferente', password: 'conferente-da-manha-1' },
  bia: { name: 'Bia Lima', role: 'supervisor', password: 'supervisora-do-caixa-2' },
} as const;
export type Person = keyof typeof PEOPLE;

export interface OfficeServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The real office server as the IT starts it: users created with `quita usuarios`, then `quita server` on
 * 127.0.0.1 with a free port and the certificate it makes itself (the browsers here are told to accept it, as a
 * clerk would after comparing its fingerprint).
 */
export async function startOfficeServer(): Promise<OfficeServer> {
  const root = mkdtempSync(join(tmpdir(), 'quita-e2e-server-'));
  const dataDir = join(root, 'data');
  const env = { ...process.env, QUITA_KEY_FILE: join(root, 'keys', 'master.key') };
  for (const [login, p] of Object.entries(PEOPLE)) {
    const r = spawnSync(
      process.execPath,
      [
        'bin/quita.mjs',
        '--data-dir',
        dataDir,
        'usuarios',
        'adicionar',
        login,
        '--nome',
        p.name,
        '--papel',
        p.role,
      ],
      { env, input: `${p.password}\n`, encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`quita usuarios adicionar ${login}: ${r.stderr}`);
  }
  const server = await spawnServer(dataDir, env);
  const stop = async () => {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  };
  return { url: server.url, dataDir, child: server.child, output: server.output, stop };
}

/** A desk of the office: its own browser context (its own cookies), at 1366×768, in Portuguese. */
export async function desk(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1366, height: 768 },
    locale: 'pt-BR',
  });
  // Under npm run test:dates the server runs on the pinned day: the screens count days as it does.
  await followShiftedClock(context);
  return { context, page: await context.newPage() };
}

/**
 * Signs a person in through the login page and waits for the app; once the office has a branch, the app shows who
 * is in (before that, the first screen asks for a connection).
 */
export async function signIn(page: Page, url: string, who: Person, branch = true) {
  await page.goto(url);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Usuário').fill(who);
  await page.getByLabel('Senha').fill(PEOPLE[who].password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(url);
  if (branch) await expect(page.locator('.who-is-in')).toContainText(PEOPLE[who].name);
  else await expect(page.getByRole('heading', { name: 'Bem-vindo ao Quita' })).toBeVisible();
}
