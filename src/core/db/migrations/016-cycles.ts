import type { Migration } from '../migrate';

/**
 * [U] items 3, 4, 7 (issue 29): the automatic cycle and the intake folder.
 * - `cycles`: one row per cycle (sync → feeds → intake → match → send policy → send). A row in state `running` is
 *   also the lease that keeps one cycle at a time across processes (`owner`, renewed `heartbeat_at`); a holder
 *   that died leaves it `running` until the next cycle finds it stale and writes it `interrupted`.
 *   `steps_json` holds each step's outcome, `summary_json` the counts Início words ("23 Pix lidos…").
 * - `cycle_policy_pairs`: the pairs the send policy approved in a cycle, written as soon as it returns, so a cycle
 *   killed before queueing them has them queued by the next one (never by a person's click they did not make).
 * - `cycle_settings`: the branch's schedule and intake folder (one row).
 * - `intake_files`: every file the intake folder handled, with where it went and why.
 */
export const m016Cycles: Migration = {
  version: 16,
  name: 'cycles',
  sql: `
CREATE TABLE cycles (
  id INTEGER PRIMARY KEY,
  trigger TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual', 'cli')),
  state TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed', 'interrupted')),
  owner TEXT NOT NULL,
  started_at TEXT NOT NULL,
  heartbeat_at TEXT NOT NULL,
  finished_at TEXT,
  steps_json TEXT NOT NULL DEFAULT '[]',
  summary_json TEXT
);
CREATE INDEX cycles_state ON cycles (state);

CREATE TABLE cycle_policy_pairs (
  cycle_id INTEGER NOT NULL REFERENCES cycles (id),
  receivable_id INTEGER NOT NULL,
  line_id INTEGER NOT NULL,
  PRIMARY KEY (cycle_id, receivable_id)
);

CREATE TABLE cycle_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  schedule_json TEXT NOT NULL,
  intake_folder TEXT,
  updated_at TEXT NOT NULL
);

CREATE TABLE intake_files (
  id INTEGER PRIMARY KEY,
  cycle_id INTEGER REFERENCES cycles (id),
  file_name TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  size INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('imported', 'refused', 'waiting')),
  kind TEXT,
  bank_account_id INTEGER,
  new_items INTEGER NOT NULL DEFAULT 0,
  known_items INTEGER NOT NULL DEFAULT 0,
  same_file INTEGER NOT NULL DEFAULT 0,
  reason_json TEXT,
  moved_to TEXT,
  at TEXT NOT NULL
);
CREATE INDEX intake_files_at ON intake_files (at);
`,
};
