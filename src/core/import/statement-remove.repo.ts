import type { Db } from '../db/open-db';

/** The only SQL of removing an imported statement (statement-remove.ts). Callers own the transaction. */
export const statementRemoveRepo = {
  statement: (db: Db, id: number) =>
    db
      .prepare(
        `SELECT id, file_name, bank_account_id, period_from, period_to, line_count, credit_count
           FROM statements WHERE id = ?`,
      )
      .get(id) as
      | {
          id: number;
          file_name: string;
          bank_account_id: number;
          period_from: string | null;
          period_to: string | null;
          line_count: number;
          credit_count: number;
        }
      | undefined,

  /** Receivables of the statement's lines in the outbox (queued or sent to be marked as paid). */
  sentReceivables: (db: Db, statementId: number) =>
    db
      .prepare(
        `SELECT COUNT(*) FROM outbox_items
          WHERE line_id IN (SELECT id FROM statement_lines WHERE statement_id = @id)
             OR match_id IN (SELECT m.id FROM matches m JOIN match_plans p ON p.id = m.plan_id
                              WHERE p.statement_id = @id)`,
      )
      .pluck()
      .get({ id: statementId }) as number,

  /** Its matches, and how many of them the clerk had approved or chosen (what the removal discards). */
  decided: (db: Db, statementId: number) =>
    db
      .prepare(
        `SELECT COUNT(*) AS total, COALESCE(SUM(m.state IN ('approved', 'overridden')), 0) AS approved
           FROM matches m JOIN match_plans p ON p.id = m.plan_id
          WHERE p.statement_id = ?`,
      )
      .get(statementId) as { total: number; approved: number },

  lineCount: (db: Db, statementId: number) =>
    db
      .prepare('SELECT COUNT(*) FROM statement_lines WHERE statement_id = ?')
      .pluck()
      .get(statementId) as number,

  /** Other statements of the account over the same days whose lines repeated this one's (known_count > 0). */
  overlapping: (db: Db, s: { id: number; bankAccountId: number; from: string; to: string }) =>
    db
      .prepare(
        `SELECT file_name FROM statements
          WHERE bank_account_id = ? AND id <> ? AND known_count > 0 AND period_from <= ? AND period_to >= ?
          ORDER BY id`,
      )
      .pluck()
      .all(s.bankAccountId, s.id, s.to, s.from) as string[],

  /** Lines, plans, matches and their items go with it (ON DELETE CASCADE). */
  delete: (db: Db, statementId: number) => db.prepare('DELETE FROM statements WHERE id = ?').run(statementId),
};
