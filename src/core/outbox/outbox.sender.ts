import type { ApiClient } from '../api/client';
import type { ApiReceivable } from '../api/schemas';
import type { Db } from '../db/open-db';
import { storeOfDb } from '../store/sqlite-store';
import type { Store } from '../store/store';
import { isAppError } from '../errors';
import { ACCOUNT_STATUS } from '../../shared/constants';
import { getBatch, listBatches, postpone, stampPut, transition, type Actor, type Batch } from './outbox.repo';
import { readBack, type ReadBackStats } from './read-back';
import { acquireSenderLease, DEFAULT_LEASE_MS, type SenderLease } from './sender-lease';
import { accountPlaces, isNetwork } from '../branches/branches';

export interface SenderDeps {
  /** The branch's SQLite handle (tests); the Store below is what the sender works through. */
  db?: Db;
  /** The branch's Store (SQLite or the office's PostgreSQL); default: the Store of `db`. */
  store?: Store;
  client: ApiClient;
  who: Actor;
  now?: () => Date;
  /** Waits inside a run (the settle wait); tests and benches pass a virtual one. */
  sleep?: (ms: number) => Promise<void>;
  onProgress?: (p: { batchId: number; done: number; total: number }) => void;
  /**
   * How long after a PUT left its outcome may still change at the server (a request still in flight from a
   * killed process, or one we gave up on). A batch whose outcome is unknown is read back only after this, or the
   * read could see "still open", resend, and race the first request. Counted from the moment the PUT left
   * (`put_at`), not from the claim: the rate limiter's wait comes before it. Default: twice the request timeout.
   */
  settleAfterMs?: number;
  /** A run waits for a settle at most this long before it ends and leaves the batch for the next run. */
  maxWaitInRunMs?: number;
  /** Lifetime of the sender lease (renewed every third of it while the run goes on). */
  leaseMs?: number;
  /** Called once a batch is confirmed by the read-back (e.g. to notify the members, when the branch wants it). */
  onConfirmed?: (batch: Batch) => unknown;
  /** Where what is worth knowing but not the clerk's business goes (a server ignoring a filter). */
  log?: (message: string) => void;
}

export const DEFAULT_SETTLE_AFTER_MS = 60_000;

const storeOf = (deps: SenderDeps): Store => {
  if (deps.store) return deps.store;
  if (!deps.db) throw new Error('runSender needs the branch’s Store (or its SQLite handle).');
  return storeOfDb(deps.db);
};
/** After this many PUTs of one batch that the API did not apply, a person looks instead of a further attempt. */
const MAX_ATTEMPTS = 5;

