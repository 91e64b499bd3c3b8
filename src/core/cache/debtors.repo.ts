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
