/**
 * The SQL of the reconciliation report (reconciliation.report.ts adds who decided and the EVO's date), on the
 * Store (both databases).
 */
import { sql, type RawBuilder } from 'kysely';
import type { ReconciliationRowDto } from '../../shared/contract/reports';
import { dialectOf, inStrings, type Tx } from '../store/store';
import { SQL_BRASILIA_SHIFT, type Period } from './period';

/** An outbox item with its batch, bank line, statement, match and receivable, before the audit log's names. */
export type BaseRow = Omit<ReconciliationRowDto, 'approvedBy' | 'approvedAt' | 'queuedBy' | 'sentAt'> & {
  createdBy: string;
  lastAttemptAt: string | null;
  receivingDate: string | null;
  receivableStatus: number | null;
  receivableBranchId: number | null;
};

/**
 * The match a receivable was sent for: the outbox item's own `match_id` when it has one, otherwise the
 * latest approved match holding the receivable (older outbox items were written without it).
 */
const MATCH_OF_ITEM = `COALESCE(o.match_id, (
  SELECT mi.match_id FROM match_items mi JOIN matches mm ON mm.id = mi.match_id
  WHERE mi.receivable_id = o.receivable_id AND mm.state = 'approved' ORDER BY mi.match_id DESC LIMIT 1))`;

/**
 * The Brasília day an item was queued (`queued_at` is an ISO instant in UTC): SQLite's date() with the fixed
 * shift, PostgreSQL's timestamptz arithmetic in UTC with the same shift (period.ts: Brasília has no daylight saving).
 */
const queuedDay = (tx: Tx): RawBuilder<string> =>
  dialectOf(tx) === 'sqlite'
    ? sql<string>`date(o.queued_at, ${sql.lit(SQL_BRASILIA_SHIFT)})`
    : sql<string>`to_char((o.queued_at::timestamptz AT TIME ZONE 'UTC') + ${sql.lit(SQL_BRASILIA_SHIFT)}::interval, 'YYYY-MM-DD')`;

/** An audit entry as the report reads it (who did what to which subject, and its JSON after). */
export interface ReportAuditRow {
  seq: number;
  at: string;
  actor: string;
  action: string;
  subject: string | null;
  after_json: string | null;
}

export const reconciliationRepo = {
  /**
   * Every outbox item whose day (the bank line's, else the Brasília day it was queued) is in the period: the
   * period is the day the money came in, which is what a branch reconciles by. In that day's order, then account
   * and receivable.
   */
  async rows(tx: Tx, period: Period): Promise<BaseRow[]> {
    const day = sql<string>`COALESCE(l.date, ${queuedDay(tx)})`;
    const order = dialectOf(tx) === 'sqlite' ? day : sql`${day} collate "C"`;
    const { rows } = await sql<BaseRow>`
SELECT o.receivable_id AS "receivableId", r.payer_name AS "payerName", r.member_id AS "memberId",
  o.amount_cents AS "amountCents", r.amount_cents AS "receivableCents", r.due_date AS "dueDate",
  b.bank_account_id AS "bankAccountId", a.description AS "bankAccountName",
  l.id AS "lineId", l.date AS "lineDate", l.description AS "lineDescription", l.amount_cents AS "lineAmountCents",
  s.id AS "statementId", s.file_name AS "statementFile",
  m.id AS "matchId", m.score, m.zone,
  o.queued_at AS "queuedAt", b.confirmed_at AS "confirmedAt", b.last_attempt_at AS "lastAttemptAt",
  b.id AS "batchId", b.state AS "outboxState", b.review_reason AS "reviewReason", b.created_by AS "createdBy",
  r.receiving_date AS "receivingDate", r.status_id AS "receivableStatus", r.branch_member_id AS "receivableBranchId"
FROM outbox_items o
JOIN outbox_batches b ON b.id = o.batch_id
LEFT JOIN matches m ON m.id = ${sql.raw(MATCH_OF_ITEM)}
LEFT JOIN statement_lines l ON l.id = COALESCE(o.line_id, m.line_id)
LEFT JOIN statements s ON s.id = l.statement_id
LEFT JOIN receivables r ON r.id = o.receivable_id
LEFT JOIN bank_accounts a ON a.id = b.bank_account_id
WHERE ${period.from ? sql`${day} >= ${period.from}` : sql`1 = 1`}
  AND ${period.to ? sql`${day} <= ${period.to}` : sql`1 = 1`}
ORDER BY ${order}, b.bank_account_id, o.receivable_id`.execute(tx);
    return rows;
  },

  /** The audit entries of these actions, in chain order (who approved, queued, sent and confirmed). */
  auditOfActions: async (tx: Tx, actions: readonly string[]): Promise<ReportAuditRow[]> =>
    tx
      .selectFrom('audit_log')
      .select(['seq', 'at', 'actor', 'action', 'subject', 'after_json'])
      .where(inStrings(tx, 'action', actions))
      .orderBy('seq')
      .execute(),
};
