import type { ErrorInfo } from '../../shared/contract';
import type { ImportPreview } from '../../shared/contract/import';
import { parseAcquirerFile } from '../import/acquirer/parse-acquirer';
import { compareAccount } from '../import/account-hint';
import { describeAccount } from '../import/account-check';
import { importRepo, type BankAccountRow } from '../import/import.repo';
import type { Store } from '../store/store';

/**
 * Which bank account a file dropped in the intake folder belongs to, told only from what the file itself says —
 * never guessed: a file imported into the wrong account would have its credits matched against that account's
 * receivables, and a green sent by the policy would mark an unpaid debt as paid. When it cannot be told, the file
 * waits for a person (Início lists it; Importar or `intake.assign` puts it in an account).
 * - a statement: the account its own identification names (OFX BANKID/BRANCHID/ACCTID, a preamble's
 *   "Agência … Conta …"), remembered from an earlier import or read from the API's bank data (`accountCheck`);
 * - a CNAB return file: the one account of the file's bank (the parser reads the bank, not the account);
 * - an acquirer file: the account every payment batch names (its "domicílio bancário").
 */
export type AccountDecision = { bankAccountId: number } | { waiting: ErrorInfo };

const known = (a: BankAccountRow) => ({ bankCode: a.bank_code, agency: a.agency, account: a.account });

const wait = (code: string, message: string, params?: Record<string, string | number>) => ({
  waiting: { kind: 'validation' as const, code, message, ...(params ? { params } : {}) },
});

export async function decideAccount(
  store: Store,
  preview: ImportPreview,
  bytes: Uint8Array,
): Promise<AccountDecision> {
  const accounts = await store.read((tx) => importRepo.bankAccounts(tx));
  if (preview.returnFile) {
    const bank = Number(preview.returnFile.bankCode);
    const ofBank = accounts.filter((a) => a.bank_code === bank);
    if (ofBank.length === 1) return { bankAccountId: ofBank[0]!.id };
    return ofBank.length === 0
      ? wait('intake.cnab_no_account', `No bank account of bank ${bank} is known for this branch.`, {
          bank,
        })
      : wait(
          'intake.cnab_several_accounts',
          `This branch has ${ofBank.length} accounts at bank ${bank}; choose which one this return file is.`,
          { bank, count: ofBank.length },
        );
  }
  if (preview.acquirerFile) {
    const payments = parseAcquirerFile(bytes).payments;
    const ids = new Set<number>();
    let unnamed = payments.length === 0;
    for (const p of payments) {
      const hint = {
        bankCode: p.bankCode && /^\d+$/.test(p.bankCode) ? Number(p.bankCode) : null,
        agency: p.agency,
        account: p.account,
        source: 'preamble' as const,
      };
      const hits = p.account ? accounts.filter((a) => compareAccount(hint, known(a)) === 'same') : [];
      if (hits.length !== 1) unnamed = true;
      for (const h of hits) ids.add(h.id);
    }
    if (!unnamed && ids.size === 1) return { bankAccountId: [...ids][0]! };
    return wait(
      'intake.acquirer_no_account',
      'The acquirer file does not name one bank account of this branch; choose which one it is.',
    );
  }
  if (preview.statements.length > 1 && preview.statementIndex === null)
    return wait(
      'intake.several_statements',
      `This file holds ${preview.statements.length} statements; import it in Importar, choosing each one.`,
      { count: preview.statements.length },
    );
  const check = preview.accountCheck;
  if (check.suggestedBankAccountId !== null) return { bankAccountId: check.suggestedBankAccountId };
  if (!check.fileAccount)
    return wait('intake.no_account_named', 'The file does not say which bank account it is from.');
  return wait(
    'intake.account_unknown',
    `The file names ${describeAccount(check.fileAccount)}, which is not one of this branch's accounts.`,
    { account: describeAccount(check.fileAccount) },
  );
}
