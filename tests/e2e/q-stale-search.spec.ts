import { expect, test } from './fixtures';

// [Q] item 6: a slow earlier answer never overwrites a newer one. The first search's answer is held back
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

  // The first search's answer is held until the second one is on screen, then let through: a stale answer
  // arriving last, made on purpose rather than by a delay.
  let searches = 0;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/commands/geo.search', async (route) => {
    if (++searches === 1) await held;
    await route.continue();
  });
  const search = page.getByLabel('Buscar estado, cidade ou bairro');
  const results = page.getByRole('list', { name: 'Resultados da busca' });
  await search.fill('rio de janeiro');
  await expect.poll(() => searches).toBe(1);
  await search.fill('sao paulo');
  await expect(results).toContainText('São Paulo — SP');
  // The first (older) answer arrives now, whole; then one more turn of the page's event loop: it must be dropped.
  const stale = page.waitForResponse(
    (r) => r.url().includes('geo.search') && (r.request().postData() ?? '').includes('rio de janeiro'),
  );
  release();
  await (await stale).finished();
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
  await expect(results).toContainText('São Paulo — SP');
  await expect(results).not.toContainText('Rio de Janeiro');
});
