/** The only SQL of the daily summary (daily-summary.report.ts). */
import type { DailySummaryDto } from '../../shared/contract/policy';
import type { Db } from '../db/open-db';

export const dailySummaryRepo = {
  line: (db: Db, id: number) =>
    db
      .prepare('SELECT date, amount_cents AS amountCents, description FROM statement_lines WHERE id = ?')
      .get(id) as { date: string; amountCents: number; description: string } | undefined,

  items: (db: Db, matchId: number) =>
    db
      .prepare(
        `SELECT i.receivable_id AS id, r.payer_name AS payerName FROM match_items i
           LEFT JOIN receivables r ON r.id = i.receivable_id WHERE i.match_id = ? ORDER BY i.receivable_id`,
      )
      .all(matchId) as { id: number; payerName: string | null }[],

  /** Batches holding a pair the policy approved (any day), created, sent or confirmed in [from, to). */
  policyBatches: (db: Db, fromUtc: string, toUtc: string) =>
    db
      .prepare(
        `SELECT b.id AS batchId, coalesce(b.last_attempt_at, b.created_at) AS at, b.state, b.confirmed_at AS confirmedAt,
                count(o.receivable_id) AS receivables, coalesce(sum(o.amount_cents), 0) AS amountCents
           FROM outbox_batches b JOIN outbox_items o ON o.batch_id = b.id
          WHERE ((b.created_at >= @from AND b.created_at < @to) OR (b.last_attempt_at >= @from AND b.last_attempt_at < @to)
                 OR (b.confirmed_at >= @from AND b.confirmed_at < @to))
            AND EXISTS (SELECT 1 FROM outbox_items o2 JOIN audit_log a ON a.action = 'match.approved'
                          AND a.subject = 'line:' || o2.line_id AND json_extract(a.after_json, '$.policyVersion') IS NOT NULL
                         WHERE o2.batch_id = b.id)
          GROUP BY b.id ORDER BY b.id`,
      )
      .all({ from: fromUtc, to: toUtc }) as DailySummaryDto['sent'],
};
