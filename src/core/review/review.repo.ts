import { sql } from 'kysely';
import { currentPlanOf } from '../matching/current-plan.repo';
import { inIds, locksRows, type Tx } from '../store/store';

/** The only SQL of the review workflow (approve, reject, override, learned names). Callers own the transaction. */

export interface ReviewMatch {
  id: number;
  lineId: number;
  state: string;
  /** Moves with every change of the match (migration 019): compared with the version the clerk saw. */
  version: number;
  zone: string;
  /** Why it is set aside (a set-aside keeps the same reason as a no-op), or null. */
  asideReason: string | null;
  /** Receivables the match holds. */
  items: number;
  /** Of them, already in the outbox (queued or sent): the match cannot change any more. */
  queued: number;
}

export interface AliasRow {
  id: number;
  payerKey: string;
  payerText: string | null;
  memberId: number;
  memberName: string | null;
  learnedAt: string;
  timesUsed: number;
}

export interface FoundReceivable {
  id: number;
  payerName: string | null;
  description: string | null;
  amountCents: number;
  dueDate: string | null;
  paymentTypeId: number | null;
  statusId: number;
  heldByLineId: number | null;
}

/** The filters of the manual picker's search that SQL applies (the text is scored in receivable-search.ts). */
export interface ReceivableFilter {
  amountCents?: number | undefined;
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
  paymentTypeIds?: number[] | undefined;
  statuses: number[];
}

