import type { Db } from '../db/open-db';
import { AppError } from '../errors';

export interface RemovedStatement {
  statementId: number;
  fileName: string;
  bankAccountId: number;
  periodFrom: string | null;
  periodTo: string | null;
  lines: number;
  credits: number;
  /** Suggestions and decisions of its lines that went with it. */
  matchesDiscarded: number;
  /** Of those, approved (or chosen by hand) but never queued to be sent. */
  approvedDiscarded: number;
  /**
   * Other statements of the account over the same days that found lines already known when imported: lines this
   * one held for them went with it; importing those files again brings them back (only what is missing).
   */
  overlapping: string[];
}

/**
 * Remove an imported statement, its lines and their suggestions and decisions, in one IMMEDIATE transaction —
 * only when none of its lines was ever queued to be marked as paid (queued, sending, sent, confirmed, unknown or
 * under review alike): what went, or may have gone, to the API stays explainable. Learned payer names, mapping
 * profiles and the account a file's identification belongs to are knowledge, not this statement: they stay.
 */
/**
 * How many receivables of this statement's lines were queued or sent to be marked as paid: a statement with any
 * cannot be removed (what was sent stays explained). The one rule, used by the removal and by the list that
 * says so in advance.
 */
export function sentReceivables(db: Db, statementId: number): number {
  return db
    .prepare(
      `SELECT COUNT(*) FROM outbox_items
        WHERE line_id IN (SELECT id FROM statement_lines WHERE statement_id = @id)
           OR match_id IN (SELECT m.id FROM matches m JOIN match_plans p ON p.id = m.plan_id
                            WHERE p.statement_id = @id)`,
    )
    .pluck()
    .get({ id: statementId }) as number;
}

export function removeStatement(db: Db, statementId: number): RemovedStatement {
  return db
    .transaction((): RemovedStatement => {
      const st = db
        .prepare(
          `SELECT id, file_name, bank_account_id, period_from, period_to, line_count, credit_count
             FROM statements WHERE id = ?`,
        )
        .get(statementId) as
        | {
            id: number;
            file_name: string;
            bank_account_id: number;
            period_from: string | null;
            period_to: string | null;
            line_count: number;
            credit_count: number;
          }
        | undefined;
      if (!st)
        throw new AppError('not_found', `There is no imported statement ${statementId}.`, {
          code: 'import.statement_not_found',
          params: { statementId },
        });
      const queued = sentReceivables(db, statementId);
      if (queued > 0)
        throw new AppError(
          'conflict',
          `Statement ${st.file_name} cannot be removed: ${queued} of its receivables were queued or sent to be marked as paid.`,
          { code: 'import.statement_sent', params: { fileName: st.file_name, count: queued } },
        );
      const decided = db
        .prepare(
          `SELECT COUNT(*) AS total,
                  COALESCE(SUM(m.state IN ('approved', 'overridden')), 0) AS approved
             FROM matches m JOIN match_plans p ON p.id = m.plan_id
            WHERE p.statement_id = ?`,
        )
        .get(statementId) as { total: number; approved: number };
      const lines = db
        .prepare('SELECT COUNT(*) FROM statement_lines WHERE statement_id = ?')
        .pluck()
        .get(statementId) as number;
      const overlapping =
        st.period_from && st.period_to
          ? (db
              .prepare(
                `SELECT file_name FROM statements
                  WHERE bank_account_id = ? AND id <> ? AND known_count > 0
                    AND period_from <= ? AND period_to >= ?
                  ORDER BY id`,
              )
              .pluck()
              .all(st.bank_account_id, statementId, st.period_to, st.period_from) as string[])
          : [];
      // Lines, plans, matches and their items go by ON DELETE CASCADE.
      db.prepare('DELETE FROM statements WHERE id = ?').run(statementId);
      return {
        statementId,
        fileName: st.file_name,
        bankAccountId: st.bank_account_id,
        periodFrom: st.period_from,
        periodTo: st.period_to,
        lines,
        credits: st.credit_count,
        matchesDiscarded: decided.total,
        approvedDiscarded: decided.approved,
        overlapping,
      };
    })
    .immediate();
}
