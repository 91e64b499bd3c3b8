import { sql } from 'kysely';
import { inIds, lockAdvisory, type Tx } from '../store/store';
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

/** Who sends notifications: taking the next one and marking it `sending` is one step under this lock. */
export const NOTIFY_LOCK = 'notify';

const columns = (tx: Tx) =>
  tx
    .selectFrom('notification_queue')
    .select([
      'id',
      'member_id as memberId',
      'member_name as memberName',
      'message',
      sql<NotificationState>`state`.as('state'),
      'attempts',
      'last_error as lastError',
      'notification_id as notificationId',
      'created_at as createdAt',
      'queued_at as queuedAt',
      'sent_at as sentAt',
      'next_attempt_at as nextAttemptAt',
      sql<NotificationPurpose>`purpose`.as('purpose'),
      sql<HoldReason | null>`hold_reason`.as('holdReason'),
      'hold_params_json as holdParams',
      'held_at as heldAt',
      'skip_hold as skipHold',
    ]);

type Row = Omit<QueuedNotification, 'holdParams' | 'skipHold'> & {
  holdParams: string | null;
  skipHold: number;
};
const fromRow = (r: Row): QueuedNotification => ({
  ...r,
  holdParams: r.holdParams ? (JSON.parse(r.holdParams) as Record<string, string | number>) : null,
  skipHold: r.skipHold === 1,
});

