import type { Tx } from '../store/store';

export const SYNC_KINDS = ['bank_accounts', 'receivables', 'debtors', 'geography'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

export interface SyncState {
  kind: SyncKind;
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  highWaterMark: string | null;
  windowFrom: string | null;
  windowTo: string | null;
  itemCount: number;
}

export async function getSyncState(tx: Tx, kind: SyncKind): Promise<SyncState> {
  const row = await tx
    .selectFrom('sync_state')
    .select([
      'last_success_at as lastSuccessAt',
      'last_attempt_at as lastAttemptAt',
      'last_error as lastError',
      'high_water_mark as highWaterMark',
      'window_from as windowFrom',
      'window_to as windowTo',
      'item_count as itemCount',
    ])
    .where('kind', '=', kind)
    .executeTakeFirst();
  return (
    (row && { kind, ...row }) ?? {
      kind,
      lastSuccessAt: null,
      lastAttemptAt: null,
      lastError: null,
      highWaterMark: null,
      windowFrom: null,
      windowTo: null,
      itemCount: 0,
    }
  );
}

export async function saveSyncState(tx: Tx, s: SyncState): Promise<void> {
  const row = {
    last_success_at: s.lastSuccessAt,
    last_attempt_at: s.lastAttemptAt,
    last_error: s.lastError,
    high_water_mark: s.highWaterMark,
    window_from: s.windowFrom,
    window_to: s.windowTo,
    item_count: s.itemCount,
  };
  await tx
    .insertInto('sync_state')
    .values({ kind: s.kind, ...row })
    .onConflict((oc) => oc.column('kind').doUpdateSet(row))
    .execute();
}