export interface SendSummary {
  /** PUTs that the API answered with success. */
  sent: number;
  confirmed: number;
  needsReview: number;
  /** Batches still waiting (queued or unknown) after this run, e.g. because the API is unreachable. */
  waiting: number;
  retryAt: string | null;
  /** Another process (the desktop app, a scheduled `quita send`) is sending for this profile: this run did nothing. */
  busy: boolean;
  /** Requests spent reading back (all batches of a run share one read). */
  readBackRequests: number;
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 10 * 60_000;
const OPEN_OR_OVERDUE = new Set<number>([ACCOUNT_STATUS.open, ACCOUNT_STATUS.overdue]);

type Verdict = 'confirmed' | 'requeued' | 'needs_review' | 'later';

const ms = (iso: string | null) => (iso ? new Date(iso).getTime() : 0);
/**
 * When a batch may be read back: when its `next_attempt_at` says (set when it became unknown, or after a failed
 * read-back); else, for an unknown one (interrupted), `settleAfterMs` after its PUT left; else at once.
 */
const settleAt = (b: Batch, settleAfterMs: number) => {
  if (b.nextAttemptAt) return ms(b.nextAttemptAt);
  if (b.state !== 'unknown') return 0;
  const left = b.putAt ?? b.lastAttemptAt;
  return left ? ms(left) + settleAfterMs : 0;
};

/**
 * What the read-back says happened to one batch. mark-received is taken to apply all ids of a request or none
 * (assumed, docs/api-behaviour.md; each id is judged anyway): all received into our account → confirmed; all
 * still open → nothing happened, safe to send again (or, if the API had answered OK, something is wrong:
 * review); anything else (another account, cancelled, missing, a mix) → a person must look.
 */
async function judge(
  deps: SenderDeps,
  batch: Batch,
  found: Map<number, ApiReceivable>,
  now: Date,
): Promise<Verdict> {
  const store = storeOf(deps);
  const rows = batch.receivableIds.map((id) => found.get(id));
  const detail = batch.receivableIds.map((id, i) => ({
    id,
    status: rows[i]?.statusId ?? null,
    bankAccountId: rows[i]?.bankAccountId ?? null,
  }));
  const received = (r: ApiReceivable | undefined) =>
    !!r && r.statusId === ACCOUNT_STATUS.received && r.bankAccountId === batch.bankAccountId;
  if (rows.every(received)) {
    const done = await store.write((tx) =>
      transition(tx, batch.id, 'confirmed', deps.who, {
        from: [batch.state],
        lastError: null,
        detail: { readBack: 'all received' },
      }),
    );
    if (done) await deps.onConfirmed?.(batch);
    return done ? 'confirmed' : 'later';
  }
  if (rows.every((r) => r && OPEN_OR_OVERDUE.has(r.statusId))) {
    if (batch.state === 'unknown' && batch.attempts < MAX_ATTEMPTS) {
      // The first resend goes at once (a crash or a lost answer); repeated failures slow down.
      const delay = batch.attempts <= 1 ? 0 : Math.min(BACKOFF_MAX_MS, 5000 * 2 ** (batch.attempts - 1));
      const done = await store.write((tx) =>
        transition(tx, batch.id, 'queued', deps.who, {
          from: ['unknown'],
          detail: { readBack: 'none received: safe to send again' },
          nextAttemptAt: delay ? new Date(now.getTime() + delay).toISOString() : null,
        }),
      );
      return done ? 'requeued' : 'later';
    }
    const done = await store.write((tx) =>
      transition(tx, batch.id, 'needs_review', deps.who, {
        from: [batch.state],
        reviewReason:
          batch.state === 'unknown'
            ? `Sent ${batch.attempts} times without the API applying it (last answer: ${batch.lastError ?? 'none'}).`
            : 'The API answered that it marked them, but reading them back shows them still open.',
        detail,
      }),
    );
    return done ? 'needs_review' : 'later';
  }
  const problems = detail.flatMap((d) => {
    if (d.status === null) return [`${d.id}: not found in the API`];
    if (d.status === ACCOUNT_STATUS.received && d.bankAccountId !== batch.bankAccountId)
      return [`${d.id}: received into another bank account (${d.bankAccountId})`];
    if (d.status === ACCOUNT_STATUS.cancelled) return [`${d.id}: cancelled`];
    if (d.status !== ACCOUNT_STATUS.received) return [`${d.id}: still open`];
    return [];
  });
  const done = await store.write((tx) =>
    transition(tx, batch.id, 'needs_review', deps.who, {
      from: [batch.state],
      reviewReason: `Reading back found: ${problems.join('; ')}`,
      detail,
    }),
  );
  return done ? 'needs_review' : 'later';
}

/**
 * Send what is queued and settle what is uncertain, as the one sender of this profile (a lease in its database,
 * so the desktop app and a scheduled `quita send` never send side by side).
 * - Never sends a batch twice blindly: a batch is PUT only from `queued`, it is marked `sending` (committed)
 *   before the request, and the moment the request leaves is stamped (committed) right before it does.
 * - A batch found `sending` when the lease is taken was interrupted (crash, kill): without a stamp its PUT never
 *   left, so it is queued again; with one it is `unknown`, like any timeout, reset, 5xx or unreadable answer.
 * - A batch whose outcome is `unknown` is never sent again before it is read back, once its PUT can no longer
 *   change anything at the server (the settle wait counted from when the PUT left), together with every batch
 *   the API accepted: one read for all of them. Other batches may go meanwhile (they hold other receivables),
 *   until two outcomes in a row are unknown: then the run settles first.
 */
export async function runSender(deps: SenderDeps): Promise<SendSummary> {
  const store = storeOf(deps);
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((t: number) => new Promise<void>((r) => setTimeout(r, t)));
  const settleAfterMs = deps.settleAfterMs ?? DEFAULT_SETTLE_AFTER_MS;
  const maxWait = deps.maxWaitInRunMs ?? settleAfterMs;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const summary: SendSummary = {
    sent: 0,
    confirmed: 0,
    needsReview: 0,
    waiting: 0,
    retryAt: null,
    busy: false,
    readBackRequests: 0,
  };

  const lease = await acquireSenderLease(store, { ttlMs: leaseMs, now });
  if ('busy' in lease) {
    summary.busy = true;
    return finish(store, summary, now, lease.busy.expiresAt);
  }
  try {
    await drive(deps, lease, summary, { now, sleep, settleAfterMs, maxWait, leaseMs });
  } finally {
    await lease.release();
  }
  return finish(store, summary, now, null);
}

async function finish(
  store: Store,
  summary: SendSummary,
  now: () => Date,
  notBefore: string | null,
): Promise<SendSummary> {
  const waiting = await store.read((tx) => listBatches(tx, ['queued', 'sending', 'unknown', 'sent']));
  summary.waiting = waiting.length;
  const next = waiting
    .map((b) => b.nextAttemptAt)
    .filter((x): x is string => !!x)
    .sort()[0];
  const at = next ?? now().toISOString();
  summary.retryAt = waiting.length ? (notBefore && notBefore > at ? notBefore : at) : null;
  return summary;
}

interface Timing {
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  settleAfterMs: number;
  maxWait: number;
  leaseMs: number;
}

async function drive(deps: SenderDeps, lease: SenderLease, summary: SendSummary, t: Timing): Promise<void> {
  const { who } = deps;
  const store = storeOf(deps);
  const due = (b: Batch) => !b.nextAttemptAt || b.nextAttemptAt <= t.now().toISOString();
  const count = (v: Verdict) => {
    if (v === 'confirmed') summary.confirmed++;
    if (v === 'needs_review') summary.needsReview++;
  };

  // We hold the lease, so whoever left batches in `sending` is gone (its lease expired).
  for (const b of await store.read((tx) => listBatches(tx, ['sending']))) {
    if (b.putAt === null)
      await store.write((tx) =>
        transition(tx, b.id, 'queued', who, {
          from: ['sending'],
          lastError: 'interrupted before its request left (the app stopped)',
          detail: { readBack: 'not needed: the request never left' },
        }),
      );
    else
      await store.write((tx) =>
        transition(tx, b.id, 'unknown', who, {
          from: ['sending'],
          lastError: 'interrupted while sending (the app stopped)',
        }),
      );
  }

  // [V] A network's outbox is per branch: a batch whose outcome is not known yet holds back its own branch's queue
  // (its account's branch; the network's own accounts are one), not the other branches'. One branch: all one queue.
  const places = await store.read(async (tx) => ((await isNetwork(tx)) ? accountPlaces(tx) : null));
  const queueOf = (b: Batch): number | 'network' | 'one' =>
    places ? (places.get(b.bankAccountId)?.branchId ?? 'network') : 'one';

  for (let round = 0; round < 1000 && lease.held(); round++) {
    // 1. Settle: every batch the API accepted, and every unknown one whose PUT can no longer change anything.
    const pending = (await store.read((tx) => listBatches(tx, ['sent', 'unknown']))).reverse();
    let held = new Set<number | 'network' | 'one'>();
    if (pending.length) {
      const waitUntil = Math.max(0, ...pending.map((b) => settleAt(b, t.settleAfterMs)));
      const wait = waitUntil - t.now().getTime();
      // Wait for the settle only when no other branch's batch could go meanwhile.
      const unsettled = new Set(
        pending.filter((b) => settleAt(b, t.settleAfterMs) > t.now().getTime()).map(queueOf),
      );
      const othersCanGo = (await store.read((tx) => listBatches(tx, ['queued']))).some(
        (b) => due(b) && !unsettled.has(queueOf(b)),
      );
      if (wait > 0 && wait <= t.maxWait && !othersCanGo) {
        await t.sleep(wait);
        if (!lease.held()) return;
      }
      const nowMs = t.now().getTime();
      const ready = pending.filter((b) => settleAt(b, t.settleAfterMs) <= nowMs);
      if (ready.length) {
        let result: Awaited<ReturnType<typeof readBack>>;
        try {
          result = await readBack(
            { store, client: deps.client, now: t.now },
            ready.flatMap((b) => b.receivableIds),
            ready.flatMap((b) => (b.putAt ? [b.putAt] : [])),
          );
        } catch (e) {
          const attempts = Math.max(...ready.map((b) => b.attempts));
          const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempts, 8));
          const until = new Date(nowMs + delay).toISOString();
          for (const b of ready)
            await store.write((tx) => postpone(tx, b.id, until, isAppError(e) ? e.message : String(e)));
          return;
        }
        summary.readBackRequests += result.stats.requests;
        logReadBack(result.stats, ready.length, deps.log);
        for (const b of ready) {
          const fresh = await store.read((tx) => getBatch(tx, b.id));
          if (fresh && (fresh.state === 'sent' || fresh.state === 'unknown'))
            count(await judge(deps, fresh, result.found, t.now()));
        }
      }
      // An outcome still unknown: nothing else of its queue (its branch, in a network) is sent before it is read
      // back (a later run does it).
      if (ready.length < pending.length) {
        held = new Set(pending.filter((b) => !ready.includes(b)).map(queueOf));
        if (!places) return;
      }
    }

