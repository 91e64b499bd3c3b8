import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoSynced, expect, test } from './fixtures';

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
