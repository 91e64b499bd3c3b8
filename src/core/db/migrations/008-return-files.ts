import type { Migration } from '../migrate';

/**
 * CNAB return files ([K]): the bank's report on the boletos the gym registered, imported next to the
 * statement (docs/import.md, “Return files in the import flow”).
 * - `return_files`: one row per file and bank account; the same file twice (same SHA-256) is one row.
 * - `return_titles`: one row per title occurrence of a file (settlements and the rest alike: only
 *   `is_settlement` rows are money). Unique per bank account by `fingerprint` (bank, nosso número,
 *   occurrence code, occurrence date, amount, index among identical ones), so a later file repeating a title
 *   (banks resend a day's return) adds nothing twice. Money in cents, dates YYYY-MM-DD.
 * `bank_account_id` has no foreign key, like `statements`: the bank-account cache may be rebuilt by a sync.
 */
export const m008ReturnFiles: Migration = {
  version: 8,
  name: 'return-files',
  sql: `
CREATE TABLE return_files (
  id                INTEGER PRIMARY KEY,
  bank_account_id   INTEGER NOT NULL,
  file_name         TEXT    NOT NULL,
  sha256            TEXT    NOT NULL,
  byte_size         INTEGER NOT NULL,
  bank_code         TEXT    NOT NULL,            -- FEBRABAN code, three digits
  layout            TEXT    NOT NULL,            -- 240 | 400
  variant           TEXT    NOT NULL,            -- febraban-240, itau-400, bb-cbr643...
  file_date         TEXT,                        -- YYYY-MM-DD, from the header
  imported_at       TEXT    NOT NULL,
  credit_from       TEXT,                        -- first and last credit date of its settlements
  credit_to         TEXT,
  title_count       INTEGER NOT NULL,            -- title occurrences in the file
  settlement_count  INTEGER NOT NULL,
  inserted_count    INTEGER NOT NULL,            -- titles this file added
  known_count       INTEGER NOT NULL,            -- titles already known from an earlier file
  occurrences_json  TEXT    NOT NULL DEFAULT '[]',
  UNIQUE (bank_account_id, sha256)
);
CREATE INDEX return_files_account ON return_files (bank_account_id, credit_from);

CREATE TABLE return_titles (
  id                   INTEGER PRIMARY KEY,
  return_file_id       INTEGER NOT NULL REFERENCES return_files (id),
  bank_account_id      INTEGER NOT NULL,
  line                 INTEGER NOT NULL,
  occurrence_code      TEXT    NOT NULL,
  occurrence           TEXT    NOT NULL,
  occurrence_kind      TEXT    NOT NULL,         -- settlement, entry, rejected, writeoff, fee, other
  is_settlement        INTEGER NOT NULL,
  nosso_numero         TEXT    NOT NULL,
  seu_numero           TEXT,
  payer_name           TEXT,
  payer_document       TEXT,
  due_date             TEXT,
  face_cents           INTEGER NOT NULL,
  paid_cents           INTEGER,
  interest_fine_cents  INTEGER,
  discount_cents       INTEGER,
  credited_cents       INTEGER,
  fee_cents            INTEGER NOT NULL,
  paid_date            TEXT,
  credit_date          TEXT,
  fingerprint          TEXT    NOT NULL,
  UNIQUE (bank_account_id, fingerprint)
);
CREATE INDEX return_titles_file ON return_titles (return_file_id);
CREATE INDEX return_titles_credit ON return_titles (bank_account_id, credit_date) WHERE is_settlement = 1;
`,
};
