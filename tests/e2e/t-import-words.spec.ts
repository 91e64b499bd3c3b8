import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { demoSynced, expect, shoot, test } from './fixtures';

const fixture = (dir: string, name: string, mimeType = 'application/octet-stream') => ({
  name,
  mimeType,
  buffer: readFileSync(join('tests/fixtures', dir, name)),
});

/** The core's English reasons and the layout manuals' words: none may reach a pt-BR clerk ([T] items 1–3). */
const ENGLISH = /\b(is not|the row|the amount|calendar date|not an amount)\b/;
const JARGON =
  /segmento|registro tipo|posições|cabeçalho|trailer|\blote\b|CNAB (240|400)|banco \d{3} \(|EDI v\d|layout|Estabelecimento|0[34] (vendas|pagamentos)/;

async function pageText(page: Page): Promise<string> {
  return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
}

/**
 * [T] items 1–3 on screen: Importar says a refused line, a return file's tolerated quirk and a card company's file in
 * the clerk's words — Portuguese only, no layout-manual jargon, no format codes.
 */
test('Importar: refused lines, return-file notices and a card file read in the clerk’s words', async ({
  page,
  host,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  await nav.getByRole('button', { name: 'Importar' }).click();

  // A statement with two unreadable rows: the reasons in Portuguese, with the value the clerk finds in the file.
  await page.locator('input[type=file]').setInputFiles(fixture('statements', 'serial-dates.csv', 'text/csv'));
  const rejected = page.locator('details').filter({ hasText: /linhas? não puder(am|a) ser lidas?/ });
  await expect(rejected).toBeVisible({ timeout: 30_000 });
  await rejected.locator('summary').click();
  await expect(rejected).toContainText('Linha 4: “abc” não é um valor');
  await expect(rejected).toContainText('Linha 5: “32/13/2026” não é uma data que exista no calendário');
  expect(await rejected.innerText()).not.toMatch(ENGLISH);
  await rejected.scrollIntoViewIfNeeded();
  await shoot(page, 't-import-rejected-lines');

  // Columns chosen by hand that read no date at all: each line's reason, then “no line could be read” on import,
  // the first reason in Portuguese.
  const csv = [
    'Quando;Histórico;Quanto',
    'vinte e três;PIX RECEBIDO ANA;99,90',
    'vinte e quatro;PIX JOAO;120,00',
  ];
  await page.locator('input[type=file]').setInputFiles({
    name: 'extrato-estranho.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv.join('\r\n'), 'utf8'),
  });
  const alert = page.locator('.import-error');
  await alert.getByRole('button', { name: 'Escolher as colunas à mão' }).click({ timeout: 30_000 });
  const columns = page.locator('.mapping-column');
  await expect(columns).toHaveCount(3, { timeout: 30_000 });
  await columns.nth(0).locator('select').selectOption('date');
  await columns.nth(2).locator('select').selectOption('amount');
  const refused = page.locator('details').filter({ hasText: '2 linhas não puderam ser lidas' });
  await refused.locator('summary').click({ timeout: 30_000 });
  await expect(refused).toContainText('Linha 2: “vinte e três” não é uma data');
  await page.getByRole('button', { name: /^Importar \(0 créditos novos\)$/ }).click();
  await expect(alert).toContainText('(linha 2: “vinte e três” não é uma data)', { timeout: 30_000 });
  expect(await alert.innerText()).not.toMatch(ENGLISH);
  await alert.scrollIntoViewIfNeeded();
  await shoot(page, 't-import-all-rejected');

  // A return file the bank sent without credit dates: said plainly, with the lines, no manual's words.
  await page.locator('input[type=file]').setInputFiles(fixture('cnab', '240/sicoob-756-no-credit-date.ret'));
  const summary = page.getByTestId('return-file-summary');
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(
      /^O banco mandou \d+ boletos? pagos? sem a data do crédito \(linhas? [\d, …]+\); usamos a data do pagamento\.$/,
    ),
  ).toBeVisible();
  expect(await pageText(page)).not.toMatch(JARGON);
  await summary.scrollIntoViewIfNeeded();
  await shoot(page, 't-import-return-notice');

  // A remessa refused by the bank's name, not “banco 237, CNAB 400”.
  await page.locator('input[type=file]').setInputFiles(fixture('cnab', 'bradesco-400-remessa.rem'));
  await expect(page.getByRole('alert')).toContainText(
    'Este é um arquivo de remessa do banco Bradesco (237): é o que a academia envia ao banco',
    { timeout: 30_000 },
  );
  expect(await page.getByRole('alert').innerText()).not.toMatch(JARGON);
  await shoot(page, 't-import-remessa-refused');

  // A Cielo payments file: what it is and whose, not “EDI v15 · 04 pagamentos” or “Estabelecimento”.
  await page
    .locator('input[type=file]')
    .setInputFiles(fixture('acquirer', 'cielo-04-pagamentos-crlf-stripped.txt', 'text/plain'));
  const card = page.getByTestId('acquirer-summary');
  await expect(card.getByRole('heading')).toHaveText('Arquivo de pagamentos da Cielo', { timeout: 30_000 });
  expect(await pageText(page)).not.toMatch(JARGON);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 't-import-card-file');
  // Its lines as the preview lists them: the sales and the payment, in words.
  const lines = page.locator('table.table').last();
  await lines.scrollIntoViewIfNeeded();
  expect(await lines.innerText()).not.toMatch(JARGON);
  await shoot(page, 't-import-card-lines');
});
