import type { Db } from '../db/open-db';
import { statementRemoveRepo } from './statement-remove.repo';
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
  return statementRemoveRepo.sentReceivables(db, statementId);
}

export function removeStatement(db: Db, statementId: number): RemovedStatement {
  return db
    .transaction((): RemovedStatement => {
      const st = statementRemoveRepo.statement(db, statementId);
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
      const decided = statementRemoveRepo.decided(db, statementId);
      const lines = statementRemoveRepo.lineCount(db, statementId);
      const overlapping =
        st.period_from && st.period_to
          ? statementRemoveRepo.overlapping(db, {
              id: statementId,
              bankAccountId: st.bank_account_id,
              from: st.period_from,
              to: st.period_to,
            })
          : [];
      statementRemoveRepo.delete(db, statementId);
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
