import type { Migration } from '../migrate';

/**
 * [U] Bank feeds (issue 29): statement lines read from a bank's API instead of a file (core/feeds/).
 *
 * - `bank_feeds`: one connection to a bank's API per row, feeding one bank account. Addresses and the client id
 *   are here; the client secret and the certificate (with its password or private key) are never here: they are
 *   sealed in the secret store, bound to this feed's addresses (core/feeds/feed-secrets.ts). `certificate_json`
 *   keeps only the certificate's public facts (subject, issuer, valid until) to show and to warn before expiry.
 *   `ca_pem` is a public CA certificate to trust for the bank's server (the sandbox; real banks use public CAs).
 *   `read_through` is the instant up to which the feed was read; the next run asks again from a margin before it.
 * - `bank_feed_runs`: every run of a feed, with what it read and the sentence shown when it failed.
 * - `line_aliases`: the same money seen from two sources (a Pix read from the API and the same credit in an
 *   imported OFX/CSV file): the second line is not stored again, its fingerprint points to the first one, so a
 *   later import of the same file knows it too (core/import/same-credit.ts).
 */
export const m015BankFeeds: Migration = {
  version: 15,
  name: 'bank-feeds',
  sql: `
CREATE TABLE bank_feeds (
  id               INTEGER PRIMARY KEY,
  kind             TEXT    NOT NULL CHECK (kind IN ('pix-api')),
  label            TEXT    NOT NULL,
  bank_account_id  INTEGER NOT NULL,
  preset           TEXT,
  token_url        TEXT    NOT NULL,
  base_url         TEXT    NOT NULL,
  client_id        TEXT    NOT NULL,
  scope            TEXT    NOT NULL DEFAULT 'pix.read',
  ca_pem           TEXT,
  certificate_json TEXT,
  enabled          INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  start_date       TEXT    NOT NULL,
  read_through     TEXT,
  refunds_checked  TEXT,
  created_at       TEXT    NOT NULL,
  updated_at       TEXT    NOT NULL
);
CREATE INDEX bank_feeds_account ON bank_feeds (bank_account_id);

CREATE TABLE bank_feed_runs (
  id               INTEGER PRIMARY KEY,
  feed_id          INTEGER NOT NULL REFERENCES bank_feeds (id) ON DELETE CASCADE,
  trigger          TEXT    NOT NULL,
  started_at       TEXT    NOT NULL,
  finished_at      TEXT,
  from_at          TEXT    NOT NULL,
  to_at            TEXT    NOT NULL,
  fetched          INTEGER NOT NULL DEFAULT 0,
  added            INTEGER NOT NULL DEFAULT 0,
  known            INTEGER NOT NULL DEFAULT 0,
  rejected         INTEGER NOT NULL DEFAULT 0,
  requests         INTEGER NOT NULL DEFAULT 0,
  error_json       TEXT
);
CREATE INDEX bank_feed_runs_feed ON bank_feed_runs (feed_id, id);

CREATE TABLE line_aliases (
  bank_account_id  INTEGER NOT NULL,
  fingerprint      TEXT    NOT NULL,
  line_id          INTEGER NOT NULL REFERENCES statement_lines (id) ON DELETE CASCADE,
  basis            TEXT    NOT NULL CHECK (basis IN ('end_to_end_id', 'single_candidate')),
  created_at       TEXT    NOT NULL,
  PRIMARY KEY (bank_account_id, fingerprint)
);
CREATE INDEX line_aliases_line ON line_aliases (line_id);
`,
};
