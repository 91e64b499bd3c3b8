import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays } from '../../src/core/sync/dates';
import { generateSandboxData } from '../../src/sandbox';
import { writeReturnFile } from '../../src/sandbox/statement/return-file';
import { demoSynced, expect, shoot, test } from './fixtures';

const cnab = (name: string) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: readFileSync(join('tests/fixtures/cnab', name)),
});

/**
 * [K] on screen, through the Importar screen as it is: a CNAB return file is recognised by its content,
 * previewed as its settlements, imported as a return file; the same file again adds nothing; a remessa is
 * refused in one Portuguese sentence naming the bank code and layout.
 */
test('Importar: a CNAB return file is read, imported once, and a remessa is refused by name', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  const nav = await demoSynced(page, host.url);
  await nav.getByRole('button', { name: 'Importar' }).click();

  await page.locator('input[type=file]').setInputFiles(cnab('flow-itau-400-day.ret'));
  await expect(page.getByRole('heading', { name: 'Confira antes de importar' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('CNAB', { exact: false }).first()).toBeVisible();
  await expect(
    page.getByText('2 títulos deste arquivo retorno não são liquidações', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Importar \(5 crédito/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Importado: 5 lançamentos novos' })).toBeVisible({
    timeout: 30_000,
  });

  await page.locator('input[type=file]').setInputFiles(cnab('flow-itau-400-day.ret'));
  await page.getByRole('button', { name: /^Importar \(0 crédito/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '5 já conhecidos' })).toBeVisible({
    timeout: 30_000,
  });

  await page.locator('input[type=file]').setInputFiles(cnab('bradesco-400-remessa.rem'));
  await expect(page.getByRole('alert')).toHaveText(
    'Este é um arquivo de remessa (banco 237, CNAB 400), o que a academia envia ao banco; importe o arquivo retorno que o banco devolve.',
    { timeout: 30_000 },
  );
});

/**
 * [K] item 5 on screen: the demo branch's Itaú statement shows the day's boleto credits as single lines
 * ("LIQUIDACAO DE COBRANCA n TIT"); the bank's return file of the same days (written by the sandbox for the
 * demo branch, as `npm run sandbox -- return-file` does) explains each as its titles, listed in Conciliar's
 * panel for the selected line.
 */
test('Conciliar: a boleto credit explained by the return file shows its titles', async ({ page, host }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  await nav.getByRole('button', { name: 'Importar' }).click();
  await page.locator('main select').first().selectOption({ label: 'Itaú - Conta Movimento' });
  await page.getByRole('button', { name: 'OFX' }).click();
  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Importado:/ })).toBeVisible({ timeout: 30_000 });

  // The same branch as the demo's sandbox (seed 42, 200 members, today's date), its Itaú return file.
  const data = generateSandboxData({ seed: 42, members: 200 });
  const itau = data.bankAccounts.find((a) => a.description === 'Itaú - Conta Movimento')!;
  const ret = writeReturnFile(data, {
    bankAccountId: itau.id,
    from: addDays(data.today, -30),
    to: data.today,
  });
  await page.locator('input[type=file]').setInputFiles({
    name: ret.fileName,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(ret.bytes),
  });
  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Importado:/ })).toBeVisible({ timeout: 30_000 });

  await nav.getByRole('button', { name: 'Conciliar' }).click();
  await page.getByRole('tab', { name: /^Todos/ }).click();
  await page.getByLabel('Buscar (nome, valor ou data) — tecla /').fill('liquidacao de cobranca');
  // A day's credit the file explains is proposed as its titles (an earlier one, all received, is already in EVO).
  await page.locator('.vlist-row').filter({ hasText: 'sugerido' }).first().click();
  const titles = page
    .locator('.line-panel')
    .getByRole('table', { name: /^Boletos do arquivo retorno \(\d+\)$/ });
  await expect(titles).toBeVisible();
  await expect(titles.locator('tbody tr').first()).toBeVisible();
  await shoot(page, 'k-conciliar-return-titles');
  // A day whose titles were all received already: "já no EVO", and its titles are listed just the same.
  await page.locator('.vlist-row').filter({ hasText: 'já no EVO' }).first().click();
  await expect(page.locator('.line-panel')).toContainText('Já registrado no EVO');
  await expect(titles).toBeVisible();
  await expect(titles.locator('tbody tr').first()).toBeVisible();
  await shoot(page, 'k-conciliar-recorded-titles');
});
