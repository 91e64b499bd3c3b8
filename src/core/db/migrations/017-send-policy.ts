import type { Migration } from '../migrate';

/**
 * [U] items 5–6 (issue 29): the branch's send policy and notifications held while money is in flight.
 *
 * - `send_policy_versions`: every save of the policy is a new row (the version number the audit names:
 *   "aprovado pela regra de envio automático <n>"); the current policy is the highest version. Never updated.
 * - `send_policy_dry_runs`: when a dry run was made of which policy (its canonical JSON), so switching a policy
 *   on can require that a person saw what it would have done.
 * - `notification_queue` rebuilt (SQLite cannot change a CHECK): a `held` state, with the hold's reason code and
 *   parameters and when; `purpose` tells a debtor reminder (checked for money in flight) from a receipt sent after
 *   a confirmed payment (never held: it is sent because the member paid); `skip_hold` is set when the clerk chose
 *   to send a held message anyway. Rows queued before this version are taken as debtor reminders.
 */
export const m017SendPolicy: Migration = {
  version: 17,
  name: 'send-policy',
  sql: `
CREATE TABLE send_policy_versions (
  version      INTEGER PRIMARY KEY,
  policy_json  TEXT NOT NULL,
  saved_at     TEXT NOT NULL,
  saved_by     TEXT NOT NULL
);

CREATE TABLE send_policy_dry_runs (
  id           INTEGER PRIMARY KEY,
  policy_json  TEXT NOT NULL,
  ran_at       TEXT NOT NULL,
  summary_json TEXT NOT NULL
);

CREATE TABLE notification_queue_new (
  id               INTEGER PRIMARY KEY,
  member_id        INTEGER NOT NULL,
  member_name      TEXT,
  message          TEXT NOT NULL,
  state            TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'unknown', 'held')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  last_error       TEXT,
  notification_id  INTEGER,
  created_at       TEXT NOT NULL,
  queued_at        TEXT NOT NULL,
  sent_at          TEXT,
  next_attempt_at  TEXT,
  purpose          TEXT NOT NULL DEFAULT 'debtor' CHECK (purpose IN ('debtor', 'receipt')),
  hold_reason      TEXT,                      -- credit_undecided, pair_approved, return_title, card_settling
  hold_params_json TEXT,
  held_at          TEXT,
  skip_hold        INTEGER NOT NULL DEFAULT 0
);
INSERT INTO notification_queue_new (id, member_id, member_name, message, state, attempts, last_error, notification_id,
  created_at, queued_at, sent_at, next_attempt_at)
  SELECT id, member_id, member_name, message, state, attempts, last_error, notification_id, created_at, queued_at,
    sent_at, next_attempt_at FROM notification_queue;
DROP TABLE notification_queue;
ALTER TABLE notification_queue_new RENAME TO notification_queue;
CREATE INDEX notification_queue_state ON notification_queue (state, next_attempt_at, id);
`,
};
