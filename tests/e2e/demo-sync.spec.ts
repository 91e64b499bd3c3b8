import { expect, test } from './fixtures';

test('demo branch: start it from the first screen and sync it, with progress and a cache summary', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  // The app frame replaces the first-run screen, named after the demo branch.
  await expect(page.getByText('Filial de demonstração', { exact: true })).toBeVisible();
  await page.getByRole('navigation').getByRole('button', { name: 'Sincronizar' }).click();
  await expect(page.getByRole('cell', { name: 'Recebíveis' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Recebíveis\s+0\s+nunca/ })).toBeVisible();

  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pronto:' })).toBeVisible({ timeout: 60_000 });
  const row = page.getByRole('row', { name: /^Recebíveis/ });
  await expect(row).toContainText('este minuto');
  const count = Number((await row.getByRole('cell').nth(1).textContent()) ?? '0');
  expect(count).toBeGreaterThan(100);
  await expect(page.getByText(/Recebíveis: \d+ em aberto, \d+ vencidos/)).toBeVisible();
});
