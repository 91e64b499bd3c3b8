import { expect, test } from './fixtures';

/**
 * The page counts time as the host and this process do: on a normal run all read the machine's clock; under
 * `npm run test:dates` the host and this process run on libfaketime's shifted clock and Chromium does not, so the
 * `page` fixture shifts the page's Date by the same offset. Before that fixture did so correctly, the screens
 * computed "today" as the real day while the host computed the pinned one.
 */
test('the page, the host and the test read the same time (to the minute)', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.getByRole('heading', { name: 'Bem-vindo ao Quita' })).toBeVisible();
  const inPage = await page.evaluate(() => [Date.now(), new Date().getTime()]);
  for (const t of inPage) expect(Math.abs(t - Date.now())).toBeLessThan(60_000);
});
