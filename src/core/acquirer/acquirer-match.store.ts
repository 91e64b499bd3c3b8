/**
 * The acquirer files' payment batches and rows as matching, the file view and Conciliar's list read them, on the
 * Store (both databases).
 */
import { sql } from 'kysely';
import { dialectOf, inIds, inStrings, type Tx } from '../store/store';
import type { StoredPayment, StoredSale } from './acquirer.repo';

const PAYMENT_COLUMNS = sql.raw(`p.id, p.acquirer_file_id AS "fileId", p.acquirer, p.layout, p.ref,
  p.payment_date AS "paymentDate", p.net_cents AS "netCents", p.gross_cents AS "grossCents",
  p.fee_cents AS "feeCents", p.brand, p.product, p.settled`);
const SALE_COLUMNS = sql.raw(`s.id, s.acquirer, s.kind, s.nsu, s.authorization, s.tid, s.brand, s.product,
  s.gross_cents AS "grossCents", s.fee_cents AS "feeCents", s.net_cents AS "netCents", s.sale_date AS "saleDate",
  s.payment_date AS "paymentDate", s.installment, s.installments, s.batch_ref AS "batchRef",
  s.summary_ref AS "summaryRef", s.description`);

const toPayment = (p: Omit<StoredPayment, 'settled'> & { settled: number }): StoredPayment => ({
  ...p,
  settled: Number(p.settled) === 1,
});

export const acquirerMatchStore = {
  /** The account's payment batches dated between two days, in date and id order. */
  payments: async (tx: Tx, bankAccountId: number, from: string, to: string): Promise<StoredPayment[]> =>
    (
      await sql<Omit<StoredPayment, 'settled'> & { settled: number }>`SELECT ${PAYMENT_COLUMNS}
         FROM acquirer_payments p
         WHERE p.bank_account_id = ${bankAccountId} AND p.payment_date BETWEEN ${from} AND ${to}
         ORDER BY p.payment_date, p.id`.execute(tx)
    ).rows.map(toPayment),

  /** A file's payment batches, in date and id order. */
  paymentsOfFile: async (tx: Tx, fileId: number): Promise<StoredPayment[]> =>
    (
      await sql<Omit<StoredPayment, 'settled'> & { settled: number }>`SELECT ${PAYMENT_COLUMNS}
         FROM acquirer_payments p WHERE p.acquirer_file_id = ${fileId} ORDER BY p.payment_date, p.id`.execute(
        tx,
      )
    ).rows.map(toPayment),

  /** Rows paid in these batches (acquirer + ref), in id order. */
  async salesOfBatches(
    tx: Tx,
    bankAccountId: number,
    batches: readonly { acquirer: string; ref: string }[],
  ): Promise<StoredSale[]> {
    if (batches.length === 0) return [];
    const pairs =
      dialectOf(tx) === 'sqlite'
        ? sql`(SELECT json_extract(value, '$.acquirer') AS acquirer, json_extract(value, '$.ref') AS ref
               FROM json_each(${JSON.stringify(batches)}))`
        : sql`(SELECT * FROM unnest(${batches.map((b) => b.acquirer)}::text[], ${batches.map((b) => b.ref)}::text[])
               AS b(acquirer, ref))`;
    return (
      await sql<StoredSale>`SELECT ${SALE_COLUMNS} FROM acquirer_sales s
         WHERE s.bank_account_id = ${bankAccountId}
           AND EXISTS (SELECT 1 FROM ${pairs} j WHERE j.acquirer = s.acquirer AND j.ref = s.batch_ref)
         ORDER BY s.id`.execute(tx)
    ).rows;
  },

  /** Sales (kind `sale`) of Rede sales summaries, to explain EEFI credits by the EEVC/EEVD sales they pay. */
  salesOfSummaries: async (
    tx: Tx,
    bankAccountId: number,
    acquirer: string,
    refs: readonly string[],
  ): Promise<StoredSale[]> =>
    refs.length === 0
      ? []
      : (
          await sql<StoredSale>`SELECT ${SALE_COLUMNS} FROM acquirer_sales s
             WHERE s.bank_account_id = ${bankAccountId} AND s.acquirer = ${acquirer} AND s.kind = 'sale'
               AND ${inStrings(tx, 's.summary_ref', refs)} ORDER BY s.id`.execute(tx)
        ).rows,

  /** Rows by id, in id order (Conciliar's list shows a card credit's sales). */
  salesByIds: async (tx: Tx, ids: readonly number[]): Promise<StoredSale[]> =>
    ids.length === 0
      ? []
      : (
          await sql<StoredSale>`SELECT ${SALE_COLUMNS} FROM acquirer_sales s
             WHERE ${inIds(tx, 's.id', ids)} ORDER BY s.id`.execute(tx)
        ).rows,
};
