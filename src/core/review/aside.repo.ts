import type { AsideReason, MatchState } from '../../shared/contract/matching';
import type { AsideRuleDto } from '../../shared/contract/review';
import type { Db } from '../db/open-db';
import type { AsideRule } from '../matching/aside-rules';
import { currentPlanOf } from '../matching/current-plan.repo';
import { inIds, type Tx } from '../store/store';

/** A credit line of a statement's current plan, as a rule's preview weighs it. */
export interface RuleLineRow {
  matchId: number;
  lineId: number;
  statementId: number;
  fileName: string;
  /** The statement as the clerk knows it ([T] item 5): its account's name and its days. */
  accountName: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  bankAccountId: number;
  date: string;
  amountCents: number;
  description: string;
  payerText: string | null;
  state: MatchState;
  asideRuleId: number | null;
  /** Receivables of its match already queued or sent to EVO. */
  queued: number;
  /** 1: it repeats a line of an earlier statement (`duplicate_import`); no rule looks at it. */
  twin: number;
}

/** What a rule is made of, as stored (matching/aside-rules.ts names it). */
type RuleFields = Omit<AsideRule, 'id'>;

/** The only SQL of set-aside lines and rules. Callers own the transaction. */
export const asideRepo = {
  /**
   * Rules as the engine applies them, oldest first (the first that catches a line wins). On the Store, as matching
   * reads it (the rest of this file is still synchronous, SQLite, until the set-aside domain moves too).
   */
  rules: (tx: Tx): Promise<AsideRule[]> =>
    tx
      .selectFrom('aside_rules')
      .select([
        'id',
        'pattern',
        'reason',
        'note',
        'bank_account_id as bankAccountId',
        'min_cents as minCents',
        'max_cents as maxCents',
      ])
      .orderBy('id')
      .execute() as Promise<AsideRule[]>,

  /** Rules as the clerk sees them, newest first. */
  list: (db: Db) =>
    db
      .prepare(
        `SELECT r.id, r.pattern, r.reason, r.note, r.bank_account_id AS bankAccountId,
           r.min_cents AS minCents, r.max_cents AS maxCents, a.description AS bankAccountName, r.created_at AS createdAt, r.last_applied_at AS lastAppliedAt,
           (SELECT count(*) FROM matches m WHERE m.aside_rule_id = r.id AND m.state = 'set_aside') AS timesApplied
         FROM aside_rules r LEFT JOIN bank_accounts a ON a.id = r.bank_account_id ORDER BY r.id DESC`,
      )
      .all() as AsideRuleDto[],

  /** Lines the rule sets aside in the current plans. */
  linesOfRule: (db: Db, ruleId: number) =>
    db
      .prepare(`SELECT count(*) FROM matches WHERE aside_rule_id = ? AND state = 'set_aside'`)
      .pluck()
      .get(ruleId) as number,

  get: (db: Db, id: number) => asideRepo.list(db).find((r) => r.id === id),

  insert: (db: Db, r: RuleFields & { at: string }) =>
    Number(
      db
        .prepare(
          `INSERT INTO aside_rules (pattern, reason, note, bank_account_id, min_cents, max_cents, created_at,
             updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(r.pattern, r.reason, r.note, r.bankAccountId, r.minCents, r.maxCents, r.at, r.at)
        .lastInsertRowid,
    ),

  update: (db: Db, id: number, r: RuleFields & { at: string }) =>
    db
      .prepare(
        `UPDATE aside_rules SET pattern = ?, reason = ?, note = ?, bank_account_id = ?, min_cents = ?,
           max_cents = ?, updated_at = ? WHERE id = ?`,
      )
      .run(r.pattern, r.reason, r.note, r.bankAccountId, r.minCents, r.maxCents, r.at, id),

  /**
   * Every credit line of the statements' current plans (of one bank account, or all), in statement and file
   * order, with where its match stands: what a rule's preview weighs.
   */
  ruleLines: (db: Db, bankAccountId: number | null) =>
    db
      .prepare(
        `SELECT m.id AS matchId, l.id AS lineId, p.statement_id AS statementId, s.file_name AS fileName,
           (SELECT a.description FROM bank_accounts a WHERE a.id = s.bank_account_id) AS accountName,
           s.period_from AS periodFrom, s.period_to AS periodTo, s.bank_account_id AS bankAccountId, l.date, l.amount_cents AS amountCents, l.description,
           l.payer_text AS payerText, m.state, m.aside_rule_id AS asideRuleId,
           (SELECT count(*) FROM match_items i JOIN outbox_items o ON o.receivable_id = i.receivable_id
            WHERE i.match_id = m.id) AS queued,
           instr(m.reasons_json, '"duplicate_import"') > 0 AS twin
         FROM matches m JOIN match_plans p ON p.id = m.plan_id JOIN statements s ON s.id = p.statement_id
         JOIN statement_lines l ON l.id = m.line_id
         WHERE ${currentPlanOf('p')} AND (? IS NULL OR s.bank_account_id = ?)
         ORDER BY p.statement_id, l.position`,
      )
      .all(bankAccountId, bankAccountId) as RuleLineRow[],

  delete: (db: Db, id: number) => db.prepare('DELETE FROM aside_rules WHERE id = ?').run(id).changes,

  /** On the Store, as matching writes it (see `rules`). */
  markApplied: (tx: Tx, ids: number[], at: string) =>
    tx
      .updateTable('aside_rules')
      .set({ last_applied_at: at })
      .where(inIds(tx, 'id', ids))
      .execute(),

  /**
   * Lines a rule set aside, in the current plans, handed back to the engine (it owns them again: the next run
   * matches them). Their statements, to re-run.
   */
  releaseRuleLines(db: Db, ruleId: number, at: string): { released: number; statementIds: number[] } {
    const statementIds = db
      .prepare(
        `SELECT DISTINCT p.statement_id FROM matches m JOIN match_plans p ON p.id = m.plan_id
         WHERE m.aside_rule_id = ? AND m.state = 'set_aside' ORDER BY 1`,
      )
      .pluck()
      .all(ruleId) as number[];
    const released = db
      .prepare(
        `UPDATE matches SET state = 'unmatched', aside_reason = NULL, aside_note = NULL, aside_rule_id = NULL,
           updated_at = ? WHERE aside_rule_id = ? AND state = 'set_aside'`,
      )
      .run(at, ruleId).changes;
    return { released, statementIds };
  },

  /** Set a match aside by the clerk's hand (it no longer holds receivables). */
  setAside(db: Db, matchId: number, a: { reason: AsideReason; note: string | null; at: string }) {
    db.prepare('DELETE FROM match_items WHERE match_id = ?').run(matchId);
    db.prepare(
      `UPDATE matches SET state = 'set_aside', aside_reason = ?, aside_note = ?, aside_rule_id = NULL,
         updated_at = ?, version = version + 1 WHERE id = ?`,
    ).run(a.reason, a.note, a.at, matchId);
  },

  /**
   * A match as setting it aside needs it: its line, state, version, current reason, receivables already queued.
   * Read inside the write's transaction; PostgreSQL: `FOR UPDATE OF m` (review.repo.ts `match`).
   */
  match: (db: Db, id: number) =>
    db
      .prepare(
        `SELECT m.id, m.line_id AS lineId, m.state, m.version, m.aside_reason AS asideReason,
           (SELECT count(*) FROM match_items i JOIN outbox_items o ON o.receivable_id = i.receivable_id
            WHERE i.match_id = m.id) AS queued
         FROM matches m WHERE m.id = ?`,
      )
      .get(id) as
      | {
          id: number;
          lineId: number;
          state: string;
          version: number;
          asideReason: string | null;
          queued: number;
        }
      | undefined,

  statementOfMatch: (db: Db, matchId: number) =>
    db
      .prepare(
        `SELECT p.statement_id AS statementId, s.bank_account_id AS bankAccountId FROM matches m
         JOIN match_plans p ON p.id = m.plan_id JOIN statements s ON s.id = p.statement_id WHERE m.id = ?`,
      )
      .get(matchId) as { statementId: number; bankAccountId: number } | undefined,
};
