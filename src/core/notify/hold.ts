import { appendAudit } from '../audit/audit.repo';
import type { Db } from '../db/open-db';
import { holdReasonPt, moneyInFlight, type InFlight } from './in-flight';
import { getNotification, holdNotification, type QueuedNotification } from './notify.repo';

/**
 * Hold a debtor reminder when money from its member is in flight: state `held`, the reason stored and audited
 * (`notification.held`), in one transaction. A receipt, or a message the clerk released, is never held.
 */
export function holdIfInFlight(
  db: Db,
  item: Pick<QueuedNotification, 'id' | 'memberId' | 'purpose' | 'skipHold'>,
  who: { actor: string; profileId: string },
  now: Date,
): InFlight | null {
  if (item.purpose !== 'debtor' || item.skipHold) return null;
  return db.transaction(() => {
    const found = moneyInFlight(db, item.memberId, now);
    if (!found) return null;
    const at = now.toISOString();
    holdNotification(db, item.id, found, at);
    appendAudit(db, {
      ...who,
      at,
      action: 'notification.held',
      subject: `member:${item.memberId}`,
      after: { queueId: item.id, reason: found.reason, params: found.params, text: holdReasonPt(found) },
    });
    return found;
  })();
}

/** Check freshly queued reminders at once, so the clerk sees the hold in the answer to the click. */
export function holdQueued(
  db: Db,
  ids: number[],
  who: { actor: string; profileId: string },
  now: Date,
): number {
  let held = 0;
  for (const id of ids) {
    const item = getNotification(db, id);
    if (item?.state === 'queued' && holdIfInFlight(db, item, who, now)) held++;
  }
  return held;
}
