import type { ApiBankAccount } from '../api/schemas';
import { slices, textOrder, type Tx } from '../store/store';

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

/** The API's list is the truth: accounts it no longer lists are removed, in the caller's transaction. */
export async function replaceBankAccounts(
  tx: Tx,
  accounts: ApiBankAccount[],
  fetchedAt: string,
): Promise<void> {
  await tx.deleteFrom('bank_accounts').execute();
  const flag = (b: boolean | null) => (b === null ? null : b ? 1 : 0);
  for (const slice of slices(accounts, 500))
    await tx
      .insertInto('bank_accounts')
      .values(
        slice.map((a) => ({
          id: a.id,
          description: a.description,
          bank_code: a.bankCode,
          agency: a.agency,
          account: a.account,
          inactive: a.inactive ? 1 : 0,
          bank_integration: flag(a.bankIntegration),
          account_type: flag(a.accountType),
          raw_json: JSON.stringify(a.raw),
          fetched_at: fetchedAt,
        })),
      )
      .execute();
}

export async function listBankAccounts(tx: Tx): Promise<BankAccountRow[]> {
  const rows = await tx
    .selectFrom('bank_accounts')
    .select([
      'id',
      'description',
      'bank_code as bankCode',
      'agency',
      'account',
      'inactive',
      'bank_integration as bankIntegration',
      'fetched_at as fetchedAt',
    ])
    .orderBy('inactive')
    .orderBy(textOrder(tx, 'description'))
    .execute();
  return rows.map((row) => ({
    ...row,
    inactive: row.inactive === 1,
    bankIntegration: row.bankIntegration === null ? null : row.bankIntegration === 1,
  }));
}
