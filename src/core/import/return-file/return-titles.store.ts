/**
 * The CNAB return files' settlements as matching reads them, on the Store (both databases). The files themselves
 * are still written by return-file.repo.ts (synchronous, SQLite) until that domain moves too.
 */
import { sql } from 'kysely';
import type { Tx } from '../../store/store';
import type { MatchReturnTitle } from '../../matching/types';

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
