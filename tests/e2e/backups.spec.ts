import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, shoot, test } from './fixtures';

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

test('a backup of another branch is refused in one sentence, and the branch’s database stays as it was', async ({
  page,
  host,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const panel = page.getByRole('region', { name: 'Cópias de segurança' });
  await expect(panel.getByRole('row')).toHaveCount(2); // the daily backup taken at the first open

  // A clerk copies another branch's backup into this branch's folder: the demo's own, saying it is another's.
  const [profile] = readdirSync(join(host.dataDir, 'profiles'));
  const backups = join(host.dataDir, 'profiles', profile!, 'backups');
  const [own] = readdirSync(backups);
  const foreign = join(backups, 'quita-20200101T120000000Z-manual.db');
  copyFileSync(join(backups, own!), foreign);
  const db = new Database(foreign);
  db.prepare("UPDATE db_identity SET value = 'p-outra' WHERE key = 'profile_id'").run();
  db.close();
  const before = readFileSync(foreign);

  await page.getByRole('navigation').getByRole('button', { name: 'Início' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const row = panel.getByRole('row').filter({ hasText: 'pedida' });
  await row.getByRole('button', { name: 'Restaurar…' }).click();
  await row.getByRole('button', { name: 'Sim, restaurar' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Esta cópia é de outra filial, não desta, por isso não foi restaurada. O banco de dados da filial não foi alterado.',
  );
  // Nothing was taken, moved or replaced: still the two backups, no "antes de restaurar".
  await expect(panel.getByRole('row')).toHaveCount(3);
  await expect(panel.getByRole('cell', { name: 'antes de restaurar' })).toHaveCount(0);
  expect(readFileSync(foreign).equals(before)).toBe(true);
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'backups-other-branch');
});
