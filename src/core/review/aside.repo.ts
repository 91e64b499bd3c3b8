import type { AsideReason, MatchState } from '../../shared/contract/matching';
import type { AsideRuleDto } from '../../shared/contract/review';
import type { AsideRule } from '../matching/aside-rules';
import { currentPlanOf } from '../matching/current-plan.repo';
import { sql } from 'kysely';
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

/** The only SQL of set-aside lines and rules, on the Store (both databases). Callers own the transaction. */
export const asideRepo = {
  /**
   * Rules as the engine applies them, oldest first (the first that catches a line wins).
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

  /** Rules as the clerk sees them, newest first, with how many current lines each has set aside. */
  async list(tx: Tx, id?: number): Promise<AsideRuleDto[]> {
    const { rows } = await sql<AsideRuleDto>`SELECT r.id, r.pattern, r.reason, r.note,
         r.bank_account_id AS "bankAccountId", r.min_cents AS "minCents", r.max_cents AS "maxCents",
         a.description AS "bankAccountName", r.created_at AS "createdAt", r.last_applied_at AS "lastAppliedAt",
         (SELECT count(*) FROM matches m WHERE m.aside_rule_id = r.id AND m.state = 'set_aside') AS "timesApplied"
       FROM aside_rules r LEFT JOIN bank_accounts a ON a.id = r.bank_account_id
       WHERE ${id === undefined ? sql`1 = 1` : sql`r.id = ${id}`}
       ORDER BY r.id DESC`.execute(tx);
    // PostgreSQL's count(*) is a bigint (read as a number by the Store); SQLite's an integer.
    return rows.map((r) => ({ ...r, timesApplied: Number(r.timesApplied) }));
  },

  /** Lines the rule sets aside in the current plans. */
  async linesOfRule(tx: Tx, ruleId: number): Promise<number> {
    const r = await tx
      .selectFrom('matches')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('aside_rule_id', '=', ruleId)
      .where('state', '=', 'set_aside')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  get: async (tx: Tx, id: number): Promise<AsideRuleDto | undefined> => (await asideRepo.list(tx, id))[0],

  async insert(tx: Tx, r: RuleFields & { at: string }): Promise<number> {
    const { id } = await tx
      .insertInto('aside_rules')
      .values({
        pattern: r.pattern,
        reason: r.reason,
        note: r.note,
        bank_account_id: r.bankAccountId,
        min_cents: r.minCents,
        max_cents: r.maxCents,
        created_at: r.at,
        updated_at: r.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async update(tx: Tx, id: number, r: RuleFields & { at: string }): Promise<void> {
    await tx
      .updateTable('aside_rules')
      .set({
        pattern: r.pattern,
        reason: r.reason,
        note: r.note,
        bank_account_id: r.bankAccountId,
        min_cents: r.minCents,
        max_cents: r.maxCents,
        updated_at: r.at,
      })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Every credit line of the statements' current plans (of one bank account, or all), in statement and file
   * order, with where its match stands: what a rule's preview weighs.
   */
  async ruleLines(tx: Tx, bankAccountId: number | null): Promise<RuleLineRow[]> {
    const { rows } = await sql<RuleLineRow>`SELECT m.id AS "matchId", l.id AS "lineId",
         p.statement_id AS "statementId", s.file_name AS "fileName",
         (SELECT a.description FROM bank_accounts a WHERE a.id = s.bank_account_id) AS "accountName",
         s.period_from AS "periodFrom", s.period_to AS "periodTo", s.bank_account_id AS "bankAccountId", l.date,
         l.amount_cents AS "amountCents", l.description, l.payer_text AS "payerText", m.state,
         m.aside_rule_id AS "asideRuleId",
         (SELECT count(*) FROM match_items i JOIN outbox_items o ON o.receivable_id = i.receivable_id
          WHERE i.match_id = m.id) AS queued,
         CASE WHEN m.reasons_json LIKE '%"duplicate_import"%' THEN 1 ELSE 0 END AS twin
       FROM matches m JOIN match_plans p ON p.id = m.plan_id JOIN statements s ON s.id = p.statement_id
       JOIN statement_lines l ON l.id = m.line_id
       WHERE ${sql.raw(currentPlanOf('p'))}
         ${bankAccountId === null ? sql`` : sql`AND s.bank_account_id = ${bankAccountId}`}
       ORDER BY p.statement_id, l.position`.execute(tx);
    return rows.map((r) => ({ ...r, queued: Number(r.queued), twin: Number(r.twin) }));
  },

  delete: async (tx: Tx, id: number): Promise<number> =>
    Number((await tx.deleteFrom('aside_rules').where('id', '=', id).executeTakeFirst()).numDeletedRows),

  /** The rules a run applied, and when. */
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
  async releaseRuleLines(
    tx: Tx,
    ruleId: number,
    at: string,
  ): Promise<{ released: number; statementIds: number[] }> {
    const statements = await tx
      .selectFrom('matches as m')
      .innerJoin('match_plans as p', 'p.id', 'm.plan_id')
      .select('p.statement_id')
      .distinct()
      .where('m.aside_rule_id', '=', ruleId)
      .where('m.state', '=', 'set_aside')
      .orderBy('p.statement_id')
      .execute();
    const r = await tx
      .updateTable('matches')
      .set({ state: 'unmatched', aside_reason: null, aside_note: null, aside_rule_id: null, updated_at: at })
      .where('aside_rule_id', '=', ruleId)
      .where('state', '=', 'set_aside')
      .executeTakeFirst();
    return { released: Number(r.numUpdatedRows), statementIds: statements.map((s) => s.statement_id) };
  },

  /** Set a match aside by the clerk's hand (it no longer holds receivables). */
  async setAside(
    tx: Tx,
    matchId: number,
    a: { reason: AsideReason; note: string | null; at: string },
  ): Promise<void> {
    await tx.deleteFrom('match_items').where('match_id', '=', matchId).execute();
    await tx
      .updateTable('matches')
      .set((eb) => ({
        state: 'set_aside',
        aside_reason: a.reason,
        aside_note: a.note,
        aside_rule_id: null,
        updated_at: a.at,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', matchId)
      .execute();
  },

  statementOfMatch: (
    tx: Tx,
    matchId: number,
  ): Promise<{ statementId: number; bankAccountId: number } | undefined> =>
    tx
      .selectFrom('matches as m')
      .innerJoin('match_plans as p', 'p.id', 'm.plan_id')
      .innerJoin('statements as s', 's.id', 'p.statement_id')
      .select(['p.statement_id as statementId', 's.bank_account_id as bankAccountId'])
      .where('m.id', '=', matchId)
      .executeTakeFirst(),
};
