import type { AccountCheck, ImportCommitResult, Notice } from '../../shared/contract/import';

/** A settlement file (return file, acquirer file) names no account Quita can check against the chosen one. */
export const NO_ACCOUNT_CHECK: AccountCheck = {
  fileAccount: null,
  verdict: 'unknown',
  basis: null,
  suggestedBankAccountId: null,
};

/**
 * The import result of a settlement file (a CNAB return file, an acquirer file): no statement, its money rows
 * (settled titles, sales) counted as the credits imported or already known. The one shape both importers answer.
 */
export function settlementFileResult(r: {
  fresh: number;
  known: number;
  sameFile: boolean;
  notices: Notice[];
}): Omit<ImportCommitResult, 'suggestions' | 'returnFile' | 'acquirerFile'> {
  return {
    statementId: 0,
    imported: r.fresh,
    alreadyKnown: r.known,
    rejected: [],
    inserted: { credits: r.fresh, debits: 0, balances: 0 },
    known: { credits: r.known, debits: 0, balances: 0 },
    sameFile: r.sameFile,
    profileSaved: false,
    notices: r.notices,
    accountCheck: NO_ACCOUNT_CHECK,
  };
}
