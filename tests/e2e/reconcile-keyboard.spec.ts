import type { Page } from '@playwright/test';
import { bankName } from '../../src/sandbox/statement/bank-text';
import {
  brDate,
  brMoney,
  demoToday,
  openReceivables,
  unambiguousNamedPix,
  type OpenReceivable,
} from './demo-data';
import { demoSynced, expect, importCsv, test } from './fixtures';

/** Someone who is not a member of the demo branch, as a bank prints a payer (middle names cut to initials). */
const STRANGERS = ['PAULO P O SANTOS', 'JOAQUIM B T ZANETTI', 'HELENA M C VASCONCELOS'];

/**
 * The statement this journey needs, built from the demo's data on the day it runs: three Pix payments naming
 * members exactly (green), and one Pix from a stranger (an initials name no member has) of an amount that no open
 * receivable, nor any two of them, add up to, so the engine leaves it alone. Also returns a member whose name has
 * middle names, and that name the way a bank prints it ("ROGERIO G F GUIMARAES"): the picker must find them.
 */
function keyboardCsv(rows: OpenReceivable[], today: string) {
  const named = unambiguousNamedPix(rows, today, 3);
  expect(named).toHaveLength(3);
  const printed = new Set(rows.flatMap((r) => (r.payerName ? [bankName(r.payerName, 'initials', 60)] : [])));
  const stranger = STRANGERS.find((s) => !printed.has(s))!;
  const owed = new Set(rows.map((r) => r.amountCents));
  const fits = (c: number) => owed.has(c) || rows.some((r) => owed.has(c - r.amountCents)) || c % 100 === 0;
  let cents = 10913;
  while (fits(cents)) cents += 7;
  const target = rows
    .filter((r) => r.payerName && bankName(r.payerName, 'initials', 60) !== bankName(r.payerName, 'full', 60))
    .sort((a, b) => a.id - b.id)[0];
  if (!target) throw new Error('no member of the demo branch has a middle name');
  const lines = [
    'Data;Descrição;Valor',
    ...named.map(
      (r) => `${brDate(r.dueDate!)};PIX RECEBIDO - ${r.payerName!.toUpperCase()};${brMoney(r.amountCents)}`,
    ),
    `${brDate(today)};PIX RECEBIDO - ${stranger};${brMoney(cents)}`,
  ];
  return {
    csv: lines.join('\r\n'),
    stranger,
    strangerAmount: `R$ ${brMoney(cents)}`,
    target: { name: target.payerName!, printed: bankName(target.payerName!, 'initials', 60) },
  };
}

/** Demo branch → sync → import the statement built above into the Itaú account → Conciliar. */
async function openReconcile(page: Page, url: string) {
  const nav = await demoSynced(page, url);
  const built = keyboardCsv(await openReceivables(page), await demoToday(page));
  await importCsv(page, 'extrato-itau-teclado.csv', built.csv);
  await nav.getByRole('button', { name: 'Conciliar' }).click();
  await expect(page.locator('.vlist-row').first()).toBeVisible();
  return built;
}

