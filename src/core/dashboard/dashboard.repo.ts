/** The SQL of Início's numbers (dashboard.service.ts decides the buckets), on the Store (both databases). */
import { sql } from 'kysely';
import type { MatchState } from '../../shared/contract/matching';
import { ACCOUNT_STATUS } from '../../shared/constants';
import { inIds, textOrder, type Tx } from '../store/store';
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
  creditLines: async (tx: Tx): Promise<CreditLineRow[]> =>
    (
      await sql<CreditLineRow>`WITH cur AS (SELECT statement_id, max(id) AS plan_id FROM match_plans GROUP BY statement_id)
         SELECT l.id, l.statement_id AS "statementId", l.date, l.amount_cents AS cents, m.id AS "matchId", m.state
         FROM statement_lines l
         LEFT JOIN cur ON cur.statement_id = l.statement_id
         LEFT JOIN matches m ON m.plan_id = cur.plan_id AND m.line_id = l.id
         WHERE l.kind = 'credit'
         ORDER BY l.statement_id, ${textOrder(tx, 'l.date')}, l.id`.execute(tx)
    ).rows,

  /** Outbox batch state of every statement line that has one, one row per (line, batch). */
  lineBatchStates: async (tx: Tx) =>
    (
      await sql<{ lineId: number; state: BatchState }>`SELECT o.line_id AS "lineId", b.state
         FROM outbox_items o JOIN outbox_batches b ON b.id = o.batch_id
         WHERE o.line_id IS NOT NULL ORDER BY o.line_id, b.id`.execute(tx)
    ).rows,

  /** When each statement line was last handed to the outbox (its newest batch's creation), for the lines sent. */
  lineSentAt: async (tx: Tx) =>
    (
      await sql<{
        lineId: number;
        createdAt: string;
      }>`SELECT o.line_id AS "lineId", max(b.created_at) AS "createdAt"
         FROM outbox_items o JOIN outbox_batches b ON b.id = o.batch_id
         WHERE o.line_id IS NOT NULL GROUP BY o.line_id ORDER BY o.line_id`.execute(tx)
    ).rows,

  /**
   * Of each match's active receivables, how many, and how many the EVO has received (as last synced); a match
   * with no active receivable is absent.
   */
  async receivedCounts(
    tx: Tx,
    matchIds: readonly number[],
  ): Promise<Map<number, { total: number; received: number }>> {
    if (matchIds.length === 0) return new Map();
    const { rows } = await sql<{ matchId: number; total: number; received: number | null }>`SELECT
         i.match_id AS "matchId", count(*) AS total,
         sum(CASE WHEN r.status_id = ${ACCOUNT_STATUS.received} OR coalesce(r.conciliated, 0) = 1 THEN 1 ELSE 0 END)
           AS received
       FROM match_items i LEFT JOIN receivables r ON r.id = i.receivable_id
       WHERE ${inIds(tx, 'i.match_id', matchIds)} AND i.active = 1
       GROUP BY i.match_id ORDER BY i.match_id`.execute(tx);
    return new Map(
      rows.map((r) => [Number(r.matchId), { total: Number(r.total), received: Number(r.received ?? 0) }]),
    );
  },

  /** Every statement, newest first (the order Conciliar lists them in). */
  statementsNewestFirst: async (tx: Tx): Promise<StatementHead[]> =>
    (
      await sql<StatementHead>`SELECT s.id, s.file_name AS "fileName", s.imported_at AS "importedAt",
           a.description AS "accountName", s.period_from AS "periodFrom", s.period_to AS "periodTo"
         FROM statements s LEFT JOIN bank_accounts a ON a.id = s.bank_account_id
         ORDER BY ${textOrder(tx, 's.imported_at')} DESC, s.id DESC`.execute(tx)
    ).rows,

  /** [V] The bank account of each statement (Início per branch goes by the account's branch). */
  statementAccounts: async (tx: Tx): Promise<Map<number, number>> =>
    new Map(
      (await tx.selectFrom('statements').select(['id', 'bank_account_id']).orderBy('id').execute()).map(
        (r) => [Number(r.id), Number(r.bank_account_id)],
      ),
    ),

  /** [V] Open (1) or overdue (4) receivables per branch (`idBranchMember`; null: none named). */
  async receivablesPerBranch(
    tx: Tx,
    status: number,
  ): Promise<Map<number | null, { count: number; cents: number }>> {
    const { rows } = await sql<{ id: number | null; count: number; cents: number | null }>`SELECT
         branch_member_id AS id, count(*) AS count, sum(amount_cents) AS cents FROM receivables
       WHERE status_id = ${status} GROUP BY branch_member_id ORDER BY branch_member_id`.execute(tx);
    return new Map(
      rows.map((r) => [
        r.id === null ? null : Number(r.id),
        { count: Number(r.count), cents: Number(r.cents ?? 0) },
      ]),
    );
  },

  async receivablesWithStatus(tx: Tx, status: number): Promise<{ count: number; cents: number }> {
    const { rows } = await sql<{ count: number; cents: number | null }>`SELECT count(*) AS count,
         sum(amount_cents) AS cents FROM receivables WHERE status_id = ${status}`.execute(tx);
    const r = rows[0]!;
    return { count: Number(r.count), cents: Number(r.cents ?? 0) };
  },
};
