import type { ApiClient } from '../api/client';
import { appendAudit } from '../audit/audit.store';
import type { Db } from '../db/open-db';
import { storeOfDb } from '../store/sqlite-store';
import type { Store } from '../store/store';
import { isAppError } from '../errors';
import { holdIfInFlight } from './hold';
import { earliestRetry, nextReady, pauseQueueUntil, queuedCount, setState } from './notify.repo';

export interface DrainDeps {
  /** The branch's SQLite handle (tests); the Store below is what the drain works through. */
  db?: Db;
  /** The queue's Store (SQLite or the office's PostgreSQL); default: the Store of `db`. */
  store?: Store;
  client: ApiClient;
  profileId: string;
  actor: string;
  now?: () => Date;
  onProgress?: (done: number, total: number) => void;
}

export interface DrainResult {
  sent: number;
  failed: number;
  unknown: number;
  /** [U] Debtor reminders held because money from the member is in flight (hold.ts); the clerk decides. */
  held: number;
  /** Left queued (offline, API failing or limiting); retried from `retryAt` on. */
  waiting: number;
  retryAt: string | null;
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 10 * 60_000;

/**
 * Send every queued notification that is due, one at a time through the profile's rate limiter.
 * - sent: recorded with the API's id and an audit entry, in one transaction;
 * - refused by the API (400/401/403/404): failed, with the API's reason, never retried by itself;
 * - no answer in time: unknown (the API may have created it and offers no way to check), never resent blindly;
 * - money from the member in flight (a debtor reminder only): held with the reason, not sent (hold.ts);
 * - offline, 5xx or 429: back in the queue with a growing back-off, and the drain stops (the next items
 *   would fail the same way).
 */
export async function drainQueue(deps: DrainDeps): Promise<DrainResult> {
  const now = deps.now ?? (() => new Date());
  const store =
    deps.store ??
    (deps.db
      ? storeOfDb(deps.db)
      : (() => {
          throw new Error('drainQueue needs the branch’s Store (or its SQLite handle).');
        })());
  const who = { actor: deps.actor, profileId: deps.profileId };
  const result: DrainResult = { sent: 0, failed: 0, unknown: 0, held: 0, waiting: 0, retryAt: null };
  const total = await store.read(queuedCount);
  let done = 0;
  /** A final outcome for one notification, with its audit entry, in one transaction. */
  const settle = (item: { id: number; memberId: number }, state: 'failed' | 'unknown', error: string) =>
    store.write(async (tx) => {
      await setState(tx, item.id, { state, lastError: error });
      await appendAudit(tx, {
        ...who,
        action: `notification.${state}`,
        subject: `member:${item.memberId}`,
        after: { queueId: item.id, error },
      });
    });
  for (;;) {
    // The next one, under the queue's lock: held (money in flight) or marked `sending` before its request leaves,
    // so no other process takes it. Checked right before sending, not only when queued: a reminder queued last night
    // must not go out this morning if the member's Pix arrived in between.
    const next = await store.write(async (tx) => {
      const item = await nextReady(tx, now().toISOString());
      if (!item) return null;
      if (await holdIfInFlight(tx, item, who, now())) return { item, held: true };
      await setState(tx, item.id, { state: 'sending', attempt: true, nextAttemptAt: null });
      return { item, held: false };
    });
    if (!next) break;
    const { item } = next;
    if (next.held) {
      result.held++;
      done++;
      deps.onProgress?.(done, Math.max(total, done));
      continue;
    }
    try {
      const created = await deps.client.notify(item.memberId, item.message);
      await store.write(async (tx) => {
        await setState(tx, item.id, {
          state: 'sent',
          lastError: null,
          notificationId: created.id ?? null,
          createdAt: created.createdAt ?? now().toISOString(),
          sentAt: now().toISOString(),
        });
        await appendAudit(tx, {
          ...who,
          action: 'notification.sent',
          subject: `member:${item.memberId}`,
          after: {
            queueId: item.id,
            notificationId: created.id,
            createdAt: created.createdAt,
            message: item.message,
          },
        });
      });
      result.sent++;
    } catch (e) {
      const kind = isAppError(e) ? e.kind : 'internal';
      const message = e instanceof Error ? e.message : String(e);
      if (isAppError(e) && e.code === 'api.timeout') {
        await settle(item, 'unknown', message);
        result.unknown++;
      } else if (kind === 'offline' || kind === 'external' || kind === 'rate_limited') {
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** item.attempts);
        const at = new Date(now().getTime() + delay).toISOString();
        await store.write(async (tx) => {
          await setState(tx, item.id, { state: 'queued', lastError: message, nextAttemptAt: at });
          // The whole queue pauses: the next items would meet the same offline or failing API.
          await pauseQueueUntil(tx, at);
        });
        break;
      } else {
        await settle(item, 'failed', message);
        result.failed++;
      }
    }
    done++;
    deps.onProgress?.(done, Math.max(total, done));
  }
  result.waiting = await store.read(queuedCount);
  result.retryAt = result.waiting ? await store.read(earliestRetry) : null;
  return result;
}
