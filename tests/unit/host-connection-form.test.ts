import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealHost, type RealHost } from '../../src/host/real-host.testing';
import { ensureRendererBuilt } from '../helpers/host';
import { tempDir } from '../helpers/tmp';

/**
 * Issue [N] item 2, in the UI: Configurações → Editar asks for the key again when the address or the user
 * changes, and the old key never reaches the new address, whatever is clicked. Screenshots of the form in
 * light and dark at 1366×768 go to QUITA_SHOTS (default /tmp/shots) as n-*.png for a person to look at.
 */
const CHROMIUM = process.env.QUITA_CHROMIUM ?? '/usr/bin/chromium';
const SHOTS = process.env.QUITA_SHOTS ?? '/tmp/shots';

interface Api {
  url: string;
  /** `user:key` of every request it got. */
  seen: string[];
  server: Server;
}

async function fakeApi(): Promise<Api> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const h = req.headers.authorization ?? '';
    seen.push(h.startsWith('Basic ') ? Buffer.from(h.slice(6), 'base64').toString('utf8') : h);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('[{"idBankAccount":1,"description":"Conta"}]');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const tmp = tempDir('quita-form-');
let host: RealHost;
let browser: Browser;
let page: Page;
let a: Api;
let b: Api;

beforeAll(async () => {
  ensureRendererBuilt();
  mkdirSync(SHOTS, { recursive: true });
  [a, b] = [await fakeApi(), await fakeApi()];
  host = await startRealHost(join(tmp.dir, 'data'), {
    ...process.env,
    QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key'),
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  for (const s of [a, b]) s?.server.close();
  tmp.cleanup();
});

const shoot = async (name: string) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(SHOTS, `n-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
};

describe.skipIf(!existsSync(CHROMIUM))(
  'Configurações: the key follows the address (issue [N] item 2)',
  () => {
    it('asks for the key again when the address or the user changes, and never sends the old key there', async () => {
      await page.goto(host.url);
      await page.getByLabel('Nome da filial').fill('Unidade Centro');
      await page.getByLabel('Endereço da API').fill(a.url);
      await page.getByLabel('Usuário (DNS da academia)').fill('gym-a');
      await page.getByLabel('Chave de integração').fill('KEY-OF-A');
      await page.getByRole('button', { name: 'Salvar e continuar' }).click();
      await page.locator('.brand-branch').getByText('Unidade Centro').waitFor();

      await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
      const card = page.locator('.profile', { hasText: 'Unidade Centro' });
      await card.getByRole('button', { name: 'Editar' }).click();
      const form = card.locator('form.connection-form');
      const keyAgain = 'Informe a chave de integração de novo.';
      // Unchanged: a blank key keeps the stored one.
      await form.getByText('Deixe em branco para manter a chave guardada.').waitFor();

      // A new address: the form says the key is needed, and neither button sends the old key.
      await form.getByLabel('Endereço da API').fill(b.url);
      await form
        .locator('.hint .warn', { hasText: /A chave guardada só é enviada para o endereço e o usuário/ })
        .waitFor();
      expect(await form.getByLabel('Chave de integração').getAttribute('aria-required')).toBe('true');
      await form.getByLabel('Chave de integração').scrollIntoViewIfNeeded();
      await shoot('connection-key-again');
      await form.getByRole('button', { name: 'Testar conexão' }).click();
      await form.locator('.field-error', { hasText: keyAgain }).waitFor();
      await form.getByRole('button', { name: 'Salvar e continuar' }).click();
      await form.locator('.field-error', { hasText: keyAgain }).waitFor();
      await shoot('connection-key-again-error');
      expect(b.seen).toEqual([]);
      // The card still shows the old address: nothing was saved.
      expect(await card.locator('.muted').first().textContent()).toContain(a.url);

      // Back to the old address: the stored key may be kept again, and the error is gone with the change.
      await form.getByLabel('Endereço da API').fill(`${a.url}/`);
      await form.getByText('Deixe em branco para manter a chave guardada.').waitFor();
      expect(await form.locator('.field-error').count()).toBe(0);

      // A new user on the same address needs the key too.
      await form.getByLabel('Usuário (DNS da academia)').fill('gym-b');
      await form.locator('.hint .warn', { hasText: /^O endereço ou o usuário mudou/ }).waitFor();
      await form.getByRole('button', { name: 'Salvar e continuar' }).click();
      await form.locator('.field-error', { hasText: keyAgain }).waitFor();
      expect(a.seen.every((s) => s === 'gym-a:KEY-OF-A')).toBe(true);

      // With the new key the move is saved, and B only ever sees B's key.
      await form.getByLabel('Endereço da API').fill(b.url);
      await form.getByLabel('Chave de integração').fill('KEY-OF-B');
      await form.getByRole('button', { name: 'Testar conexão' }).click();
      await form
        .getByRole('status')
        .getByText(/^Conexão OK/)
        .waitFor();
      await form.getByRole('button', { name: 'Salvar e continuar' }).click();
      await card.locator('.muted', { hasText: b.url }).waitFor();
      await card.getByRole('button', { name: 'Testar conexão' }).click();
      await card
        .getByRole('status')
        .getByText(/^Conexão OK/)
        .waitFor();
      expect(b.seen.length).toBeGreaterThanOrEqual(2);
      expect(b.seen.every((s) => s === 'gym-b:KEY-OF-B')).toBe(true);
      expect(await page.content()).not.toContain('KEY-OF-');
    }, 90_000);
  },
);
