import { demoSynced, expect, shoot, test } from './fixtures';

/**
 * [X] item 4: a long statement's first lines are drawn before the rest are read, and until the rest is in,
 * nothing counts or acts on the whole list. The demo's statement (61 credits) stands for a long one: its
 * credit count is answered as 1,000 (so Conciliar asks for the first lines apart), the first answer is cut to
 * 20 lines, and the request for the rest is held at the network until the screen has been looked at, then
 * sent for the lines after those 20.
 */
test('Conciliar: a long statement shows its first lines at once; counts and "Aprovar todos os verdes" wait for the rest', async ({
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

  const FIRST = 20;
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/commands/import.statements', async (route) => {
    const res = await route.fetch();
    const json = (await res.json()) as { value: { statements: { creditCount: number }[] } };
    for (const s of json.value.statements) s.creditCount = 1000;
    await route.fulfill({ response: res, json });
  });
  await page.route('**/api/commands/match.lines', async (route) => {
    const body = route.request().postDataJSON() as { offset?: number };
    if ((body.offset ?? 0) > 0) {
      await held;
      return route.continue({ postData: JSON.stringify({ ...body, offset: FIRST }) });
    }
    const res = await route.fetch();
    const json = (await res.json()) as { value: { rows: unknown[]; total: number } };
    json.value.rows = json.value.rows.slice(0, FIRST);
    await route.fulfill({ response: res, json });
  });

  await nav.getByRole('button', { name: 'Conciliar' }).click();
  const reading = page.getByText(/^Lendo as outras \d+ linhas do extrato…$/);
  await expect(reading).toBeVisible({ timeout: 30_000 });
  const total = FIRST + Number(/\d+/.exec((await reading.textContent()) ?? '')?.[0]);
  // The first lines are there to work on; what speaks for the whole statement waits.
  await expect(page.locator('.vlist-row').first()).toBeVisible();
  const approveAll = page.getByRole('button', { name: /^Aprovar todos os verdes/ });
  await expect(approveAll).toHaveText('Aprovar todos os verdes (…)');
  await expect(approveAll).toBeDisabled();
  await expect(page.getByRole('tab', { name: /^Todos/ })).toHaveText('Todos (…)');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await shoot(page, 'x-long-statement-reading');

  release();
  await expect(reading).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /^Todos/ })).toHaveText(`Todos (${total})`);
  await expect(approveAll).toHaveText(/^Aprovar todos os verdes \(\d+\)$/);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^A decidir \d+/ })).toBeVisible();
});
