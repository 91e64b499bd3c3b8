import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays } from '../../src/core/sync/dates';
import { generateSandboxData } from '../../src/sandbox';
import { writeAcquirerFile } from '../../src/sandbox/acquirer-files';
import { demoSynced, expect, shoot, test } from './fixtures';

const file = (name: string) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: readFileSync(join('tests/fixtures/acquirer', name)),
});

/**
 * [J] on screen, through the Importar screen: a Cielo EDI payments file is recognised by its content and
 * previewed as what it holds (acquirer, layout, sales, fee as amount and percent, payments), imported once;
 * an open-balance file is refused in one Portuguese sentence naming the file's kind.
 */
test('Importar: an acquirer settlement file is read, summarised and imported; another kind of file is refused by name', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  await nav.getByRole('button', { name: 'Importar' }).click();

  await page.locator('input[type=file]').setInputFiles(file('cielo-04-pagamentos-crlf-stripped.txt'));
  const summary = page.getByTestId('acquirer-summary');
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByRole('heading')).toHaveText('Arquivo de pagamentos da Cielo');
  await expect(summary).toContainText('5 vendas · 1 outro lançamento');
  await expect(summary).toContainText('Bruto R$ 549,90 · taxa R$ 13,00 (2,36%) · líquido R$ 536,90');
  await expect(summary).toContainText('2 pagamentos em 03/11/2026, R$ 447,00 · 2 já pagos');
  // [S] item 6: its own words, not the statement's (no "créditos a conciliar", no columns, no encoding).
  await expect(page.getByText('a conciliar', { exact: false })).toHaveCount(0);
  await expect(page.getByText('codificação', { exact: false })).toHaveCount(0);
  await summary.scrollIntoViewIfNeeded();
  await shoot(page, 'acquirer-preview');
  await page.getByRole('button', { name: 'Importar o arquivo de vendas (5 vendas)' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Arquivo de vendas importado: 5 vendas guardadas; 0 já conhecidos.' }),
  ).toBeVisible({ timeout: 30_000 });
  // Listed with the files of its kind, by the card company's name.
  const listed = page.getByTestId('acquirer-files-history');
  await expect(listed).toContainText('cielo-04-pagamentos-crlf-stripped.txt');
  await expect(listed).toContainText('Cielo');
  await listed.scrollIntoViewIfNeeded();
  await shoot(page, 's-acquirer-imported');

  await page.locator('input[type=file]').setInputFiles(file('cielo-09-saldo.txt'));
  await expect(page.getByRole('alert')).toHaveText(
    'Este arquivo da Cielo é o extrato de saldo em aberto (opção 09), que não traz as vendas; no site da Cielo, em Extrato Eletrônico (EDI), baixe o arquivo de vendas (03) ou de pagamentos (04).',
    { timeout: 30_000 },
  );
});

test('Conciliar: a card credit already in EVO still lists the acquirer file’s sales', async ({
  page,
  host,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  // The demo's card account: its statement (the sample), then the sandbox's Cielo payments file of the same days.
  await nav.getByRole('button', { name: 'Importar' }).click();
  await page.locator('main select').first().selectOption({ label: 'Banco do Brasil - Recebimentos Cartões' });
  await page.getByRole('button', { name: 'OFX' }).click();
  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Importado:/ })).toBeVisible({ timeout: 30_000 });
  const data = generateSandboxData({ seed: 42, members: 200 });
  const cards = data.bankAccounts.find((a) => a.role === 'cards')!;
  const f = writeAcquirerFile(data, {
    bankAccountId: cards.id,
    from: addDays(data.today, -30),
    to: data.today,
    format: 'cielo',
  });
  await page.locator('input[type=file]').setInputFiles({
    name: f.fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from(f.bytes),
  });
  await page.getByRole('button', { name: /^Importar o arquivo de vendas \(\d+ venda/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Arquivo de vendas importado:/ })).toBeVisible({
    timeout: 30_000,
  });

  await nav.getByRole('button', { name: 'Conciliar' }).click();
  await page.getByRole('tab', { name: /^Já no EVO/ }).click();
  await page.getByLabel('Buscar (nome, valor ou data) — tecla /').fill('cielo');
  await page.locator('.vlist-row').first().click();
  const panel = page.locator('.line-panel');
  await expect(panel).toContainText('Já registrado no EVO');
  await expect(panel).toContainText('arquivo da Cielo');
  const sales = panel.getByRole('table', { name: /^Vendas? deste depósito de cartão \(\d+\)$/ });
  await expect(sales).toBeVisible();
  await expect(sales.locator('tbody tr').first()).toBeVisible();
  await shoot(page, 'j-conciliar-recorded-sales');
});
