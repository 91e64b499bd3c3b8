import { sql } from 'kysely';
import { ACCOUNT_STATUS } from '../../shared/constants';
import type { BranchScope } from '../../shared/contract/branches';
import { accountInScope } from '../branches/branches';
import { currentPlanOf } from '../matching/current-plan.repo';
import { inIds, type Store, type Tx } from '../store/store';
import { todayInBrasilia } from '../sync/dates';
import type { ApprovedPair } from './outbox.repo';

/**
 * Approved pairs not yet in the outbox, from the current plan of every statement: the receivables of each
 * approved match, into the statement's bank account. What the clerk reviewed is exactly what is sent.
 */
export async function approvedNotQueued(tx: Tx): Promise<ApprovedPair[]> {
  const { rows } = await sql<ApprovedPair>`SELECT i.receivable_id AS "receivableId",
         s.bank_account_id AS "bankAccountId", i.amount_cents AS "amountCents", m.id AS "matchId", m.line_id AS "lineId"
       FROM matches m
       JOIN match_plans p ON p.id = m.plan_id
       JOIN statements s ON s.id = p.statement_id
       JOIN match_items i ON i.match_id = m.id AND i.active = 1
       WHERE m.state = 'approved'
         AND ${sql.raw(currentPlanOf('p'))}
         AND NOT EXISTS (SELECT 1 FROM outbox_items o WHERE o.receivable_id = i.receivable_id)
         -- Never mark again what the API already has as received, cancelled or conciliated (as last synced).
         AND NOT EXISTS (SELECT 1 FROM receivables r WHERE r.id = i.receivable_id
                           AND (r.status_id NOT IN (${ACCOUNT_STATUS.open}, ${ACCOUNT_STATUS.overdue})
                                OR coalesce(r.conciliated, 0) = 1))
       ORDER BY s.bank_account_id, m.line_id, i.receivable_id`.execute(tx);
  return rows;
}

export interface SendGroup {
  bankAccountId: number;
  accountName: string | null;
  count: number;
  totalCents: number;
}

/**
 * Approved lines whose bank date is in a month before today's (Brasília): mark-received carries no date, the
 * EVO records the day of the request as the receiving date, so these end up received in another month.
 */
export interface PreviousMonths {
  /** Bank lines ("lançamentos") dated before the first day of this month. */
  lineCount: number;
  /** Receivables those lines pay (a line may pay several). */
  receivableCount: number;
  /** What will be marked received for them. */
  totalCents: number;
  /** Their months, `YYYY-MM`, oldest first. */
  months: string[];
}

/** One receivable "Marcar como pagos" would mark, with the bank line it pays, as the clerk checks it. */
export interface SendItem {
  receivableId: number;
  payerName: string | null;
  description: string | null;
  dueDate: string | null;
  /** What is marked paid: the receivable's share of the bank line (a card credit's net of the fee). */
  amountCents: number;
  /** The receivable's own value in the EVO (null when the cache no longer has it). */
  faceCents: number | null;
  /** [V] The account marked into (Enviar filters a network's items by its branch). */
  bankAccountId: number;
  accountName: string | null;
  lineDate: string | null;
  lineAmountCents: number | null;
  lineDescription: string | null;
}

/** At most this many items are listed (a morning's send is far smaller; the totals always cover all). */
export const SEND_ITEMS_SHOWN = 1000;

export interface SendPreview {
  items: SendItem[];
  groups: SendGroup[];
  count: number;
  totalCents: number;
  /** Today in Brasília, `YYYY-MM-DD`: the receiving date the EVO will record for everything sent now. */
  today: string;
  /** The oldest bank date among the lines to send, or null when there is nothing to send. */
  earliestBankDate: string | null;
  previousMonths: PreviousMonths;
}

/** Bank account names by id, as the cache knows them. */
async function accountNames(tx: Tx): Promise<Map<number, string>> {
  const rows = await tx.selectFrom('bank_accounts').select(['id', 'description']).orderBy('id').execute();
  return new Map(rows.map((a) => [Number(a.id), a.description]));
}

