import { demoSynced, expect, shoot, test } from './fixtures';

/** [P] item 6: each member's debts on expanding, when they were last notified, and a question before notifying again. */
test('Inadimplentes: debts per member, the last notification shown, and notifying again within the period asks first', async ({
  page,
  host,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  await nav.getByRole('button', { name: 'Inadimplentes' }).click();
  await expect(page.getByText(/\d+ alunos? inadimplentes?, com \d+ dívidas?, somando R\$/)).toBeVisible();

  const rows = page.locator('.vlist-row');
  const nameOf = async (i: number) =>
    (await rows.nth(i).locator('.member-name .ellipsis').textContent())!.trim();
  const first = await nameOf(0);
  const second = await nameOf(1);
  // A member with several debts opens to one line per debt.
  await page.getByRole('button', { name: `Mostrar as dívidas de ${first}` }).click();
  await expect(page.getByRole('button', { name: `Ocultar as dívidas de ${first}` })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.locator('.debt-line').first()).toContainText(/nº \d+ · vence \d{2}\/\d{2}\/\d{4}/);
  await page.getByRole('button', { name: `Ocultar as dívidas de ${first}` }).click();

  // Notify the first member.
  await page.getByRole('checkbox', { name: `Selecionar ${first}` }).check();
  await page.getByRole('button', { name: 'Notificar selecionados (1)' }).click();
  let panel = page.getByRole('region', { name: 'Notificar 1 aluno' });
  await expect(panel.getByLabel(/Perguntar antes de notificar de novo/)).toHaveValue('7');
  await panel.getByRole('button', { name: 'Pré-visualizar' }).click();
  await panel.getByRole('button', { name: 'Enviar 1 notificação' }).click();
  await expect(panel.getByRole('cell', { name: 'enviada' })).toBeVisible({ timeout: 20_000 });
  await panel.getByRole('button', { name: 'Fechar' }).click();
  await expect(rows.first().locator('.badge.notified')).toContainText(/^notificado hoje às \d{2}:\d{2}$/);

  // The first and the second: the first was notified within 7 days, so the panel asks.
  await page.getByRole('checkbox', { name: `Selecionar ${second}` }).check();
  await page.getByRole('button', { name: 'Notificar selecionados (2)' }).click();
  panel = page.getByRole('region', { name: 'Notificar 2 alunos' });
  await panel.getByRole('button', { name: 'Pré-visualizar' }).click();
  await panel.getByRole('button', { name: 'Enviar 2 notificações' }).click();
  const ask = panel.locator('.save-check');
  await expect(ask).toContainText('1 destes alunos já foi notificado nos últimos 7 dias:');
  await expect(ask).toContainText(`${first}, em `);
  await expect(ask.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await shoot(page, 'debtors-notify-again');
  await ask.getByRole('button', { name: 'Só os outros (1)' }).click();
  await expect(ask).toHaveCount(0);
  await expect(panel.getByRole('cell', { name: 'enviada' })).toHaveCount(2, { timeout: 20_000 });

  // A period of 0 days never asks.
  const period = panel.getByLabel(/Perguntar antes de notificar de novo/);
  await period.fill('0');
  await period.blur();
  await expect(panel.getByText('Prazo salvo: 0 dias.')).toBeVisible();
  await panel.getByRole('button', { name: 'Pré-visualizar' }).click();
  await panel.getByRole('button', { name: 'Enviar 2 notificações' }).click();
  await expect(panel.getByRole('cell', { name: 'enviada' })).toHaveCount(4, { timeout: 20_000 });
  await expect(panel.locator('.save-check')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Fechar' }).click();
  await shoot(page, 'debtors-notified');
});
