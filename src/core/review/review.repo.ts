import type { Db } from '../db/open-db';
import { currentPlanId } from '../matching/current-plan.repo';

/** The only SQL of the review workflow (approve, reject, override, learned names). Callers own the transaction. */

export interface ReviewMatch {
  id: number;
  lineId: number;
  state: string;
  /** Moves with every change of the match (migration 019): compared with the version the clerk saw. */
  version: number;
  zone: string;
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
  receivablesFor(db: Db, q: ReceivableFilter): FoundReceivable[] {
    const where = [`r.status_id IN (${q.statuses.map(() => '?').join(',')})`];
    const params: (string | number)[] = [...q.statuses];
    if (q.amountCents !== undefined) {
      where.push('r.amount_cents = ?');
      params.push(q.amountCents);
    }
    if (q.dueFrom) {
      where.push('r.due_date >= ?');
      params.push(q.dueFrom);
    }
    if (q.dueTo) {
      where.push('r.due_date <= ?');
      params.push(q.dueTo);
    }
    if (q.paymentTypeIds?.length) {
      where.push(`r.payment_type_id IN (${q.paymentTypeIds.map(() => '?').join(',')})`);
      params.push(...q.paymentTypeIds);
    }
    return db
      .prepare(
        `SELECT r.id, r.payer_name AS payerName, r.description, r.amount_cents AS amountCents, r.due_date AS dueDate,
           r.payment_type_id AS paymentTypeId, r.status_id AS statusId,
           (SELECT m.line_id FROM match_items i JOIN matches m ON m.id = i.match_id
             WHERE i.receivable_id = r.id AND i.active = 1 LIMIT 1) AS heldByLineId
         FROM receivables r WHERE ${where.join(' AND ')} ORDER BY r.due_date DESC, r.id`,
      )
      .all(...params) as FoundReceivable[];
  },

  /**
   * A match as a decision needs it, read inside the decision's transaction: what is checked (its version, state,
   * receivables, queued ones) is what is then written. SQLite: the review takes its transaction IMMEDIATE, so no
   * other connection writes between this read and the write. PostgreSQL: add `FOR UPDATE OF m` to this statement
   * (the one-line change), so a second clerk's transaction waits here for the first one's commit and then reads
   * the version it wrote (docs/concurrency.md).
   */
  match: (db: Db, id: number) =>
    db
      .prepare(
        `SELECT m.id, m.line_id AS lineId, m.state, m.version, m.zone,
           (SELECT count(*) FROM match_items i WHERE i.match_id = m.id) AS items,
           (SELECT count(*) FROM match_items i JOIN outbox_items o ON o.receivable_id = i.receivable_id
            WHERE i.match_id = m.id) AS queued
         FROM matches m WHERE m.id = ?`,
      )
      .get(id) as ReviewMatch | undefined,

  /** Moves a match to a review state; leaving "set aside" forgets why (aside.repo.ts sets a line aside). */
  setState: (db: Db, id: number, state: string, at: string) =>
    db
      .prepare(
        `UPDATE matches SET state = ?, updated_at = ?, aside_reason = NULL, aside_note = NULL, aside_rule_id = NULL,
           version = version + 1
         WHERE id = ?`,
      )
      .run(state, at, id),

  /**
   * The match changed in a way its columns may not show (an override choosing other receivables with the same
   * score): its version moves all the same.
   */
  bumpVersion: (db: Db, id: number) =>
    db.prepare('UPDATE matches SET version = version + 1 WHERE id = ?').run(id),

  /**
   * Who last changed a line, and when: the newest audit entry about it (`line:<id>`), or about its statement
   * (`statement:<id>`: a re-run of matching replacing its suggestion). Newest first by `seq`, so the walk stops
   * at the first hit, which is recent when it is a conflict (no index on `subject` needed for that).
   */
  lastChangeOfLine: (db: Db, lineId: number) =>
    db
      .prepare(
        `SELECT actor, at FROM audit_log
         WHERE subject = ?
            OR subject = (SELECT 'statement:' || l.statement_id FROM statement_lines l WHERE l.id = ?)
         ORDER BY seq DESC LIMIT 1`,
      )
      .get(`line:${lineId}`, lineId) as { actor: string; at: string } | undefined,

