import { sql } from 'kysely';
import { appendAudit } from '../audit/audit.store';
import { lockAdvisory, slices, type Tx } from '../store/store';

export type BatchState = 'queued' | 'sending' | 'sent' | 'unknown' | 'confirmed' | 'needs_review';

export interface Batch {
  id: number;
  bankAccountId: number;
  /** The account's name in the cache (null when the API no longer lists it). */
  accountName: string | null;
  state: BatchState;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  /** When the last PUT left (after the rate limiter's wait); null while claimed but not yet sent. */
  putAt: string | null;
  confirmedAt: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  reviewReason: string | null;
  receivableIds: number[];
  totalCents: number;
}

export interface ApprovedPair {
  receivableId: number;
  bankAccountId: number;
  amountCents: number;
  matchId?: number | null;
  lineId?: number | null;
}

export interface Actor {
  actor: string;
  profileId: string;
}

export const DEFAULT_CHUNK_SIZE = 50;

/**
 * The outbox's lock: every write that decides what is sent (queuing, a batch's claim and state, the lease, the PUT's
 * stamp) holds it to its commit. SQLite's write transaction is exclusive already; on PostgreSQL two office-server
 * processes would otherwise both read a batch as `queued` (READ COMMITTED) and both send it.
 */
export const OUTBOX_LOCK = 'outbox';

type BatchRow = Omit<Batch, 'receivableIds' | 'totalCents'>;

const batchRows = (tx: Tx) =>
  tx
    .selectFrom('outbox_batches as b')
    .select([
      'b.id',
      'b.bank_account_id as bankAccountId',
      sql<string | null>`(SELECT a.description FROM bank_accounts a WHERE a.id = b.bank_account_id)`.as(
        'accountName',
      ),
      sql<BatchState>`b.state`.as('state'),
      'b.attempts',
      'b.created_at as createdAt',
      'b.last_attempt_at as lastAttemptAt',
      'b.put_at as putAt',
      'b.confirmed_at as confirmedAt',
      'b.next_attempt_at as nextAttemptAt',
      'b.last_error as lastError',
      'b.review_reason as reviewReason',
    ]);

