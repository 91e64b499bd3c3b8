import type { Db } from '../db/open-db';

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

export function getSyncState(db: Db, kind: SyncKind): SyncState {
  const row = db
    .prepare(
      `SELECT kind, last_success_at AS lastSuccessAt, last_attempt_at AS lastAttemptAt, last_error AS lastError,
         high_water_mark AS highWaterMark, window_from AS windowFrom, window_to AS windowTo, item_count AS itemCount
       FROM sync_state WHERE kind = ?`,
    )
    .get(kind) as SyncState | undefined;
  return (
    row ?? {
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

export function saveSyncState(db: Db, s: SyncState): void {
  db.prepare(
    `INSERT INTO sync_state (kind, last_success_at, last_attempt_at, last_error, high_water_mark, window_from, window_to, item_count)
     VALUES (@kind, @lastSuccessAt, @lastAttemptAt, @lastError, @highWaterMark, @windowFrom, @windowTo, @itemCount)
     ON CONFLICT (kind) DO UPDATE SET last_success_at = excluded.last_success_at, last_attempt_at = excluded.last_attempt_at,
       last_error = excluded.last_error, high_water_mark = excluded.high_water_mark, window_from = excluded.window_from,
       window_to = excluded.window_to, item_count = excluded.item_count`,
  ).run(s);
}
