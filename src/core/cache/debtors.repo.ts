import { fold } from '../api/normalize';
import type { ApiDebtor } from '../api/schemas';
import { sql } from 'kysely';
import { inIds, slices, type Tx } from '../store/store';
import { notificationsSince } from '../notify/notify.repo';

/** Display order for names: "Pará, Paraíba, Paraná", "São Paulo, Sergipe" (not by character code). */
export const ptBR = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Debtors are a snapshot: each sync replaces the whole list, in the caller's transaction. */
export async function replaceDebtors(tx: Tx, debtors: ApiDebtor[], fetchedAt: string): Promise<void> {
  await tx.deleteFrom('debtors').execute();
  for (const slice of slices(debtors, 500))
    await tx
      .insertInto('debtors')
      .values(
        slice.map((d) => ({
          member_id: d.memberId,
          receivable_id: d.receivableId,
          name: d.name,
          search: d.name === null ? null : fold(d.name),
          due_date: d.dueDate,
          original_due_date: d.originalDueDate,
          days_late: d.daysLate,
          debt_amount_cents: d.debtAmountCents,
          payment_type_id: d.paymentTypeId,
          payment_type: d.paymentType,
          debt_status: d.debtStatus,
          member_status: d.memberStatus,
          branch_id: d.branchId,
          raw_json: JSON.stringify(d.raw),
          fetched_at: fetchedAt,
        })),
      )
      .execute();
}

export async function countDebtors(tx: Tx): Promise<number> {
  const { n } = await tx
    .selectFrom('debtors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return n;
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

const SORT_COLUMN = {
  // Names are ordered again in JS with the pt-BR collation (no database orders "São" before "Se" as a clerk does).
  name: 'name',
  amount: 'debt_amount_cents',
  daysLate: 'days_late',
  dueDate: 'due_date',
} as const satisfies Record<DebtorSort, string>;

/** Filtered, sorted debtors with their totals (count and amount of the filtered set). */
export async function queryDebtors(
  tx: Tx,
  q: DebtorQuery = {},
): Promise<{ rows: DebtorRow[]; totalCents: number }> {
  let query = tx
    .selectFrom('debtors')
    .select([
      'row_id as rowId',
      'member_id as memberId',
      'receivable_id as receivableId',
      'name',
      'due_date as dueDate',
      'original_due_date as originalDueDate',
      'days_late as daysLate',
      'debt_amount_cents as debtAmountCents',
      'payment_type_id as paymentTypeId',
      'payment_type as paymentType',
      'member_status as memberStatus',
    ]);
  const search = q.search?.trim();
  if (search) {
    // Names are matched on their folded form (accents and case), stored beside them; a number is a member id.
    const like = `%${fold(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`search`, 'like', sql<string>`${like} escape '\\'`),
        eb(sql<string>`cast(member_id as text)`, '=', search),
      ]),
    );
  }
  if (q.minDaysLate !== undefined) query = query.where('days_late', '>=', q.minDaysLate);
  if (q.paymentTypeIds?.length) query = query.where('payment_type_id', 'in', q.paymentTypeIds);
  if (q.memberStatus) query = query.where('member_status', '=', q.memberStatus);
  // [V] A network: one branch's debtors (their `branchId`).
  if (q.branchId !== undefined) query = query.where('branch_id', '=', q.branchId);
  const rows = await query
    .orderBy(SORT_COLUMN[q.sort ?? 'daysLate'], q.dir === 'asc' ? 'asc' : 'desc')
    .orderBy('row_id')
    .execute();
  if ((q.sort ?? 'daysLate') === 'name') {
    const sign = q.dir === 'asc' ? 1 : -1;
    rows.sort((a, b) => sign * ptBR.compare(a.name ?? '', b.name ?? '') || a.rowId - b.rowId);
  }
  const totalCents = rows.reduce((s, r) => s + (r.debtAmountCents ?? 0), 0);
  return { rows, totalCents };
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
export async function notifiedSince(
  tx: Tx,
  memberIds: number[],
  since: string,
): Promise<Map<number, Notified>> {
  const out = new Map<number, Notified>();
  for (const r of await notificationsSince(tx, memberIds, since)) {
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
export async function distinctMemberStatuses(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectFrom('debtors')
    .select('member_status')
    .distinct()
    .where('member_status', 'is not', null)
    .execute();
  // Sorted here: PostgreSQL orders a DISTINCT only by what it selects, and a collation there is not SQLite's.
  return rows.map((r) => r.member_status!).sort();
}

/** What the debtors cache knows of each member: name, total owed, earliest due date, most days late. */
export async function memberFacts(
  tx: Tx,
  memberIds: number[],
): Promise<
  Map<
    number,
    { name: string | null; amountCents: number | null; dueDate: string | null; daysLate: number | null }
  >
> {
  const rows = await tx
    .selectFrom('debtors')
    .select((eb) => [
      'member_id as memberId',
      eb.fn.max('name').as('name'),
      eb.fn.sum<number | null>('debt_amount_cents').as('amountCents'),
      eb.fn.min('due_date').as('dueDate'),
      eb.fn.max('days_late').as('daysLate'),
    ])
    .where(inIds(tx, 'member_id', memberIds))
    .groupBy('member_id')
    .execute();
  // PostgreSQL's sum of bigints is numeric, which arrives as text.
  return new Map(
    rows.map(({ memberId, amountCents, ...facts }) => [
      memberId!,
      { ...facts, amountCents: amountCents === null ? null : Number(amountCents) },
    ]),
  );
}
