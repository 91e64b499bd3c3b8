import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../../src/core/db/open-db';
import { todayInBrasilia } from '../../src/shared/dates';
import { expect, test } from './fixtures';

/** Screenshots for a person to look at (light and dark): test-results/, or QUITA_SHOTS when set. */
const SHOTS = process.env.QUITA_SHOTS ?? 'test-results';

const previousMonthOf = (day: string) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
};
const monthPt = (month: string, thisYear: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    month: 'long',
    ...(month.startsWith(thisYear) ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
const datePt = (day: string) => day.split('-').reverse().join('/');

/**
 * Approved pairs written into the demo profile's database as review leaves them: two credits of the previous
 * month (one paying two receivables) and one of this month, into one bank account.
 */
function seedApproved(dbFile: string, today: string): void {
  const db = openDb(dbFile);
  try {
    const prev = previousMonthOf(today);
    db.transaction(() => {
      db.prepare(
        `INSERT OR IGNORE INTO bank_accounts (id, description, bank_code, raw_json, fetched_at)
         VALUES (9901, 'Itaú Centro 1234-5', 341, '{}', ?)`,
      ).run(new Date().toISOString());
      const statementId = Number(
        db
          .prepare(
            `INSERT INTO statements (bank_account_id, file_name, sha256, byte_size, format, mapping_json,
             mapping_source, imported_at, period_from, period_to, line_count, credit_count, debit_count,
             balance_count, inserted_count, known_count, rejected_count)
             VALUES (9901, 'extrato.ofx', 'e2e', 100, 'ofx', '{}', 'detected', ?, ?, ?, 3, 3, 0, 0, 3, 0, 0)`,
          )
          .run(new Date().toISOString(), `${prev}-01`, today).lastInsertRowid,
      );
      const planId = Number(
        db
          .prepare(
            `INSERT INTO match_plans (statement_id, created_at, engine_version, settings_json)
             VALUES (?, ?, '1', '{}')`,
          )
          .run(statementId, new Date().toISOString()).lastInsertRowid,
      );
      const credits: [string, [number, number][]][] = [
        [
          `${prev}-28`,
          [
            [990001, 15000],
            [990002, 9990],
          ],
        ],
        [`${prev}-15`, [[990003, 12000]]],
        [today, [[990004, 8000]]],
      ];
      credits.forEach(([date, receivables], position) => {
        const lineId = Number(
          db
            .prepare(
              `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind,
               description, raw_json, fingerprint) VALUES (?, 9901, ?, ?, ?, 'credit', 'PIX RECEBIDO', '{}', ?)`,
            )
            .run(
              statementId,
              position,
              date,
              receivables.reduce((s, [, c]) => s + c, 0),
              `e2e-${position}`,
            ).lastInsertRowid,
        );
        const matchId = Number(
          db
            .prepare(
              `INSERT INTO matches (plan_id, line_id, score, zone, reasons_json, state, updated_at)
               VALUES (?, ?, 95, 'green', '[]', 'approved', ?)`,
            )
            .run(planId, lineId, new Date().toISOString()).lastInsertRowid,
        );
        for (const [id, cents] of receivables)
          db.prepare(
            'INSERT INTO match_items (match_id, plan_id, receivable_id, amount_cents) VALUES (?, ?, ?, ?)',
          ).run(matchId, planId, id, cents);
      });
    })();
  } finally {
    db.close();
  }
}

test('Enviar says the EVO records today as the date of receipt and warns about credits of a previous month', async ({
  page,
  host,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('button', { name: 'Enviar' })).toBeVisible({ timeout: 30_000 });

  const today = todayInBrasilia();
  const dbFile = join(host.dataDir, 'profiles', 'demo', 'quita.db');
  // The profile's database is created by the first command that reads it (Início's), not with the menu.
  await expect.poll(() => existsSync(dbFile), { timeout: 15_000 }).toBe(true);
  seedApproved(dbFile, today);

  await nav.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('button', { name: /^Marcar como pagos \(4, R\$/ })).toBeVisible();
  // Exactly what will be marked, each with the bank line it pays, before the one confirming click.
  const items = page.getByRole('region', { name: 'O que será marcado como pago no EVO' });
  await expect(items.locator('tbody tr')).toHaveCount(4);
  await expect(items.locator('tfoot')).toContainText('Total: 4 recebíveis');

  const notice = `O EVO registra como data de recebimento o dia do envio (hoje, ${datePt(today)}), não a data do crédito no banco.`;
  await expect(page.getByText(notice)).toBeVisible();
  const year = today.slice(0, 4);
  const warning = new RegExp(
    `^Atenção: 2 lançamentos \\(R\\$\\s369,90\\) são de ${monthPt(previousMonthOf(today), year)}: ` +
      `no EVO ficarão como recebidos em ${monthPt(today.slice(0, 7), year)}\\.$`,
  );
  await expect(page.locator('.send-month-warning p')).toHaveText(warning);

  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'send-warning-light.png') });

  // The one confirmation repeats the warning and says which day the EVO will record.
  await page.getByRole('button', { name: /^Marcar como pagos/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    `Marcar 4 recebíveis como pagos, total R$\u00a0449,90, na conta Itaú Centro 1234-5? O EVO vai registrá-los como recebidos hoje, ${datePt(today)}.`,
  );
  await expect(dialog.locator('.send-month-warning p')).toHaveText(warning);
  await page.screenshot({ path: join(SHOTS, 'send-confirm-light.png') });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SHOTS, 'send-confirm-dark.png') });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.locator('.send-month-warning p')).toHaveText(warning);
  await page.screenshot({ path: join(SHOTS, 'send-warning-dark.png') });
});