export async function enqueueNotifications(
  tx: Tx,
  items: { memberId: number; memberName: string | null; message: string }[],
  now: string,
  purpose: NotificationPurpose = 'debtor',
): Promise<number[]> {
  const ids: number[] = [];
  for (const i of items) {
    const { id } = await tx
      .insertInto('notification_queue')
      .values({
        member_id: i.memberId,
        member_name: i.memberName,
        message: i.message,
        state: 'queued',
        created_at: now,
        queued_at: now,
        purpose,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

/**
 * The oldest queued notification whose back-off has passed, read under the queue's lock in the caller's write
 * transaction, which then holds it or marks it `sending`: two processes draining at once never take the same one.
 */
export async function nextReady(tx: Tx, now: string): Promise<QueuedNotification | undefined> {
  await lockAdvisory(tx, NOTIFY_LOCK);
  const row = await columns(tx)
    .where('state', '=', 'queued')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** Hold a queued notification: money from the member is in flight (in-flight.ts); it waits for the clerk. */
export async function holdNotification(
  tx: Tx,
  id: number,
  hold: { reason: string; params: Record<string, string | number> },
  at: string,
): Promise<void> {
  await tx
    .updateTable('notification_queue')
    .set({
      state: 'held',
      hold_reason: hold.reason,
      hold_params_json: JSON.stringify(hold.params),
      held_at: at,
      next_attempt_at: null,
    })
    .where('id', '=', id)
    .execute();
}

/** Notifications held on a Brasília day (UTC bounds), oldest first (the daily summary). */
export async function heldBetween(tx: Tx, fromUtc: string, toUtc: string): Promise<QueuedNotification[]> {
  const rows = await columns(tx)
    .where('held_at', '>=', fromUtc)
    .where('held_at', '<', toUtc)
    .orderBy('held_at')
    .orderBy('id')
    .execute();
  return rows.map(fromRow);
}

export async function earliestRetry(tx: Tx): Promise<string | null> {
  const r = await tx
    .selectFrom('notification_queue')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return r?.at ?? null;
}

export async function setState(
  tx: Tx,
  id: number,
  patch: Partial<
    Pick<
      QueuedNotification,
      'state' | 'lastError' | 'notificationId' | 'createdAt' | 'sentAt' | 'nextAttemptAt'
    >
  > & { attempt?: boolean },
): Promise<void> {
  await tx
    .updateTable('notification_queue')
    .set((eb) => ({
      ...(patch.state !== undefined ? { state: patch.state } : {}),
      ...(patch.lastError !== undefined ? { last_error: patch.lastError } : {}),
      ...(patch.notificationId != null ? { notification_id: patch.notificationId } : {}),
      ...(patch.createdAt != null ? { created_at: patch.createdAt } : {}),
      ...(patch.sentAt != null ? { sent_at: patch.sentAt } : {}),
      next_attempt_at: patch.nextAttemptAt ?? null,
      attempts: eb('attempts', '+', patch.attempt ? 1 : 0),
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * A notification left in 'sending' was interrupted mid-request: the API may or may not have created it, and
 * it offers no way to check. It becomes 'unknown' and is not resent unless the clerk asks.
 */
export async function recoverInterrupted(tx: Tx): Promise<number> {
  const r = await tx
    .updateTable('notification_queue')
    .set({ state: 'unknown', last_error: 'interrupted while sending' })
    .where('state', '=', 'sending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function listNotifications(
  tx: Tx,
  limit: number,
): Promise<{ items: QueuedNotification[]; counts: Record<NotificationState, number> }> {
  const items = (await columns(tx).orderBy('id', 'desc').limit(limit).execute()).map(fromRow);
  const counts = { queued: 0, sending: 0, sent: 0, failed: 0, unknown: 0, held: 0 };
  const rows = await tx
    .selectFrom('notification_queue')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  for (const r of rows) counts[r.state as NotificationState] = Number(r.n);
  return { items, counts };
}

export async function getNotification(tx: Tx, id: number): Promise<QueuedNotification | undefined> {
  const row = await columns(tx).where('id', '=', id).executeTakeFirst();
  return row && fromRow(row);
}

/** Notifications still waiting to be sent (resumed at start-up). */
export async function queuedCount(tx: Tx): Promise<number> {
  const { n } = await tx
    .selectFrom('notification_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'queued')
    .executeTakeFirstOrThrow();
  return Number(n);
}

type QueueState = 'queued' | 'sending' | 'sent' | 'failed' | 'unknown' | 'held';

/**
 * Every notification to these members since `since` (an ISO instant; '' for all), in any state, oldest first:
 * the one read of the queue by member that the notify and debtors screens each fold their own way.
 */
export async function notificationsSince(
  tx: Tx,
  memberIds: number[],
  since: string,
): Promise<{ memberId: number; name: string | null; state: QueueState; at: string }[]> {
  if (memberIds.length === 0) return [];
  const at = sql<string>`coalesce(sent_at, queued_at, created_at)`;
  return tx
    .selectFrom('notification_queue')
    .select(['member_id as memberId', 'member_name as name', sql<QueueState>`state`.as('state'), at.as('at')])
    .where(inIds(tx, 'member_id', memberIds))
    .where(at, '>=', since)
    .orderBy(at)
    .orderBy('id')
    .execute();
}

/** Members notified (or being notified) since `since`, newest first; failed and held ones reached nobody and do not count. */
export async function notifiedSince(
  tx: Tx,
  memberIds: number[],
  since: string,
): Promise<
  { memberId: number; name: string | null; state: 'queued' | 'sending' | 'sent' | 'unknown'; at: string }[]
> {
  const out: {
    memberId: number;
    name: string | null;
    state: 'queued' | 'sending' | 'sent' | 'unknown';
    at: string;
  }[] = [];
  for (const r of await notificationsSince(tx, memberIds, since))
    if (r.state !== 'failed' && r.state !== 'held') out.push({ ...r, state: r.state });
  return out.reverse();
}

/**
 * Failed, unknown or held notifications queued again (the clerk asked); how many. A held one is the clerk's choice
 * to send despite the money in flight: it is not checked again.
 */
export async function requeue(tx: Tx, ids: number[]): Promise<number> {
  const r = await tx
    .updateTable('notification_queue')
    .set({
      skip_hold: sql<number>`CASE WHEN state = 'held' THEN 1 ELSE skip_hold END`,
      state: 'queued',
      next_attempt_at: null,
    })
    .where('state', 'in', ['failed', 'unknown', 'held'])
    .where(inIds(tx, 'id', ids))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Of these ids, the held ones (to audit their release). */
export function heldOf(
  tx: Tx,
  ids: number[],
): Promise<{ id: number; memberId: number; holdReason: string | null }[]> {
  return tx
    .selectFrom('notification_queue')
    .select(['id', 'member_id as memberId', 'hold_reason as holdReason'])
    .where('state', '=', 'held')
    .where(inIds(tx, 'id', ids))
    .orderBy('id')
    .execute();
}

/** The whole queue waits until `at` (offline, or a failing API): the next items would meet the same. */
export async function pauseQueueUntil(tx: Tx, at: string): Promise<void> {
  await tx
    .updateTable('notification_queue')
    .set({ next_attempt_at: at })
    .where('state', '=', 'queued')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<', at)]))
    .execute();
}

/**
 * The members the given receivables belong to, each with their name, total and earliest due date (the receipt sent
 * after a batch).
 */
export async function membersOfReceivables(
  tx: Tx,
  receivableIds: number[],
): Promise<{ memberId: number; name: string | null; amountCents: number; dueDate: string | null }[]> {
  const rows = await tx
    .selectFrom('receivables')
    .select((eb) => [
      'member_id as memberId',
      eb.fn.max('payer_name').as('name'),
      eb.fn.sum<number>('amount_cents').as('amountCents'),
      eb.fn.min('due_date').as('dueDate'),
    ])
    .where(inIds(tx, 'id', receivableIds))
    .where('member_id', 'is not', null)
    .groupBy('member_id')
    .orderBy('member_id')
    .execute();
  // PostgreSQL's sum of bigints is numeric, which arrives as text.
  return rows.map((r) => ({ ...r, memberId: r.memberId!, amountCents: Number(r.amountCents) }));
}
