import type { ErrorInfo } from '../../shared/contract';
import type { CycleRecord, CycleStep, CycleStepResult, CycleSummary } from '../../shared/contract/cycle';
import { appendAudit } from '../audit/audit.store';
import { failureInfo } from '../background';
import type { CoreContext } from '../context';
import type { Dispatch } from '../dispatch';
import { AppError } from '../errors';
import type { FeedRunResult } from '../feeds/run';
import { takeIntake, type IntakeResult } from '../intake/intake.service';
import { approvedNotQueued } from '../outbox/approved.repo';
import { batchCounts, enqueuePairs, getBatch } from '../outbox/outbox.repo';
import type { Tx } from '../store/store';
import type { PolicyRunResult } from '../policy/send-policy';
import { claimCycle } from './cycle-lease';
import { cycleRepo } from './cycle.repo';

/**
 * One automatic cycle of a branch: sync → bank feeds → intake folder → match → send policy → send with read-back.
 * The order is the morning's: the cache first (receivables paid elsewhere must not be proposed), then every new
 * bank line (feeds, then files), then proposals for them, then what the branch's written policy allows to go
 * without a click, then that — and only that — is sent, through the outbox that reads back before any resend.
 * Each step is durable on its own; a failed step is recorded once (the cycle's row, the log with the details, an
 * audit entry, and one sentence for the clerk) and the following steps still run on what is there.
 * Commands run through a dispatch like every door's, so they are validated and audited alike.
 */
export interface CycleDeps {
  runFeeds(ctx: CoreContext, profileId: string, opts: { signal?: AbortSignal }): Promise<FeedRunResult[]>;
  applySendPolicy(ctx: CoreContext, profileId: string, opts: { dryRun: boolean }): Promise<PolicyRunResult>;
  /** The intake folder's pause between its two looks (tests: a signal). */
  settle?: () => Promise<void>;
  now?: () => Date;
  leaseMs?: number;
  /** Called before each step: progress, and the tests' kill points. */
  beforeStep?: (step: CycleStep) => void | Promise<void>;
}

export interface CycleRun {
  busy: boolean;
  cycle: CycleRecord | null;
}

/** Who queues the policy's pairs, in the outbox's audit entries. */
export const POLICY_ACTOR = 'regra de envio automático (ciclo)';

