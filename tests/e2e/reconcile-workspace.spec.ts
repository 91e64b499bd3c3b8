import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/dates';
import {
  brDate as br,
  brMoney as money,
  demoToday,
  openReceivables,
  PIX,
  RECEIVED,
  sandboxControl,
  unambiguousNamedPix,
  type OpenReceivable as Found,
} from './demo-data';
import { command, demoSynced, expect, importCsv, shoot, test } from './fixtures';

/**
 * The shape this journey needs, built instead of hoped for: the demo branch is generated around the day the test
 * runs, and on about one day in seven it holds no two open Pix receivables of one amount due the same day. So
 * take the demo's most recent open Pix of a named payer whom nobody else matches that day, and have the demo's
 * sandbox add a second member owing the same amount on the same day (its admin-only control route, built from
 * the demo's seed), then sync: a tie only the clerk can settle, on any date.
 */
async function buildTie(page: Page, today: string): Promise<Found[]> {
  const rows = await openReceivables(page);
  const key = (r: Found) => `${r.amountCents}|${r.dueDate}`;
  const perKey = new Map<string, number>();
  for (const r of rows) perKey.set(key(r), (perKey.get(key(r)) ?? 0) + 1);
  const candidates = rows
    .filter(
      (r) =>
        r.paymentTypeId === PIX &&
        r.payerName &&
        r.heldByLineId === null &&
        r.dueDate &&
        r.dueDate <= today &&
        perKey.get(key(r)) === 1,
    )
    .sort((a, b) => b.dueDate!.localeCompare(a.dueDate!) || a.id - b.id);
  // Nor a receivable of that amount already received around that day: the nameless credit would then rightly read
  // as money already in the EVO, not as a tie (seen on 2026-11-28: a Pix of R$ 89,90 received on the 22nd).
  let base: Found | undefined;
  for (const r of candidates) {
    const received = await command<{ rows: unknown[] }>(page, 'review.searchReceivables', {
      statuses: [RECEIVED],
      amountCents: r.amountCents,
      dueFrom: addDays(r.dueDate!, -10),
      dueTo: addDays(r.dueDate!, 10),
      limit: 1,
    });
    if (received.rows.length === 0) {
      base = r;
      break;
    }
  }
  if (!base)
    throw new Error(
      `the demo branch has no open Pix receivable due on or before ${today} that only a tie explains`,
    );
  const added = await sandboxControl(page, '/__sandbox/receivables', { likeId: base.id });
  expect(added.status).toBe(201);
  await command(page, 'sync.run', {});
  const tie = (await openReceivables(page)).filter((r) => key(r) === key(base) && r.paymentTypeId === PIX);
  expect(tie).toHaveLength(2);
  expect(new Set(tie.map((r) => r.payerName)).size).toBe(2);
  return tie;
}

/**
 * This morning's statement, as a bank's CSV export brings it (semicolon, dd/mm/aaaa, decimal comma): three Pix
 * payments naming members exactly (green), one Pix whose payer the bank did not print, of an amount two members
 * owe (by Pix) on the same day (a tie only the clerk can settle), and two interest credits of the automatic
 * investment ("RENDIMENTO APLIC AUTOMATICA": not a member's payment; set aside, and a rule catches the second
 * one), dated yesterday and today. Every date comes from the data (the demo's today, the receivables' due dates).
 */
function morningCsv(rows: Found[], tie: Found[], today: string): { csv: string; named: Found[] } {
  const named = unambiguousNamedPix(
    rows,
    today,
    3,
    tie.map((r) => r.amountCents),
    tie.map((r) => r.id),
  );
  expect(named).toHaveLength(3);
  const lines = [
    'Data;Descrição;Valor',
    ...named.map(
      (r) => `${br(r.dueDate!)};PIX RECEBIDO - ${r.payerName!.toUpperCase()};${money(r.amountCents)}`,
    ),
    `${br(tie[0]!.dueDate!)};PIX RECEBIDO;${money(tie[0]!.amountCents)}`,
    `${br(addDays(today, -1))};RENDIMENTO APLIC AUTOMATICA;17,35`,
    `${br(today)};RENDIMENTO APLIC AUTOMATICA;4,12`,
  ];
  return { csv: lines.join('\r\n'), named };
}

