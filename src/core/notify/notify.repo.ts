import type { Db } from '../db/open-db';
import type { HoldReason } from './in-flight';

export type NotificationState = 'queued' | 'sending' | 'sent' | 'failed' | 'unknown' | 'held';
/** A debtor reminder is checked for money in flight before it is sent; a receipt (after a confirmed payment) never. */
export type NotificationPurpose = 'debtor' | 'receipt';

export interface QueuedNotification {
  id: number;
  memberId: number;
  memberName: string | null;
  message: string;
  state: NotificationState;
  attempts: number;
  lastError: string | null;
  notificationId: number | null;
  createdAt: string;
  queuedAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
  purpose: NotificationPurpose;
  /** [U] Held because money from the member is in flight (core/notify/in-flight.ts): why, and when. */
  holdReason: HoldReason | null;
  holdParams: Record<string, string | number> | null;
  heldAt: string | null;
  /** The clerk chose to send it despite a hold: not checked again. */
  skipHold: boolean;
}

const COLUMNS = `id, member_id AS memberId, member_name AS memberName, message, state, attempts, last_error AS lastError,
  notification_id AS notificationId, created_at AS createdAt, queued_at AS queuedAt, sent_at AS sentAt, next_attempt_at AS nextAttemptAt,
  purpose, hold_reason AS holdReason, hold_params_json AS holdParams, held_at AS heldAt, skip_hold AS skipHold`;

type Row = Omit<QueuedNotification, 'holdParams' | 'skipHold'> & {
  holdParams: string | null;
  skipHold: number;
};
const fromRow = (r: Row): QueuedNotification => ({
  ...r,
  holdParams: r.holdParams ? (JSON.parse(r.holdParams) as Record<string, string | number>) : null,
  skipHold: r.skipHold === 1,
});

export function enqueueNotifications(
  db: Db,
  items: { memberId: number; memberName: string | null; message: string }[],
  now: string,
  purpose: NotificationPurpose = 'debtor',
): number[] {
  const stmt = db.prepare(
    `INSERT INTO notification_queue (member_id, member_name, message, state, created_at, queued_at, purpose) VALUES (?, ?, ?, 'queued', ?, ?, ?)`,
  );
  return items.map((i) =>
    Number(stmt.run(i.memberId, i.memberName, i.message, now, now, purpose).lastInsertRowid),
  );
}

/** The oldest queued notification whose back-off has passed. */
export function nextReady(db: Db, now: string): QueuedNotification | undefined {
  const row = db
    .prepare(
      `SELECT ${COLUMNS} FROM notification_queue WHERE state = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= ?) ORDER BY id LIMIT 1`,
    )
    .get(now) as Row | undefined;
  return row && fromRow(row);
}

/** Hold a queued notification: money from the member is in flight (in-flight.ts); it waits for the clerk. */
export function holdNotification(
  db: Db,
  id: number,
  hold: { reason: string; params: Record<string, string | number> },
  at: string,
): void {
  db.prepare(
    `UPDATE notification_queue SET state = 'held', hold_reason = ?, hold_params_json = ?, held_at = ?, next_attempt_at = NULL
      WHERE id = ?`,
  ).run(hold.reason, JSON.stringify(hold.params), at, id);
}

