import type { ApiClient } from '../api/client';
import { replaceGeography } from '../cache/geography.repo';
import { getSyncState, saveSyncState } from '../cache/sync-state.repo';
import type { Db } from '../db/open-db';
import { isAppError } from '../errors';

/** Geography alone: one request (GET /api/v2/states), the cache replaced whole. */
export async function refreshGeography(
  db: Db,
  client: ApiClient,
  now = () => new Date(),
  signal?: AbortSignal,
) {
  const attemptAt = now().toISOString();
  try {
    const page = await client.states(signal);
    const counts = replaceGeography(db, page.items);
    saveSyncState(db, {
      ...getSyncState(db, 'geography'),
      lastAttemptAt: attemptAt,
      lastSuccessAt: now().toISOString(),
      lastError: null,
      itemCount: counts.states + counts.cities + counts.neighborhoods,
    });
    return counts;
  } catch (e) {
    saveSyncState(db, {
      ...getSyncState(db, 'geography'),
      lastAttemptAt: attemptAt,
      lastError: isAppError(e) ? e.message : 'unexpected error',
    });
    throw e;
  }
}
