import type { Migration } from '../migrate';

/**
 * Acquirer settlement files ([J]): what Cielo (EDI v15), Rede (EEVC/EEVD/EEFI) and Stone (XML 2.2) say they
 * sold and paid, imported next to the statement (docs/import.md, “Acquirer settlement files”).
 * - `acquirer_files`: one row per file and bank account; the same file twice (same SHA-256) is one row.
 * - `acquirer_payments`: one row per payment batch (a Cielo UR, a Rede RV or EEFI day credit, a Stone
 *   Payment): the money credited (or forecast) on `payment_date`. Unique per account by `fingerprint`
 *   (acquirer, ref, date, net): a sales file then its payments file store a batch once (`settled` rises).
 * - `acquirer_sales`: one row per sale, installment, adjustment or summary credit; `batch_ref` names its
 *   payment's `ref`, `summary_ref` the Rede RV it belongs to. Unique per account by `fingerprint`.
 * Money in cents (signed), dates YYYY-MM-DD. `bank_account_id` has no foreign key, like `statements`.
 */
export const m011AcquirerFiles: Migration = {
  version: 11,
  name: 'acquirer-files',
  sql: `
CREATE TABLE acquirer_files (
  id              INTEGER PRIMARY KEY,
  bank_account_id INTEGER NOT NULL,
  file_name       TEXT    NOT NULL,
  sha256          TEXT    NOT NULL,
  byte_size       INTEGER NOT NULL,
  acquirer        TEXT    NOT NULL,              -- cielo | rede | stone
  layout          TEXT    NOT NULL,              -- cielo-edi-15 | rede-eevc | rede-eevd | rede-eefi | stone-xml-2.2
  file_kind       TEXT    NOT NULL,
  file_date       TEXT,
  merchant        TEXT,
  imported_at     TEXT    NOT NULL,
  payment_from    TEXT,
  payment_to      TEXT,
  sale_count      INTEGER NOT NULL,              -- rows of the file (sales, installments, adjustments)
  payment_count   INTEGER NOT NULL,
  inserted_count  INTEGER NOT NULL,              -- rows this file added
  known_count     INTEGER NOT NULL,              -- rows an earlier file already brought
  notices_json    TEXT    NOT NULL DEFAULT '[]',
  UNIQUE (bank_account_id, sha256)
);

CREATE TABLE acquirer_payments (
  id               INTEGER PRIMARY KEY,
  acquirer_file_id INTEGER NOT NULL REFERENCES acquirer_files (id),
  bank_account_id  INTEGER NOT NULL,
  acquirer         TEXT    NOT NULL,
  layout           TEXT    NOT NULL,
  line             INTEGER NOT NULL,
  ref              TEXT    NOT NULL,
  payment_date     TEXT    NOT NULL,
  net_cents        INTEGER NOT NULL,
  gross_cents      INTEGER,
  fee_cents        INTEGER,
  brand            TEXT,
  product          TEXT,
  bank_code        TEXT,
  agency           TEXT,
  account          TEXT,
  settled          INTEGER NOT NULL,
  fingerprint      TEXT    NOT NULL,
  UNIQUE (bank_account_id, fingerprint)
);
CREATE INDEX acquirer_payments_date ON acquirer_payments (bank_account_id, payment_date);

CREATE TABLE acquirer_sales (
  id               INTEGER PRIMARY KEY,
  acquirer_file_id INTEGER NOT NULL REFERENCES acquirer_files (id),
  bank_account_id  INTEGER NOT NULL,
  acquirer         TEXT    NOT NULL,
  line             INTEGER NOT NULL,
  kind             TEXT    NOT NULL,             -- sale, summary, cancellation, chargeback, adjustment, rent, other
  nsu              TEXT,
  authorization    TEXT,
  tid              TEXT,
  brand            TEXT,
  product          TEXT,
  gross_cents      INTEGER NOT NULL,
  fee_cents        INTEGER NOT NULL,
  net_cents        INTEGER NOT NULL,
  sale_date        TEXT,
  payment_date     TEXT,
  installment      INTEGER,
  installments     INTEGER,
  batch_ref        TEXT,
  summary_ref      TEXT,
  description      TEXT,
  fingerprint      TEXT    NOT NULL,
  UNIQUE (bank_account_id, fingerprint)
);
CREATE INDEX acquirer_sales_batch ON acquirer_sales (bank_account_id, acquirer, batch_ref);
CREATE INDEX acquirer_sales_summary ON acquirer_sales (bank_account_id, acquirer, summary_ref);
CREATE INDEX acquirer_sales_file ON acquirer_sales (acquirer_file_id);
`,
};
