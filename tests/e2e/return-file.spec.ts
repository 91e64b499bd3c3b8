import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays } from '../../src/core/sync/dates';
import { generateSandboxData, writeStatement } from '../../src/sandbox';
import { writeReturnFile } from '../../src/sandbox/statement/return-file';
import { demoToday, sandboxControl } from './demo-data';
import { command, demoSynced, expect, shoot, test } from './fixtures';

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
  // [S] item 6: named as what it is, in its own words (boletos paid, fees, credit days), not as a statement.
  const summary = page.getByTestId('return-file-summary');
  await expect(summary.getByRole('heading')).toHaveText('Arquivo retorno de boletos: Itaú (341).');
  await expect(summary).toContainText('7 boletos no arquivo · 5 pagos');
  await expect(page.getByText('a conciliar', { exact: false })).toHaveCount(0);
  await expect(
    page.getByText('2 boletos deste arquivo não foram pagos (Entrada confirmada: 1; Baixa simples: 1)', {
      exact: false,
    }),
  ).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await summary.scrollIntoViewIfNeeded();
  await shoot(page, 's-return-preview');
  await page.getByRole('button', { name: 'Importar o arquivo retorno (5 boletos pagos)' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Arquivo retorno importado: 5 boletos pagos guardados; 0 já conhecidos.' }),
  ).toBeVisible({ timeout: 30_000 });
  const listed = page.getByTestId('return-files-history');
  await expect(listed).toContainText('flow-itau-400-day.ret');
  await expect(listed).toContainText('Itaú (341)');
  await shoot(page, 's-return-imported');

  await page.locator('input[type=file]').setInputFiles(cnab('flow-itau-400-day.ret'));
  await expect(summary).toContainText('Este mesmo arquivo retorno já foi importado nesta conta');
  await page.getByRole('button', { name: /^Importar o arquivo retorno/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '5 já conhecidos' })).toBeVisible({
    timeout: 30_000,
  });

  await page.locator('input[type=file]').setInputFiles(cnab('bradesco-400-remessa.rem'));
  await expect(page.getByRole('alert')).toHaveText(
    'Este é um arquivo de remessa do banco Bradesco (237): é o que a academia envia ao banco para registrar os boletos; importe o arquivo retorno, que o banco devolve.',
    { timeout: 30_000 },
  );
});

/**
 * [K] item 5 on screen: the Itaú statement shows the day's boleto credits as single lines ("LIQUIDACAO DE COBRANCA
 * n TIT", Itaú's aggregated credit of a day's titles); the bank's return file of the same days (CNAB 400, written
 * by the sandbox for the demo branch, as `npm run sandbox -- return-file` does) explains each as its titles, listed
 * in Conciliar's panel for the selected line.
 *
 * The shape is built, not hoped for: the statement (OFX, as the demo's sample) has every day's boletos as one credit
 * over 45 days, and when no such credit still has an open title on the day the test runs (the demo's clerk
 * reconciled up to 4–9 days ago), the titles of the latest fully received one are put back to open in the sandbox
 * (its admin-only control route), as if the clerk had not reconciled them yet, and synced. Over 1,100 consecutive
 * days the generated branch always had, so, one credit to propose and another already in EVO.
 */
