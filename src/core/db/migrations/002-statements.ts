import type { Migration } from '../migrate';

/**
 * Imported bank statements and their lines, and the column mappings clerks saved per bank account.
 * `bank_account_id` has no foreign key: `bank_accounts` is a cache that a sync may rebuild, and a statement
 * must survive that. Lines are unique per bank account by fingerprint (see core/import/fingerprint.ts), which
 * is what makes a second import of the same file or of an overlapping period add nothing twice.
 * Starter profiles for common banks are code (core/import/starter-profiles.ts), not rows.
 */
export const m002Statements: Migration = {
  version: 2,
  name: 'statements',
  sql: `
CREATE TABLE statements (
  id               INTEGER PRIMARY KEY,
  bank_account_id  INTEGER NOT NULL,
  file_name        TEXT    NOT NULL,
  sha256           TEXT    NOT NULL,
  byte_size        INTEGER NOT NULL,
  format           TEXT    NOT NULL,            -- ofx, csv, xlsx, xls, ods, html
  encoding         TEXT,                        -- as read (text files only)
  mapping_json     TEXT    NOT NULL,            -- the mapping used, as confirmed
  mapping_source   TEXT    NOT NULL,            -- detected, saved, starter, override
  imported_at      TEXT    NOT NULL,            -- ISO timestamp
  period_from      TEXT,                        -- YYYY-MM-DD
  period_to        TEXT,
  line_count       INTEGER NOT NULL,            -- lines in the file (all kinds)
  credit_count     INTEGER NOT NULL,
  debit_count      INTEGER NOT NULL,
  balance_count    INTEGER NOT NULL,
  inserted_count   INTEGER NOT NULL,            -- lines this statement added (all kinds)
  known_count      INTEGER NOT NULL,            -- lines already known from an earlier import
  rejected_count   INTEGER NOT NULL,
  rejected_json    TEXT    NOT NULL DEFAULT '[]', -- [{line, reason, code}], kept to show later
  UNIQUE (bank_account_id, sha256)              -- the same file twice is one statement
);
CREATE INDEX statements_account ON statements (bank_account_id, period_from);

CREATE TABLE statement_lines (
  id               INTEGER PRIMARY KEY,
  statement_id     INTEGER NOT NULL REFERENCES statements (id) ON DELETE CASCADE,
  bank_account_id  INTEGER NOT NULL,            -- copied from the statement for the uniqueness below
  position         INTEGER NOT NULL,            -- 1-based line or row in the file
  date             TEXT    NOT NULL,            -- YYYY-MM-DD
  amount_cents     INTEGER NOT NULL,            -- signed: credits positive; the balance for balance rows
  balance_cents    INTEGER,
  kind             TEXT    NOT NULL CHECK (kind IN ('credit', 'debit', 'balance')),
  description      TEXT    NOT NULL,
  payer_text       TEXT,
  document         TEXT,
  fitid            TEXT,
  raw_json         TEXT    NOT NULL,
  fingerprint      TEXT    NOT NULL,
  UNIQUE (bank_account_id, fingerprint)
);
CREATE INDEX statement_lines_statement ON statement_lines (statement_id, position);
CREATE INDEX statement_lines_account_date ON statement_lines (bank_account_id, kind, date);

CREATE TABLE mapping_profiles (
  id               INTEGER PRIMARY KEY,
  bank_account_id  INTEGER NOT NULL,
  signature        TEXT    NOT NULL,            -- kind of file + normalized column titles
  name             TEXT    NOT NULL,
  format           TEXT    NOT NULL,
  mapping_json     TEXT    NOT NULL,
  created_at       TEXT    NOT NULL,
  updated_at       TEXT    NOT NULL,
  UNIQUE (bank_account_id, signature)
);
`,
};
