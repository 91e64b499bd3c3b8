import type { ApiBankAccount } from '../api/schemas';
import type { Db } from '../db/open-db';

export interface BankAccountRow {
  id: number;
  description: string;
  bankCode: number | null;
  agency: string | null;
  account: string | null;
  inactive: boolean;
  bankIntegration: boolean | null;
  fetchedAt: string;
}

/** The API's list is the truth: accounts it no longer lists are removed, in one transaction. */
export function replaceBankAccounts(db: Db, accounts: ApiBankAccount[], fetchedAt: string): void {
  const insert = db.prepare(
    `INSERT INTO bank_accounts (id, description, bank_code, agency, account, inactive, bank_integration, account_type,
       raw_json, fetched_at)
     VALUES (@id, @description, @bankCode, @agency, @account, @inactive, @bankIntegration, @accountType, @raw, @fetchedAt)`,
  );
  db.transaction(() => {
    db.prepare('DELETE FROM bank_accounts').run();
    for (const a of accounts) {
      const flag = (b: boolean | null) => (b === null ? null : b ? 1 : 0);
      insert.run({
        ...a,
        inactive: a.inactive ? 1 : 0,
        bankIntegration: flag(a.bankIntegration),
        accountType: flag(a.accountType),
        raw: JSON.stringify(a.raw),
        fetchedAt,
      });
    }
  })();
}

export function listBankAccounts(db: Db): BankAccountRow[] {
  return db
    .prepare(
      `SELECT id, description, bank_code AS bankCode, agency, account, inactive, bank_integration AS bankIntegration,
         fetched_at AS fetchedAt
       FROM bank_accounts ORDER BY inactive, description`,
    )
    .all()
    .map((r) => {
      const row = r as Omit<BankAccountRow, 'inactive' | 'bankIntegration'> & {
        inactive: number;
        bankIntegration: number | null;
      };
      return {
        ...row,
        inactive: row.inactive === 1,
        bankIntegration: row.bankIntegration === null ? null : row.bankIntegration === 1,
      };
    });
}
