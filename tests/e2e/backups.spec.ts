import { join } from 'node:path';
import { expect, test } from './fixtures';

/** Screenshots for a person to look at (light and dark): test-results/, or QUITA_SHOTS when set. */
const SHOTS = process.env.QUITA_SHOTS ?? 'test-results';

test('Configurações → Cópias de segurança: a backup now, then restored after asking once', async ({
  page,
  host,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const panel = page.getByRole('region', { name: 'Cópias de segurança' });
  await expect(panel).toBeVisible();
  // The daily backup was taken when the branch's database was first opened.
  await expect(panel.getByRole('row')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Fazer uma cópia agora' }).click();
  await expect(panel.getByRole('status')).toContainText(/^Cópia feita \(/);
  await expect(panel.getByRole('row')).toHaveCount(3);
  await expect(panel.getByRole('cell', { name: 'pedida' })).toBeVisible();

  await panel.getByRole('button', { name: 'Restaurar…' }).first().click();
  await expect(panel.getByText(/^Voltar o banco de dados para/)).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'backups-ask-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SHOTS, 'backups-ask-dark.png') });
  await panel.getByRole('button', { name: 'Sim, restaurar' }).click();
  await expect(panel.getByRole('status')).toContainText(/^Cópia de .* restaurada\./);
  // The restore took a backup of what it replaced first.
  await expect(panel.getByRole('cell', { name: 'antes de restaurar' })).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'backups-restored-dark.png') });
});
