import { ACCOUNT_STATUS } from '../../shared/constants';
import { storeOfDb } from '../store/sqlite-store';
import type { BranchScope } from '../../shared/contract/branches';
import { accountInScope } from '../branches/branches';
import type { Db } from '../db/open-db';
import { currentPlanOf } from '../matching/current-plan.repo';
import { todayInBrasilia } from '../sync/dates';
import type { ApprovedPair } from './outbox.repo';

/**
 * Approved pairs not yet in the outbox, from the current plan of every statement: the receivables of each
 * approved match, into the statement's bank account. What the clerk reviewed is exactly what is sent.
 */
export function approvedNotQueued(db: Db): ApprovedPair[] {
  return db
    .prepare(
      `SELECT i.receivable_id AS receivableId, s.bank_account_id AS bankAccountId, i.amount_cents AS amountCents,
         m.id AS matchId, m.line_id AS lineId
       FROM matches m
       JOIN match_plans p ON p.id = m.plan_id
       JOIN statements s ON s.id = p.statement_id
       JOIN match_items i ON i.match_id = m.id AND i.active = 1
       WHERE m.state = 'approved'
         AND ${currentPlanOf('p')}
         AND NOT EXISTS (SELECT 1 FROM outbox_items o WHERE o.receivable_id = i.receivable_id)
         -- Never mark again what the API already has as received, cancelled or conciliated (as last synced).
         AND NOT EXISTS (SELECT 1 FROM receivables r WHERE r.id = i.receivable_id
                           AND (r.status_id NOT IN (${ACCOUNT_STATUS.open}, ${ACCOUNT_STATUS.overdue})
                                OR coalesce(r.conciliated, 0) = 1))
       ORDER BY s.bank_account_id, m.line_id, i.receivable_id`,
    )
    .all() as ApprovedPair[];
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
function accountNames(db: Db): Map<number, string> {
  const rows = db.prepare('SELECT id, description FROM bank_accounts').all() as {
    id: number;
    description: string;
  }[];
  return new Map(rows.map((a) => [a.id, a.description]));
}

/** Who and what each pair marks: the cached receivable and the bank line it pays. */
function sendItems(db: Db, pairs: ApprovedPair[], names: Map<number, string>): SendItem[] {
  const rec = db.prepare(
    `SELECT payer_name AS payerName, description, due_date AS dueDate, amount_cents AS faceCents
     FROM receivables WHERE id = ?`,
  );
  const line = db.prepare(
    'SELECT date, amount_cents AS amountCents, description FROM statement_lines WHERE id = ?',
  );
  return pairs.map((p) => {
    const r = rec.get(p.receivableId) as
      | { payerName: string | null; description: string | null; dueDate: string | null; faceCents: number }
      | undefined;
    const l = (p.lineId == null ? undefined : line.get(p.lineId)) as
      { date: string; amountCents: number; description: string } | undefined;
    return {
      receivableId: p.receivableId,
      payerName: r?.payerName ?? null,
      description: r?.description ?? null,
      dueDate: r?.dueDate ?? null,
      amountCents: p.amountCents,
      faceCents: r?.faceCents ?? null,
      bankAccountId: p.bankAccountId,
      accountName: names.get(p.bankAccountId) ?? null,
      lineDate: l?.date ?? null,
      lineAmountCents: l?.amountCents ?? null,
      lineDescription: l?.description ?? null,
    };
  });
}

/** A batch opened: each receivable it marks (or marked), with the bank line it pays. */
export function batchItems(db: Db, batchId: number): SendItem[] {
  const names = accountNames(db);
  const pairs = db
    .prepare(
      `SELECT i.receivable_id AS receivableId, b.bank_account_id AS bankAccountId, i.amount_cents AS amountCents,
         i.match_id AS matchId, i.line_id AS lineId
       FROM outbox_items i JOIN outbox_batches b ON b.id = i.batch_id
       WHERE i.batch_id = ? ORDER BY i.receivable_id`,
    )
    .all(batchId) as ApprovedPair[];
  return sendItems(db, pairs, names);
}

/** The bank date of each statement line, for the lines given. */
function lineDates(db: Db, lineIds: number[]): Map<number, string> {
  if (lineIds.length === 0) return new Map();
  const rows = db
    .prepare('SELECT id, date FROM statement_lines WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(lineIds)) as { id: number; date: string }[];
  return new Map(rows.map((r) => [r.id, r.date]));
}

/** What "Marcar como pagos" would send, per bank account, and which bank dates the EVO will not keep. */
export async function sendPreview(db: Db, now = new Date(), branch?: BranchScope): Promise<SendPreview> {
  const names = accountNames(db);
  const inScope = await storeOfDb(db).read((tx) => accountInScope(tx, branch));
  const pairs = approvedNotQueued(db).filter((p) => inScope(p.bankAccountId));
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
  const dates = lineDates(db, [...new Set(pairs.flatMap((p) => (p.lineId == null ? [] : [p.lineId])))]);
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
    items: sendItems(db, pairs.slice(0, SEND_ITEMS_SHOWN), names),
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
