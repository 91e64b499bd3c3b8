import type { Migration } from '../migrate';

/**
 * The API cache: what Quita last saw of the branch. Normalized columns for the queries the app makes, plus
 * the record exactly as the API sent it (`raw_json`), so a later version can read fields not mapped yet.
 * Money in integer cents; dates as YYYY-MM-DD (Brasília calendar), timestamps as ISO strings.
 */
export const m001Cache: Migration = {
  version: 1,
  name: 'cache',
  sql: `
CREATE TABLE bank_accounts (
  id            INTEGER PRIMARY KEY,          -- idBankAccount (the API also calls it id)
  description   TEXT    NOT NULL,
  bank_code     INTEGER,
  agency        TEXT,
  account       TEXT,
  inactive      INTEGER NOT NULL DEFAULT 0,
  raw_json      TEXT    NOT NULL,
  fetched_at    TEXT    NOT NULL
);

CREATE TABLE receivables (
  id                   INTEGER PRIMARY KEY,   -- idReceivable
  description          TEXT,
  amount_cents         INTEGER NOT NULL,
  amount_paid_cents    INTEGER,
  due_date             TEXT,
  receiving_date       TEXT,
  registration_date    TEXT,
  competence_date      TEXT,
  cancellation_date    TEXT,
  status_id            INTEGER NOT NULL,      -- 1 open, 2 received, 3 cancelled, 4 overdue
  payment_type_id      INTEGER,
  payer_name           TEXT,
  member_id            INTEGER,               -- idMemberPayer
  branch_member_id     INTEGER,
  sale_id              INTEGER,
  bank_account_id      INTEGER,
  authorization_code   TEXT,
  nsu                  TEXT,
  tid                  TEXT,
  card_acquirer        TEXT,
  card_flag            TEXT,
  current_installment  INTEGER,
  total_installments   INTEGER,
  update_date          TEXT,                  -- as the API sent it; the sync high-water mark comes from here
  raw_json             TEXT    NOT NULL,
  fetched_at           TEXT    NOT NULL
);
CREATE INDEX receivables_status_due ON receivables (status_id, due_date);
CREATE INDEX receivables_amount     ON receivables (amount_cents);
CREATE INDEX receivables_member     ON receivables (member_id);

CREATE TABLE debtors (
  row_id             INTEGER PRIMARY KEY,
  member_id          INTEGER,
  receivable_id      INTEGER,
  name               TEXT,
  due_date           TEXT,
  original_due_date  TEXT,
  days_late          INTEGER,
  debt_amount_cents  INTEGER,
  payment_type_id    INTEGER,
  payment_type       TEXT,
  debt_status        TEXT,
  member_status      TEXT,
  raw_json           TEXT NOT NULL,
  fetched_at         TEXT NOT NULL
);
CREATE INDEX debtors_member ON debtors (member_id);

CREATE TABLE geo_states (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  abbreviation  TEXT,
  country_id    INTEGER,
  search        TEXT NOT NULL                 -- name folded (no accents, lower case) for search
);
CREATE TABLE geo_cities (
  id        INTEGER PRIMARY KEY,
  state_id  INTEGER NOT NULL REFERENCES geo_states (id) ON DELETE CASCADE,
  name      TEXT NOT NULL,
  search    TEXT NOT NULL
);
CREATE INDEX geo_cities_state ON geo_cities (state_id);
CREATE TABLE geo_neighborhoods (
  id       INTEGER PRIMARY KEY,
  city_id  INTEGER NOT NULL REFERENCES geo_cities (id) ON DELETE CASCADE,
  name     TEXT NOT NULL,
  search   TEXT NOT NULL
);
CREATE INDEX geo_neighborhoods_city ON geo_neighborhoods (city_id);

-- One row per kind of data (bank_accounts, receivables, debtors, geography).
CREATE TABLE sync_state (
  kind              TEXT PRIMARY KEY,
  last_success_at   TEXT,
  last_attempt_at   TEXT,
  last_error        TEXT,
  high_water_mark   TEXT,                     -- max updateDate seen (receivables)
  window_from       TEXT,                     -- due-date window of the first sync
  window_to         TEXT,
  item_count        INTEGER NOT NULL DEFAULT 0
);
`,
};
