import { demoSynced, expect, shoot, test } from './fixtures';

/** [P] item 5: Importar remembers the account, previews values in pt-BR, says "N de M", offers the column chooser, removes. */
test('Importar: the account is remembered, an XLSX preview reads dd/mm/aaaa and 1.234,56 with “N de M”, and an imported statement is removed after asking', async ({
  page,
  host,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  await nav.getByRole('button', { name: 'Importar' }).click();
  const account = page.getByLabel('Conta bancária do arquivo');
  // The accounts arrive after the screen: wait for a second one (read at once, the list was once still empty).
  await expect(account.locator('option').nth(1)).toBeAttached();
  const second = await account.locator('option').nth(1).getAttribute('value');
  await account.selectOption(second ?? '');
  // Away and back, and after a reload: the same account.
  await nav.getByRole('button', { name: 'Início' }).click();
  await nav.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByLabel('Conta bancária do arquivo')).toHaveValue(second ?? '');
  await page.reload();
  await page.getByRole('navigation').getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByLabel('Conta bancária do arquivo')).toHaveValue(second ?? '');

  // The CSV sample is Itaú's export, whose "Ag./Origem" column the bank leaves blank on these lines: the column
  // says so in words, not nothing after the dot.
  await page.getByRole('button', { name: 'CSV' }).click();
  const origin = page.locator('.mapping-column').filter({ hasText: 'Ag./Origem' });
  await expect(origin.locator('.muted')).toHaveText(/^confiança \d+% · vazia nas linhas lidas$/, {
    timeout: 30_000,
  });

  await page.getByRole('button', { name: 'XLSX' }).click();
  await expect(page.getByRole('heading', { name: 'Confira antes de importar' })).toBeVisible({
    timeout: 30_000,
  });
  // The kind of file in words, no encoding or confidence figure ([S] item 6, [T] item 4).
  const kindLine = page.locator('.import-preview p').filter({ hasText: /^Extrato do banco \(XLSX\)\./ });
  await expect(kindLine).toBeVisible();
  await expect(kindLine).not.toContainText(/confiança|codificação/);
  const samples = page.locator('.mapping-column .muted');
  const all = (await samples.allTextContents()).join(' ');
  // Dates as dd/mm/aaaa, never Excel serial numbers; amounts with a decimal comma.
  expect(all).toMatch(/\d{2}\/\d{2}\/\d{4}/);
  expect(all).not.toMatch(/\b4\d{4}\b(?![,/])/);
  expect(all).toMatch(/\d,\d{2}\b/);
  await expect(page.getByText(/^Mostrando \d+ de \d+ linhas? do arquivo\.$/)).toBeVisible();
  await page.locator('.mapping').scrollIntoViewIfNeeded();
  await shoot(page, 'import-preview-xlsx');

  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Importado:/ })).toBeVisible({ timeout: 30_000 });
  const history = page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'Extrato' }) });
  const rows = history.locator('tbody tr');
  // The list of statements reloads after the import's status shows: count once the new one is in it (the demo
  // branch had none before).
  await expect(rows).not.toHaveCount(0);
  const before = await rows.count();
  const remove = rows.first().getByRole('button', { name: /^Remover o extrato / });
  await remove.click();
  const ask = history.locator('.save-check');
  // The statement by its account and period, the file's own name in the parentheses ([T] item 5).
  await expect(ask).toContainText(
    /^Remover o extrato .+ · \d\d\/\d\d.* a \d\d\/\d\d\/\d{4} \(.+, \d+ créditos?\)\?/,
  );
  await expect(ask.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await ask.scrollIntoViewIfNeeded();
  await shoot(page, 'import-remove-ask');
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(ask).toHaveCount(0);
  await remove.click();
  await history.locator('.save-check').getByRole('button', { name: 'Sim, remover' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Extrato .+ removido:/ })).toBeVisible();
  await expect(rows).toHaveCount(before - 1);

  // Auditoria says so.
  await page.getByRole('navigation').getByRole('button', { name: 'Auditoria' }).click();
  await expect(page.getByText('Extrato removido').first()).toBeVisible();
});

test('Importar: an error that says to choose the columns by hand offers the column chooser right there', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  await nav.getByRole('button', { name: 'Importar' }).click();
  // Dates the detection cannot read as dates: no date column next to an amount column.
  const csv = [
    'Quando;Histórico;Quanto',
    'vinte e três;PIX RECEBIDO ANA SOUZA;99,90',
    'vinte e quatro;PIX RECEBIDO JOAO LIMA;120,00',
  ].join('\r\n');
  await page.locator('input[type=file]').setInputFiles({
    name: 'extrato-estranho.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  const alert = page.locator('.import-error');
  await expect(alert).toContainText('escolha as colunas à mão', { timeout: 30_000 });
  await shoot(page, 'import-choose-columns');
  await alert.getByRole('button', { name: 'Escolher as colunas à mão' }).click();
  await expect(page.locator('.mapping')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.mapping-column')).toHaveCount(3);
  await expect(page.locator('.mapping-column').first()).toContainText('Quando');
  await page.locator('.mapping').scrollIntoViewIfNeeded();
  await shoot(page, 'import-columns-by-hand');
});
