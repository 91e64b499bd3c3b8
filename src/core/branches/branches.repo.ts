/**
 * [V] The branches of a network and which branch each bank account belongs to (docs/branches.md). The only SQL on
 * `branches` and `account_branches`; every rule about what a branch is lives in this folder.
 */
import { inIds, type Tx } from '../store/store';

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
  async list(tx: Tx): Promise<BranchRow[]> {
    const rows = await tx
      .selectFrom('branches')
      .select(['id', 'name', 'chosen', 'seen_in as seenIn', 'first_seen_at as firstSeenAt'])
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, seenIn: r.seenIn as BranchSeenIn, chosen: Number(r.chosen) === 1 }));
  },

  count: async (tx: Tx): Promise<number> =>
    Number(
      (
        await tx
          .selectFrom('branches')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),

  async get(tx: Tx, id: number): Promise<BranchRow | undefined> {
    return (await branchesRepo.list(tx)).find((b) => b.id === id);
  },

  /** Branches named by records: new ones are added (reconciled by default); known ones are left as they are. */
  async noteSeen(
    tx: Tx,
    ids: Iterable<number | null | undefined>,
    seenIn: BranchSeenIn,
    at: string,
  ): Promise<number[]> {
    const added: number[] = [];
    for (const id of new Set(ids))
      if (isId(id) && (await insertBranch(tx, { id, seen_in: seenIn, first_seen_at: at }))) added.push(id);
    return added;
  },

  /** The office adds a branch by its EVO id (a server that lists nothing without `idBranch` shows none by itself). */
  add: (tx: Tx, id: number, name: string | null, at: string): Promise<boolean> =>
    insertBranch(tx, { id, name, seen_in: 'office', first_seen_at: at }),

  async update(tx: Tx, id: number, patch: { name?: string | null; chosen?: boolean }): Promise<void> {
    if (patch.name !== undefined)
      await tx.updateTable('branches').set({ name: patch.name }).where('id', '=', id).execute();
    if (patch.chosen !== undefined)
      await tx
        .updateTable('branches')
        .set({ chosen: patch.chosen ? 1 : 0 })
        .where('id', '=', id)
        .execute();
  },

  async syncState(tx: Tx, id: number): Promise<BranchSyncState> {
    const row = await tx
      .selectFrom('branches')
      .select([
        'window_from as windowFrom',
        'window_to as windowTo',
        'high_water_mark as highWaterMark',
        'last_success_at as lastSuccessAt',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? { windowFrom: null, windowTo: null, highWaterMark: null, lastSuccessAt: null };
  },

  async saveSyncState(tx: Tx, id: number, s: BranchSyncState): Promise<void> {
    await tx
      .updateTable('branches')
      .set({
        window_from: s.windowFrom,
        window_to: s.windowTo,
        high_water_mark: s.highWaterMark,
        last_success_at: s.lastSuccessAt,
      })
      .where('id', '=', id)
      .execute();
  },

  /** Branches whose bank accounts were never listed with `idBranch`. */
  accountsNeverListed: async (tx: Tx): Promise<number[]> =>
    (
      await tx
        .selectFrom('branches')
        .select('id')
        .where('accounts_listed_at', 'is', null)
        .orderBy('id')
        .execute()
    ).map((r) => r.id),

  async markAccountsListed(tx: Tx, ids: number[], at: string): Promise<void> {
    if (ids.length)
      await tx
        .updateTable('branches')
        .set({ accounts_listed_at: at })
        .where(inIds(tx, 'id', ids))
        .execute();
  },

  async accountBranches(tx: Tx): Promise<Map<number, AccountBranch>> {
    const rows = await tx
      .selectFrom('account_branches')
      .select(['account_id as accountId', 'branch_id as branchId', 'source'])
      .orderBy('account_id')
      .execute();
    return new Map(rows.map((r) => [r.accountId, { ...r, source: r.source as AccountBranchSource }]));
  },

  /**
   * Says which branch an account belongs to. The office's word wins: a sync ('api', 'history') never overwrites
   * it, and history never overwrites what the API said. Returns whether anything changed.
   */
  async setAccountBranch(
    tx: Tx,
    accountId: number,
    branchId: number | null,
    source: AccountBranchSource,
    at: string,
  ): Promise<boolean> {
    const rank: Record<AccountBranchSource, number> = { history: 0, api: 1, office: 2 };
    const now = (await branchesRepo.accountBranches(tx)).get(accountId);
    if (now && rank[now.source] > rank[source]) return false;
    if (now && now.branchId === branchId && now.source === source) return false;
    await tx
      .insertInto('account_branches')
      .values({ account_id: accountId, branch_id: branchId, source, updated_at: at })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({
          branch_id: eb.ref('excluded.branch_id'),
          source: eb.ref('excluded.source'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    return true;
  },

  /** The office takes back its word: the account goes back to what the API or history say (next sync). */
  async clearAccountBranch(tx: Tx, accountId: number): Promise<void> {
    await tx.deleteFrom('account_branches').where('account_id', '=', accountId).execute();
  },

  /** Received receivables per (account, branch): what history says about whose money an account takes. */
  async receivedPerAccountBranch(tx: Tx): Promise<{ accountId: number; branchId: number; n: number }[]> {
    const rows = await tx
      .selectFrom('receivables')
      .select([
        'bank_account_id as accountId',
        'branch_member_id as branchId',
        (eb) => eb.fn.countAll().as('n'),
      ])
      .where('status_id', '=', 2)
      .where('bank_account_id', 'is not', null)
      .where('branch_member_id', 'is not', null)
      .groupBy(['bank_account_id', 'branch_member_id'])
      .orderBy('bank_account_id')
      .orderBy('branch_member_id')
      .execute();
    return rows.map((r) => ({ accountId: r.accountId!, branchId: r.branchId!, n: Number(r.n) }));
  },

  /** Open and overdue receivables per branch (what is left to reconcile), for the branch list. */
  async openPerBranch(tx: Tx): Promise<Map<number, number>> {
    const rows = await tx
      .selectFrom('receivables')
      .select(['branch_member_id as id', (eb) => eb.fn.countAll().as('n')])
      .where('status_id', 'in', [1, 4])
      .where('branch_member_id', 'is not', null)
      .groupBy('branch_member_id')
      .orderBy('branch_member_id')
      .execute();
    return new Map(rows.map((r) => [r.id!, Number(r.n)]));
  },
};

/** Adds a branch unless its id is known; whether it was added. */
async function insertBranch(
  tx: Tx,
  row: { id: number; name?: string | null; seen_in: BranchSeenIn; first_seen_at: string },
): Promise<boolean> {
  const r = await tx
    .insertInto('branches')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}
