import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '../../src/sandbox';
import { testSandbox } from '../helpers/sandbox';
import { expect, shoot, test } from './fixtures';

let sandbox: RunningSandbox;
let portal: Server;
let portalUrl: string;
test.beforeAll(async () => {
  sandbox = await testSandbox();
  // A web page that answers 200 to everything: an address that is not the API.
  portal = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!DOCTYPE html><html><head><title>Portal</title></head><body><h1>Bem-vindo</h1></body></html>');
  });
  await new Promise<void>((r) => portal.listen(0, '127.0.0.1', r));
  portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await sandbox.close();
  portal.close();
});

test('a web page is not the API: the test says so, saving asks, and “Não salvar” saves nothing', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByLabel('Nome da filial').fill('Unidade Portal');
  await page.getByLabel('Endereço da API').fill(portalUrl);
  await page.getByLabel('Usuário (DNS da academia)').fill('academia');
  await page.getByLabel('Chave de integração').fill(sandbox.branchKey);
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'O endereço respondeu, mas não como a API de integração do EVO: em vez da lista de contas bancárias, veio uma página da web.',
  );

  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  const ask = page.locator('.save-check');
  await expect(ask).toContainText('O teste da conexão falhou, por isso ela ainda não foi salva:');
  await expect(ask).toContainText('veio uma página da web');
  await expect(ask.getByRole('button', { name: 'Salvar mesmo assim' })).toBeVisible();
  await shoot(page, 'first-run-save-failed');
  await ask.getByRole('button', { name: 'Não salvar' }).click();
  await expect(page.getByRole('alert')).toContainText('A conexão não foi salva.');
  // Still on the first screen: nothing was saved.
  await expect(page.getByRole('heading', { name: 'Bem-vindo ao Quita' })).toBeVisible();

  // Unreachable: the same question, and this time the clerk saves anyway (audited).
  await page.getByLabel('Endereço da API').fill('http://127.0.0.1:1');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(ask).toContainText('Não foi possível alcançar a API em 127.0.0.1:1');
  await ask.getByRole('button', { name: 'Salvar mesmo assim' }).click();
  await expect(page.locator('.brand-branch')).toHaveText('Unidade Portal');
});

test('Configurações: a second branch is tested before saving, and “Remover” asks naming the branch, then is audited', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByLabel('Nome da filial').fill('Unidade Centro');
  await page.getByLabel('Endereço da API').fill(sandbox.url);
  await page.getByLabel('Usuário (DNS da academia)').fill(sandbox.username);
  await page.getByLabel('Chave de integração').fill(sandbox.branchKey);
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.locator('.brand-branch')).toHaveText('Unidade Centro');

  const nav = page.getByRole('navigation');
  await nav.getByRole('button', { name: 'Configurações' }).click();
  await page.getByRole('button', { name: 'Adicionar conexão' }).click();
  const form = page.locator('form.connection-form');
  await form.getByLabel('Nome da filial').fill('Unidade Norte');
  await form.getByLabel('Endereço da API').fill(sandbox.url);
  await form.getByLabel('Usuário (DNS da academia)').fill(sandbox.username);
  await form.getByLabel('Chave de integração').fill(sandbox.adminKey);
  await form.getByLabel('Chave de administrador geral').check();
  await form.getByRole('button', { name: 'Salvar e continuar' }).click();
  const norte = page.locator('.profile', { hasText: 'Unidade Norte' });
  await expect(norte.getByText('em uso')).toBeVisible();

  const centro = page.locator('.profile', { hasText: 'Unidade Centro' });
  await centro.getByRole('button', { name: 'Remover' }).click();
  await expect(centro.locator('.save-check')).toContainText(
    'Remover a conexão da filial «Unidade Centro»? A chave guardada neste computador é apagada',
  );
  await centro.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-remove-ask');
  await centro.getByRole('button', { name: 'Cancelar' }).click();
  await expect(centro.locator('.save-check')).toHaveCount(0);
  await centro.getByRole('button', { name: 'Remover' }).click();
  await centro.getByRole('button', { name: 'Sim, remover «Unidade Centro»' }).click();
  await expect(page.locator('.profile', { hasText: 'Unidade Centro' })).toHaveCount(0);

  // Auditoria of the branch in use says which connection went.
  await nav.getByRole('button', { name: 'Auditoria' }).click();
  await expect(page.getByText('Conexão removida').first()).toBeVisible();
});
