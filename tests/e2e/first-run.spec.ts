import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test('the app opens on the first-run screen, in Portuguese', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.getByRole('heading', { name: 'Bem-vindo ao Quita' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Testar conexão' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Usar filial de demonstração' })).toBeVisible();
  await expect(page.getByLabel('Endereço da API')).toHaveValue('https://evo-integracao-api.w12app.com.br');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  // The token left the address bar as soon as the bridge read it.
  expect(page.url()).not.toContain('token=');
});

test('switching to English translates the screen and is remembered', async ({ page, host }) => {
  await page.goto(host.url);
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Welcome to Quita' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Test connection' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const settings = JSON.parse(readFileSync(join(host.dataDir, 'settings.json'), 'utf8')) as {
    locale: string;
  };
  expect(settings.locale).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Quita' })).toBeVisible();
});

test('the dark theme applies and persists', async ({ page, host }) => {
  await page.goto(host.url);
  await page.getByLabel('Tema').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(17, 20, 24)');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a command call without the token is refused', async ({ page, request, host }) => {
  const noToken = await request.post(`${host.origin}/api/commands/app.info`, { data: {} });
  expect(noToken.status()).toBe(401);
  const wrong = await request.post(`${host.origin}/api/commands/app.info`, {
    data: {},
    headers: { Authorization: 'Bearer nope' },
  });
  expect(wrong.status()).toBe(401);
  // Opening the page without the token: the clerk is told what to do instead of seeing a broken screen.
  await page.goto(host.origin);
  await expect(page.getByRole('alert')).toContainText('npm run serve');
});

test('an invalid API address is caught before any request, next to the field', async ({ page, host }) => {
  await page.goto(host.url);
  await page.getByLabel('Endereço da API').fill('http://evo.example.com');
  await page.getByLabel('Usuário (DNS da academia)').fill('academia');
  await page.getByLabel('Chave de integração').fill('k');
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByText('Endereço inválido: use https://')).toBeVisible();
  await expect(page.getByLabel('Endereço da API')).toHaveAttribute('aria-invalid', 'true');
});