export const reviewRepo = {
  /** Cached receivables passing the filter, with the line holding each (an active match item), latest due first. */
  async receivablesFor(tx: Tx, q: ReceivableFilter): Promise<FoundReceivable[]> {
    let query = tx
      .selectFrom('receivables as r')
      .select([
        'r.id',
        'r.payer_name as payerName',
        'r.description',
        'r.amount_cents as amountCents',
        'r.due_date as dueDate',
        'r.payment_type_id as paymentTypeId',
        'r.status_id as statusId',
        sql<number | null>`(SELECT m.line_id FROM match_items i JOIN matches m ON m.id = i.match_id
          WHERE i.receivable_id = r.id AND i.active = 1 LIMIT 1)`.as('heldByLineId'),
      ])
      .where('r.status_id', 'in', q.statuses);
    if (q.amountCents !== undefined) query = query.where('r.amount_cents', '=', q.amountCents);
    if (q.dueFrom) query = query.where('r.due_date', '>=', q.dueFrom);
    if (q.dueTo) query = query.where('r.due_date', '<=', q.dueTo);
    if (q.paymentTypeIds?.length) query = query.where('r.payment_type_id', 'in', q.paymentTypeIds);
    // NULLs last when descending, as SQLite orders them.
    return query
      .orderBy(sql`r.due_date IS NULL`)
      .orderBy('r.due_date', 'desc')
      .orderBy('r.id')
      .execute();
  },

  /**
   * A match as a decision needs it, read inside the decision's transaction: what is checked (its version, state,
   * receivables, queued ones) is what is then written. SQLite: the review's write transaction is IMMEDIATE, so no
   * other connection writes between this read and the write. PostgreSQL: `FOR UPDATE OF m`, so a second clerk's
   * transaction waits here for the first one's commit and then reads the version it wrote (docs/concurrency.md).
   */
  async match(tx: Tx, id: number): Promise<ReviewMatch | undefined> {
    const q = tx
      .selectFrom('matches as m')
      .select([
        'm.id',
        'm.line_id as lineId',
        'm.state',
        'm.version',
        'm.zone',
        'm.aside_reason as asideReason',
        sql<number>`(SELECT count(*) FROM match_items i WHERE i.match_id = m.id)`.as('items'),
        sql<number>`(SELECT count(*) FROM match_items i JOIN outbox_items o ON o.receivable_id = i.receivable_id
          WHERE i.match_id = m.id)`.as('queued'),
      ])
      .where('m.id', '=', id);
    const row = await (locksRows(tx) ? q.forUpdate('m') : q).executeTakeFirst();
    // PostgreSQL's count(*) is a bigint (read as a number by the Store); SQLite's an integer.
    return row && { ...row, items: Number(row.items), queued: Number(row.queued) };
  },

  /**
   * PostgreSQL, in a write transaction: lock these matches (`FOR UPDATE`) all at once and in id order, before a
   * batch reads and changes them one by one. Locked one at a time in the clerk's order, two batches sharing lines
   * (and the audit chain's lock each takes after its first change) could each wait for the other: PostgreSQL would
   * end one with a deadlock. SQLite: nothing to do, the write transaction is exclusive.
   */
  async lockMatches(tx: Tx, ids: readonly number[]): Promise<void> {
    if (!locksRows(tx) || ids.length === 0) return;
    await tx
      .selectFrom('matches')
      .select('id')
      .where(inIds(tx, 'id', ids))
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  /** Moves a match to a review state; leaving "set aside" forgets why (aside.repo.ts sets a line aside). */
  async setState(tx: Tx, id: number, state: string, at: string): Promise<void> {
    await tx
      .updateTable('matches')
      .set((eb) => ({
        state,
        updated_at: at,
        aside_reason: null,
        aside_note: null,
        aside_rule_id: null,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
  },

  /**
   * The match changed in a way its columns may not show (an override choosing other receivables with the same
   * score): its version moves all the same.
   */
  async bumpVersion(tx: Tx, id: number): Promise<void> {
    await tx
      .updateTable('matches')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  },

  /**
   * Who last changed a line, and when: the newest audit entry about it (`line:<id>`), or about its statement
   * (`statement:<id>`: a re-run of matching replacing its suggestion). Newest first by `seq`, so the walk stops
   * at the first hit, which is recent when it is a conflict (no index on `subject` needed for that).
   */
  lastChangeOfLine: (tx: Tx, lineId: number): Promise<{ actor: string; at: string } | undefined> =>
    tx
      .selectFrom('audit_log')
      .select(['actor', 'at'])
      .where((eb) =>
        eb.or([
          eb('subject', '=', `line:${lineId}`),
          eb(
            'subject',
            '=',
            eb
              .selectFrom('statement_lines as l')
              .select(sql<string>`'statement:' || l.statement_id`.as('s'))
              .where('l.id', '=', lineId),
          ),
        ]),
      )
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst(),

  async dropItems(tx: Tx, matchId: number): Promise<void> {
    await tx.deleteFrom('match_items').where('match_id', '=', matchId).execute();
  },

  /** The green suggestions of a statement's current plan, not yet reviewed. */
  async greenSuggestions(tx: Tx, statementId: number): Promise<number[]> {
    const rows = await tx
      .selectFrom('matches as m')
      .innerJoin('match_plans as p', 'p.id', 'm.plan_id')
      .select('m.id')
      .where('p.statement_id', '=', statementId)
      .where(sql.raw<boolean>(currentPlanOf('p')))
      .where('m.zone', '=', 'green')
      .where('m.state', '=', 'suggested')
      .orderBy('m.id')
      .execute();
    return rows.map((r) => r.id);
  },

  /** Receivables of a line (in any plan) already in the outbox. */
  async queuedOfLine(tx: Tx, lineId: number): Promise<number> {
    const { n } = await tx
      .selectFrom('matches as m')
      .innerJoin('match_items as i', 'i.match_id', 'm.id')
      .innerJoin('outbox_items as o', 'o.receivable_id', 'i.receivable_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.line_id', '=', lineId)
      .executeTakeFirstOrThrow();
    return Number(n);
  },

  /** The line's match in its newest plan (for the audit's "before"). */
  latestMatchOfLine: (tx: Tx, lineId: number): Promise<{ id: number; state: string } | undefined> =>
    tx
      .selectFrom('matches')
      .select(['id', 'state'])
      .where('line_id', '=', lineId)
      .orderBy('plan_id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** The line's match in its newest plan, as a decision on it checks it (see `match` for PostgreSQL's lock). */
  async lineMatch(
    tx: Tx,
    lineId: number,
  ): Promise<
    | { id: number; state: string; version: number; score: number; zone: 'green' | 'yellow' | 'red' }
    | undefined
  > {
    const q = tx
      .selectFrom('matches')
      .select(['id', 'state', 'version', 'score', sql<'green' | 'yellow' | 'red'>`zone`.as('zone')])
      .where('line_id', '=', lineId)
      .orderBy('plan_id', 'desc')
      .limit(1);
    return (locksRows(tx) ? q.forUpdate() : q).executeTakeFirst();
  },

  /** Rewrites a clerk's choice's score and reasons (when nothing was learned from it). */
  async rescore(
    tx: Tx,
    matchId: number,
    s: { score: number; zone: string; reasonsJson: string },
  ): Promise<void> {
    await tx
      .updateTable('matches')
      .set({ score: s.score, zone: s.zone, reasons_json: s.reasonsJson })
      .where('id', '=', matchId)
      .execute();
  },

  aliasesOfKey: (tx: Tx, payerKey: string) =>
    tx
      .selectFrom('aliases')
      .select(['id', 'times_used', 'payer_name'])
      .where('payer_key', '=', payerKey)
      .orderBy('id')
      .execute(),

  async restoreAlias(
    tx: Tx,
    a: { id: number; times_used: number; payer_name: string | null },
  ): Promise<void> {
    await tx
      .updateTable('aliases')
      .set({ times_used: a.times_used, payer_name: a.payer_name })
      .where('id', '=', a.id)
      .execute();
  },

  async deleteAlias(tx: Tx, id: number): Promise<void> {
    await tx.deleteFrom('aliases').where('id', '=', id).execute();
  },

  /** Learned names, newest first, with the member's name as the cache knows it. */
  aliases: (tx: Tx): Promise<AliasRow[]> =>
    tx
      .selectFrom('aliases as a')
      .select([
        'a.id',
        'a.payer_key as payerKey',
        'a.payer_name as payerText',
        'a.member_id as memberId',
        sql<string | null>`(SELECT r.payer_name FROM receivables r
          WHERE r.member_id = a.member_id AND r.payer_name IS NOT NULL
          ORDER BY r.due_date IS NULL, r.due_date DESC LIMIT 1)`.as('memberName'),
        'a.learned_at as learnedAt',
        'a.times_used as timesUsed',
      ])
      .orderBy('a.learned_at', 'desc')
      .orderBy('a.id', 'desc')
      .execute(),

  alias: (tx: Tx, id: number): Promise<Omit<AliasRow, 'memberName'> | undefined> =>
    tx
      .selectFrom('aliases')
      .select([
        'id',
        'payer_key as payerKey',
        'payer_name as payerText',
        'member_id as memberId',
        'learned_at as learnedAt',
        'times_used as timesUsed',
      ])
      .where('id', '=', id)
      .executeTakeFirst(),
};
