import { PAGE_SIZE, type ApiClient } from '../api/client';
import type { ApiReceivable } from '../api/schemas';
import { upsertReceivables } from '../cache/receivables.repo';
import type { Db } from '../db/open-db';
import { isAppError } from '../errors';
import { getBatch, listBatches, transition, type Actor, type Batch } from './outbox.repo';

export interface SenderDeps {
  db: Db;
  client: ApiClient;
  who: Actor;
  now?: () => Date;
  onProgress?: (p: { batchId: number; done: number; total: number }) => void;
  /**
   * How long after a send attempt its outcome may still change at the server (a request still in flight from a
   * killed process, or one we gave up on). The read-back waits this long, or it could see "still open", resend,
   * and race the first request. Default: twice the client's request timeout.
   */
  settleAfterMs?: number;
  /** Called once a batch is confirmed by the read-back (e.g. to notify the members, when the branch wants it). */
  onConfirmed?: (batch: Batch) => void;
}

export const DEFAULT_SETTLE_AFTER_MS = 60_000;

export interface SendSummary {
  /** PUTs that the API answered with success. */
  sent: number;
  confirmed: number;
  needsReview: number;
  /** Batches still waiting (queued or unknown) after this run, e.g. because the API is unreachable. */
  waiting: number;
  retryAt: string | null;
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 10 * 60_000;
const RECEIVED = 2;
const OPEN_OR_OVERDUE = new Set([1, 4]);

type Settled = 'confirmed' | 'requeued' | 'needs_review' | 'unreachable';

/** Read the batch's receivables back from the API (50 ids a request) and refresh the cache with them. */
async function readBack(deps: SenderDeps, ids: number[]): Promise<Map<number, ApiReceivable>> {
  const found = new Map<number, ApiReceivable>();
  for (let i = 0; i < ids.length; i += PAGE_SIZE) {
    const page = await deps.client.receivablesPage({ idReceivable: ids.slice(i, i + PAGE_SIZE) }, 0);
    upsertReceivables(deps.db, page.items, (deps.now?.() ?? new Date()).toISOString());
    for (const r of page.items) found.set(r.id, r);
  }
  return found;
}

/**
 * What the API says happened to a batch whose outcome we do not know (or that it said it accepted).
 * mark-received applies all ids of a request or none, so: all received into our account → confirmed; all still
 * open → nothing happened, safe to send again (or, if the API had answered OK, something is wrong: review);
 * anything else (another account, cancelled, missing, a mix) → a person must look.
 */
async function settle(deps: SenderDeps, batch: Batch): Promise<Settled | 'later'> {
  const now = (deps.now ?? (() => new Date()))();
  const settleAt =
    batch.state === 'unknown' && batch.lastAttemptAt
      ? new Date(batch.lastAttemptAt).getTime() + (deps.settleAfterMs ?? DEFAULT_SETTLE_AFTER_MS)
      : 0;
  if (settleAt > now.getTime()) {
    deps.db
      .prepare('UPDATE outbox_batches SET next_attempt_at = ? WHERE id = ?')
      .run(new Date(settleAt).toISOString(), batch.id);
    return 'later';
  }
  let found: Map<number, ApiReceivable>;
  try {
    found = await readBack(deps, batch.receivableIds);
  } catch (e) {
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(batch.attempts, 8));
    deps.db
      .prepare('UPDATE outbox_batches SET next_attempt_at = ?, last_error = ? WHERE id = ?')
      .run(new Date(now.getTime() + delay).toISOString(), isAppError(e) ? e.message : String(e), batch.id);
    return 'unreachable';
  }
  const rows = batch.receivableIds.map((id) => found.get(id));
  const detail = batch.receivableIds.map((id, i) => ({
    id,
    status: rows[i]?.statusId ?? null,
    bankAccountId: rows[i]?.bankAccountId ?? null,
  }));
  if (rows.every((r) => r && r.statusId === RECEIVED && r.bankAccountId === batch.bankAccountId)) {
    const done = transition(deps.db, batch.id, 'confirmed', deps.who, {
      from: [batch.state],
      lastError: null,
      detail: { readBack: 'all received' },
    });
    if (done) deps.onConfirmed?.(batch);
    return done ? 'confirmed' : 'later';
  }
  if (rows.every((r) => r && OPEN_OR_OVERDUE.has(r.statusId))) {
    if (batch.state === 'unknown') {
      // The first resend goes at once (a crash or a lost answer); repeated failures slow down.
      const delay = batch.attempts <= 1 ? 0 : Math.min(BACKOFF_MAX_MS, 5000 * 2 ** (batch.attempts - 1));
      const done = transition(deps.db, batch.id, 'queued', deps.who, {
        from: ['unknown'],
        detail: { readBack: 'none received: safe to send again' },
        nextAttemptAt: delay ? new Date(now.getTime() + delay).toISOString() : null,
      });
      return done ? 'requeued' : 'later';
    }
    const done = transition(deps.db, batch.id, 'needs_review', deps.who, {
      from: [batch.state],
      reviewReason: 'The API answered that it marked them, but reading them back shows them still open.',
      detail,
    });
    return done ? 'needs_review' : 'later';
  }
  const problems = detail.flatMap((d) => {
    if (d.status === null) return [`${d.id}: not found in the API`];
    if (d.status === RECEIVED && d.bankAccountId !== batch.bankAccountId)
      return [`${d.id}: received into another bank account (${d.bankAccountId})`];
    if (d.status === 3) return [`${d.id}: cancelled`];
    if (d.status !== RECEIVED) return [`${d.id}: still open`];
    return [];
  });
  const done = transition(deps.db, batch.id, 'needs_review', deps.who, {
    from: [batch.state],
    reviewReason: `Reading back found: ${problems.join('; ')}`,
    detail,
  });
  return done ? 'needs_review' : 'later';
}

