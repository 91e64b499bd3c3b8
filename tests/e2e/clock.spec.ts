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
  const inPage = await page.evaluate(() => [Date.now(), new Date().getTime(), Date.parse(Date())]);
  for (const t of inPage) expect(Math.abs(t - Date.now())).toBeLessThan(60_000);
  // Everything else about Date is the real one: a given instant, parsing, instanceof.
  expect(
    await page.evaluate(() => [
      new Date(0).getTime(),
      Date.parse('2026-01-02T03:04:05Z'),
      Date.UTC(2026, 0, 2),
      new Date() instanceof Date,
    ]),
  ).toEqual([0, Date.parse('2026-01-02T03:04:05Z'), Date.UTC(2026, 0, 2), true]);
});
