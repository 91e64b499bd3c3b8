/**
 * The CNAB return files' settlements as matching reads them, and the titles Conciliar's list and the reconciliation
 * report show, on the Store (both databases).
 */
import { sql } from 'kysely';
import { inIds, type Tx } from '../../store/store';
import type { MatchReturnTitle } from '../../matching/types';
import type { ReturnTitleRow } from './return-file.repo';

/**
 * What matching needs (core/matching/return-files.ts): the account's settlements credited between two dates,
 * with the bank and layout of their file, in credit-date and file order. A settlement whose credit date the
 * bank left blank (Sicoob 240, read with the notice `cnab.no_credit_date`) is placed on its payment date.
 */
export async function matchReturnTitles(
  tx: Tx,
  bankAccountId: number,
  from: string,
  to: string,
): Promise<MatchReturnTitle[]> {
  const { rows } = await sql<MatchReturnTitle>`SELECT t.id, t.return_file_id AS "returnFileId",
       f.bank_code AS "bankCode", f.layout, t.nosso_numero AS "nossoNumero", t.seu_numero AS "seuNumero",
       t.payer_name AS "payerName", t.due_date AS "dueDate", t.face_cents AS "faceCents", t.paid_cents AS "paidCents",
       t.interest_fine_cents AS "interestFineCents", t.discount_cents AS "discountCents",
       t.credited_cents AS "creditedCents", t.fee_cents AS "feeCents",
       COALESCE(t.credit_date, t.paid_date) AS "creditDate"
     FROM return_titles t JOIN return_files f ON f.id = t.return_file_id
     WHERE t.bank_account_id = ${bankAccountId} AND t.is_settlement = 1
       AND COALESCE(t.credit_date, t.paid_date) BETWEEN ${from} AND ${to}
       AND t.paid_cents IS NOT NULL
     ORDER BY COALESCE(t.credit_date, t.paid_date), t.return_file_id, t.line`.execute(tx);
  return rows;
}

const TITLE_COLUMNS = sql.raw(`t.id, t.return_file_id AS "returnFileId", t.bank_account_id AS "bankAccountId",
  t.occurrence_code AS "occurrenceCode", t.occurrence, t.is_settlement AS "isSettlement", t.nosso_numero AS "nossoNumero",
  t.seu_numero AS "seuNumero", t.payer_name AS "payerName", t.payer_document AS "payerDocument", t.due_date AS "dueDate",
  t.face_cents AS "faceCents", t.paid_cents AS "paidCents", t.interest_fine_cents AS "interestFineCents",
  t.discount_cents AS "discountCents", t.credited_cents AS "creditedCents", t.fee_cents AS "feeCents",
  t.paid_date AS "paidDate", t.credit_date AS "creditDate"`);

/** Titles by id, in id order (Conciliar's list and the reconciliation report show a credit's titles). */
export async function returnTitlesByIds(tx: Tx, ids: readonly number[]): Promise<ReturnTitleRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ReturnTitleRow & { isSettlement: number | boolean }>`SELECT ${TITLE_COLUMNS}
     FROM return_titles t WHERE ${inIds(tx, 't.id', ids)} ORDER BY t.id`.execute(tx);
  return rows.map((r) => ({ ...r, isSettlement: Number(r.isSettlement) === 1 }));
}

/**
 * Receivable id → its face value (amount_cents), for the ids that are cached: what a title paid is shown beside
 * what its receivable was worth (a read of the cache's table, for the titles' view).
 */
export async function receivableFaceValues(tx: Tx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectFrom('receivables')
    .select(['id', 'amount_cents as face'])
    .where(inIds(tx, 'id', ids))
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.face)]));
}