test('Conciliar, the morning in one pass: import → suggestions → tie settled from the candidates → set aside with a rule → approve all green → Enviar list → confirmed batch', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  const today = await demoToday(page);
  const tie = await buildTie(page, today);
  const { csv, named } = morningCsv(await openReceivables(page), tie, today);

  // 1. Import this morning's statement; Conciliar opens on what is left to decide, suggestions made.
  await importCsv(page, 'extrato-itau-manha.csv', csv);
  await nav.getByRole('button', { name: 'Conciliar' }).click();
  const grid = page.locator('.reconcile-grid');
  const todo = page.getByRole('tab', { name: /^A decidir/ });
  await expect(todo).toHaveAttribute('aria-selected', 'true');
  await expect(todo).toHaveText('A decidir (6)');
  const approveGreen = page.getByRole('button', { name: 'Aprovar todos os verdes (3)' });
  await expect(approveGreen).toBeEnabled();
  await expect(grid).toBeFocused();
  await expect(page.locator('.line-panel')).toContainText('Candidatos');
  await shoot(page, 'm-journey-1-suggestions');
  // The workspace fills a larger window too (no empty half screen, no page scroll).
  await page.setViewportSize({ width: 1920, height: 1080 });
  const list = await grid.boundingBox();
  expect(list!.y + list!.height).toBeGreaterThan(1000);
  expect(Number(await page.evaluate('document.scrollingElement.scrollHeight'))).toBeLessThanOrEqual(1080);
  await shoot(page, 'm-journey-1-suggestions-1920');
  await page.setViewportSize({ width: 1366, height: 768 });
  expect(Number(await page.evaluate('document.scrollingElement.scrollHeight'))).toBeLessThanOrEqual(768);

  // 2. The nameless Pix: the engine would not choose; both members fit and are listed; the clerk picks.
  const search = page.getByLabel('Buscar (nome, valor ou data) — tecla /');
  // An action gives the focus back to the list a frame later (keyboard first): typing in the search box before that
  // lost the keys to the list on a loaded machine (CI beside two other jobs: the box kept its text and the next step
  // found no line). So wait for the list to have the focus, then empty the box and see it empty.
  const clearSearch = async () => {
    await expect(grid).toBeFocused();
    await search.clear();
    await expect(search).toHaveValue('');
  };
  await page.getByRole('tab', { name: /^Sem sugestão/ }).click();
  await search.fill('pix recebido');
  await page.locator('.vlist-row').first().click();
  const panel = page.locator('.line-panel');
  await expect(panel.getByRole('note')).toHaveText(
    /^Empate: \d+ recebíveis servem igualmente bem. Escolha o certo.$/,
  );
  // Both members who owe this amount that day are among the candidates that fit, at the top.
  for (const r of tie)
    await expect(panel.locator('.cand.fits').filter({ hasText: r.payerName ?? '' })).toHaveCount(1);
  await shoot(page, 'm-journey-2-tie');
  await grid.press('1');
  await expect(panel.getByRole('status')).toHaveText(
    /^1 marcado, somando R\$\s[\d.,]+; diferença R\$\s0,00$/,
  );
  await grid.press('l');
  // A tied pick scores below yellow: confirmed once, nothing learned (the line names nobody).
  const weak = panel.getByRole('alertdialog', { name: 'Esta escolha parece fraca' });
  const linked = page.getByText(/^Vinculado: pontuação \d+\.$/);
  await expect(weak.or(linked)).toBeVisible();
  if (await weak.isVisible()) await weak.getByRole('button', { name: 'Usar só desta vez' }).click();
  await expect(linked).toBeVisible();
  await clearSearch();
  await todo.click();

  // 3. Interest is not a member's payment: set it aside, as a rule; the other interest line follows at once.
  await search.fill('rendimento');
  await page.locator('.vlist-row').first().click();
  await grid.press('d');
  const form = page.getByRole('form', { name: 'Deixar de lado este lançamento' });
  await expect(form.getByRole('radio', { name: 'rendimento de aplicação' })).toBeChecked();
  await form.getByLabel('Sempre deixar de lado lançamentos como este').check();
  await expect(form.getByLabel('Palavras que o lançamento deve conter')).toHaveValue(
    'RENDIMENTO APLIC AUTOMATICA',
  );
  await shoot(page, 'm-journey-3-aside');
  await form.getByRole('button', { name: 'Deixar de lado', exact: true }).click();
  await expect(
    page.getByText(
      'Lançamento deixado de lado. Regra criada: mais 1 lançamento deste extrato foi deixado de lado.',
    ),
  ).toBeVisible();
  await clearSearch();
  await expect(page.getByRole('tab', { name: /^Deixados de lado/ })).toHaveText('Deixados de lado (2)');
  // The rule is seen, and can be edited or removed there.
  await page.getByRole('button', { name: 'Regras (1)' }).click();
  const rules = page.getByRole('dialog', { name: 'Regras para deixar de lado' });
  await expect(rules).toContainText('“rendimento aplic automatica”');
  await expect(rules).toContainText('1 lançamento agora');
  await expect(
    rules.getByRole('button', { name: 'Remover a regra “rendimento aplic automatica”' }),
  ).toBeVisible();
  await shoot(page, 'm-journey-4-rules');
  await rules.getByRole('button', { name: 'Fechar' }).click();

  // 4. Every green in one click, then the settled tie with Enter: nothing left to decide.
  await approveGreen.click();
  await expect(page.getByRole('status').filter({ hasText: '3 alterados.' })).toBeVisible();
  await expect(todo).toHaveText('A decidir (1)');
  await todo.click();
  await page.locator('.vlist-row').first().click();
  await grid.press('Enter');
  await expect(todo).toHaveText('A decidir (0)');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '6');
  await expect(page.getByText('6 de 6 decididos')).toBeVisible();
  await shoot(page, 'm-journey-5-decided');

  // 5. Enviar lists exactly what will be marked; after the click the batch opens to the same list, confirmed.
  await nav.getByRole('button', { name: 'Enviar' }).click();
  const markPaid = page.getByRole('button', { name: /^Marcar como pagos \(4, R\$/ });
  await expect(markPaid).toBeVisible();
  for (const r of named) await expect(page.locator('main')).toContainText(r.payerName ?? '');
  await shoot(page, 'm-journey-6-send-list');
  await markPaid.click();
  await page.getByRole('button', { name: 'Sim, marcar como pagos' }).click();
  await expect(
    page.getByText(/Lotes — na fila: 0 · aguardando confirmação: 0 · confirmados: 1 · a revisar: 0/),
  ).toBeVisible({ timeout: 60_000 });
  await page
    .getByRole('button', { name: /^Lote \d+ ▸$/ })
    .first()
    .click();
  const batch = page.getByRole('region', {
    name: /^Lote \d+ \(confirmado\): o que ele marca como pago no EVO$/,
  });
  await expect(batch.locator('tbody tr')).toHaveCount(4);
  for (const r of named) await expect(batch).toContainText(r.payerName ?? '');
  await shoot(page, 'm-journey-7-batch');
});