/** Notifications held on a Brasília day (UTC bounds), oldest first (the daily summary). */
export function heldBetween(db: Db, fromUtc: string, toUtc: string): QueuedNotification[] {
  return (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM notification_queue WHERE held_at >= ? AND held_at < ? ORDER BY held_at, id`,
      )
      .all(fromUtc, toUtc) as Row[]
  ).map(fromRow);
}

export function earliestRetry(db: Db): string | null {
  return (
    (db
      .prepare(`SELECT min(next_attempt_at) FROM notification_queue WHERE state = 'queued'`)
      .pluck()
      .get() as string | null) ?? null
  );
}

export function setState(
  db: Db,
  id: number,
  patch: Partial<
    Pick<
      QueuedNotification,
      'state' | 'lastError' | 'notificationId' | 'createdAt' | 'sentAt' | 'nextAttemptAt'
    >
  > & { attempt?: boolean },
): void {
  db.prepare(
    `UPDATE notification_queue SET
       state = COALESCE(@state, state), last_error = CASE WHEN @setError THEN @lastError ELSE last_error END,
       notification_id = COALESCE(@notificationId, notification_id), created_at = COALESCE(@createdAt, created_at),
       sent_at = COALESCE(@sentAt, sent_at), next_attempt_at = @nextAttemptAt, attempts = attempts + @attempt
     WHERE id = @id`,
  ).run({
    id,
    state: patch.state ?? null,
    setError: patch.lastError !== undefined ? 1 : 0,
    lastError: patch.lastError ?? null,
    notificationId: patch.notificationId ?? null,
    createdAt: patch.createdAt ?? null,
    sentAt: patch.sentAt ?? null,
    nextAttemptAt: patch.nextAttemptAt ?? null,
    attempt: patch.attempt ? 1 : 0,
  });
}

/**
 * A notification left in 'sending' was interrupted mid-request: the API may or may not have created it, and
 * it offers no way to check. It becomes 'unknown' and is not resent unless the clerk asks.
 */
export function recoverInterrupted(db: Db): number {
  return db
    .prepare(
      `UPDATE notification_queue SET state = 'unknown', last_error = 'interrupted while sending' WHERE state = 'sending'`,
    )
    .run().changes;
}

export function listNotifications(
  db: Db,
  limit: number,
): { items: QueuedNotification[]; counts: Record<NotificationState, number> } {
  const items = (
    db.prepare(`SELECT ${COLUMNS} FROM notification_queue ORDER BY id DESC LIMIT ?`).all(limit) as Row[]
  ).map(fromRow);
  const counts = { queued: 0, sending: 0, sent: 0, failed: 0, unknown: 0, held: 0 };
  for (const r of db.prepare('SELECT state, count(*) AS n FROM notification_queue GROUP BY state').all() as {
    state: NotificationState;
    n: number;
  }[])
    counts[r.state] = r.n;
  return { items, counts };
}

export function getNotification(db: Db, id: number): QueuedNotification | undefined {
  const row = db.prepare(`SELECT ${COLUMNS} FROM notification_queue WHERE id = ?`).get(id) as Row | undefined;
  return row && fromRow(row);
}

/** Notifications still waiting to be sent (resumed at start-up). */
export function queuedCount(db: Db): number {
  return db.prepare(`SELECT count(*) FROM notification_queue WHERE state = 'queued'`).pluck().get() as number;
}

/** Members notified (or being notified) since `since`, newest first; failed and held ones reached nobody and do not count. */
export function notifiedSince(
  db: Db,
  memberIds: number[],
  since: string,
): { memberId: number; name: string | null; state: 'queued' | 'sending' | 'sent' | 'unknown'; at: string }[] {
  return db
    .prepare(
      `SELECT member_id AS memberId, member_name AS name, state, COALESCE(sent_at, queued_at, created_at) AS at
         FROM notification_queue
        WHERE state NOT IN ('failed', 'held') AND member_id IN (SELECT value FROM json_each(?))
          AND COALESCE(sent_at, queued_at, created_at) >= ?
        ORDER BY at DESC, id DESC`,
    )
    .all(JSON.stringify(memberIds), since) as ReturnType<typeof notifiedSince>;
}

/**
 * Failed, unknown or held notifications queued again (the clerk asked); how many. A held one is the clerk's choice
 * to send despite the money in flight: it is not checked again.
 */
export function requeue(db: Db, ids: number[]): number {
  return db
    .prepare(
      `UPDATE notification_queue SET skip_hold = CASE WHEN state = 'held' THEN 1 ELSE skip_hold END,
         state = 'queued', next_attempt_at = NULL
        WHERE state IN ('failed', 'unknown', 'held') AND id IN (SELECT value FROM json_each(?))`,
    )
    .run(JSON.stringify(ids)).changes;
}

/** Of these ids, the held ones (to audit their release). */
export function heldOf(db: Db, ids: number[]): { id: number; memberId: number; holdReason: string | null }[] {
  return db
    .prepare(
      `SELECT id, member_id AS memberId, hold_reason AS holdReason FROM notification_queue
        WHERE state = 'held' AND id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as { id: number; memberId: number; holdReason: string | null }[];
}

/** The whole queue waits until `at` (offline, or a failing API): the next items would meet the same. */
export function pauseQueueUntil(db: Db, at: string): void {
  db.prepare(
    `UPDATE notification_queue SET next_attempt_at = ?
      WHERE state = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at < ?)`,
  ).run(at, at);
}

/**
 * The members the given receivables belong to, each with their name, total and earliest due date (the receipt sent
 * after a batch; a read of the cache's table, kept here until notifications move onto the Store).
 */
export function membersOfReceivables(
  db: Db,
  receivableIds: number[],
): { memberId: number; name: string | null; amountCents: number; dueDate: string | null }[] {
  return db
    .prepare(
      `SELECT member_id AS memberId, max(payer_name) AS name, sum(amount_cents) AS amountCents,
              min(due_date) AS dueDate
         FROM receivables WHERE id IN (SELECT value FROM json_each(?)) AND member_id IS NOT NULL
        GROUP BY member_id`,
    )
    .all(JSON.stringify(receivableIds)) as ReturnType<typeof membersOfReceivables>;
}
