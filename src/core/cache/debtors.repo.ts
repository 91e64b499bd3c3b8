import { fold } from '../api/normalize';
import type { ApiDebtor } from '../api/schemas';
import type { Db } from '../db/open-db';

/** Display order for names: "Pará, Paraíba, Paraná", "São Paulo, Sergipe" (not by character code). */
export const ptBR = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Debtors are a snapshot: each sync replaces the whole list in one transaction. */
export function replaceDebtors(db: Db, debtors: ApiDebtor[], fetchedAt: string): void {
  const stmt = db.prepare(
    `INSERT INTO debtors (member_id, receivable_id, name, due_date, original_due_date, days_late, debt_amount_cents,
       payment_type_id, payment_type, debt_status, member_status, branch_id, raw_json, fetched_at)
     VALUES (@memberId, @receivableId, @name, @dueDate, @originalDueDate, @daysLate, @debtAmountCents,
       @paymentTypeId, @paymentType, @debtStatus, @memberStatus, @branchId, @raw, @fetchedAt)`,
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
  branchId?: number | undefined;
  sort?: DebtorSort;
  dir?: 'asc' | 'desc';
}

const SORT_SQL: Record<DebtorSort, string> = {
  // Names are ordered again in JS with the pt-BR collation (SQLite's NOCASE puts "São" after "Se").
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
  // [V] A network: one branch's debtors (their `branchId`).
  if (q.branchId !== undefined) {
    where.push('branch_id = ?');
    params.push(q.branchId);
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
  if ((q.sort ?? 'daysLate') === 'name') {
    const sign = q.dir === 'asc' ? 1 : -1;
    rows.sort((a, b) => sign * ptBR.compare(a.name ?? '', b.name ?? '') || a.rowId - b.rowId);
  }
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

export interface DebtorMember {
  key: string;
  memberId: number | null;
  name: string | null;
  memberStatus: string | null;
  debtCount: number;
  totalCents: number;
  maxDaysLate: number | null;
  oldestDueDate: string | null;
  paymentTypes: string[];
  debts: DebtorRow[];
  notifiedAt: string | null;
  notifiedState: 'queued' | 'sending' | 'sent' | 'failed' | 'unknown' | 'held' | null;
}

type Notified = Pick<DebtorMember, 'notifiedAt' | 'notifiedState'>;

/**
 * The latest notification queued or sent to each of these members since `since` (an ISO instant: the start
 * of today in Brasília), from the notification queue; a failed one counts only when nothing else was.
 */
export function notifiedSince(db: Db, memberIds: number[], since: string): Map<number, Notified> {
  const out = new Map<number, Notified>();
  if (!memberIds.length) return out;
  const rows = db
    .prepare(
      `SELECT member_id AS memberId, state, COALESCE(sent_at, queued_at, created_at) AS at
       FROM notification_queue
       WHERE member_id IN (SELECT value FROM json_each(?)) AND COALESCE(sent_at, queued_at, created_at) >= ?
       ORDER BY at`,
    )
    .all(JSON.stringify(memberIds), since) as {
    memberId: number;
    state: NonNullable<Notified['notifiedState']>;
    at: string;
  }[];
  for (const r of rows) {
    const prev = out.get(r.memberId);
    if (r.state === 'failed' && prev && prev.notifiedState !== 'failed') continue;
    out.set(r.memberId, { notifiedAt: r.at, notifiedState: r.state });
  }
  return out;
}

/** One entry per member (debts without a member id stay alone), in the order asked for. */
export function groupDebtors(
  rows: DebtorRow[],
  q: Pick<DebtorQuery, 'sort' | 'dir'> = {},
  notified: Map<number, Notified> = new Map(),
): DebtorMember[] {
  const groups = new Map<string, DebtorMember>();
  for (const r of rows) {
    const key = r.memberId === null ? `r${r.rowId}` : `m${r.memberId}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        key,
        memberId: r.memberId,
        name: r.name,
        memberStatus: r.memberStatus,
        debtCount: 0,
        totalCents: 0,
        maxDaysLate: null,
        oldestDueDate: null,
        paymentTypes: [],
        debts: [],
        notifiedAt: (r.memberId !== null ? notified.get(r.memberId)?.notifiedAt : null) ?? null,
        notifiedState: (r.memberId !== null ? notified.get(r.memberId)?.notifiedState : null) ?? null,
      };
      groups.set(key, g);
    }
    g.debts.push(r);
    g.debtCount++;
    g.totalCents += r.debtAmountCents ?? 0;
    g.name ??= r.name;
    g.memberStatus ??= r.memberStatus;
    if (r.daysLate !== null && (g.maxDaysLate === null || r.daysLate > g.maxDaysLate))
      g.maxDaysLate = r.daysLate;
    if (r.dueDate !== null && (g.oldestDueDate === null || r.dueDate < g.oldestDueDate))
      g.oldestDueDate = r.dueDate;
    if (r.paymentType && !g.paymentTypes.includes(r.paymentType)) g.paymentTypes.push(r.paymentType);
  }
  const members = [...groups.values()];
  for (const m of members)
    m.debts.sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '') || a.rowId - b.rowId);
  const sign = q.dir === 'asc' ? 1 : -1;
  const nulls = (a: number | string | null, b: number | string | null, cmp: () => number) =>
    a === null ? (b === null ? 0 : 1) : b === null ? -1 : cmp();
  const by: Record<DebtorSort, (a: DebtorMember, b: DebtorMember) => number> = {
    name: (a, b) => sign * ptBR.compare(a.name ?? '', b.name ?? ''),
    amount: (a, b) => sign * (a.totalCents - b.totalCents),
    daysLate: (a, b) => nulls(a.maxDaysLate, b.maxDaysLate, () => sign * (a.maxDaysLate! - b.maxDaysLate!)),
    dueDate: (a, b) =>
      nulls(a.oldestDueDate, b.oldestDueDate, () => sign * a.oldestDueDate!.localeCompare(b.oldestDueDate!)),
  };
  const order = by[q.sort ?? 'daysLate'];
  return members.sort(
    (a, b) => order(a, b) || ptBR.compare(a.name ?? '', b.name ?? '') || a.key.localeCompare(b.key),
  );
}

/** The member statuses the cached debtors carry (for the filter's choices). */
export function distinctMemberStatuses(db: Db): string[] {
  return db
    .prepare('SELECT DISTINCT member_status FROM debtors WHERE member_status IS NOT NULL')
    .pluck()
    .all() as string[];
}

/** What the debtors cache knows of each member: name, total owed, earliest due date, most days late. */
export function memberFacts(
  db: Db,
  memberIds: number[],
): Map<
  number,
  { name: string | null; amountCents: number | null; dueDate: string | null; daysLate: number | null }
> {
  const rows = db
    .prepare(
      `SELECT member_id AS memberId, max(name) AS name, sum(debt_amount_cents) AS amountCents,
              min(due_date) AS dueDate, max(days_late) AS daysLate
         FROM debtors WHERE member_id IN (SELECT value FROM json_each(?)) GROUP BY member_id`,
    )
    .all(JSON.stringify(memberIds)) as {
    memberId: number;
    name: string | null;
    amountCents: number | null;
    dueDate: string | null;
    daysLate: number | null;
  }[];
  return new Map(rows.map(({ memberId, ...facts }) => [memberId, facts]));
}
