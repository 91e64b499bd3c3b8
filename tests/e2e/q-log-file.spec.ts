import { join } from 'node:path';
import { expect, shoot, test } from './fixtures';

// [Q] item 5: a clerk told "the details were written to the log" finds the log file named in Configurações.
test('Configurações names the log file beside the data folder', async ({ page, host }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const term = page.getByText('Arquivo de registro (detalhes de falhas)');
  await expect(term).toBeVisible();
  await expect(
    page.locator('dd code').filter({ hasText: join(host.dataDir, 'logs', 'quita.log') }),
  ).toBeVisible();
  await term.scrollIntoViewIfNeeded();
  await shoot(page, 'q-settings-log-file');
});
