/**
 * Início's numbers: every credit line of every statement's current plan in exactly one bucket (see LINE_BUCKETS
 * in src/shared/contract/dashboard.ts), so no line is counted twice and a suggestion nobody approved is never
 * "reconciled". "Decided" is DECIDED_STATES, read here, never restated.
 */
import { ACCOUNT_STATUS } from '../../shared/constants';
import type { CommandOutput } from '../../shared/contract';
import type { AmountDto, LineBucket, LineBuckets } from '../../shared/contract/dashboard';
import { LINE_BUCKETS } from '../../shared/contract/dashboard';
import { DECIDED_STATES, type MatchState } from '../../shared/contract/matching';
import { getSyncState } from '../cache/sync-state.repo';
import type { Db } from '../db/open-db';
import { approvedNotQueued } from '../outbox/approved.repo';
import type { BatchState } from '../outbox/outbox.repo';

type Summary = CommandOutput<'dashboard.summary'>;

interface LineRow {
  id: number;
  statementId: number;
  date: string;
  cents: number;
  matchId: number | null;
  state: MatchState | null;
}

const DECIDED: ReadonlySet<string> = new Set(DECIDED_STATES);
/** The EVO has not confirmed these yet; a read-back will (sent, unknown) or the sender will send them. */
const WAITING: ReadonlySet<BatchState> = new Set(['queued', 'sending', 'sent', 'unknown']);

export interface LineFacts {
  state: MatchState | null;
  /** Enviar would mark at least one of its receivables now. */
  sendable: boolean;
  /** States of the outbox batches holding its receivables (empty: never sent). */
  batches: ReadonlySet<BatchState>;
  /** Its receivables are all received or conciliated in the EVO, as last synced. */
  receivedInEvo: boolean;
}

/** The one bucket of a line. */
export function bucketOf(f: LineFacts): LineBucket {
  if (f.state === null || !DECIDED.has(f.state)) return 'toDecide';
  if (f.state === 'recorded') return 'recorded';
  if (f.state === 'set_aside') return 'setAside';
  // Approved: what is left to do with it is in Enviar, or in the outbox.
  if (f.sendable) return 'toSend';
  if (f.batches.size === 0) {
    // Approved, never sent, nothing left to send: the EVO already has it received (nothing to do), or its
    // receivable was cancelled there since (the line needs another decision).
    return f.receivedInEvo ? 'recorded' : 'toDecide';
  }
  if (f.batches.has('needs_review')) return 'sentFailed';
  if ([...f.batches].some((s) => WAITING.has(s))) return 'sentWaiting';
  return 'sentConfirmed';
}

const zero = (): AmountDto => ({ count: 0, cents: 0 });
const emptyBuckets = (): LineBuckets =>
  Object.fromEntries(LINE_BUCKETS.map((b) => [b, zero()])) as LineBuckets;

function add(a: AmountDto, cents: number) {
  a.count++;
  a.cents += cents;
}

/** Every credit line with its current plan's match (null: the statement was never matched). */
function creditLines(db: Db): LineRow[] {
  return db
    .prepare(
      `WITH cur AS (SELECT statement_id, max(id) AS plan_id FROM match_plans GROUP BY statement_id)
       SELECT l.id, l.statement_id AS statementId, l.date, l.amount_cents AS cents, m.id AS matchId, m.state
       FROM statement_lines l
       LEFT JOIN cur ON cur.statement_id = l.statement_id
       LEFT JOIN matches m ON m.plan_id = cur.plan_id AND m.line_id = l.id
       WHERE l.kind = 'credit'
       ORDER BY l.statement_id, l.date, l.id`,
    )
    .all() as LineRow[];
}

/** Outbox batch states per statement line. */
function batchStatesByLine(db: Db): Map<number, Set<BatchState>> {
  const out = new Map<number, Set<BatchState>>();
  const rows = db
    .prepare(
      `SELECT o.line_id AS lineId, b.state FROM outbox_items o JOIN outbox_batches b ON b.id = o.batch_id
       WHERE o.line_id IS NOT NULL`,
    )
    .all() as { lineId: number; state: BatchState }[];
  for (const r of rows) {
    const set = out.get(r.lineId) ?? new Set<BatchState>();
    set.add(r.state);
    out.set(r.lineId, set);
  }
  return out;
}

export function dashboardSummary(db: Db): Summary {
  const sendable = new Set(approvedNotQueued(db).map((p) => p.lineId));
  const batches = batchStatesByLine(db);
  const receivedCheck = db.prepare(
    `SELECT count(*) AS total,
       sum(CASE WHEN r.status_id = ? OR coalesce(r.conciliated, 0) = 1 THEN 1 ELSE 0 END) AS received
     FROM match_items i LEFT JOIN receivables r ON r.id = i.receivable_id
     WHERE i.match_id = ? AND i.active = 1`,
  );
  const none: ReadonlySet<BatchState> = new Set();

  const latest = db
    .prepare(
      `SELECT id, file_name AS fileName, imported_at AS importedAt FROM statements
       ORDER BY imported_at DESC, id DESC LIMIT 1`,
    )
    .get() as { id: number; fileName: string; importedAt: string } | undefined;

  const all = { lines: zero(), buckets: emptyBuckets() };
  const current = { lines: zero(), buckets: emptyBuckets() };
  const days = new Map<string, { date: string; decidedCents: number; toDecideCents: number }>();

  for (const l of creditLines(db)) {
    const lineBatches = batches.get(l.id) ?? none;
    const approvedIdle = l.state === 'approved' && !sendable.has(l.id) && lineBatches.size === 0;
    let receivedInEvo = false;
    if (approvedIdle && l.matchId !== null) {
      const r = receivedCheck.get(ACCOUNT_STATUS.received, l.matchId) as {
        total: number;
        received: number | null;
      };
      receivedInEvo = r.total > 0 && r.received === r.total;
    }
    const bucket = bucketOf({
      state: l.state,
      sendable: sendable.has(l.id),
      batches: lineBatches,
      receivedInEvo,
    });
    add(all.lines, l.cents);
    add(all.buckets[bucket], l.cents);
    if (l.statementId !== latest?.id) continue;
    add(current.lines, l.cents);
    add(current.buckets[bucket], l.cents);
    const day = days.get(l.date) ?? { date: l.date, decidedCents: 0, toDecideCents: 0 };
    if (bucket === 'toDecide') day.toDecideCents += l.cents;
    else day.decidedCents += l.cents;
    days.set(l.date, day);
  }

  const receivables = (status: number): AmountDto => {
    const r = db
      .prepare('SELECT count(*) AS count, sum(amount_cents) AS cents FROM receivables WHERE status_id = ?')
      .get(status) as { count: number; cents: number | null };
    return { count: r.count, cents: r.cents ?? 0 };
  };

  return {
    open: receivables(ACCOUNT_STATUS.open),
    overdue: receivables(ACCOUNT_STATUS.overdue),
    lastSyncAt: getSyncState(db, 'receivables').lastSuccessAt,
    statements: db.prepare('SELECT count(*) FROM statements').pluck().get() as number,
    all,
    statement: latest
      ? { ...latest, ...current, days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)) }
      : null,
  };
}