export async function runCycle(
  ctx: CoreContext,
  dispatch: Dispatch,
  profileId: string,
  trigger: CycleRecord['trigger'],
  deps: CycleDeps,
): Promise<CycleRun> {
  const store = ctx.storeFor(profileId);
  const now = deps.now ?? (() => new Date());
  const lease = await claimCycle(store, trigger, { now, ...(deps.leaseMs ? { staleMs: deps.leaseMs } : {}) });
  if ('busy' in lease) return { busy: true, cycle: null };
  const cycleId = lease.cycleId;
  const steps: CycleStepResult[] = [];
  const summary: CycleSummary = {
    feeds: [],
    filesImported: 0,
    filesRefused: 0,
    filesWaiting: 0,
    statementsMatched: 0,
    policyVersion: null,
    approvedByPolicy: 0,
    sent: 0,
    confirmed: 0,
    toDecide: null,
  };
  const jobId = `cycle-${profileId}`;

  const call = async <T>(name: string, input: unknown): Promise<T> => {
    if (ctx.activeProfileId() !== profileId)
      throw new AppError('conflict', 'The branch was switched during the cycle; the rest runs next time.', {
        code: 'cycle.profile_switched',
      });
    const r = await dispatch(name, input);
    if (!r.ok) throw new StepError(r.error);
    return r.value as T;
  };

  const step = async (name: CycleStep, index: number, work: () => Promise<'done' | ErrorInfo | null>) => {
    ctx.events.emit('job.progress', {
      jobId,
      phase: `cycle.step.${name}`,
      done: index,
      total: 6,
      etaMs: null,
      waitingMs: 0,
    });
    const started = Date.now();
    let result: CycleStepResult;
    try {
      await deps.beforeStep?.(name);
      const out = await work();
      result =
        out === 'done'
          ? { step: name, state: 'done', error: null, ms: Date.now() - started }
          : out === null
            ? { step: name, state: 'skipped', error: null, ms: Date.now() - started }
            : { step: name, state: 'failed', error: out, ms: Date.now() - started };
    } catch (e) {
      const error = e instanceof StepError ? e.info : failureInfo(e);
      if (!(e instanceof StepError)) ctx.log.error(`cycle ${cycleId} of profile ${profileId}: ${name}`, e);
      result = { step: name, state: 'failed', error, ms: Date.now() - started };
    }
    // Once: the log line (a command's own failure was logged by the dispatch), the audit entry, the cycle's row.
    if (result.state === 'failed' && result.error)
      ctx.log.warn(
        `cycle ${cycleId}: step ${name} failed: ${result.error.code ?? result.error.kind}: ${result.error.message}`,
      );
    steps.push(result);
    const failed = result.state === 'failed' ? result : null;
    // The step's row and its failure's audit entry, in one transaction.
    await store.write(async (tx) => {
      await cycleRepo.saveSteps(tx, cycleId, steps);
      if (failed)
        await auditCycle(tx, ctx, profileId, 'cycle.step_failed', name, {
          cycleId,
          code: failed.error?.code ?? null,
        });
    });
  };

  try {
    await step('sync', 0, async () => {
      await call('sync.run', {});
      return 'done';
    });

    let feeds: FeedRunResult[] = [];
    await step('feeds', 1, async () => {
      feeds = await deps.runFeeds(ctx, profileId, {});
      summary.feeds = feeds.map((f) => ({
        label: f.label,
        fetched: f.fetched,
        added: f.added,
        requests: f.requests,
        error: f.error,
      }));
      if (feeds.length === 0) return null;
      return feeds.find((f) => f.error)?.error ?? 'done';
    });

    let intake: IntakeResult | null = null;
    await step('intake', 2, async () => {
      intake = await takeIntake({
        ctx,
        dispatch,
        profileId,
        cycleId,
        now,
        ...(deps.settle ? { settle: deps.settle } : {}),
      });
      summary.filesImported = intake.imported.length;
      summary.filesRefused = intake.refused.length;
      summary.filesWaiting = intake.waiting.length;
      if (!intake.folder) return null;
      return intake.errors[0] ?? 'done';
    });

    await step('match', 3, async () => {
      // Files were matched by their import; the lines a feed added are matched here, per statement they went to.
      const accounts = new Set(feeds.filter((f) => f.added > 0).map((f) => f.bankAccountId));
      if (accounts.size === 0) return null;
      const list = await call<{ statements: { id: number; bankAccountId: number }[] }>(
        'import.statements',
        {},
      );
      const latest = new Map<number, number>();
      for (const s of list.statements)
        if (accounts.has(s.bankAccountId) && s.id > (latest.get(s.bankAccountId) ?? 0))
          latest.set(s.bankAccountId, s.id);
      for (const statementId of latest.values()) {
        await call('match.run', { statementId });
        summary.statementsMatched++;
      }
      return 'done';
    });

    await step('policy', 4, async () => {
      if (!lease.held()) throw leaseLost();
      const policy = await deps.applySendPolicy(ctx, profileId, { dryRun: false });
      summary.policyVersion = policy.policyVersion;
      summary.approvedByPolicy = policy.approved.length;
      // Kept before anything else happens: a cycle killed now has these queued by the next one.
      const pairs = policy.approved.flatMap((a) =>
        a.receivableIds.map((receivableId) => ({ receivableId, lineId: a.lineId })),
      );
      await store.write((tx) => cycleRepo.addPolicyPairs(tx, cycleId, pairs));
      return policy.policyVersion === null ? null : 'done';
    });

    await step('send', 5, async () => {
      if (!lease.held()) throw leaseLost();
      // Only what the policy approved goes without a click; a pair the clerk approved waits for their "Enviar".
      const { batchIds } = await store.write(async (tx) => {
        const policyPairs = new Set(
          (await cycleRepo.policyPairsNotQueued(tx)).map((p) => `${p.receivableId}:${p.lineId}`),
        );
        const pairs = (await approvedNotQueued(tx)).filter((p) =>
          policyPairs.has(`${p.receivableId}:${p.lineId}`),
        );
        return enqueuePairs(tx, pairs, { actor: POLICY_ACTOR, profileId });
      });
      const c = await store.read(batchCounts);
      if (c.queued + c.sending + c.sent + c.unknown === 0) return null;
      const sent = await call<{ busy: boolean }>('send.run', {});
      for (const id of batchIds) {
        const b = await store.read((tx) => getBatch(tx, id));
        if (!b) continue;
        summary.sent += b.receivableIds.length;
        if (b.state === 'confirmed') summary.confirmed += b.receivableIds.length;
      }
      return sent.busy
        ? {
            kind: 'conflict',
            code: 'cycle.sender_busy',
            message: 'Another Quita is sending for this branch; what was queued goes with it.',
          }
        : 'done';
    });

    try {
      const dash = await call<{ all: { buckets: { toDecide: { count: number } } } }>('dashboard.summary', {});
      summary.toDecide = dash.all.buckets.toDecide.count;
    } catch (e) {
      ctx.log.warn(`cycle ${cycleId}: could not count what is left to decide`, e);
    }
  } finally {
    lease.release();
    const failed = steps.some((s) => s.state === 'failed');
    // The cycle's end and its audit entry, in one transaction.
    await store.write(async (tx) => {
      await cycleRepo.finish(tx, cycleId, failed ? 'failed' : 'done', steps, summary, now().toISOString());
      await auditCycle(tx, ctx, profileId, 'cycle.finished', `cycle ${cycleId}`, {
        trigger,
        failed: steps.filter((s) => s.state === 'failed').map((s) => s.step),
        summary,
      });
    });
    ctx.anchorAudit(profileId);
    const firstFailure = steps.find((s) => s.state === 'failed')?.error;
    ctx.events.emit('job.finished', {
      jobId,
      ok: !failed,
      ...(firstFailure ? { message: firstFailure.message, error: firstFailure } : {}),
    });
  }
  return { busy: false, cycle: (await store.read((tx) => cycleRepo.get(tx, cycleId)))! };
}

class StepError extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.message);
  }
}

const leaseLost = () =>
  new AppError('conflict', 'Another Quita took over this cycle; it stopped before sending.', {
    code: 'cycle.lease_lost',
  });

/**
 * Written to the cycle's own branch, whichever is active now (the clerk may have switched meanwhile), in the
 * transaction of what it records.
 */
function auditCycle(
  tx: Tx,
  ctx: CoreContext,
  profileId: string,
  action: string,
  subject: string,
  after: unknown,
) {
  return appendAudit(tx, { actor: ctx.actor(), profileId, action, subject, after });
}