/** Who and what each pair marks: the cached receivable and the bank line it pays (two reads for the whole list). */
async function sendItems(tx: Tx, pairs: ApprovedPair[], names: Map<number, string>): Promise<SendItem[]> {
  const recIds = [...new Set(pairs.map((p) => p.receivableId))];
  const lineIds = [...new Set(pairs.flatMap((p) => (p.lineId == null ? [] : [p.lineId])))];
  const recs = new Map(
    (recIds.length === 0
      ? []
      : await tx
          .selectFrom('receivables')
          .select(['id', 'payer_name', 'description', 'due_date', 'amount_cents'])
          .where(inIds(tx, 'id', recIds))
          .orderBy('id')
          .execute()
    ).map((r) => [Number(r.id), r]),
  );
  const lines = new Map(
    (lineIds.length === 0
      ? []
      : await tx
          .selectFrom('statement_lines')
          .select(['id', 'date', 'amount_cents', 'description'])
          .where(inIds(tx, 'id', lineIds))
          .orderBy('id')
          .execute()
    ).map((l) => [Number(l.id), l]),
  );
  return pairs.map((p) => {
    const r = recs.get(p.receivableId);
    const l = p.lineId == null ? undefined : lines.get(p.lineId);
    return {
      receivableId: p.receivableId,
      payerName: r?.payer_name ?? null,
      description: r?.description ?? null,
      dueDate: r?.due_date ?? null,
      amountCents: p.amountCents,
      faceCents: r ? Number(r.amount_cents) : null,
      bankAccountId: p.bankAccountId,
      accountName: names.get(p.bankAccountId) ?? null,
      lineDate: l?.date ?? null,
      lineAmountCents: l ? Number(l.amount_cents) : null,
      lineDescription: l?.description ?? null,
    };
  });
}

/** A batch opened: each receivable it marks (or marked), with the bank line it pays. */
export async function batchItems(tx: Tx, batchId: number): Promise<SendItem[]> {
  const names = await accountNames(tx);
  const { rows: pairs } = await sql<ApprovedPair>`SELECT i.receivable_id AS "receivableId",
         b.bank_account_id AS "bankAccountId", i.amount_cents AS "amountCents", i.match_id AS "matchId",
         i.line_id AS "lineId"
       FROM outbox_items i JOIN outbox_batches b ON b.id = i.batch_id
       WHERE i.batch_id = ${batchId} ORDER BY i.receivable_id`.execute(tx);
  return sendItems(tx, pairs, names);
}

/** The bank date of each statement line, for the lines given. */
async function lineDates(tx: Tx, lineIds: number[]): Promise<Map<number, string>> {
  if (lineIds.length === 0) return new Map();
  const rows = await tx
    .selectFrom('statement_lines')
    .select(['id', 'date'])
    .where(inIds(tx, 'id', lineIds))
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.date]));
}

/**
 * What "Marcar como pagos" would send, per bank account, and which bank dates the EVO will not keep: one read
 * transaction of the Store.
 */
export async function sendPreview(
  store: Store,
  now = new Date(),
  branch?: BranchScope,
): Promise<SendPreview> {
  return store.read((tx) => sendPreviewIn(tx, now, branch));
}

/** {@link sendPreview} in the caller's transaction. */
export async function sendPreviewIn(tx: Tx, now = new Date(), branch?: BranchScope): Promise<SendPreview> {
  const names = await accountNames(tx);
  const inScope = await accountInScope(tx, branch);
  const pairs = (await approvedNotQueued(tx)).filter((p) => inScope(p.bankAccountId));
  const groups = new Map<number, SendGroup>();
  for (const p of pairs) {
    const g = groups.get(p.bankAccountId) ?? {
      bankAccountId: p.bankAccountId,
      accountName: names.get(p.bankAccountId) ?? null,
      count: 0,
      totalCents: 0,
    };
    g.count++;
    g.totalCents += p.amountCents;
    groups.set(p.bankAccountId, g);
  }

  const today = todayInBrasilia(now);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const dates = await lineDates(tx, [...new Set(pairs.flatMap((p) => (p.lineId == null ? [] : [p.lineId])))]);
  let earliestBankDate: string | null = null;
  const earlierLines = new Set<number>();
  const months = new Set<string>();
  let receivableCount = 0;
  let earlierCents = 0;
  for (const p of pairs) {
    const date = p.lineId == null ? undefined : dates.get(p.lineId);
    if (p.lineId == null || date === undefined) continue;
    if (earliestBankDate === null || date < earliestBankDate) earliestBankDate = date;
    if (date >= firstOfMonth) continue;
    earlierLines.add(p.lineId);
    months.add(date.slice(0, 7));
    receivableCount++;
    earlierCents += p.amountCents;
  }

  const list = [...groups.values()];
  return {
    items: await sendItems(tx, pairs.slice(0, SEND_ITEMS_SHOWN), names),
    groups: list,
    count: list.reduce((s, g) => s + g.count, 0),
    totalCents: list.reduce((s, g) => s + g.totalCents, 0),
    today,
    earliestBankDate,
    previousMonths: {
      lineCount: earlierLines.size,
      receivableCount,
      totalCents: earlierCents,
      months: [...months].sort(),
    },
  };
}