async function withItems(tx: Tx, rows: BatchRow[]): Promise<Batch[]> {
  if (rows.length === 0) return [];
  const items = await tx
    .selectFrom('outbox_items')
    .select(['batch_id as batchId', 'receivable_id as id', 'amount_cents as cents'])
    .where(
      'batch_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('receivable_id')
    .execute();
  const of = new Map<number, { id: number; cents: number }[]>();
  for (const i of items) of.set(i.batchId, [...(of.get(i.batchId) ?? []), i]);
  return rows.map((r) => {
    const list = of.get(r.id) ?? [];
    return { ...r, receivableIds: list.map((i) => i.id), totalCents: list.reduce((s, i) => s + i.cents, 0) };
  });
}

export async function getBatch(tx: Tx, id: number): Promise<Batch | undefined> {
  const row = await batchRows(tx).where('b.id', '=', id).executeTakeFirst();
  return row ? (await withItems(tx, [row]))[0] : undefined;
}

export async function listBatches(tx: Tx, states?: BatchState[], limit = 500): Promise<Batch[]> {
  let q = batchRows(tx);
  if (states?.length) q = q.where('b.state', 'in', states);
  return withItems(tx, await q.orderBy('b.id', 'desc').limit(limit).execute());
}

export async function batchCounts(tx: Tx): Promise<Record<BatchState, number>> {
  const counts: Record<BatchState, number> = {
    queued: 0,
    sending: 0,
    sent: 0,
    unknown: 0,
    confirmed: 0,
    needs_review: 0,
  };
  const rows = await tx
    .selectFrom('outbox_batches')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  for (const r of rows) counts[r.state as BatchState] = r.n;
  return counts;
}

/**
 * Queue approved pairs for sending, in batches of at most `chunkSize` per bank account, in the caller's write
 * transaction with their audit entries. A receivable already in the outbox is skipped and reported, never queued
 * again; so is a pair whose line is no longer approved with that receivable (decided otherwise since the pairs were
 * read). The check runs under the outbox's lock (SQLite: the write transaction, taken at its start, IMMEDIATE), so
 * what it reads is what the inserts follow: a second supervisor's press on another office-server process waits.
 */
export async function enqueuePairs(
  tx: Tx,
  pairs: ApprovedPair[],
  who: Actor,
  opts: { chunkSize?: number; now?: string } = {},
): Promise<{ batchIds: number[]; skipped: number[] }> {
  await lockAdvisory(tx, OUTBOX_LOCK);
  const now = opts.now ?? new Date().toISOString();
  const size = Math.max(1, Math.min(opts.chunkSize ?? DEFAULT_CHUNK_SIZE, 1000));
  const ids = [...new Set(pairs.map((p) => p.receivableId))];
  const known = new Set<number>();
  for (const slice of slices(ids, 1000))
    for (const r of await tx
      .selectFrom('outbox_items')
      .select('receivable_id')
      .where('receivable_id', 'in', slice)
      .execute())
      known.add(r.receivable_id);
  // The pairs were read before this transaction: a clerk may have rejected or changed the line since (another
  // office-server process, a decision between the read and the press). Only a pair whose match is still approved
  // with that receivable is queued.
  const approved = new Set<string>();
  const matchIds = [...new Set(pairs.flatMap((p) => (p.matchId == null ? [] : [p.matchId])))];
  for (const slice of slices(matchIds, 1000))
    for (const r of await tx
      .selectFrom('matches as m')
      .innerJoin('match_items as i', (j) => j.onRef('i.match_id', '=', 'm.id').on('i.active', '=', 1))
      .select(['m.id', 'i.receivable_id'])
      .where('m.id', 'in', slice)
      .where('m.state', '=', 'approved')
      .execute())
      approved.add(`${r.id}:${r.receivable_id}`);
  const skipped: number[] = [];
  const byAccount = new Map<number, ApprovedPair[]>();
  const seen = new Set<number>();
  for (const p of pairs) {
    if (
      seen.has(p.receivableId) ||
      known.has(p.receivableId) ||
      (p.matchId != null && !approved.has(`${p.matchId}:${p.receivableId}`))
    ) {
      skipped.push(p.receivableId);
      continue;
    }
    seen.add(p.receivableId);
    byAccount.set(p.bankAccountId, [...(byAccount.get(p.bankAccountId) ?? []), p]);
  }
  const batchIds: number[] = [];
  for (const [account, list] of byAccount) {
    for (let i = 0; i < list.length; i += size) {
      const chunk = list.slice(i, i + size);
      const { id: batchId } = await tx
        .insertInto('outbox_batches')
        .values({ bank_account_id: account, state: 'queued', created_at: now, created_by: who.actor })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('outbox_items')
        .values(
          chunk.map((p) => ({
            receivable_id: p.receivableId,
            batch_id: batchId,
            match_id: p.matchId ?? null,
            line_id: p.lineId ?? null,
            amount_cents: p.amountCents,
            queued_at: now,
          })),
        )
        .execute();
      await appendAudit(tx, {
        ...who,
        at: now,
        action: 'outbox.queued',
        subject: `batch:${batchId}`,
        after: {
          bankAccountId: account,
          receivableIds: chunk.map((p) => p.receivableId),
          totalCents: chunk.reduce((s, p) => s + p.amountCents, 0),
        },
      });
      batchIds.push(batchId);
    }
  }
  return { batchIds, skipped };
}

/**
 * Stamp the moment a batch's PUT leaves (right before the request, after the rate limiter). Committed before the
 * request goes out, so after a crash a batch in `sending` without this stamp was certainly never sent. Only the
 * holder of the sender lease may stamp (and so send): if another process took the lease over meanwhile (this one
 * stalled), this returns false and the request must not go out. An expired lease still held by us is renewed.
 */
export async function stampPut(
  tx: Tx,
  batchId: number,
  owner: string,
  at: Date,
  leaseMs: number,
): Promise<boolean> {
  await lockAdvisory(tx, OUTBOX_LOCK);
  const holder = await tx.selectFrom('outbox_lease').select('owner').where('id', '=', 1).executeTakeFirst();
  if (holder?.owner !== owner) return false;
  await tx
    .updateTable('outbox_lease')
    .set({ expires_at: new Date(at.getTime() + leaseMs).toISOString() })
    .where('id', '=', 1)
    .execute();
  const r = await tx
    .updateTable('outbox_batches')
    .set({ put_at: at.toISOString() })
    .where('id', '=', batchId)
    .where('state', '=', 'sending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Delay the next attempt of a batch (read-back unreachable, settle wait) and keep why. */
export async function postpone(tx: Tx, batchId: number, until: string, lastError?: string): Promise<void> {
  await tx
    .updateTable('outbox_batches')
    .set((eb) => ({
      next_attempt_at: until,
      last_error: eb.fn.coalesce(eb.val(lastError ?? null), 'last_error'),
    }))
    .where('id', '=', batchId)
    .execute();
}

/**
 * Move a batch to a new state with its audit entry, in the caller's write transaction, only if it is still in one
 * of the `from` states. Under the outbox's lock this is also the claim between two processes sharing the database
 * (the desktop app and a `quita send`, or two office-server processes): the one that found the batch `queued`
 * sends it; the other gets false and leaves it alone.
 */
export async function transition(
  tx: Tx,
  batchId: number,
  to: BatchState,
  who: Actor,
  patch: {
    from?: BatchState[];
    lastError?: string | null;
    reviewReason?: string | null;
    nextAttemptAt?: string | null;
    attempt?: boolean;
    now?: string;
    detail?: unknown;
  } = {},
): Promise<boolean> {
  await lockAdvisory(tx, OUTBOX_LOCK);
  const now = patch.now ?? new Date().toISOString();
  const row = await tx
    .selectFrom('outbox_batches')
    .select('state')
    .where('id', '=', batchId)
    .executeTakeFirst();
  if (!row) throw new Error(`no outbox batch ${batchId}`);
  const before = row.state as BatchState;
  if (patch.from && !patch.from.includes(before)) return false;
  await tx
    .updateTable('outbox_batches')
    .set((eb) => ({
      state: to,
      attempts: eb('attempts', '+', patch.attempt ? 1 : 0),
      ...(patch.attempt ? { last_attempt_at: now, put_at: null } : {}),
      ...(to === 'confirmed' ? { confirmed_at: now, review_reason: null } : {}),
      ...(to === 'needs_review' ? { review_reason: patch.reviewReason ?? null } : {}),
      next_attempt_at: patch.nextAttemptAt ?? null,
      ...(patch.lastError !== undefined ? { last_error: patch.lastError } : {}),
    }))
    .where('id', '=', batchId)
    .execute();
  await appendAudit(tx, {
    ...who,
    at: now,
    action: `outbox.${to}`,
    subject: `batch:${batchId}`,
    before: { state: before },
    after: {
      state: to,
      ...(patch.detail ? { detail: patch.detail } : {}),
      ...(patch.lastError ? { error: patch.lastError } : {}),
    },
  });
  return true;
}
