import { appendAudit } from '../audit/audit.repo';
import type { Db } from '../db/open-db';

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

const BATCH_COLUMNS = `b.id, b.bank_account_id AS bankAccountId,
  (SELECT a.description FROM bank_accounts a WHERE a.id = b.bank_account_id) AS accountName, b.state, b.attempts, b.created_at AS createdAt,
  b.last_attempt_at AS lastAttemptAt, b.put_at AS putAt, b.confirmed_at AS confirmedAt, b.next_attempt_at AS nextAttemptAt,
  b.last_error AS lastError, b.review_reason AS reviewReason`;

type BatchRow = Omit<Batch, 'receivableIds' | 'totalCents'>;

function withItems(db: Db, rows: BatchRow[]): Batch[] {
  const items = db.prepare(
    'SELECT receivable_id AS id, amount_cents AS cents FROM outbox_items WHERE batch_id = ? ORDER BY receivable_id',
  );
  return rows.map((r) => {
    const list = items.all(r.id) as { id: number; cents: number }[];
    return { ...r, receivableIds: list.map((i) => i.id), totalCents: list.reduce((s, i) => s + i.cents, 0) };
  });
}

export function getBatch(db: Db, id: number): Batch | undefined {
  const row = db.prepare(`SELECT ${BATCH_COLUMNS} FROM outbox_batches b WHERE b.id = ?`).get(id) as
    BatchRow | undefined;
  return row ? withItems(db, [row])[0] : undefined;
}

export function listBatches(db: Db, states?: BatchState[], limit = 500): Batch[] {
  const where = states?.length ? `WHERE b.state IN (${states.map(() => '?').join(',')})` : '';
  const rows = db
    .prepare(`SELECT ${BATCH_COLUMNS} FROM outbox_batches b ${where} ORDER BY b.id DESC LIMIT ?`)
    .all(...(states ?? []), limit) as BatchRow[];
  return withItems(db, rows);
}

export function batchCounts(db: Db): Record<BatchState, number> {
  const counts: Record<BatchState, number> = {
    queued: 0,
    sending: 0,
    sent: 0,
    unknown: 0,
    confirmed: 0,
    needs_review: 0,
  };
  for (const r of db.prepare('SELECT state, count(*) AS n FROM outbox_batches GROUP BY state').all() as {
    state: BatchState;
    n: number;
  }[])
    counts[r.state] = r.n;
  return counts;
}

/**
 * Queue approved pairs for sending, in batches of at most `chunkSize` per bank account, in one transaction
 * with their audit entries. A receivable already in the outbox is skipped and reported, never queued again; so is a
 * pair whose line is no longer approved with that receivable (decided otherwise since the pairs were read).
 * IMMEDIATE: the write lock is taken before that check reads. Deferred, the check read a snapshot another process
 * could commit past (a second supervisor's press on the other office-server process), and the first insert then
 * failed at once with "database is locked": busy_timeout does not wait for a read transaction that must upgrade.
 */