/**
 * Send what is queued and settle what is uncertain. Never sends a batch twice blindly: a batch is PUT only from
 * `queued`, and it is marked `sending` (committed) before the request; one found `sending` at start was
 * interrupted (crash, kill) and is read back first, like any timeout, reset or 5xx.
 */
export async function runSender(deps: SenderDeps): Promise<SendSummary> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const summary: SendSummary = { sent: 0, confirmed: 0, needsReview: 0, waiting: 0, retryAt: null };
  const due = (b: Batch) => !b.nextAttemptAt || b.nextAttemptAt <= now().toISOString();
  const count = (s: Settled | 'later') => {
    if (s === 'confirmed') summary.confirmed++;
    if (s === 'needs_review') summary.needsReview++;
  };

  for (const b of listBatches(db, ['sending'])) {
    transition(db, b.id, 'unknown', deps.who, {
      from: ['sending'],
      lastError: 'interrupted while sending (the app stopped)',
    });
  }
  let offline = false;
  for (const b of listBatches(db, ['unknown', 'sent']).reverse()) {
    if (!due(b)) continue;
    const s = await settle(deps, b);
    count(s);
    if (s === 'unreachable') {
      offline = true;
      break;
    }
  }

  const queued = offline ? [] : listBatches(db, ['queued']).reverse().filter(due);
  let done = 0;
  for (const b of queued) {
    // The claim: only the run (or process) that moves it out of `queued` sends it.
    if (
      !transition(db, b.id, 'sending', deps.who, {
        from: ['queued'],
        attempt: true,
        detail: { receivableIds: b.receivableIds },
      })
    )
      continue;
    try {
      await deps.client.markReceived(b.receivableIds, b.bankAccountId);
      summary.sent++;
      // If another process took the batch over meanwhile (it looked interrupted), its read-back settles it.
      if (transition(db, b.id, 'sent', deps.who, { from: ['sending'], lastError: null }))
        count(await settle(deps, getBatch(db, b.id)!));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const kind = isAppError(e) ? e.kind : 'internal';
      if (kind === 'validation' || kind === 'auth' || kind === 'forbidden' || kind === 'not_found') {
        // A definite refusal: nothing was applied (the API checks the whole request before changing anything).
        if (
          transition(db, b.id, 'needs_review', deps.who, {
            from: ['sending'],
            reviewReason: message,
            lastError: message,
          })
        )
          summary.needsReview++;
      } else if (kind === 'rate_limited') {
        const seconds = isAppError(e) ? Number(e.params?.retryAfterSeconds ?? 15) : 15;
        transition(db, b.id, 'queued', deps.who, {
          from: ['sending'],
          lastError: message,
          nextAttemptAt: new Date(now().getTime() + seconds * 1000).toISOString(),
        });
      } else {
        // Timeout, reset, 5xx, offline: the change may or may not have been applied. Read back before anything else.
        if (!transition(db, b.id, 'unknown', deps.who, { from: ['sending'], lastError: message })) continue;
        const s = await settle(deps, getBatch(db, b.id)!);
        count(s);
        // Unreachable: the next batches would fail the same way; they wait for the next run.
        if (s === 'unreachable') break;
      }
    }
    done++;
    deps.onProgress?.({ batchId: b.id, done, total: queued.length });
  }

  const waiting = listBatches(db, ['queued', 'unknown', 'sent']);
  summary.waiting = waiting.length;
  const next = waiting
    .map((b) => b.nextAttemptAt)
    .filter((x): x is string => !!x)
    .sort()[0];
  summary.retryAt = waiting.length ? (next ?? now().toISOString()) : null;
  return summary;
}
