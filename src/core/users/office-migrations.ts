import type { Migration } from '../db/migrate';

/**
 * The office database's own schema (`office.sqlite` in the data folder): the office's users, their sessions, the
 * failed logins that slow the next ones, and the audit of changes to users. It is not a branch's database: users
 * belong to the office, not to one EVO connection. Forward-only, like the branch databases' migrations.
 */
export const OFFICE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'users',
    sql: `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  login TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('conferente', 'supervisor', 'administrador')),
  password_hash TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_login_at TEXT,
  password_changed_at TEXT NOT NULL
);

-- Only the sha256 of a session id is kept: a copy of this file does not log anyone in.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  csrf TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  ip TEXT NOT NULL,
  user_agent TEXT
);
CREATE INDEX sessions_user ON sessions(user_id);

-- Every failed login, for the per-address limit (failures from one address in the last 15 minutes).
CREATE TABLE login_failures (
  login TEXT NOT NULL COLLATE NOCASE,
  ip TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX login_failures_ip ON login_failures(ip, at);
CREATE INDEX login_failures_at ON login_failures(at);

-- Consecutive failures per login name (known or not), reset by a success: the per-login delay.
CREATE TABLE login_throttle (
  login TEXT PRIMARY KEY COLLATE NOCASE,
  failures INTEGER NOT NULL,
  last_failure_at TEXT NOT NULL
);

-- Changes to users: who, what, before and after (never a password nor its hash).
CREATE TABLE office_audit (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  who TEXT NOT NULL,
  action TEXT NOT NULL,
  subject TEXT,
  before_json TEXT,
  after_json TEXT
);
`,
  },
  {
    version: 2,
    name: 'api_tokens',
    sql: `
-- A person's tokens for scripts (quita --server URL): like sessions, only the sha256 is kept, so a copy of this
-- file calls nothing. A revoked token stays listed (when, by whom in office_audit); it never works again.
CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_tokens_user ON api_tokens(user_id);
`,
  },
];
