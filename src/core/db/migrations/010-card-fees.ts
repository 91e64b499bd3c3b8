import type { Migration } from '../migrate';

/**
 * Card fees learned from the clerk's confirmed card matches ([J] item 1, docs/matching.md “Learned fees”):
 * one row per acquirer, brand ('' when learned from deposits consolidating brands) and product (debit,
 * credit, anticipated). `percent` = fee ÷ gross over every sample; `samples` counts the approved deposits it
 * comes from; `updated_at` is the latest of their approvals. Rebuilt from the matches on every matching
 * run (and when listed), so a match approved, then rejected, stops counting.
 */
export const m010CardFees: Migration = {
  version: 10,
  name: 'card-fees',
  sql: `
CREATE TABLE card_fees (
  acquirer     TEXT    NOT NULL,
  flag         TEXT    NOT NULL,
  product      TEXT    NOT NULL CHECK (product IN ('debit', 'credit', 'anticipated')),
  percent      REAL    NOT NULL,
  samples      INTEGER NOT NULL,
  gross_cents  INTEGER NOT NULL,
  fee_cents    INTEGER NOT NULL,
  updated_at   TEXT    NOT NULL,
  PRIMARY KEY (acquirer, flag, product)
);
`,
};
