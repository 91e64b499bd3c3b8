import type { Migration } from '../migrate';

/**
 * Real bank exports ([L]):
 * - `statement_lines.payer_document`: the masked CPF/CNPJ some banks print beside the payer (•••.456.789-••),
 *   kept apart from the name so matching compares names with names.
 * - `bank_account_files`: which account a file's own identification (OFX BANKID/BRANCHID/ACCTID, a preamble's
 *   "Agência … Conta …") belongs to, once a clerk imported such a file into it: later files are checked against
 *   it, and a file of one account is never silently imported into another. `hint_key` is the normalized
 *   identification (bank|agency|account digits).
 */
export const m007StatementAccounts: Migration = {
  version: 7,
  name: 'statement-accounts',
  sql: `
ALTER TABLE statement_lines ADD COLUMN payer_document TEXT;

CREATE TABLE bank_account_files (
  hint_key         TEXT PRIMARY KEY,
  bank_account_id  INTEGER NOT NULL,
  bank_code        INTEGER,
  agency           TEXT,
  account          TEXT,
  confirmed_at     TEXT NOT NULL,
  confirmed_by     TEXT NOT NULL
);
CREATE INDEX bank_account_files_account ON bank_account_files (bank_account_id);
`,
};
