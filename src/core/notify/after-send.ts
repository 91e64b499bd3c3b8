import type { CoreContext } from '../context';
import { enqueueNotifications, membersOfReceivables } from './notify.repo';
import { renderTemplate } from './template';

/**
 * Optional, off by default (per profile, in Configurações): once a batch is confirmed, queue one notification per
 * member whose receivables it marked paid. Queued, not sent here: the notification queue sends them through
 * the profile's rate limit and survives being offline. A member the message cannot be written for is skipped.
 */
export async function notifyMembersOfBatch(
  ctx: Pick<CoreContext, 'settings' | 'storeFor' | 'background'>,
  profileId: string,
  receivableIds: number[],
): Promise<number> {
  const option = ctx.settings.profile(profileId)?.notifyAfterSend;
  if (!option?.enabled || receivableIds.length === 0) return 0;
  const store = ctx.storeFor(profileId);
  const members = await store.read((tx) => membersOfReceivables(tx, receivableIds));
  const items = members.flatMap((m) => {
    const r = renderTemplate(option.template, {
      name: m.name,
      amountCents: m.amountCents,
      dueDate: m.dueDate,
      daysLate: null,
    });
    return 'message' in r ? [{ memberId: m.memberId, memberName: m.name, message: r.message }] : [];
  });
  if (items.length) {
    // A receipt: sent because the member paid, so never held for money in flight.
    await store.write((tx) => enqueueNotifications(tx, items, new Date().toISOString(), 'receipt'));
    ctx.background.resume(profileId);
  }
  return items.length;
}
