/** A profile database for the matching tests: as after a sync and an import of a sandbox statement. */
import { generateSandboxData, writeStatement, type SandboxData } from '../../sandbox';
import { bankAccountJson, receivableJson } from '../../sandbox/serialize';
import { bankAccountSchema, receivableSchema } from '../api/schemas';
import { replaceBankAccounts } from '../cache/bank-accounts.repo';
import { upsertReceivables } from '../cache/receivables.repo';
import { openDb, type Db } from '../db/open-db';
import { commitImport } from '../import/import.service';
import { storeOfDb } from '../store/sqlite-store';

export const TODAY = '2026-07-15';
export const NOW = () => new Date('2026-07-15T15:00:00Z');

/**
 * The sandbox's bank accounts and receivables (all but cancelled ones) in a database, as a sync leaves them: each
 * record as the API sends it, read through the client's own schemas.
 */
export async function cacheSandboxData(db: Db, data: SandboxData, at: string): Promise<void> {
  const accounts = new Map(data.bankAccounts.map((a) => [a.id, a]));
  await storeOfDb(db).write(async (tx) => {
    await replaceBankAccounts(
      tx,
      data.bankAccounts.map((a) => bankAccountSchema.parse(bankAccountJson(a))),
      at,
    );
    await upsertReceivables(
      tx,
      data.receivables
        .filter((r) => r.status !== 3)
        .map((r) => receivableSchema.parse(receivableJson(r, accounts, 'pt'))),
      at,
    );
  });
}

/** The sandbox's accounts and receivables in a fresh in-memory database, and one imported statement. */
export async function sandboxBranch(format: 'ofx' | 'csv' = 'ofx', members = 150) {
  const data = generateSandboxData({ seed: 5, members, months: 3, today: TODAY });
  const db = openDb(':memory:');
  await cacheSandboxData(db, data, NOW().toISOString());
  const accountId = data.bankAccounts.find((a) => a.role === 'primary')!.id;
  const statementId = await importSandboxStatement(db, data, accountId, format);
  return { db, data, accountId, statementId };
}

export async function importSandboxStatement(
  db: Db,
  data: SandboxData,
  accountId: number,
  format: 'ofx' | 'csv',
): Promise<number> {
  const file = writeStatement(data, { bankAccountId: accountId, from: '2026-06-25', to: TODAY, format });
  const r = await commitImport(
    storeOfDb(db),
    { fileName: file.fileName, bytes: file.bytes, bankAccountId: accountId },
    { now: NOW },
  );
  return r.statementId;
}

/** A one-line statement written straight into the import's tables. */
export function insertOneLineStatement(
  db: Db,
  accountId: number,
  l: { date: string; amountCents: number; description: string; payerText: string | null },
): number {
  const id = Number(
    db
      .prepare(
        `INSERT INTO statements (bank_account_id, file_name, sha256, byte_size, format, mapping_json, mapping_source,
           imported_at, period_from, period_to, line_count, credit_count, debit_count, balance_count, inserted_count,
           known_count, rejected_count)
         VALUES (?, 'later.ofx', ?, 1, 'ofx', '{}', 'detected', ?, ?, ?, 1, 1, 0, 0, 1, 0, 0)`,
      )
      .run(accountId, `sha-${l.date}`, NOW().toISOString(), l.date, l.date).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind, description,
       payer_text, raw_json, fingerprint) VALUES (?, ?, 1, ?, ?, 'credit', ?, ?, '{}', ?)`,
  ).run(id, accountId, l.date, l.amountCents, l.description, l.payerText, `fp-${l.date}`);
  return id;
}
