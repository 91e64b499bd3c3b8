import type { Migration } from '../migrate';

/**
 * The outbox of mark-received requests. A receivable enters `outbox_items` at most once (its primary key):
 * that, not any in-memory check, is what guarantees it is never queued twice. Batches move
 * queued → sending → sent → confirmed, or to unknown (no clear answer: read back before anything else),
 * or to needs_review (the API refused it, or the read-back found something unexpected).
 */
export const m005Outbox: Migration = {
  version: 5,
  name: 'outbox',
  sql: `
CREATE TABLE outbox_batches (
  id               INTEGER PRIMARY KEY,
  bank_account_id  INTEGER NOT NULL,
  state            TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'unknown', 'confirmed', 'needs_review')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  created_at       TEXT NOT NULL,
  last_attempt_at  TEXT,
  confirmed_at     TEXT,
  next_attempt_at  TEXT,
  last_error       TEXT,
  review_reason    TEXT,                      -- why it needs review, in words (server messages included)
  created_by       TEXT NOT NULL
);
CREATE INDEX outbox_batches_state ON outbox_batches (state, next_attempt_at, id);

CREATE TABLE outbox_items (
  receivable_id  INTEGER PRIMARY KEY,
  batch_id       INTEGER NOT NULL REFERENCES outbox_batches (id),
  match_id       INTEGER,
  line_id        INTEGER,
  amount_cents   INTEGER NOT NULL,
  queued_at      TEXT NOT NULL
);
CREATE INDEX outbox_items_batch ON outbox_items (batch_id);
`,
};
