import type { Tx } from '../store/store';
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
 * Remove an imported statement, its lines and their suggestions and decisions, in the caller's write transaction —
 * only when none of its lines was ever queued to be marked as paid (queued, sending, sent, confirmed, unknown or
 * under review alike): what went, or may have gone, to the API stays explainable. Learned payer names, mapping
 * profiles and the account a file's identification belongs to are knowledge, not this statement: they stay.
 */
/**
 * How many receivables of this statement's lines were queued or sent to be marked as paid: a statement with any
 * cannot be removed (what was sent stays explained). The one rule, used by the removal and by the list that
 * says so in advance.
 */
export function sentReceivables(tx: Tx, statementId: number): Promise<number> {
  return statementRemoveRepo.sentReceivables(tx, statementId);
}

export async function removeStatement(tx: Tx, statementId: number): Promise<RemovedStatement> {
  const st = await statementRemoveRepo.statement(tx, statementId);
  if (!st)
    throw new AppError('not_found', `There is no imported statement ${statementId}.`, {
      code: 'import.statement_not_found',
      params: { statementId },
    });
  const queued = await sentReceivables(tx, statementId);
  if (queued > 0)
    throw new AppError(
      'conflict',
      `Statement ${st.file_name} cannot be removed: ${queued} of its receivables were queued or sent to be marked as paid.`,
      { code: 'import.statement_sent', params: { fileName: st.file_name, count: queued } },
    );
  const decided = await statementRemoveRepo.decided(tx, statementId);
  const lines = await statementRemoveRepo.lineCount(tx, statementId);
  const overlapping =
    st.period_from && st.period_to
      ? await statementRemoveRepo.overlapping(tx, {
          id: statementId,
          bankAccountId: st.bank_account_id,
          from: st.period_from,
          to: st.period_to,
        })
      : [];
  await statementRemoveRepo.delete(tx, statementId);
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
}
