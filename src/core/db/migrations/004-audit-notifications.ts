import type { Migration } from '../migrate';

/**
 * The audit log and the member-notification queue.
 *
 * `audit_log` is append-only: triggers refuse UPDATE and DELETE from the app, and each row carries the hash of
 * the previous row plus its own content, so an edit made behind the app's back (another SQLite tool, with the
 * triggers dropped) breaks the chain and `quita audit verify` says where.
 */
export const m004AuditNotifications: Migration = {
  version: 4,
  name: 'audit-notifications',
  sql: `
CREATE TABLE audit_log (
  seq          INTEGER PRIMARY KEY,           -- 1, 2, 3... in order of writing
  at           TEXT NOT NULL,                 -- ISO timestamp (UTC)
  actor        TEXT NOT NULL,                 -- OS user, and the front door (desktop, browser, cli)
  profile_id   TEXT NOT NULL,
  action       TEXT NOT NULL,                 -- e.g. import.committed, match.approved, notification.sent
  subject      TEXT,                          -- what it is about, e.g. receivable:123, statement:4
  before_json  TEXT,
  after_json   TEXT,
  prev_hash    TEXT NOT NULL,
  hash         TEXT NOT NULL
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_action ON audit_log (action);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;

CREATE TABLE notification_queue (
  id               INTEGER PRIMARY KEY,
  member_id        INTEGER NOT NULL,
  member_name      TEXT,
  message          TEXT NOT NULL,
  state            TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'unknown')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  last_error       TEXT,
  notification_id  INTEGER,                   -- the API's id, once sent
  created_at       TEXT NOT NULL,             -- when the notification was reported created (API) or queued
  queued_at        TEXT NOT NULL,
  sent_at          TEXT,
  next_attempt_at  TEXT                       -- back-off after an offline / 5xx / 429 answer
);
CREATE INDEX notification_queue_state ON notification_queue (state, next_attempt_at, id);
`,
};