  dropItems: (db: Db, matchId: number) =>
    db.prepare('DELETE FROM match_items WHERE match_id = ?').run(matchId),

  /** The green suggestions of a statement's current plan, not yet reviewed. */
  greenSuggestions(db: Db, statementId: number): number[] {
    const plan = currentPlanId(db, statementId);
    if (plan === undefined) return [];
    return db
      .prepare(`SELECT id FROM matches WHERE plan_id = ? AND zone = 'green' AND state = 'suggested'`)
      .pluck()
      .all(plan) as number[];
  },

  /** Receivables of a line (in any plan) already in the outbox. */
  queuedOfLine: (db: Db, lineId: number) =>
    db
      .prepare(
        `SELECT count(*) FROM matches m JOIN match_items i ON i.match_id = m.id
           JOIN outbox_items o ON o.receivable_id = i.receivable_id
         WHERE m.line_id = ?`,
      )
      .pluck()
      .get(lineId) as number,

  /** The line's match in its newest plan (for the audit's "before"). */
  latestMatchOfLine: (db: Db, lineId: number) =>
    db
      .prepare('SELECT m.id, m.state FROM matches m WHERE m.line_id = ? ORDER BY m.plan_id DESC LIMIT 1')
      .get(lineId) as { id: number; state: string } | undefined,

  /** The line's match in its newest plan, as a decision on it checks it (see `match` for PostgreSQL's lock). */
  lineMatch: (db: Db, lineId: number) =>
    db
      .prepare(
        `SELECT m.id, m.state, m.version, m.score, m.zone FROM matches m WHERE m.line_id = ?
         ORDER BY m.plan_id DESC LIMIT 1`,
      )
      .get(lineId) as
      | { id: number; state: string; version: number; score: number; zone: 'green' | 'yellow' | 'red' }
      | undefined,

  /** Rewrites a clerk's choice's score and reasons (when nothing was learned from it). */
  rescore: (db: Db, matchId: number, s: { score: number; zone: string; reasonsJson: string }) =>
    db
      .prepare('UPDATE matches SET score = ?, zone = ?, reasons_json = ? WHERE id = ?')
      .run(s.score, s.zone, s.reasonsJson, matchId),

  aliasesOfKey: (db: Db, payerKey: string) =>
    db.prepare('SELECT id, times_used, payer_name FROM aliases WHERE payer_key = ?').all(payerKey) as {
      id: number;
      times_used: number;
      payer_name: string | null;
    }[],

  restoreAlias: (db: Db, a: { id: number; times_used: number; payer_name: string | null }) =>
    db
      .prepare('UPDATE aliases SET times_used = ?, payer_name = ? WHERE id = ?')
      .run(a.times_used, a.payer_name, a.id),

  deleteAlias: (db: Db, id: number) => db.prepare('DELETE FROM aliases WHERE id = ?').run(id),

  /** Learned names, newest first, with the member's name as the cache knows it. */
  aliases: (db: Db) =>
    db
      .prepare(
        `SELECT a.id, a.payer_key AS payerKey, a.payer_name AS payerText, a.member_id AS memberId,
           (SELECT r.payer_name FROM receivables r WHERE r.member_id = a.member_id AND r.payer_name IS NOT NULL
            ORDER BY r.due_date DESC LIMIT 1) AS memberName,
           a.learned_at AS learnedAt, a.times_used AS timesUsed
         FROM aliases a ORDER BY a.learned_at DESC, a.id DESC`,
      )
      .all() as AliasRow[],

  alias: (db: Db, id: number) =>
    db
      .prepare(
        `SELECT id, payer_key AS payerKey, payer_name AS payerText, member_id AS memberId, learned_at AS learnedAt,
           times_used AS timesUsed FROM aliases WHERE id = ?`,
      )
      .get(id) as Omit<AliasRow, 'memberName'> | undefined,
};
