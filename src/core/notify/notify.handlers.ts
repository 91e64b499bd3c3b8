import { z } from 'zod';
import { appendAudit } from '../audit/audit.store';
import type { Store } from '../store/store';
import { AppError } from '../errors';
import { backgroundJob } from '../background';
import type { HandlerGroup } from '../handlers';
import { memberFacts } from '../cache/debtors.repo';
import {
  enqueueNotifications,
  getNotification,
  heldOf,
  listNotifications,
  notifiedSince,
  queuedCount,
  recoverInterrupted,
  requeue,
} from './notify.repo';
import { holdQueued } from './hold';
import { drainQueue, type DrainResult } from './notify.worker';
import { checkTemplate, renderTemplate, type MemberFacts } from './template';

const NO_FACTS: MemberFacts = { name: null, amountCents: null, dueDate: null, daysLate: null };

export const notifyHandlers: HandlerGroup<
  'notify.preview' | 'notify.send' | 'notify.queue' | 'notify.retry' | 'notify.recent'
> = (ctx) => {
  const recovered = new Set<string>();
  const prepare = async (store: Store, profileId: string) => {
    if (!recovered.has(profileId)) {
      await store.write(recoverInterrupted);
      recovered.add(profileId);
    }
  };
  const job = backgroundJob(
    async (profileId): Promise<DrainResult> => {
      const store = ctx.storeFor(profileId);
      await prepare(store, profileId);
      const jobId = `notify-${profileId}`;
      const access = await ctx.api.forProfile(profileId);
      const result = await drainQueue({
        store,
        client: access.client,
        profileId,
        actor: ctx.actor(),
        onProgress: (done, total) =>
          ctx.events.emit('job.progress', {
            jobId,
            phase: 'notify.sending',
            done,
            total,
            etaMs: null,
            waitingMs: access.limiter.waitedMs,
          }),
      });
      ctx.events.emit('job.finished', { jobId, ok: result.failed === 0 && result.unknown === 0 });
      return result;
    },
    {
      what: 'the notification queue',
      jobId: (profileId) => `notify-${profileId}`,
      events: ctx.events,
      log: ctx.log,
    },
  );
  const kick = () => job.kick(ctx.activeProfileId());
  ctx.background.add(
    () => job.stop(),
    (profileId) => {
      const store = ctx.storeFor(profileId);
      prepare(store, profileId)
        .then(() => store.read(queuedCount))
        .then(
          (n) => {
            if (n > 0) job.start(profileId);
          },
          (e: unknown) => ctx.log.error(`could not read the notification queue of profile ${profileId}`, e),
        );
    },
  );

  const render = async (template: string, memberIds: number[]) => {
    checkTemplate(template);
    const facts = await ctx.store().read((tx) => memberFacts(tx, memberIds));
    return memberIds.map((memberId) => {
      const f = facts.get(memberId) ?? NO_FACTS;
      const r = renderTemplate(template, f);
      return {
        memberId,
        name: f.name,
        message: 'message' in r ? r.message : null,
        problem: 'problem' in r ? r.problem : null,
      };
    });
  };

  /** Of these members, those notified within the branch's notify-again period, the latest per member. */
  const recentOf = async (memberIds: number[]) => {
    const days = ctx.settings.profilePrefs(ctx.activeProfileId()).renotifyDays;
    if (days === 0) return { days, items: [] };
    const since = new Date(Date.now() - days * 86_400_000).toISOString();
    // Failed ones do not count (nothing reached the member). Newest first.
    const rows = await ctx.store().read((tx) => notifiedSince(tx, memberIds, since));
    const latest = new Map<number, (typeof rows)[number]>();
    for (const r of rows) if (!latest.has(r.memberId)) latest.set(r.memberId, r);
    return { days, items: [...latest.values()] };
  };

  return {
    'notify.preview': async ({ template, memberIds }) => ({ items: await render(template, memberIds) }),
    'notify.send': async ({ template, memberIds, wait, again }) => {
      const store = ctx.store();
      // [P] The rule the screen asks about, kept here so that every front door (the CLI too) follows it.
      if (!again) {
        const recent = await recentOf(memberIds);
        if (recent.items.length > 0) {
          const who = recent.items.map((r) => r.name ?? `#${r.memberId}`);
          throw new AppError(
            'conflict',
            `${who.length} of these members were notified in the last ${recent.days} days (${who.slice(0, 5).join(', ')}${who.length > 5 ? ', …' : ''}); nothing was sent. Send again only if that is intended.`,
            {
              code: 'notify.recently_notified',
              params: { count: who.length, days: recent.days, names: who.slice(0, 5).join(', ') },
            },
          );
        }
      }
      const rendered = await render(template, memberIds);
      const ok = rendered.filter((r): r is typeof r & { message: string } => r.message !== null);
      if (ok.length === 0) {
        throw new AppError(
          'validation',
          `No message can be sent: ${rendered[0]?.problem ?? 'nothing to send'}.`,
          { code: 'notify.nothing', field: 'template' },
        );
      }
      const queued = await store.write((tx) =>
        enqueueNotifications(
          tx,
          ok.map((r) => ({ memberId: r.memberId, memberName: r.name, message: r.message })),
          new Date().toISOString(),
        ),
      );
      // [U] Money in flight from a member holds the reminder now (and again right before sending, in the drain).
      await holdQueued(store, queued, { actor: ctx.actor(), profileId: ctx.activeProfileId() }, new Date());
      // Without wait, a failed run is reported by the job (log, and job.finished with the sentence).
      let result: DrainResult | null = null;
      if (wait) result = await kick();
      else job.start(ctx.activeProfileId());
      return {
        queued,
        skipped: rendered.flatMap((r) =>
          r.problem === null ? [] : [{ memberId: r.memberId, problem: r.problem }],
        ),
        result,
        items: (await store.read((tx) => Promise.all(queued.map((id) => getNotification(tx, id))))).flatMap(
          (item) => (item ? [item] : []),
        ),
      };
    },
    // [P] Notified within the branch's notify-again period: failed ones do not count (nothing reached the member).
    'notify.recent': async ({ memberIds }) => recentOf(memberIds),
    'notify.queue': async ({ limit }) => {
      const store = ctx.store();
      await prepare(store, ctx.activeProfileId());
      return store.read((tx) => listNotifications(tx, limit));
    },
    'notify.retry': async ({ ids }) => {
      const list = z.array(z.number().int()).parse(ids);
      const who = { actor: ctx.actor(), profileId: ctx.activeProfileId() };
      // [U] Sending a held reminder anyway is the clerk's decision: audited, and not checked again.
      const requeued = await ctx.store().write(async (tx) => {
        for (const h of await heldOf(tx, list))
          await appendAudit(tx, {
            ...who,
            action: 'notification.released',
            subject: `member:${h.memberId}`,
            before: { queueId: h.id, state: 'held', reason: h.holdReason },
            after: { queueId: h.id, state: 'queued' },
          });
        return requeue(tx, list);
      });
      if (requeued) job.start(ctx.activeProfileId());
      return { requeued };
    },
  };
};
