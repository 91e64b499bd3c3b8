/**
 * [V] The branches of a network and which branch each bank account belongs to (docs/branches.md). The only SQL on
 * `branches` and `account_branches`; every rule about what a branch is lives in this folder.
 */
import type { Db } from '../db/open-db';

export type BranchSeenIn = 'receivables' | 'debtors' | 'bank_accounts' | 'office';
export type AccountBranchSource = 'api' | 'history' | 'office';

export interface BranchRow {
  id: number;
  /** What the office calls it; null until named. */
  name: string | null;
  chosen: boolean;
  seenIn: BranchSeenIn;
  firstSeenAt: string;
}

/** A branch's own receivables sync (when it is synced with `idBranch`): null fields until its first. */
export interface BranchSyncState {
  windowFrom: string | null;
  windowTo: string | null;
  highWaterMark: string | null;
  lastSuccessAt: string | null;
}

export interface AccountBranch {
  accountId: number;
  /** null: the network's (a central account that receives for several branches). */
  branchId: number | null;
  source: AccountBranchSource;
}

const isId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

export const branchesRepo = {
  list(db: Db): BranchRow[] {
    return (
      db
        .prepare(
          `SELECT id, name, chosen, seen_in AS seenIn, first_seen_at AS firstSeenAt FROM branches ORDER BY id`,
        )
        .all() as (Omit<BranchRow, 'chosen'> & { chosen: number })[]
    ).map((r) => ({ ...r, chosen: r.chosen === 1 }));
  },

  count: (db: Db): number => db.prepare(`SELECT count(*) FROM branches`).pluck().get() as number,

  get(db: Db, id: number): BranchRow | undefined {
    return branchesRepo.list(db).find((b) => b.id === id);
  },

  /** Branches named by records: new ones are added (reconciled by default); known ones are left as they are. */
  noteSeen(db: Db, ids: Iterable<number | null | undefined>, seenIn: BranchSeenIn, at: string): number[] {
    const insert = db.prepare(
      `INSERT INTO branches (id, seen_in, first_seen_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    );
    const added: number[] = [];
    for (const id of new Set(ids)) if (isId(id) && insert.run(id, seenIn, at).changes > 0) added.push(id);
    return added;
  },

  /** The office adds a branch by its EVO id (a server that lists nothing without `idBranch` shows none by itself). */
  add(db: Db, id: number, name: string | null, at: string): boolean {
    return (
      db
        .prepare(
          `INSERT INTO branches (id, name, seen_in, first_seen_at) VALUES (?, ?, 'office', ?) ON CONFLICT (id) DO NOTHING`,
        )
        .run(id, name, at).changes > 0
    );
  },

  update(db: Db, id: number, patch: { name?: string | null; chosen?: boolean }): void {
    if (patch.name !== undefined) db.prepare(`UPDATE branches SET name = ? WHERE id = ?`).run(patch.name, id);
    if (patch.chosen !== undefined)
      db.prepare(`UPDATE branches SET chosen = ? WHERE id = ?`).run(patch.chosen ? 1 : 0, id);
  },

  syncState(db: Db, id: number): BranchSyncState {
    const row = db
      .prepare(
        `SELECT window_from AS windowFrom, window_to AS windowTo, high_water_mark AS highWaterMark,
           last_success_at AS lastSuccessAt FROM branches WHERE id = ?`,
      )
      .get(id) as BranchSyncState | undefined;
    return row ?? { windowFrom: null, windowTo: null, highWaterMark: null, lastSuccessAt: null };
  },

  saveSyncState(db: Db, id: number, s: BranchSyncState): void {
    db.prepare(
      `UPDATE branches SET window_from = @windowFrom, window_to = @windowTo, high_water_mark = @highWaterMark,
         last_success_at = @lastSuccessAt WHERE id = @id`,
    ).run({ ...s, id });
  },

  /** Branches whose bank accounts were never listed with `idBranch`. */
  accountsNeverListed(db: Db): number[] {
    return db
      .prepare(`SELECT id FROM branches WHERE accounts_listed_at IS NULL ORDER BY id`)
      .pluck()
      .all() as number[];
  },

  markAccountsListed(db: Db, ids: number[], at: string): void {
    const stmt = db.prepare(`UPDATE branches SET accounts_listed_at = ? WHERE id = ?`);
    for (const id of ids) stmt.run(at, id);
  },

  accountBranches(db: Db): Map<number, AccountBranch> {
    const rows = db
      .prepare(`SELECT account_id AS accountId, branch_id AS branchId, source FROM account_branches`)
      .all() as AccountBranch[];
    return new Map(rows.map((r) => [r.accountId, r]));
  },

  /**
   * Says which branch an account belongs to. The office's word wins: a sync ('api', 'history') never overwrites
   * it, and history never overwrites what the API said. Returns whether anything changed.
   */
  setAccountBranch(
    db: Db,
    accountId: number,
    branchId: number | null,
    source: AccountBranchSource,
    at: string,
  ): boolean {
    const rank: Record<AccountBranchSource, number> = { history: 0, api: 1, office: 2 };
    const now = branchesRepo.accountBranches(db).get(accountId);
    if (now && rank[now.source] > rank[source]) return false;
    if (now && now.branchId === branchId && now.source === source) return false;
    db.prepare(
      `INSERT INTO account_branches (account_id, branch_id, source, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (account_id) DO UPDATE SET branch_id = excluded.branch_id, source = excluded.source,
         updated_at = excluded.updated_at`,
    ).run(accountId, branchId, source, at);
    return true;
  },

  /** The office takes back its word: the account goes back to what the API or history say (next sync). */
  clearAccountBranch(db: Db, accountId: number): void {
    db.prepare(`DELETE FROM account_branches WHERE account_id = ?`).run(accountId);
  },

  /** Received receivables per (account, branch): what history says about whose money an account takes. */
  receivedPerAccountBranch(db: Db): { accountId: number; branchId: number; n: number }[] {
    return db
      .prepare(
        `SELECT bank_account_id AS accountId, branch_member_id AS branchId, count(*) AS n FROM receivables
         WHERE status_id = 2 AND bank_account_id IS NOT NULL AND branch_member_id IS NOT NULL
         GROUP BY bank_account_id, branch_member_id`,
      )
      .all() as { accountId: number; branchId: number; n: number }[];
  },

  /** Open and overdue receivables per branch (what is left to reconcile), for the branch list. */
  openPerBranch(db: Db): Map<number, number> {
    const rows = db
      .prepare(
        `SELECT branch_member_id AS id, count(*) AS n FROM receivables WHERE status_id IN (1, 4)
           AND branch_member_id IS NOT NULL GROUP BY branch_member_id`,
      )
      .all() as { id: number; n: number }[];
    return new Map(rows.map((r) => [r.id, r.n]));
  },
};
