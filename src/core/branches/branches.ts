/**
 * [V] What a branch is to Quita (docs/branches.md): which branch a bank account belongs to, and how a branch is
 * named when the office has not named it. One module for these rules; the repo holds the SQL.
 */
import type { Db } from '../db/open-db';
import { branchesRepo, type AccountBranch } from './branches.repo';

/** History decides an account's branch only on this many received receivables… */
export const HISTORY_MIN_RECEIVED = 5;
/** …and names one branch when at least this share of them was that branch's; mixed money is the network's. */
export const HISTORY_ONE_BRANCH_SHARE = 0.8;

/**
 * Accounts no one has placed yet (neither the API's per-branch list nor the office) are placed from history: the
 * branch whose receivables were received into it, or the network when several branches' were (a central Pix
 * account). An account with too little history stays unplaced: its credits are matched against every branch, as a
 * single branch's are. Returns how many accounts history placed or moved.
 */
export function placeAccountsFromHistory(db: Db, at: string): number {
  const placed = branchesRepo.accountBranches(db);
  const perAccount = new Map<number, { branchId: number; n: number }[]>();
  for (const r of branchesRepo.receivedPerAccountBranch(db))
    perAccount.set(r.accountId, [...(perAccount.get(r.accountId) ?? []), r]);
  let changed = 0;
  for (const [accountId, rows] of perAccount) {
    const now = placed.get(accountId);
    if (now && now.source !== 'history') continue;
    const total = rows.reduce((s, r) => s + r.n, 0);
    if (total < HISTORY_MIN_RECEIVED) continue;
    const top = rows.reduce((a, b) => (b.n > a.n || (b.n === a.n && b.branchId < a.branchId) ? b : a));
    const branchId = top.n / total >= HISTORY_ONE_BRANCH_SHARE ? top.branchId : null;
    if (branchesRepo.setAccountBranch(db, accountId, branchId, 'history', at)) changed++;
  }
  return changed;
}

/** Where each account's credits belong, for matching: only accounts someone or something placed. */
export function accountPlaces(db: Db): Map<number, AccountBranch> {
  return branchesRepo.accountBranches(db);
}

/** Whether this database holds a network (more than one branch): only then are branches shown and checked. */
export function isNetwork(db: Db): boolean {
  return (db.prepare(`SELECT count(*) FROM branches`).pluck().get() as number) > 1;
}

/** The branches' names as the office gave them; `null` values are named by their id where shown. */
export function branchNames(db: Db): Map<number, string | null> {
  return new Map(branchesRepo.list(db).map((b) => [b.id, b.name]));
}