test('Conciliar: a boleto credit explained by the return file shows its titles', async ({ page, host }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  const today = await demoToday(page);

  // The same branch as the demo's sandbox (seed 42, 200 members, the demo's today).
  const data = generateSandboxData({ seed: 42, members: 200, today });
  const itau = data.bankAccounts.find((a) => a.description === 'Itaú - Conta Movimento')!;
  const period = { bankAccountId: itau.id, from: addDays(today, -45), to: today };
  const statement = writeStatement(data, { ...period, format: 'ofx', boletoLumps: 'all' });
  const received = new Set(data.receivables.filter((r) => r.status === 2).map((r) => r.idReceivable));
  const lumps = statement.groundTruth.lines.filter((l) => l.kind === 'boleto-lump');
  const done = lumps.filter((l) => l.receivableIds.every((id) => received.has(id)));
  const open = lumps.filter((l) => l.receivableIds.some((id) => !received.has(id)));
  expect(
    done.length + Math.min(open.length, 1),
    'boleto credits: one to propose and one already in EVO',
  ).toBeGreaterThanOrEqual(2);
  if (open.length === 0) {
    const reopened = await sandboxControl(page, '/__sandbox/reopen', { ids: done.at(-1)!.receivableIds });
    expect(reopened.status).toBe(200);
    await command(page, 'sync.run', {});
  }

  await nav.getByRole('button', { name: 'Importar' }).click();
  await page.locator('main select').first().selectOption({ label: 'Itaú - Conta Movimento' });
  for (const file of [
    { name: statement.fileName, buffer: Buffer.from(statement.bytes) },
    {
      name: writeReturnFile(data, period).fileName,
      buffer: Buffer.from(writeReturnFile(data, period).bytes),
    },
  ]) {
    await page.locator('input[type=file]').setInputFiles({ ...file, mimeType: 'application/octet-stream' });
    // The statement's button counts credits, the return file's the boletos paid ([S] item 6).
    await page
      .getByRole('button', { name: /^Importar (\(\d+ crédito|o arquivo retorno)/ })
      .click({ timeout: 30_000 });
    await expect(
      page.getByRole('status').filter({ hasText: /^(Importado|Arquivo retorno importado):/ }),
    ).toBeVisible({ timeout: 30_000 });
  }

  await nav.getByRole('button', { name: 'Conciliar' }).click();
  await page.getByRole('tab', { name: /^Todos/ }).click();
  await page.getByLabel('Buscar (nome, valor ou data) — tecla /').fill('liquidacao de cobranca');
  const panel = page.locator('.line-panel');
  const titles = panel.getByRole('table', { name: /^Boletos do arquivo retorno \(\d+\)$/ });
  // [T] item 2.3: the bank's count ("2 TIT") is never shown where the payer's name goes, in the list or the panel.
  const rows = page.locator('.vlist-row');
  await expect(rows.filter({ hasText: /\d · sugerido/ }).first()).toBeVisible();
  for (const name of await rows.locator('.match-line .ellipsis').allInnerTexts())
    expect(name, 'the payer of a boleto credit').not.toMatch(/^\s*\d+\s*TIT\b/i);
  /** [T] item 2.2: every row of the titles table is on screen whole, not squeezed to a clipped line. */
  const titlesWhole = async () => {
    await expect(titles).toBeVisible();
    await expect(titles.locator('tbody tr').first()).toBeVisible();
    // The page's elements, as far as this check reads them (these tests compile without the DOM types).
    interface Box {
      getBoundingClientRect(): { height: number };
      clientHeight: number;
      scrollHeight: number;
      textContent: string | null;
    }
    type Table = Box & { parentElement: Box; querySelectorAll(s: string): Iterable<Box> };
    const clipped = await titles.evaluate((el) => {
      const table = el as unknown as Table;
      const region = table.parentElement;
      const out: string[] = [];
      const height = table.getBoundingClientRect().height;
      if (region.clientHeight + 1 < height) out.push(`region ${region.clientHeight}px < table ${height}px`);
      for (const cell of table.querySelectorAll('tbody td'))
        if (cell.getBoundingClientRect().height + 1 < cell.scrollHeight)
          out.push(`cell "${cell.textContent}" ${cell.getBoundingClientRect().height}px`);
      return out;
    });
    expect(clipped, 'the titles table is whole').toEqual([]);
    // Each row as tall as its text, and inside the panel's view of the table.
    const region = (await titles.locator('xpath=..').boundingBox())!;
    for (const row of await titles.locator('tbody tr').all()) {
      const box = (await row.boundingBox())!;
      const text = await row
        .locator('td')
        .first()
        .evaluate((td) => (td as unknown as Box).scrollHeight);
      expect(box.height + 1).toBeGreaterThanOrEqual(text);
      expect(box.y + box.height).toBeLessThanOrEqual(region.y + region.height + 1);
    }
  };
  /** [T] item 2.1: a receivable of the proposal is never a candidate that "não serve" beside it. */
  const noContradiction = async () => {
    await expect(panel.getByText('Procurando candidatos…')).toHaveCount(0, { timeout: 30_000 });
    const proposed = await panel.locator('.line-proposal li .ellipsis').allInnerTexts();
    expect(proposed.length).toBeGreaterThan(0);
    await expect(panel).not.toContainText(/nenhuma combinação dos 1 candidatos/);
    // Nor are two receivables a combination proposes "tied" rivals to choose between.
    if (proposed.length > 1) await expect(panel).not.toContainText('Empate');
    const payer = (await panel.locator('.line-text strong').allInnerTexts()).join('');
    expect(payer).not.toMatch(/\bTIT\b/);
    expect(payer).toMatch(/^\d+ boletos? do arquivo retorno$|[a-z]/i);
    for (const cand of await panel.locator('.cand-list > li').all()) {
      const name = await cand.locator('.cand-top strong').innerText();
      if (!proposed.includes(name)) continue;
      await expect(cand, `${name} is in the proposal`).not.toContainText('não serve');
      await expect(cand).toContainText('na proposta');
    }
  };
  // A day's credit the file explains is proposed as its titles ("59 · sugerido"; not "nada sugerido"); the one
  // with two receivables proposed (as the reviewers saw) when there is one.
  const suggested = rows.filter({ hasText: /\d · sugerido/ });
  const pair = suggested.filter({ hasText: /\d+ recebíveis, soma/ });
  const chosen = (await pair.count()) > 0 ? pair.first() : suggested.first();
  for (const row of [suggested.first(), chosen]) {
    await row.click();
    await titlesWhole();
    await noContradiction();
    await expect(panel.locator('.line-text strong')).toHaveText(
      /^\d+ boletos? do arquivo retorno$|^[A-Z ]+$/,
    );
  }
  await shoot(page, 'k-conciliar-return-titles');
  await panel.locator('.candidates').scrollIntoViewIfNeeded();
  await shoot(page, 't-conciliar-return-candidates');

  // A day whose titles were all received already: "já no EVO", and its titles are listed just the same.
  // (Under its own tab: the list is virtual, and the rows above the pair may have left the page.)
  await page.getByRole('tab', { name: /^Já no EVO/ }).click();
  await rows.filter({ hasText: 'já no EVO' }).first().click();
  await expect(panel).toContainText('Já registrado no EVO');
  await titlesWhole();
  // [T] item 2.4: money already recorded has nothing to set aside, search for or review; and whose it was is named.
  for (const name of [
    'Aprovar (Enter)',
    'Deixar de lado… (D)',
    'Buscar outro recebível… (E)',
    'A revisar (V)',
  ])
    await expect(panel.getByRole('button', { name })).toHaveCount(0);
  await expect(panel.locator('.status.ok')).toContainText(
    /recebíve(l|is) deste depósito já (estava baixado|estavam baixados): [^(]+ \(R\$ [\d.]+,\d\d\)/,
  );
  const members = await titles.locator('tbody tr').count();
  const named = (await panel.locator('.status.ok').innerText()).match(/\(R\$ [\d.]+,\d\d\)/g) ?? [];
  expect(named.length, 'every received receivable named').toBe(Math.min(members, 6));
  // Its keys do nothing either: D opens no set-aside form, V sends nothing to review.
  await page.getByRole('grid').focus();
  await page.keyboard.press('d');
  await expect(page.locator('.aside-form')).toHaveCount(0);
  await shoot(page, 'k-conciliar-recorded-titles');
});

/**
 * [S] items 2–3 on screen: a return file with what real banks do — Sicoob's 240 leaving a settlement's credit date
 * blank (tests/fixtures/cnab/240/make-240.ts, br_boleto's padrao240 quirk) — is read, and Importar says what was
 * tolerated in one sentence; a CNAB 240 bank *statement* (segment E, Inter) is refused as a statement, never
 * called a return file.
 */
test('Importar: a tolerated quirk is said in words; a CNAB statement is refused as a statement', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  await nav.getByRole('button', { name: 'Importar' }).click();

  await page.locator('input[type=file]').setInputFiles(cnab('240/sicoob-756-no-credit-date.ret'));
  const summary = page.getByTestId('return-file-summary');
  await expect(summary.getByRole('heading')).toHaveText('Arquivo retorno de boletos: Sicoob (756).', {
    timeout: 30_000,
  });
  const notice = page.getByText(/^O banco mandou \d+ boletos? pagos? sem a data do crédito/);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('usamos a data do pagamento');
  await summary.scrollIntoViewIfNeeded();
  await shoot(page, 's-return-tolerated');
  await page.getByRole('button', { name: /^Importar o arquivo retorno/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Arquivo retorno importado:/ })).toBeVisible({
    timeout: 30_000,
  });

  await page.locator('input[type=file]').setInputFiles(cnab('240/inter-077-extrato-segE.ret'));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'Este é um extrato do banco Inter (077), não um arquivo retorno de boletos',
    {
      timeout: 30_000,
    },
  );
  await expect(alert).not.toContainText('arquivo retorno do banco');
  await shoot(page, 's-cnab-statement-refused');
});