    // 2. Send what is queued, one batch after another. An unknown outcome concerns only its own receivables, so
    // the next batch may go; two in a row say the connection is failing, and the run settles before going on.
    const queued = (await store.read((tx) => listBatches(tx, ['queued'])))
      .reverse()
      .filter((b) => due(b) && !held.has(queueOf(b)));
    if (!queued.length) return;
    let done = 0;
    let unknownInRow = 0;
    let uncertain = false;
    for (const b of queued) {
      if (!lease.held()) return;
      const outcome = await sendOne(deps, lease, b, summary, t);
      done++;
      deps.onProgress?.({ batchId: b.id, done, total: queued.length });
      if (outcome === 'stop') return;
      unknownInRow = outcome === 'unknown' ? unknownInRow + 1 : 0;
      uncertain ||= outcome === 'unknown';
      if (unknownInRow >= 2) break;
    }
    // Loop: read back what was just sent (one read for all of them), then send anything requeued.
    if (!uncertain && !(await store.read((tx) => listBatches(tx, ['sent']))).length) return;
  }
}

type SendOutcome = 'sent' | 'refused' | 'later' | 'unknown' | 'stop';

async function sendOne(
  deps: SenderDeps,
  lease: SenderLease,
  b: Batch,
  summary: SendSummary,
  t: Timing,
): Promise<SendOutcome> {
  const { who } = deps;
  const store = storeOf(deps);
  // The claim: only the run that moves it out of `queued` sends it.
  if (
    !(await store.write((tx) =>
      transition(tx, b.id, 'sending', who, {
        from: ['queued'],
        attempt: true,
        detail: { receivableIds: b.receivableIds },
      }),
    ))
  )
    return 'later';
  let dispatched = false;
  try {
    await deps.client.markReceived(b.receivableIds, b.bankAccountId, {
      onDispatch: async () => {
        // Committed before the request leaves; refused if another process took the lease over meanwhile.
        if (!(await store.write((tx) => stampPut(tx, b.id, lease.owner, t.now(), t.leaseMs))))
          throw new LeaseLost('another Quita process took over sending');
        dispatched = true;
      },
    });
    summary.sent++;
    // If another process took the batch over meanwhile (it looked interrupted), its read-back settles it.
    await store.write((tx) => transition(tx, b.id, 'sent', who, { from: ['sending'], lastError: null }));
    return 'sent';
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (!dispatched) {
      // The request never left (lease lost, cancelled, limiter aborted): nothing can have been applied.
      await store.write((tx) =>
        transition(tx, b.id, 'queued', who, { from: ['sending'], lastError: message }),
      );
      return e instanceof LeaseLost ? 'stop' : 'later';
    }
    const kind = isAppError(e) ? e.kind : 'internal';
    if (kind === 'validation' || kind === 'auth' || kind === 'forbidden' || kind === 'not_found') {
      // A definite refusal: nothing was applied (the API checks the whole request before changing anything).
      if (
        await store.write((tx) =>
          transition(tx, b.id, 'needs_review', who, {
            from: ['sending'],
            reviewReason: message,
            lastError: message,
          }),
        )
      )
        summary.needsReview++;
      return 'refused';
    }
    if (kind === 'rate_limited') {
      // Refused before anything changed; the client has already slowed the limiter down for the next batches.
      const seconds = isAppError(e) ? Number(e.params?.retryAfterSeconds ?? 15) : 15;
      await store.write((tx) =>
        transition(tx, b.id, 'queued', who, {
          from: ['sending'],
          lastError: message,
          nextAttemptAt: new Date(t.now().getTime() + seconds * 1000).toISOString(),
        }),
      );
      return 'later';
    }
    // Timeout, reset, 5xx, offline, an answer we cannot read: the change may or may not have been applied. A
    // complete 2xx answer we cannot read is final at the server (read back at once); anything else may still be
    // in flight there (read back once it can no longer change anything).
    const answered = isAppError(e) && e.code === 'api.bad_response';
    const readAt = answered
      ? t.now().getTime()
      : ms((await store.read((tx) => getBatch(tx, b.id)))?.putAt ?? null) + t.settleAfterMs;
    await store.write((tx) =>
      transition(tx, b.id, 'unknown', who, {
        from: ['sending'],
        lastError: message,
        nextAttemptAt: new Date(readAt).toISOString(),
      }),
    );
    return 'unknown';
  }
}

class LeaseLost extends Error {}

/** A server ignoring a filter is worth knowing (it costs requests); the rows themselves were not used. */
function logReadBack(stats: ReadBackStats, batches: number, log?: (message: string) => void): void {
  if (stats.dropped > 0)
    log?.(
      `read-back of ${batches} batch(es): ${stats.dropped} row(s) contradicted the filters asked for (the server ignores one); they were not used`,
    );
}
