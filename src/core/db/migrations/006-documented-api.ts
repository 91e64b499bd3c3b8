import type { Migration } from '../migrate';

/**
 * What the documented API really sends and how it behaves (docs/api-behaviour.md):
 * - receivables keep `conciliated`, `fees`, `saleDate` and `chargeDate` (card matching and "never propose a
 *   conciliated receivable" need them); bank accounts keep `bankIntegration` and `accountType`. Backfilled from
 *   the raw JSON every cached record already holds.
 * - outbox batches record the moment their PUT left (`put_at`, stamped after the rate limiter's wait, right
 *   before the request): the wait before a read-back counts from there, and a batch claimed but never sent
 *   (no `put_at`) can go back to the queue without one.
 * - `outbox_lease`: one sender per profile across processes (the desktop app and a scheduled `quita send`); a
 *   lease with owner and expiry, renewed while the sender runs.
 * - `api_quirks`: what this profile's server was found to refuse (several values of a list filter, a time of
 *   day in a date filter), so the next run asks the way it takes at once.
 */
export const m006DocumentedApi: Migration = {
  version: 6,
  name: 'documented-api',
  sql: `
ALTER TABLE receivables ADD COLUMN conciliated INTEGER;
ALTER TABLE receivables ADD COLUMN fees_cents INTEGER;
ALTER TABLE receivables ADD COLUMN sale_date TEXT;
ALTER TABLE receivables ADD COLUMN charge_date TEXT;
UPDATE receivables SET
  conciliated = CASE json_type(raw_json, '$.conciliated') WHEN 'true' THEN 1 WHEN 'false' THEN 0 ELSE NULL END,
  fees_cents = CASE WHEN json_type(raw_json, '$.fees') IN ('integer', 'real')
    THEN CAST(round(json_extract(raw_json, '$.fees') * 100) AS INTEGER) END,
  sale_date = substr(json_extract(raw_json, '$.saleDate'), 1, 10),
  charge_date = substr(json_extract(raw_json, '$.chargeDate'), 1, 10);

ALTER TABLE bank_accounts ADD COLUMN bank_integration INTEGER;
ALTER TABLE bank_accounts ADD COLUMN account_type INTEGER;
UPDATE bank_accounts SET
  bank_integration = CASE json_type(raw_json, '$.bankIntegration') WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
  account_type = CASE json_type(raw_json, '$.accountType') WHEN 'true' THEN 1 WHEN 'false' THEN 0 END;

ALTER TABLE outbox_batches ADD COLUMN put_at TEXT;
-- Batches of an older Quita: whether their PUT left is not known, so assume it did (they are read back first).
UPDATE outbox_batches SET put_at = last_attempt_at WHERE state IN ('sending', 'sent', 'unknown');

CREATE TABLE outbox_lease (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  owner       TEXT NOT NULL,               -- host:pid:random of the sender holding it
  acquired_at TEXT NOT NULL,
  expires_at  TEXT NOT NULL                -- renewed while the sender runs; free once passed
);

CREATE TABLE api_quirks (
  quirk       TEXT PRIMARY KEY,            -- e.g. 'single-value:accountStatus', 'date-only-filters'
  evidence    TEXT NOT NULL,               -- what the server answered (no secrets: a 400's messages)
  learned_at  TEXT NOT NULL
);
`,
};
