/**
 * [V] What a branch is to Quita (docs/branches.md): which branch a bank account belongs to, and how a branch is
 * named when the office has not named it. One module for these rules; the repo holds the SQL.
 */
import type { BranchScope } from '../../shared/contract/branches';
import type { Tx } from '../store/store';
import { branchesRepo, type AccountBranch } from './branches.repo';

/** History decides an account's branch only on this many received receivables… */
export const HISTORY_MIN_RECEIVED = 5;
/**
 * …and names one branch when at least this share of them was that branch's and no other branch had this much
 * (members who paid at another unit are a few percent, spread over many branches); otherwise the money is mixed: the
 * network's (a central account takes every branch's Pix, so its largest share is small, or two branches' are close).
 */
export const HISTORY_ONE_BRANCH_SHARE = 0.6;
export const HISTORY_SECOND_BRANCH_SHARE = 0.2;

/**
 * Accounts no one has placed yet (neither the API's per-branch list nor the office) are placed from history: the
 * branch whose receivables were received into it, or the network when several branches' were (a central Pix
 * account). An account with too little history stays unplaced: its credits are matched against every branch, as a
 * single branch's are. Returns how many accounts history placed or moved.
 */
export async function placeAccountsFromHistory(tx: Tx, at: string): Promise<number> {
  const placed = await branchesRepo.accountBranches(tx);
  const perAccount = new Map<number, { branchId: number; n: number }[]>();
  for (const r of await branchesRepo.receivedPerAccountBranch(tx))
    perAccount.set(r.accountId, [...(perAccount.get(r.accountId) ?? []), r]);
  let changed = 0;
  for (const [accountId, rows] of perAccount) {
    const now = placed.get(accountId);
    if (now && now.source !== 'history') continue;
    const total = rows.reduce((s, r) => s + r.n, 0);
    if (total < HISTORY_MIN_RECEIVED) continue;
    const [top, second] = [...rows].sort((a, b) => b.n - a.n || a.branchId - b.branchId);
    const one =
      top!.n / total >= HISTORY_ONE_BRANCH_SHARE && (second?.n ?? 0) / total < HISTORY_SECOND_BRANCH_SHARE;
    const branchId = one ? top!.branchId : null;
    if (await branchesRepo.setAccountBranch(tx, accountId, branchId, 'history', at)) changed++;
  }
  return changed;
}

/** Where each account's credits belong, for matching: only accounts someone or something placed. */
export function accountPlaces(tx: Tx): Promise<Map<number, AccountBranch>> {
  return branchesRepo.accountBranches(tx);
}

/** Whether this database holds a network (more than one branch): only then are branches shown and checked. */
export async function isNetwork(tx: Tx): Promise<boolean> {
  return (await branchesRepo.count(tx)) > 1;
}

/** The branches' names as the office gave them; `null` values are named by their id where shown. */
export async function branchNames(tx: Tx): Promise<Map<number, string | null>> {
  return new Map((await branchesRepo.list(tx)).map((b) => [b.id, b.name]));
}

/**
 * Whether an account's money belongs to a branch scope: a branch (the accounts placed in it) or the network's own
 * (central accounts and accounts not placed yet). No scope: every account.
 */
export async function accountInScope(
  tx: Tx,
  scope: BranchScope | undefined,
): Promise<(accountId: number) => boolean> {
  if (scope === undefined) return () => true;
  const places = await accountPlaces(tx);
  const branchOf = (accountId: number) => places.get(accountId)?.branchId ?? null;
  return scope === 'network' ? (a) => branchOf(a) === null : (a) => branchOf(a) === scope;
}
