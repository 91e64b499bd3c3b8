import { appendAudit } from '../audit/audit.store';
import type { Store, Tx } from '../store/store';
import { holdReasonPt, moneyInFlight, type InFlight } from './in-flight';
import { getNotification, holdNotification, type QueuedNotification } from './notify.repo';

/**
 * Hold a debtor reminder when money from its member is in flight: state `held`, the reason stored and audited
 * (`notification.held`), in the caller's write transaction. A receipt, or a message the clerk released, is never
 * held.
 */
export async function holdIfInFlight(
  tx: Tx,
  item: Pick<QueuedNotification, 'id' | 'memberId' | 'purpose' | 'skipHold'>,
  who: { actor: string; profileId: string },
  now: Date,
): Promise<InFlight | null> {
  if (item.purpose !== 'debtor' || item.skipHold) return null;
  const found = await moneyInFlight(tx, item.memberId, now);
  if (!found) return null;
  const at = now.toISOString();
  await holdNotification(tx, item.id, found, at);
  await appendAudit(tx, {
    ...who,
    at,
    action: 'notification.held',
    subject: `member:${item.memberId}`,
    after: { queueId: item.id, reason: found.reason, params: found.params, text: holdReasonPt(found) },
  });
  return found;
}

/** Check freshly queued reminders at once, so the clerk sees the hold in the answer to the click. */
export function holdQueued(
  store: Store,
  ids: number[],
  who: { actor: string; profileId: string },
  now: Date,
): Promise<number> {
  return store.write(async (tx) => {
    let held = 0;
    for (const id of ids) {
      const item = await getNotification(tx, id);
      if (item?.state === 'queued' && (await holdIfInFlight(tx, item, who, now))) held++;
    }
    return held;
  });
}
