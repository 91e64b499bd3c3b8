import type { ApiReceivable } from '../api/schemas';
import type { Db } from '../db/open-db';
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

const COLUMNS = `id, description, amount_cents AS amountCents, amount_paid_cents AS amountPaidCents, due_date AS dueDate,
  receiving_date AS receivingDate, status_id AS statusId, payment_type_id AS paymentTypeId, payer_name AS payerName,
  member_id AS memberId, bank_account_id AS bankAccountId, authorization_code AS authorization, nsu, update_date AS updateDate`;

/** Insert or update one page of receivables; one transaction per call. */
export function upsertReceivables(db: Db, items: ApiReceivable[], fetchedAt: string): void {
  const stmt = db.prepare(
    `INSERT INTO receivables (id, description, amount_cents, amount_paid_cents, due_date, receiving_date, registration_date,
       competence_date, cancellation_date, status_id, payment_type_id, payer_name, member_id, branch_member_id, sale_id,
       bank_account_id, authorization_code, nsu, tid, card_acquirer, card_flag, current_installment, total_installments,
       update_date, conciliated, fees_cents, sale_date, charge_date, boleto_number, raw_json, fetched_at)
     VALUES (@id, @description, @amountCents, @amountPaidCents, @dueDate, @receivingDate, @registrationDate,
       @competenceDate, @cancellationDate, @statusId, @paymentTypeId, @payerName, @memberId, @branchMemberId, @saleId,
       @bankAccountId, @authorization, @nsu, @tid, @cardAcquirer, @cardFlag, @currentInstallment, @totalInstallments,
       @updateDate, @conciliated, @feesCents, @saleDate, @chargeDate, @boletoNumber, @raw, @fetchedAt)
     ON CONFLICT (id) DO UPDATE SET
       description = excluded.description, amount_cents = excluded.amount_cents,
       amount_paid_cents = excluded.amount_paid_cents, due_date = excluded.due_date,
       receiving_date = excluded.receiving_date, registration_date = excluded.registration_date,
       competence_date = excluded.competence_date, cancellation_date = excluded.cancellation_date,
       status_id = excluded.status_id, payment_type_id = excluded.payment_type_id, payer_name = excluded.payer_name,
       member_id = excluded.member_id, branch_member_id = excluded.branch_member_id, sale_id = excluded.sale_id,
       bank_account_id = excluded.bank_account_id, authorization_code = excluded.authorization_code,
       nsu = excluded.nsu, tid = excluded.tid, card_acquirer = excluded.card_acquirer, card_flag = excluded.card_flag,
       current_installment = excluded.current_installment, total_installments = excluded.total_installments,
       update_date = excluded.update_date, conciliated = excluded.conciliated, fees_cents = excluded.fees_cents,
       sale_date = excluded.sale_date, charge_date = excluded.charge_date, boleto_number = excluded.boleto_number,
       raw_json = excluded.raw_json, fetched_at = excluded.fetched_at`,
  );
  db.transaction(() => {
    for (const r of items)
      stmt.run({
        ...r,
        conciliated: r.conciliated === null ? null : r.conciliated ? 1 : 0,
        boletoNumber: boletoNumberFromRaw(r.raw),
        raw: JSON.stringify(r.raw),
        fetchedAt,
      });
  })();
}

export interface ReceivableQuery {
  statuses?: number[];
  /** [V] A network: one branch's receivables (`idBranchMember`). */
  branchId?: number | undefined;
  limit?: number;
  offset?: number;
}

export function queryReceivables(db: Db, q: ReceivableQuery = {}): { rows: ReceivableRow[]; total: number } {
  const conditions: string[] = [];
  const params: number[] = [];
  if (q.statuses?.length) {
    conditions.push(`status_id IN (${q.statuses.map(() => '?').join(',')})`);
    params.push(...q.statuses);
  }
  if (q.branchId !== undefined) {
    conditions.push('branch_member_id = ?');
    params.push(q.branchId);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = db
    .prepare(`SELECT count(*) FROM receivables ${where}`)
    .pluck()
    .get(...params) as number;
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM receivables ${where} ORDER BY due_date, id LIMIT ? OFFSET ?`)
    .all(...params, q.limit ?? 1000, q.offset ?? 0) as ReceivableRow[];
  return { rows, total };
}

export function countReceivablesByStatus(db: Db): Record<number, number> {
  const rows = db
    .prepare('SELECT status_id AS s, count(*) AS n FROM receivables GROUP BY status_id')
    .all() as { s: number; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.s, r.n]));
}

/** The members the given receivables belong to, each with their name, total and earliest due date. */
export function membersOfReceivables(
  db: Db,
  receivableIds: number[],
): { memberId: number; name: string | null; amountCents: number; dueDate: string | null }[] {
  return db
    .prepare(
      `SELECT member_id AS memberId, max(payer_name) AS name, sum(amount_cents) AS amountCents,
              min(due_date) AS dueDate
         FROM receivables WHERE id IN (SELECT value FROM json_each(?)) AND member_id IS NOT NULL
        GROUP BY member_id`,
    )
    .all(JSON.stringify(receivableIds)) as ReturnType<typeof membersOfReceivables>;
}

export const countReceivables = (db: Db): number =>
  db.prepare('SELECT count(*) FROM receivables').pluck().get() as number;

/** The earliest and latest due dates of the given receivables, and how many of them have one. */
export function dueDateRange(
  db: Db,
  ids: readonly number[],
): { lo: string | null; hi: string | null; n: number } {
  return db
    .prepare(
      `SELECT min(due_date) AS lo, max(due_date) AS hi, count(due_date) AS n FROM receivables
       WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .get(JSON.stringify(ids)) as { lo: string | null; hi: string | null; n: number };
}

/** How many cached receivables in one of `statuses` fall due between `lo` and `hi` (inclusive). */
export function countDueBetween(db: Db, statuses: readonly number[], lo: string, hi: string): number {
  return db
    .prepare(
      `SELECT count(*) FROM receivables
       WHERE status_id IN (SELECT value FROM json_each(?)) AND due_date BETWEEN ? AND ?`,
    )
    .pluck()
    .get(JSON.stringify(statuses), lo, hi) as number;
}

/** Receivable id → its face value (amount_cents), for the ids that are cached. */
export function faceValues(db: Db, ids: readonly number[]): Map<number, number> {
  const rows = db
    .prepare('SELECT id, amount_cents AS face FROM receivables WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as { id: number; face: number }[];
  return new Map(rows.map((r) => [r.id, r.face]));
}