test('Conciliar by keyboard: focus, ↓ Enter, the picker (initials, low-score confirmation, learned names), ?', async ({
  page,
  host,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const { stranger, strangerAmount, target } = await openReconcile(page, host.url);
  const grid = page.locator('.reconcile-grid');
  const rows = page.locator('.vlist-row');

  // The list has the focus as soon as the screen opens; ? shows the shortcuts, Esc hides them.
  await expect(grid).toBeFocused();
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Atalhos do teclado' });
  await expect(shortcuts).toContainText('aprovar o lançamento');
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
  await expect(grid).toBeFocused();

  // ↓ then Enter approves the second line (of the green ones).
  await page.getByRole('tab', { name: /^Verdes/ }).click();
  await grid.focus();
  const second = (await rows.nth(1).locator('.match-line').innerText()).replace(/\s+/g, ' ');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1).locator('.match-row')).toHaveClass(/focused/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /^Aprovados/ })).toHaveText('Aprovados (1)');
  await page.getByRole('tab', { name: /^Aprovados/ }).click();
  await expect(rows.first().locator('.match-line')).toHaveText(
    new RegExp(second.split(' ').slice(1, 3).join('\\s*').replace(/[$.,]/g, '.')),
  );

  // The whole row takes the click: its lower part focuses that row, not the one above.
  await page.getByRole('tab', { name: /^Todos/ }).click();
  const box = (await rows.nth(2).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 4);
  await expect(rows.nth(2).locator('.match-row')).toHaveClass(/focused/);

  // The picker (key E) on a line the engine left alone finds a member from the bank's initials.
  await page.getByRole('tab', { name: /^Sem sugestão/ }).click();
  await page.getByLabel('Buscar (nome, valor ou data) — tecla /').fill(stranger);
  await expect(rows).toHaveCount(1);
  // On Todos the line stays in view once it has a choice.
  await page.getByRole('tab', { name: /^Todos/ }).click();
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  await page.keyboard.press('e');
  const panel = page.getByRole('region', { name: /Escolher recebíveis para/ });
  await expect(panel).toBeVisible();
  const search = panel.getByLabel('Buscar por nome, descrição, valor ou código');
  await expect(search).toBeFocused();
  await search.fill(target.printed);
  const found = panel.getByRole('list', { name: 'Recebíveis encontrados' });
  await expect(found.getByText(target.name).first()).toBeVisible();
  // Nothing found is said, with a way out.
  await search.fill('XYZZY QWERTY');
  await expect(panel.getByText('Nada encontrado para “XYZZY QWERTY”.')).toBeVisible();
  await panel.getByRole('button', { name: 'Limpar o texto da busca' }).click();
  await expect(search).toHaveValue('');
  await expect(found.locator('li').first()).toBeVisible();

  // A pick of someone else with another amount scores low: confirmation first, nothing applied yet.
  const pick = found.locator('li:not(:has(input:disabled))').filter({ hasNotText: strangerAmount }).first();
  // The name is the row's first text (its description is under it, [T] item 5).
  const picked = (await pick.locator('.ellipsis').first().innerText()).split(' · ')[0]!;
  await pick.locator('input').click();
  // The pick joins the current choice at the top, ticked.
  await expect(panel.getByRole('list', { name: 'Escolha atual' }).getByText(picked)).toBeVisible();
  await expect(panel.getByRole('status').first()).toContainText(
    /1 escolhido, somando R\$\s[\d.,]+; diferença/,
  );
  await panel.getByRole('button', { name: 'Usar o escolhido' }).click();
  const weak = panel.getByRole('alertdialog', { name: 'Esta escolha parece fraca' });
  await expect(weak).toContainText('Pontuação 0 de 100');
  await expect(weak).toContainText(`Nome no banco: “${stranger}”`);
  await weak.getByRole('button', { name: 'Usar e lembrar o nome' }).click();
  await expect(panel).toBeHidden();
  await expect(
    page.getByText('Escolha registrada: pontuação 0. Nome aprendido para as próximas vezes.'),
  ).toBeVisible();

  // The learned name is listed in the picker and can be removed.
  await rows.first().click();
  await page.keyboard.press('p');
  await expect(panel).toBeVisible();
  // The current choice is shown first, marked.
  await expect(panel.getByRole('list', { name: 'Escolha atual' })).toContainText('atual');
  await panel.getByText('Nomes aprendidos (1)').click();
  const learned = panel.getByRole('list', { name: 'Nomes aprendidos (1)' });
  await expect(learned).toContainText(`“${stranger}” é`);
  await learned.getByRole('button', { name: `Remover o nome aprendido “${stranger}”` }).click();
  await expect(panel.getByText(`Nome esquecido: “${stranger}”.`)).toBeVisible();
  await expect(panel.getByText('Nomes aprendidos (0)')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});
