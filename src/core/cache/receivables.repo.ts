import type { ApiReceivable } from '../api/schemas';
import type { SelectQueryBuilder } from 'kysely';
import type { Schema } from '../store/schema';
import { inIds, slices, type Tx } from '../store/store';
import { boletoNumberFromRaw } from '../matching/receivables';

export interface ReceivableRow {
  id: number;
  description: string | null;
  amountCents: number;
  amountPaidCents: number | null;
  dueDate: string | null;
  receivingDate: string | null;
  statusId: number;
  paymentTypeId: number | null;
  payerName: string | null;
  memberId: number | null;
  bankAccountId: number | null;
  authorization: string | null;
  nsu: string | null;
  updateDate: string | null;
}

/** The receivable's columns as the screens read them. */
const select = (tx: Tx) =>
  tx
    .selectFrom('receivables')
    .select([
      'id',
      'description',
      'amount_cents as amountCents',
      'amount_paid_cents as amountPaidCents',
      'due_date as dueDate',
      'receiving_date as receivingDate',
      'status_id as statusId',
      'payment_type_id as paymentTypeId',
      'payer_name as payerName',
      'member_id as memberId',
      'bank_account_id as bankAccountId',
      'authorization_code as authorization',
      'nsu',
      'update_date as updateDate',
    ]);

/** Rows per INSERT: 31 parameters each, under SQLite's cap of 32,766 per statement (PostgreSQL's is 65,535). */
const ROWS_PER_INSERT = 500;

/** Insert or update one page of receivables, in the caller's transaction. */
export async function upsertReceivables(tx: Tx, items: ApiReceivable[], fetchedAt: string): Promise<void> {
  for (const slice of slices(items, ROWS_PER_INSERT)) {
    await tx
      .insertInto('receivables')
      .values(
        slice.map((r) => ({
          id: r.id,
          description: r.description,
          amount_cents: r.amountCents,
          amount_paid_cents: r.amountPaidCents,
          due_date: r.dueDate,
          receiving_date: r.receivingDate,
          registration_date: r.registrationDate,
          competence_date: r.competenceDate,
          cancellation_date: r.cancellationDate,
          status_id: r.statusId,
          payment_type_id: r.paymentTypeId,
          payer_name: r.payerName,
          member_id: r.memberId,
          branch_member_id: r.branchMemberId,
          sale_id: r.saleId,
          bank_account_id: r.bankAccountId,
          authorization_code: r.authorization,
          nsu: r.nsu,
          tid: r.tid,
          card_acquirer: r.cardAcquirer,
          card_flag: r.cardFlag,
          current_installment: r.currentInstallment,
          total_installments: r.totalInstallments,
          update_date: r.updateDate,
          conciliated: r.conciliated === null ? null : r.conciliated ? 1 : 0,
          fees_cents: r.feesCents,
          sale_date: r.saleDate,
          charge_date: r.chargeDate,
          boleto_number: boletoNumberFromRaw(r.raw),
          raw_json: JSON.stringify(r.raw),
          fetched_at: fetchedAt,
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          description: eb.ref('excluded.description'),
          amount_cents: eb.ref('excluded.amount_cents'),
          amount_paid_cents: eb.ref('excluded.amount_paid_cents'),
          due_date: eb.ref('excluded.due_date'),
          receiving_date: eb.ref('excluded.receiving_date'),
          registration_date: eb.ref('excluded.registration_date'),
          competence_date: eb.ref('excluded.competence_date'),
          cancellation_date: eb.ref('excluded.cancellation_date'),
          status_id: eb.ref('excluded.status_id'),
          payment_type_id: eb.ref('excluded.payment_type_id'),
          payer_name: eb.ref('excluded.payer_name'),
          member_id: eb.ref('excluded.member_id'),
          branch_member_id: eb.ref('excluded.branch_member_id'),
          sale_id: eb.ref('excluded.sale_id'),
          bank_account_id: eb.ref('excluded.bank_account_id'),
          authorization_code: eb.ref('excluded.authorization_code'),
          nsu: eb.ref('excluded.nsu'),
          tid: eb.ref('excluded.tid'),
          card_acquirer: eb.ref('excluded.card_acquirer'),
          card_flag: eb.ref('excluded.card_flag'),
          current_installment: eb.ref('excluded.current_installment'),
          total_installments: eb.ref('excluded.total_installments'),
          update_date: eb.ref('excluded.update_date'),
          conciliated: eb.ref('excluded.conciliated'),
          fees_cents: eb.ref('excluded.fees_cents'),
          sale_date: eb.ref('excluded.sale_date'),
          charge_date: eb.ref('excluded.charge_date'),
          boleto_number: eb.ref('excluded.boleto_number'),
          raw_json: eb.ref('excluded.raw_json'),
          fetched_at: eb.ref('excluded.fetched_at'),
        })),
      )
      .execute();
  }
}

export interface ReceivableQuery {
  statuses?: number[];
  /** [V] A network: one branch's receivables (`idBranchMember`). */
  branchId?: number | undefined;
  limit?: number;
  offset?: number;
}

export async function queryReceivables(
  tx: Tx,
  q: ReceivableQuery = {},
): Promise<{ rows: ReceivableRow[]; total: number }> {
  const where = <Q extends SelectQueryBuilder<Schema, 'receivables', object>>(query: Q): Q => {
    let w = query;
    if (q.statuses?.length) w = w.where('status_id', 'in', q.statuses) as Q;
    if (q.branchId !== undefined) w = w.where('branch_member_id', '=', q.branchId) as Q;
    return w;
  };
  const { total } = await where(
    tx.selectFrom('receivables').select((eb) => eb.fn.countAll<number>().as('total')),
  ).executeTakeFirstOrThrow();
  const rows = await where(select(tx))
    .orderBy('due_date')
    .orderBy('id')
    .limit(q.limit ?? 1000)
    .offset(q.offset ?? 0)
    .execute();
  return { rows, total };
}

export async function countReceivablesByStatus(tx: Tx): Promise<Record<number, number>> {
  const rows = await tx
    .selectFrom('receivables')
    .select((eb) => ['status_id as s', eb.fn.countAll<number>().as('n')])
    .groupBy('status_id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.s, r.n]));
}

export async function countReceivables(tx: Tx): Promise<number> {
  const { n } = await tx
    .selectFrom('receivables')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

/** The earliest and latest due dates of the given receivables, and how many of them have one. */
export async function dueDateRange(
  tx: Tx,
  ids: readonly number[],
): Promise<{ lo: string | null; hi: string | null; n: number }> {
  return await tx
    .selectFrom('receivables')
    .select((eb) => [
      eb.fn.min('due_date').as('lo'),
      eb.fn.max('due_date').as('hi'),
      eb.fn.count<number>('due_date').as('n'),
    ])
    .where(inIds(tx, 'id', ids))
    .executeTakeFirstOrThrow();
}

/** How many cached receivables in one of `statuses` fall due between `lo` and `hi` (inclusive). */
export async function countDueBetween(
  tx: Tx,
  statuses: readonly number[],
  lo: string,
  hi: string,
): Promise<number> {
  const { n } = await tx
    .selectFrom('receivables')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(inIds(tx, 'status_id', statuses))
    .where('due_date', '>=', lo)
    .where('due_date', '<=', hi)
    .executeTakeFirstOrThrow();
  return n;
}
