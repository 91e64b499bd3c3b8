import { backgroundJob } from '../background';
import type { HandlerGroup } from '../handlers';
import { AppError } from '../errors';
import { accountInScope } from '../branches/branches';
import { approvedNotQueued, batchItems, sendPreview } from './approved.repo';
import { batchCounts, enqueuePairs, getBatch, listBatches } from './outbox.repo';
import { runSender, type SendSummary } from './outbox.sender';
import { notifyMembersOfBatch } from '../notify/after-send';

export const sendHandlers: HandlerGroup<
  'send.preview' | 'send.confirm' | 'send.run' | 'send.batches' | 'send.batchItems'
> = (ctx) => {
  const job = backgroundJob(
    async (profileId): Promise<SendSummary> => {
      const jobId = `send-${profileId}`;
      const access = await ctx.api.forProfile(profileId);
      const summary = await runSender({
        store: ctx.storeFor(profileId),
        client: access.client,
        who: { actor: ctx.actor(), profileId },
        onConfirmed: (batch) => notifyMembersOfBatch(ctx, profileId, batch.receivableIds),
        log: (m) => ctx.log.warn(m),
        // Tests shorten the wait before a read-back (see runSender); users keep the default.
        ...(process.env.QUITA_SETTLE_AFTER_MS
          ? { settleAfterMs: Number(process.env.QUITA_SETTLE_AFTER_MS) }
          : {}),
        onProgress: (p) =>
          ctx.events.emit('job.progress', {
            jobId,
            phase: 'send.batches',
            done: p.done,
            total: p.total,
            etaMs: null,
            waitingMs: access.limiter.waitedMs,
          }),
      });
      ctx.events.emit('job.finished', { jobId, ok: summary.needsReview === 0 && summary.waiting === 0 });
      ctx.anchorAudit(profileId);
      return summary;
    },
    { what: 'the sender', jobId: (profileId) => `send-${profileId}`, events: ctx.events, log: ctx.log },
  );
  ctx.background.add(
    () => job.stop(),
    (profileId) => {
      ctx
        .storeFor(profileId)
        .read(batchCounts)
        .then(
          (pending) => {
            if (pending.queued + pending.sending + pending.sent + pending.unknown > 0) job.start(profileId);
          },
          (e: unknown) => ctx.log.error(`could not read the outbox of profile ${profileId} at start-up`, e),
        );
    },
  );

  return {
    'send.preview': async ({ branch }) => sendPreview(ctx.store(), new Date(), branch),
    'send.confirm': async ({ chunkSize, wait, branch }) => {
      const profileId = ctx.activeProfileId();
      const who = { actor: ctx.actor(), profileId };
      // Queuing is a local transaction: from here on the approval cannot be lost, whatever the network does. What is
      // approved is read in the same transaction that queues it.
      const { batchIds, skipped } = await ctx.store().write(async (tx) => {
        const inScope = await accountInScope(tx, branch);
        const pairs = (await approvedNotQueued(tx)).filter((p) => inScope(p.bankAccountId));
        return enqueuePairs(tx, pairs, who, { chunkSize });
      });
      // Without wait, a failed run is reported by the job (log, and job.finished with the sentence for Enviar).
      if (!wait) job.start(profileId);
      return { batchIds, skipped, summary: wait ? await job.kick(profileId) : null };
    },
    'send.run': async () => job.kick(ctx.activeProfileId()),
    'send.batchItems': async ({ batchId }) => {
      const found = await ctx.store().read(async (tx) => {
        const batch = await getBatch(tx, batchId);
        return batch ? { batch, items: await batchItems(tx, batchId) } : null;
      });
      if (!found) throw new AppError('not_found', `There is no batch ${batchId}.`, { code: 'send.no_batch' });
      return found;
    },
    'send.batches': async ({ limit }) => {
      return ctx.store().read(async (tx) => ({
        batches: await listBatches(tx, undefined, limit),
        counts: await batchCounts(tx),
      }));
    },
  };
};
