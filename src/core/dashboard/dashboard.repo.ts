/** The SQL of Início's numbers (dashboard.service.ts decides the buckets). */
import type { MatchState } from '../../shared/contract/matching';
import { ACCOUNT_STATUS } from '../../shared/constants';
import type { Db } from '../db/open-db';
import type { BatchState } from '../outbox/outbox.repo';

export interface CreditLineRow {
  id: number;
  statementId: number;
  date: string;
  cents: number;
  matchId: number | null;
  state: MatchState | null;
}

export interface StatementHead {
  id: number;
  fileName: string;
  importedAt: string;
  /** The account's name as the cache knows it, and the statement's days: how the clerk names it. */
  accountName: string | null;
  periodFrom: string | null;
  periodTo: string | null;
}

export const dashboardRepo = {
  /** Every credit line with its current plan's match (null: the statement was never matched). */
  creditLines: (db: Db): CreditLineRow[] =>
    db
      .prepare(
        `WITH cur AS (SELECT statement_id, max(id) AS plan_id FROM match_plans GROUP BY statement_id)
         SELECT l.id, l.statement_id AS statementId, l.date, l.amount_cents AS cents, m.id AS matchId, m.state
         FROM statement_lines l
         LEFT JOIN cur ON cur.statement_id = l.statement_id
         LEFT JOIN matches m ON m.plan_id = cur.plan_id AND m.line_id = l.id
         WHERE l.kind = 'credit'
         ORDER BY l.statement_id, l.date, l.id`,
      )
      .all() as CreditLineRow[],

  /** Outbox batch state of every statement line that has one, one row per (line, batch). */
  lineBatchStates: (db: Db) =>
    db
      .prepare(
        `SELECT o.line_id AS lineId, b.state FROM outbox_items o JOIN outbox_batches b ON b.id = o.batch_id
         WHERE o.line_id IS NOT NULL`,
      )
      .all() as { lineId: number; state: BatchState }[],

  /** When each statement line was last handed to the outbox (its newest batch's creation), for the lines sent. */
  lineSentAt: (db: Db) =>
    db
      .prepare(
        `SELECT o.line_id AS lineId, max(b.created_at) AS createdAt
         FROM outbox_items o JOIN outbox_batches b ON b.id = o.batch_id
         WHERE o.line_id IS NOT NULL GROUP BY o.line_id`,
      )
      .all() as { lineId: number; createdAt: string }[],

  /** A checker: of a match's active receivables, how many, and how many the EVO has received (as last synced). */
  receivedCounter(db: Db): (matchId: number) => { total: number; received: number } {
    const stmt = db.prepare(
      `SELECT count(*) AS total,
         sum(CASE WHEN r.status_id = ? OR coalesce(r.conciliated, 0) = 1 THEN 1 ELSE 0 END) AS received
       FROM match_items i LEFT JOIN receivables r ON r.id = i.receivable_id
       WHERE i.match_id = ? AND i.active = 1`,
    );
    return (matchId) => {
      const r = stmt.get(ACCOUNT_STATUS.received, matchId) as { total: number; received: number | null };
      return { total: r.total, received: r.received ?? 0 };
    };
  },

  /** Every statement, newest first (the order Conciliar lists them in). */
  statementsNewestFirst: (db: Db) =>
    db
      .prepare(
        `SELECT s.id, s.file_name AS fileName, s.imported_at AS importedAt, a.description AS accountName,
           s.period_from AS periodFrom, s.period_to AS periodTo
         FROM statements s LEFT JOIN bank_accounts a ON a.id = s.bank_account_id
         ORDER BY s.imported_at DESC, s.id DESC`,
      )
      .all() as StatementHead[],

  /** [V] The bank account of each statement (Início per branch goes by the account's branch). */
  statementAccounts: (db: Db) =>
    new Map(
      (
        db.prepare(`SELECT id, bank_account_id AS accountId FROM statements`).all() as {
          id: number;
          accountId: number;
        }[]
      ).map((r) => [r.id, r.accountId]),
    ),

  /** [V] Open (1) or overdue (4) receivables per branch (`idBranchMember`; null: none named). */
  receivablesPerBranch(db: Db, status: number): Map<number | null, { count: number; cents: number }> {
    const rows = db
      .prepare(
        `SELECT branch_member_id AS id, count(*) AS count, sum(amount_cents) AS cents FROM receivables
         WHERE status_id = ? GROUP BY branch_member_id`,
      )
      .all(status) as { id: number | null; count: number; cents: number | null }[];
    return new Map(rows.map((r) => [r.id, { count: r.count, cents: r.cents ?? 0 }]));
  },

  receivablesWithStatus(db: Db, status: number): { count: number; cents: number } {
    const r = db
      .prepare('SELECT count(*) AS count, sum(amount_cents) AS cents FROM receivables WHERE status_id = ?')
      .get(status) as { count: number; cents: number | null };
    return { count: r.count, cents: r.cents ?? 0 };
  },
};
