import type { AccountCheck } from '../../shared/contract/import';
import type { Tx } from '../store/store';
import { compareAccount } from './account-hint';
import { importRepo, type BankAccountRow } from './import.repo';
import type { AccountHint } from './types';

/**
 * Is this file the chosen account's statement? The file's own identification (OFX BANKID/BRANCHID/ACCTID, a
 * preamble's "Agência … Conta …") is compared with, first, the account a clerk already imported a file of that
 * identification into (remembered: `bank_account_files`), then the bank data the API gives for the account.
 * A file of another account must never go in silently: its credits would be matched against this account's
 * receivables, and approving one would mark an unpaid debt as paid.
 */

const digits = (s: string | null) => (s ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');

/** The normalized identification remembered per account; null when the file names no account number. */
export function hintKey(h: AccountHint | null): string | null {
  if (!h || !digits(h.account)) return null;
  return `${h.bankCode ?? ''}|${digits((h.agency ?? '').split(/[-–]/)[0] ?? '')}|${digits(h.account)}`;
}

const known = (a: BankAccountRow) => ({ bankCode: a.bank_code, agency: a.agency, account: a.account });

export async function checkAccount(
  tx: Tx,
  hint: AccountHint | null,
  chosenId: number | null,
): Promise<AccountCheck> {
  if (!hint) {
    return {
      fileAccount: null,
      verdict: chosenId === null ? 'no_account' : 'unknown',
      basis: null,
      suggestedBankAccountId: null,
    };
  }
  const key = hintKey(hint);
  const remembered = key ? await importRepo.accountOfHint(tx, key) : undefined;
  const matching = (await importRepo.bankAccounts(tx)).filter(
    (a) => compareAccount(hint, known(a)) === 'same',
  );
  const suggested = remembered ?? (matching.length === 1 ? matching[0]!.id : null);
  const base = { fileAccount: hint, suggestedBankAccountId: suggested };
  if (chosenId === null) return { ...base, verdict: 'no_account', basis: null };
  if (remembered !== undefined)
    return { ...base, verdict: remembered === chosenId ? 'same' : 'different', basis: 'remembered' };
  const chosen = await importRepo.bankAccount(tx, chosenId);
  const verdict = chosen ? compareAccount(hint, known(chosen)) : 'unknown';
  // The chosen account's bank data says nothing, but another account's matches the file exactly.
  if (verdict === 'unknown' && suggested !== null && suggested !== chosenId)
    return { ...base, verdict: 'different', basis: 'bank_data' };
  return { ...base, verdict, basis: verdict === 'unknown' ? null : 'bank_data' };
}

/** "Itaú 341, ag. 1234, c/c 56789-0": the parts a file gave, for messages. */
export function describeAccount(a: {
  bankCode: number | null;
  agency: string | null;
  account: string | null;
}): string {
  return (
    [
      a.bankCode !== null ? `banco ${a.bankCode}` : null,
      a.agency ? `ag. ${a.agency}` : null,
      a.account ? `c/c ${a.account}` : null,
    ]
      .filter(Boolean)
      .join(', ') || 'sem identificação'
  );
}
