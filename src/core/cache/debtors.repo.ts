import { fold } from '../api/normalize';
import type { ApiDebtor } from '../api/schemas';
import type { Db } from '../db/open-db';

/** Debtors are a snapshot: each sync replaces the whole list in one transaction. */
export function replaceDebtors(db: Db, debtors: ApiDebtor[], fetchedAt: string): void {
  const stmt = db.prepare(
    `INSERT INTO debtors (member_id, receivable_id, name, due_date, original_due_date, days_late, debt_amount_cents,
       payment_type_id, payment_type, debt_status, member_status, raw_json, fetched_at)
     VALUES (@memberId, @receivableId, @name, @dueDate, @originalDueDate, @daysLate, @debtAmountCents,
       @paymentTypeId, @paymentType, @debtStatus, @memberStatus, @raw, @fetchedAt)`,
  );
  db.transaction(() => {
    db.prepare('DELETE FROM debtors').run();
    for (const d of debtors) stmt.run({ ...d, raw: JSON.stringify(d.raw), fetchedAt });
  })();
}

export function countDebtors(db: Db): number {
  return db.prepare('SELECT count(*) FROM debtors').pluck().get() as number;
}

export interface DebtorRow {
  rowId: number;
  memberId: number | null;
  receivableId: number | null;
  name: string | null;
  dueDate: string | null;
  originalDueDate: string | null;
  daysLate: number | null;
  debtAmountCents: number | null;
  paymentTypeId: number | null;
  paymentType: string | null;
  memberStatus: string | null;
}

export const DEBTOR_SORTS = ['name', 'amount', 'daysLate', 'dueDate'] as const;
export type DebtorSort = (typeof DEBTOR_SORTS)[number];

export interface DebtorQuery {
  search?: string | undefined;
  minDaysLate?: number | undefined;
  paymentTypeIds?: number[] | undefined;
  memberStatus?: string | undefined;
  sort?: DebtorSort;
  dir?: 'asc' | 'desc';
}

const SORT_SQL: Record<DebtorSort, string> = {
  name: 'name COLLATE NOCASE',
  amount: 'debt_amount_cents',
  daysLate: 'days_late',
  dueDate: 'due_date',
};

/** Filtered, sorted debtors with their totals (count and amount of the filtered set). */
export function queryDebtors(db: Db, q: DebtorQuery = {}): { rows: DebtorRow[]; totalCents: number } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (q.search?.trim()) {
    // SQLite's lower() only folds ASCII; names are matched on the folded form computed here instead.
    where.push('(quita_fold(name) LIKE ? OR CAST(member_id AS TEXT) = ?)');
    params.push(`%${fold(q.search)}%`, q.search.trim());
  }
  if (q.minDaysLate !== undefined) {
    where.push('days_late >= ?');
    params.push(q.minDaysLate);
  }
  if (q.paymentTypeIds?.length) {
    where.push(`payment_type_id IN (${q.paymentTypeIds.map(() => '?').join(',')})`);
    params.push(...q.paymentTypeIds);
  }
  if (q.memberStatus) {
    where.push('member_status = ?');
    params.push(q.memberStatus);
  }
  registerFold(db);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = `${SORT_SQL[q.sort ?? 'daysLate']} ${q.dir === 'asc' ? 'ASC' : 'DESC'}, row_id`;
  const rows = db
    .prepare(
      `SELECT row_id AS rowId, member_id AS memberId, receivable_id AS receivableId, name, due_date AS dueDate,
         original_due_date AS originalDueDate, days_late AS daysLate, debt_amount_cents AS debtAmountCents,
         payment_type_id AS paymentTypeId, payment_type AS paymentType, member_status AS memberStatus
       FROM debtors ${clause} ORDER BY ${order}`,
    )
    .all(...params) as DebtorRow[];
  const totalCents = rows.reduce((s, r) => s + (r.debtAmountCents ?? 0), 0);
  return { rows, totalCents };
}

const folded = new WeakSet<Db>();
function registerFold(db: Db): void {
  if (folded.has(db)) return;
  db.function('quita_fold', { deterministic: true }, (s: unknown) =>
    typeof s === 'string' ? fold(s) : null,
  );
  folded.add(db);
}
