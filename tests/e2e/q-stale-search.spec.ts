import { expect, test } from './fixtures';

// [Q] item 6: a slow earlier answer never overwrites a newer one. The first search's answer is held back (2 s)
// until after the second search has answered: the screen must keep showing the second query's places.
test('Localidades: a delayed first search answer does not replace the newer one', async ({ page, host }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  const nav = page.getByRole('navigation');
  await nav.getByRole('button', { name: 'Sincronizar' }).click();
  await page.getByLabel('Incluir localidades (estados, cidades e bairros)').check();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pronto:' })).toBeVisible({ timeout: 60_000 });
  await nav.getByRole('button', { name: 'Localidades' }).click();
  await expect(page.getByText('27 estados')).toBeVisible();

  let searches = 0;
  let firstAnswered = false;
  await page.route('**/api/commands/geo.search', async (route) => {
    if (++searches === 1) {
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
      firstAnswered = true;
      return;
    }
    await route.continue();
  });
  const search = page.getByLabel('Buscar estado, cidade ou bairro');
  const results = page.getByRole('list', { name: 'Resultados da busca' });
  await search.fill('rio de janeiro');
  await expect.poll(() => searches).toBe(1);
  await search.fill('sao paulo');
  await expect(results).toContainText('São Paulo — SP');
  // The first (older) answer arrives now; it must be dropped.
  await expect.poll(() => firstAnswered, { timeout: 10_000 }).toBe(true);
  await page.waitForTimeout(300);
  await expect(results).toContainText('São Paulo — SP');
  await expect(results).not.toContainText('Rio de Janeiro');
});