export function enqueuePairs(
  db: Db,
  pairs: ApprovedPair[],
  who: Actor,
  opts: { chunkSize?: number; now?: string } = {},
) {
  const now = opts.now ?? new Date().toISOString();
  const size = Math.max(1, Math.min(opts.chunkSize ?? DEFAULT_CHUNK_SIZE, 1000));
  const known = db.prepare('SELECT 1 FROM outbox_items WHERE receivable_id = ?').pluck();
  // The pairs were read before this transaction: a clerk may have rejected or changed the line since (another
  // office-server process, a decision between the read and the press). Only a pair whose match is still approved
  // with that receivable is queued.
  const stillApproved = db
    .prepare(
      `SELECT 1 FROM matches m JOIN match_items i ON i.match_id = m.id AND i.active = 1
       WHERE m.id = ? AND m.state = 'approved' AND i.receivable_id = ?`,
    )
    .pluck();
  const newBatch = db.prepare(
    `INSERT INTO outbox_batches (bank_account_id, state, created_at, created_by) VALUES (?, 'queued', ?, ?)`,
  );
  const addItem = db.prepare(
    'INSERT INTO outbox_items (receivable_id, batch_id, match_id, line_id, amount_cents, queued_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return db
    .transaction(() => {
      const skipped: number[] = [];
      const byAccount = new Map<number, ApprovedPair[]>();
      const seen = new Set<number>();
      for (const p of pairs) {
        if (
          seen.has(p.receivableId) ||
          known.get(p.receivableId) ||
          (p.matchId != null && !stillApproved.get(p.matchId, p.receivableId))
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
          const batchId = Number(newBatch.run(account, now, who.actor).lastInsertRowid);
          for (const p of chunk)
            addItem.run(p.receivableId, batchId, p.matchId ?? null, p.lineId ?? null, p.amountCents, now);
          appendAudit(db, {
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
    })
    .immediate();
}

/**
 * Stamp the moment a batch's PUT leaves (right before the request, after the rate limiter). Committed before the
 * request goes out, so after a crash a batch in `sending` without this stamp was certainly never sent. Only the
 * holder of the sender lease may stamp (and so send): if another process took the lease over meanwhile (this one
 * stalled), this returns false and the request must not go out. An expired lease still held by us is renewed.
 */
export function stampPut(db: Db, batchId: number, owner: string, at: Date, leaseMs: number): boolean {
  return db
    .transaction(() => {
      const holder = db.prepare('SELECT owner FROM outbox_lease WHERE id = 1').pluck().get() as
        string | undefined;
      if (holder !== owner) return false;
      db.prepare('UPDATE outbox_lease SET expires_at = ? WHERE id = 1').run(
        new Date(at.getTime() + leaseMs).toISOString(),
      );
      return (
        db
          .prepare(`UPDATE outbox_batches SET put_at = ? WHERE id = ? AND state = 'sending'`)
          .run(at.toISOString(), batchId).changes === 1
      );
    })
    .immediate();
}

/** Delay the next attempt of a batch (read-back unreachable, settle wait) and keep why. */
export function postpone(db: Db, batchId: number, until: string, lastError?: string): void {
  db.prepare(
    'UPDATE outbox_batches SET next_attempt_at = ?, last_error = coalesce(?, last_error) WHERE id = ?',
  ).run(until, lastError ?? null, batchId);
}

/**
 * Move a batch to a new state with its audit entry, in one transaction, only if it is still in one of the
 * `from` states. SQLite serializes writers, so this is also the claim between two processes sharing the
 * database (the desktop app and a `quita send`): the one whose update found the batch `queued` sends it;
 * the other gets false and leaves it alone.
 */
export function transition(
  db: Db,
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
): boolean {
  const now = patch.now ?? new Date().toISOString();
  return db
    .transaction(() => {
      const before = db.prepare('SELECT state FROM outbox_batches WHERE id = ?').pluck().get(batchId) as
        BatchState | undefined;
      if (!before) throw new Error(`no outbox batch ${batchId}`);
      if (patch.from && !patch.from.includes(before)) return false;
      db.prepare(
        `UPDATE outbox_batches SET state = @to, attempts = attempts + @attempt,
         last_attempt_at = CASE WHEN @attempt = 1 THEN @now ELSE last_attempt_at END,
         put_at = CASE WHEN @attempt = 1 THEN NULL ELSE put_at END,
         confirmed_at = CASE WHEN @to = 'confirmed' THEN @now ELSE confirmed_at END,
         next_attempt_at = @next, last_error = CASE WHEN @setError = 1 THEN @error ELSE last_error END,
         review_reason = CASE WHEN @to = 'needs_review' THEN @reason WHEN @to = 'confirmed' THEN NULL ELSE review_reason END
       WHERE id = @id`,
      ).run({
        id: batchId,
        to,
        attempt: patch.attempt ? 1 : 0,
        now,
        next: patch.nextAttemptAt ?? null,
        setError: patch.lastError !== undefined ? 1 : 0,
        error: patch.lastError ?? null,
        reason: patch.reviewReason ?? null,
      });
      appendAudit(db, {
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
    })
    .immediate();
}
