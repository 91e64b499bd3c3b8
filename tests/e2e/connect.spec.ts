import type { RunningSandbox } from '../../src/sandbox';
import { testSandbox } from '../helpers/sandbox';
import { expect, test } from './fixtures';

let sandbox: RunningSandbox;
test.beforeAll(async () => {
  sandbox = await testSandbox();
});
test.afterAll(async () => {
  await sandbox.close();
});

test('connect to an API: a wrong key is refused, the right one is tested, saved and manageable', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await page.getByLabel('Nome da filial').fill('Unidade Centro');
  await page.getByLabel('Endereço da API').fill(sandbox.url);
  await page.getByLabel('Usuário (DNS da academia)').fill(sandbox.username);
  await page.getByLabel('Chave de integração').fill('00000000-0000-0000-0000-000000000000');
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByRole('alert')).toContainText('A API recusou o usuário ou a chave');

  await page.getByLabel('Chave de integração').fill(sandbox.branchKey);
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByRole('status')).toContainText(
    `Conexão OK: o EVO respondeu e mostrou ${sandbox.data.bankAccounts.length} conta`,
  );
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();

  await expect(page.locator('.brand-branch')).toHaveText('Unidade Centro');
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const card = page.locator('.profile', { hasText: 'Unidade Centro' });
  await expect(card.getByText('em uso')).toBeVisible();
  await card.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(card.getByRole('status')).toContainText('Conexão OK');

  await card.getByLabel('Consultas ao EVO por minuto, no máximo').fill('30');
  await card.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(card.getByRole('status')).toContainText('Limites salvos.');
  await page.reload();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  await expect(
    page
      .locator('.profile', { hasText: 'Unidade Centro' })
      .getByLabel('Consultas ao EVO por minuto, no máximo'),
  ).toHaveValue('30');
  // The key never comes back to the page.
  expect(await page.content()).not.toContain(sandbox.branchKey);
});
