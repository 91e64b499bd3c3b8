import { join } from 'node:path';
import { demoSynced, expect, test } from './fixtures';

test('the morning journey: demo → sync → import → review → override one → approve all green → mark paid', async ({
  page,
  host,
}) => {
  test.setTimeout(150_000);
  const nav = await demoSynced(page, host.url);

  await nav.getByRole('button', { name: 'Importar' }).click();
  await page.getByRole('button', { name: 'OFX' }).click();
  await expect(page.getByRole('heading', { name: 'Confira antes de importar' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click();
  await expect(page.getByText(/^Importado: \d+ lançamento/)).toBeVisible({ timeout: 30_000 });

  // The import already suggested matches: Conciliar opens with them, nothing to press first.
  await nav.getByRole('button', { name: 'Conciliar' }).click();
  const greenButton = page.getByRole('button', { name: /Aprovar todos os verdes \((\d+)\)/ });
  await expect(greenButton).not.toHaveText('Aprovar todos os verdes (0)');
  const greens = Number(/\((\d+)\)/.exec((await greenButton.textContent()) ?? '')?.[1]);
  expect(greens).toBeGreaterThan(1);

  // Override one green suggestion by hand: keep its receivable(s), which records the choice and the alias.
  await page.getByRole('tab', { name: /^Verdes/ }).click();
  await page.locator('.vlist-row').first().click();
  await page.getByRole('button', { name: 'Buscar outro recebível… (E)' }).click();
  const panel = page.getByRole('region', { name: /Escolher recebíveis para/ });
  // A card credit's proposal says its fee as such ([T] item 6), any other its difference.
  await expect(panel.getByRole('status')).toContainText(
    /\d+ escolhidos?, somando R\$\s[\d.,]+; (diferença|taxa do cartão)/,
  );
  await panel.getByRole('button', { name: /^Usar (o escolhido|os \d+ escolhidos)$/ }).click();
  await expect(panel).toBeHidden();

  // The overridden line is no longer a plain suggestion; all other greens are approved in one click.
  await expect(greenButton).toHaveText(`Aprovar todos os verdes (${greens - 1})`);
  await greenButton.click();
  await expect(page.getByRole('status').filter({ hasText: `${greens - 1} alterados` })).toBeVisible();
  // Approve the overridden one too, with the keyboard.
  await page.getByRole('tab', { name: /^Todos/ }).click();
  await page.getByRole('tab', { name: /^Verdes/ }).click();
  await page.locator('.reconcile-grid').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /^Aprovados/ })).toHaveText(`Aprovados (${greens})`);

  await nav.getByRole('button', { name: 'Enviar' }).click();
  const markPaid = page.getByRole('button', { name: /^Marcar como pagos \(\d+, R\$/ });
  await expect(markPaid).toBeVisible();
  await markPaid.click();
  await expect(page.getByRole('alertdialog')).toContainText('Marcar');
  await page.getByRole('button', { name: 'Sim, marcar como pagos' }).click();
  await expect(
    page.getByText(/Lotes — na fila: 0 · aguardando confirmação: 0 · confirmados: [1-9]\d* · a revisar: 0/),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Nada aprovado para enviar.')).toBeVisible();
  // Before the click the list of what would be marked was shown; after it, a batch opens to the same list.
  await page
    .getByRole('button', { name: /^Lote \d+ ▸$/ })
    .first()
    .click();
  const opened = page.getByRole('region', {
    name: /^Lote \d+ \(confirmado\): o que ele marca como pago no EVO$/,
  });
  await expect(opened.locator('tbody tr').first()).toBeVisible();
  await expect(opened.locator('tbody tr').first()).not.toContainText(/^—/); // the member's name, from the cache
  await page.screenshot({ path: join(process.env.QUITA_SHOTS ?? 'test-results', 'journey-batch-open.png') });

  // Início shows the day: the lines sent and confirmed, and the statement's decided money per day.
  await nav.getByRole('button', { name: 'Início' }).click();
  await expect(page.locator('.stat-sent')).toContainText(/(^|\D)[1-9]\d* confirmados?/);
  await expect(
    page.getByRole('img', { name: 'Valores decididos e a decidir por dia do extrato atual' }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/home.png' });

  // The audit log tells the story and its chain is intact.
  await nav.getByRole('button', { name: 'Auditoria' }).click();
  await page.getByRole('button', { name: /Verificar integridade/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /íntegr|OK/i })).toBeVisible();
});
