import { join } from 'node:path';
import { expect, shoot, test } from './fixtures';

// [Q] item 5: a clerk told "the details were written to the log" finds the log file. [T]: it is named once, in
// Ajuda; Configurações says so and opens Ajuda, where the file is shown.
test('Configurações leads to Ajuda, which names the log file beside the data folder', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const where = page.getByText(/o arquivo de registro \(com os detalhes das falhas\).*veja a Ajuda\./);
  await where.scrollIntoViewIfNeeded();
  await expect(where).toBeVisible();
  // No path on Configurações any more: the screen-text check allows them on Ajuda only.
  await expect(page.getByText(join(host.dataDir, 'logs', 'quita.log'))).toHaveCount(0);
  await shoot(page, 'q-settings-log-file');
  await page.getByRole('button', { name: 'Abrir a Ajuda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ajuda' })).toBeVisible();
  await expect(
    page.locator('code').filter({ hasText: join(host.dataDir, 'logs', 'quita.log') }),
  ).toBeVisible();
});
