import type { Migration } from '../migrate';

/**
 * [V] (issue 33): a network's branches are first-class (docs/branches.md). The branch is a column and a filter, not
 * a second database: one connection with a multi-location key keeps every branch it reconciles in this file.
 *
 * - `branches`: every branch Quita has seen (records name theirs: receivables `idBranchMember`, debtors `branchId`)
 *   or the office added by hand; the name the office gave it, whether it is reconciled here (`chosen`), and the
 *   branch's own receivables sync (`window_*`, `high_water_mark`) when it is synced with `idBranch` on its own, and
 *   when its bank accounts were last listed with `idBranch` (`accounts_listed_at`).
 *   A branch key's database holds its one branch, seen in its receivables.
 * - `account_branches`: which branch a bank account belongs to (`branch_id` null: the network's, a central account
 *   that receives for several). From the API (listed under one `idBranch`), from history (the branch whose
 *   receivables were received into it), or set by the office; the office's word is never overwritten by a sync.
 * - `debtors.branch_id`: the debtor's `branchId`.
 * Receivables already carry `branch_member_id` (their `idBranchMember`); the index serves the per-branch reads.
 */
export const m018Branches: Migration = {
  version: 18,
  name: 'branches',
  sql: `
CREATE TABLE branches (
  id               INTEGER PRIMARY KEY,
  name             TEXT,
  chosen           INTEGER NOT NULL DEFAULT 1 CHECK (chosen IN (0, 1)),
  seen_in          TEXT NOT NULL CHECK (seen_in IN ('receivables', 'debtors', 'bank_accounts', 'office')),
  first_seen_at    TEXT NOT NULL,
  window_from      TEXT,
  window_to        TEXT,
  high_water_mark  TEXT,
  last_success_at  TEXT,
  accounts_listed_at TEXT
);

CREATE TABLE account_branches (
  account_id  INTEGER PRIMARY KEY,
  branch_id   INTEGER,
  source      TEXT NOT NULL CHECK (source IN ('api', 'history', 'office')),
  updated_at  TEXT NOT NULL
);

ALTER TABLE debtors ADD COLUMN branch_id INTEGER;
CREATE INDEX receivables_branch ON receivables (branch_member_id, status_id);
`,
};
