import type { ApiClient } from '../api/client';
import { replaceGeography } from '../cache/geography.repo';
import { getSyncState, saveSyncState } from '../cache/sync-state.repo';
import type { Store } from '../store/store';
import { isAppError } from '../errors';

/** Geography alone: one request (GET /api/v2/states), the cache replaced whole. */
export async function refreshGeography(
  store: Store,
  client: ApiClient,
  now = () => new Date(),
  signal?: AbortSignal,
) {
  const attemptAt = now().toISOString();
  try {
    const page = await client.states(signal);
    // The request is made before the transaction: a Store transaction awaits nothing but its own queries.
    return await store.write(async (tx) => {
      const counts = await replaceGeography(tx, page.items);
      await saveSyncState(tx, {
        ...(await getSyncState(tx, 'geography')),
        lastAttemptAt: attemptAt,
        lastSuccessAt: now().toISOString(),
        lastError: null,
        itemCount: counts.states + counts.cities + counts.neighborhoods,
      });
      return counts;
    });
  } catch (e) {
    await store.write(async (tx) =>
      saveSyncState(tx, {
        ...(await getSyncState(tx, 'geography')),
        lastAttemptAt: attemptAt,
        lastError: isAppError(e) ? e.message : 'unexpected error',
      }),
    );
    throw e;
  }
}
