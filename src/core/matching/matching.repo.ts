import { ACCOUNT_STATUS } from '../../shared/constants';
import type Database from 'better-sqlite3';
import type { Db } from '../db/open-db';
import type { MatchLineDto, MatchState } from '../../shared/contract/matching';
import { currentPlanOf } from './current-plan.repo';
import type { HeldReceivable, MatchLine, MatchReceivable } from './types';

const INSERT_MATCH = `INSERT INTO matches (plan_id, line_id, score, zone, reasons_json, state, updated_at, aside_reason,
     aside_note, aside_rule_id)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_ITEM =
  'INSERT INTO match_items (match_id, plan_id, receivable_id, amount_cents, active) VALUES (?, ?, ?, ?, ?)';

/**
 * The two INSERTs a plan is persisted with, compiled once per database connection instead of once per row
 * (20,000 lines and their items in one run: [X] item 1). Only statements that are `run`, never iterated, are kept
 * here, so one in use can never be asked to run again before it is done.
 */
type Insert = Database.Statement<unknown[]>;
const compiled = new WeakMap<Db, Map<string, Insert>>();
function prepared(db: Db, sql: string): Insert {
  let byDb = compiled.get(db);
  if (!byDb) {
    byDb = new Map<string, Insert>();
    compiled.set(db, byDb);
  }
  let st = byDb.get(sql);
  if (!st) {
    st = db.prepare<unknown[]>(sql);
    byDb.set(sql, st);
  }
  return st;
}

/** The only SQL of matching. Callers own the transaction. */

export interface StatementInfo {
  id: number;
  bank_account_id: number;
  period_from: string | null;
  period_to: string | null;
}

export interface MatchRow {
  id: number;
  plan_id: number;
  line_id: number;
  score: number;
  zone: 'green' | 'yellow' | 'red';
  reasons_json: string;
  state: MatchState;
}

export interface ItemRow {
  match_id: number;
  receivable_id: number;
  amount_cents: number;
}

/** A match item with its receivable's card sale facts (null when the receivable is no longer cached). */
export interface CardSaleItem {
  matchId: number;
  receivableId: number;
  netCents: number;
  grossCents: number | null;
  payerName: string | null;
  chargeDate: string | null;
  saleDate: string | null;
  dueDate: string | null;
  acquirer: string | null;
  flag: string | null;
  paymentTypeId: number | null;
  current: number | null;
  total: number | null;
}

export interface PlanLinesFilter {
  planId: number;
  zone: string | null;
  state: string | null;
}
const PLAN_LINES_WHERE = 'm.plan_id = ? AND (? IS NULL OR m.zone = ?) AND (? IS NULL OR m.state = ?)';

type MatchReceivableRow = MatchLineDto['receivables'][number];

/** States the engine owns: a re-run replaces them. Anything else is the clerk's and is kept. */
export const ENGINE_STATES: readonly MatchState[] = ['suggested', 'unmatched', 'recorded'];

/**
 * SQL: the match `m` belongs to the engine (a re-run replaces it): one of its states, or set aside by a rule
 * (the run applies the rules again). The one place that says what a re-run may replace.
 */
export const ENGINE_OWNED = `(m.state IN ('suggested', 'unmatched', 'recorded') OR (m.state = 'set_aside' AND m.aside_rule_id IS NOT NULL))`;

/** A receivables() row: the columns in the SELECT's order. */
type ReceivableRow = [
  id: number,
  amountCents: number,
  dueDate: string | null,
  statusId: number,
  paymentTypeId: number | null,
  payerName: string | null,
  memberId: number | null,
  authorization: string | null,
  nsu: string | null,
  tid: string | null,
  cardAcquirer: string | null,
  cardFlag: string | null,
  receivingDate: string | null,
  amountPaidCents: number | null,
  bankAccountId: number | null,
  chargeDate: string | null,
  saleDate: string | null,
  currentInstallment: number | null,
  totalInstallments: number | null,
  feesCents: number | null,
  boletoNumber: string | null,
  branchId: number | null,
];

/**
 * [V] Which receivables a network's statement is matched against: its account's branch (and those naming none), or
 * the other branches' whose amount is within 80–125 % of one of the given credits (a card fee, a late boleto's
 * charges; a wrong-branch payment much smaller or larger is left to the clerk's search).
 */
export type ReceivableScope = { branch: number } | { otherThan: number; amounts: number[] };

const LINE_COLUMNS = `id, date, amount_cents AS amountCents, kind, description, payer_text AS payerText`;

export const matchingRepo = {
  statement: (db: Db, id: number) =>
    db.prepare('SELECT id, bank_account_id, period_from, period_to FROM statements WHERE id = ?').get(id) as
      StatementInfo | undefined,

  latestStatement: (db: Db) =>
    db
      .prepare(
        'SELECT id, bank_account_id, period_from, period_to FROM statements ORDER BY imported_at DESC, id DESC LIMIT 1',
      )
      .get() as StatementInfo | undefined,

  /** A statement's credit lines, built as receivables() builds its rows (one literal per row). */
  creditLines(db: Db, statementId: number): MatchLine[] {
    const rows = db
      .prepare(
        `SELECT id, date, amount_cents, description, payer_text FROM statement_lines
         WHERE statement_id = ? AND kind = 'credit' ORDER BY position, id`,
      )
      .raw(true)
      .iterate(statementId) as IterableIterator<[number, string, number, string, string | null]>;
    const out: MatchLine[] = [];
    for (const r of rows)
      out.push({
        id: r[0],
        date: r[1],
        amountCents: r[2],
        kind: 'credit',
        description: r[3],
        payerText: r[4],
      });
    return out;
  },

  line: (db: Db, id: number) =>
    db
      .prepare(`SELECT ${LINE_COLUMNS}, statement_id AS statementId FROM statement_lines WHERE id = ?`)
      .get(id) as (MatchLine & { statementId: number }) | undefined,

  /** Credit lines of earlier statements of the same account in a period (to spot a period imported twice). */
  earlierCredits: (db: Db, st: StatementInfo, from: string, to: string) =>
    db
      .prepare(
        `SELECT id, statement_id AS statementId, date, amount_cents AS amountCents, description,
           payer_text AS payerText FROM statement_lines
         WHERE bank_account_id = ? AND statement_id < ? AND kind = 'credit' AND date BETWEEN ? AND ?
         ORDER BY statement_id, position, id`,
      )
      .all(st.bank_account_id, st.id, from, to) as (MatchLine & { statementId: number })[],

  currentPlan: (db: Db, statementId: number) =>
    db
      .prepare(
        'SELECT id, created_at, engine_version FROM match_plans WHERE statement_id = ? ORDER BY id DESC LIMIT 1',
      )
      .get(statementId) as { id: number; created_at: string; engine_version: string } | undefined,

  /** Matches of the statement's plans that the clerk has touched (kept by a re-run). */
  keptMatches: (db: Db, statementId: number) =>
    db
      .prepare(
        `SELECT m.id, m.plan_id, m.line_id, m.score, m.zone, m.reasons_json, m.state FROM matches m
         JOIN match_plans p ON p.id = m.plan_id
         WHERE p.statement_id = ? AND NOT ${ENGINE_OWNED}`,
      )
      .all(statementId) as MatchRow[],

  /**
   * Receivables held by live matches, with where they are held. For a re-run of `statementId`, its own
   * unreviewed suggestions are about to be replaced, so only its kept (reviewed) matches hold anything.
   */
  heldReceivables(db: Db, statementId: number | null): Map<number, HeldReceivable> {
    const rows = db
      .prepare(
        `SELECT i.receivable_id AS id, p.statement_id AS statementId, m.line_id AS lineId, l.date,
           l.amount_cents AS amountCents, a.description AS account
         FROM match_items i
         JOIN matches m ON m.id = i.match_id JOIN match_plans p ON p.id = m.plan_id
         JOIN statement_lines l ON l.id = m.line_id JOIN statements s ON s.id = p.statement_id
         LEFT JOIN bank_accounts a ON a.id = s.bank_account_id
         WHERE i.active = 1 AND (? IS NULL OR p.statement_id <> ? OR NOT ${ENGINE_OWNED})`,
      )
      .all(statementId, statementId) as (Required<HeldReceivable> & { id: number })[];
    return new Map(rows.map(({ id, ...held }) => [id, held]));
  },

  /** How many lines of a plan pass the filter (zone and state optional). */
  countPlanLines: (db: Db, f: PlanLinesFilter) =>
    db
      .prepare(`SELECT count(*) FROM matches m WHERE ${PLAN_LINES_WHERE}`)
      .pluck()
      .get(f.planId, f.zone, f.zone, f.state, f.state) as number,

  /**
   * A page of a plan's lines for review: the line, its match (state, score, zone, reasons, why set aside) and,
   * for an approved line already handed to Enviar, its batch's state.
   */
  planLines: (db: Db, f: PlanLinesFilter, limit: number, offset: number) =>
    db
      .prepare(
        `SELECT m.id AS matchId, m.version, l.id AS lineId, l.position, l.date, l.amount_cents AS amountCents,
           l.description, l.payer_text AS payerText, m.state, m.score, m.zone, m.reasons_json AS reasons,
           m.aside_reason AS asideReason, m.aside_note AS asideNote, m.aside_rule_id AS asideRuleId,
           (SELECT b.state FROM match_items i JOIN outbox_items o ON o.receivable_id = i.receivable_id
              JOIN outbox_batches b ON b.id = o.batch_id WHERE i.match_id = m.id LIMIT 1) AS sendState
         FROM matches m JOIN statement_lines l ON l.id = m.line_id
         WHERE ${PLAN_LINES_WHERE} ORDER BY l.position, l.id LIMIT ? OFFSET ?`,
      )
      .all(f.planId, f.zone, f.zone, f.state, f.state, limit, offset),

  /** The receivables of these matches with what the cache says of each (null fields: no longer cached). */
  receivablesOfMatches: (db: Db, matchIds: number[]) =>
    db
      .prepare(
        `SELECT i.match_id AS matchId, i.receivable_id AS id, i.amount_cents AS amountCents,
           r.amount_cents AS faceCents, r.due_date AS dueDate, r.payer_name AS payerName, r.description,
           r.payment_type_id AS paymentTypeId, r.status_id AS statusId
         FROM match_items i LEFT JOIN receivables r ON r.id = i.receivable_id
         WHERE i.match_id IN (SELECT value FROM json_each(?)) ORDER BY i.match_id, i.receivable_id`,
      )
      .all(JSON.stringify(matchIds)) as ({ matchId: number } & MatchReceivableRow)[],

  /**
   * Statements with lines the engine still owns (a sync may have changed their receivables), and any with credits
   * never matched (imported by an older Quita).
   */
  statementsToRefresh: (db: Db) =>
    db
      .prepare(
        `SELECT DISTINCT p.statement_id FROM matches m JOIN match_plans p ON p.id = m.plan_id
         WHERE ${currentPlanOf('p')} AND ${ENGINE_OWNED}
         UNION
         SELECT s.id FROM statements s WHERE s.credit_count > 0
           AND NOT EXISTS (SELECT 1 FROM match_plans p WHERE p.statement_id = s.id)
         ORDER BY 1`,
      )
      .pluck()
      .all() as number[],

  itemsOf: (db: Db, matchIds: number[]) =>
    matchIds.length === 0
      ? []
      : (db
          .prepare(
            `SELECT match_id, receivable_id, amount_cents FROM match_items
             WHERE match_id IN (SELECT value FROM json_each(?)) ORDER BY match_id, id`,
          )
          .all(JSON.stringify(matchIds)) as ItemRow[]),

  /**
   * What the engine needs from the cache: every open/overdue receivable, and the received ones near the
   * statement's period (they explain lines reconciled before). Columns only (fees since migration 006, the
   * boleto number since 012): no row's raw record is parsed here.
   */
  receivables(db: Db, from: string, to: string, only?: ReceivableScope): MatchReceivable[] {
    // [V] A network: one branch's (and those naming none), or the other branches' near the given amounts, read in
    // SQL so a statement costs its branch's rows, not the network's (bench/branches).
    const scope =
      only === undefined
        ? ''
        : 'branch' in only
          ? ' AND (branch_member_id = ? OR branch_member_id IS NULL)'
          : ` AND branch_member_id IS NOT NULL AND branch_member_id <> ?
              AND EXISTS (SELECT 1 FROM json_each(?) j WHERE amount_cents BETWEEN j.value * 4 / 5 AND j.value * 5 / 4)`;
    const params: unknown[] =
      only === undefined
        ? []
        : 'branch' in only
          ? [only.branch]
          : [only.otherThan, JSON.stringify(only.amounts)];
    const rows = db
      .prepare(
        `SELECT id, amount_cents, due_date, status_id, payment_type_id, payer_name, member_id, authorization_code,
           nsu, tid, card_acquirer, card_flag, receiving_date, amount_paid_cents, bank_account_id, charge_date,
           sale_date, current_installment, total_installments, fees_cents, boleto_number, branch_member_id
         FROM receivables
         WHERE ((status_id IN (${ACCOUNT_STATUS.open}, ${ACCOUNT_STATUS.overdue}) AND coalesce(conciliated, 0) = 0)
            OR (status_id = ${ACCOUNT_STATUS.received} AND (receiving_date BETWEEN ? AND ? OR due_date BETWEEN ? AND ?)))${scope}`,
      )
      .raw(true)
      .iterate(from, to, from, to, ...params) as IterableIterator<ReceivableRow>;
    // Rows as arrays, each made into an object by one literal: every object has the same shape from birth.
    // better-sqlite3's own objects, built key by key, cost twice the CPU and more garbage for 100,000 rows
    // ([X] item 1: 780 → 310 ms).
    const out: MatchReceivable[] = [];
    for (const r of rows)
      out.push({
        id: r[0],
        amountCents: r[1],
        dueDate: r[2],
        statusId: r[3],
        paymentTypeId: r[4],
        payerName: r[5],
        memberId: r[6],
        authorization: r[7],
        nsu: r[8],
        tid: r[9],
        cardAcquirer: r[10],
        cardFlag: r[11],
        receivingDate: r[12],
        amountPaidCents: r[13],
        bankAccountId: r[14],
        chargeDate: r[15],
        saleDate: r[16],
        currentInstallment: r[17],
        totalInstallments: r[18],
        feesCents: r[19],
        boletoNumber: r[20],
        branchId: r[21],
      });
    return out;
  },

  receivableStates: (db: Db, ids: number[]) =>
    db
      .prepare(
        `SELECT id, status_id AS statusId, member_id AS memberId, amount_cents AS amountCents FROM receivables
         WHERE id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(ids)) as {
      id: number;
      statusId: number;
      memberId: number | null;
      amountCents: number;
    }[],

  aliases: (db: Db) =>
    db.prepare('SELECT payer_key, member_id, payer_name, learned_at FROM aliases ORDER BY id').all() as {
      payer_key: string;
      member_id: number;
      payer_name: string | null;
      learned_at: string;
    }[],

  upsertAlias: (db: Db, a: { payerKey: string; memberId: number; payerName: string | null; at: string }) =>
    db
      .prepare(
        `INSERT INTO aliases (payer_key, member_id, payer_name, learned_at, times_used) VALUES (?, ?, ?, ?, 1)
         ON CONFLICT (payer_key, member_id) DO UPDATE SET times_used = times_used + 1, payer_name = excluded.payer_name`,
      )
      .run(a.payerKey, a.memberId, a.payerName, a.at),

  insertPlan: (
    db: Db,
    p: { statementId: number; createdAt: string; engineVersion: string; settingsJson: string },
  ) =>
    Number(
      db
        .prepare(
          'INSERT INTO match_plans (statement_id, created_at, engine_version, settings_json) VALUES (?, ?, ?, ?)',
        )
        .run(p.statementId, p.createdAt, p.engineVersion, p.settingsJson).lastInsertRowid,
    ),

  /** Moves the kept matches into the new plan (a trigger moves their items), then drops the old plans. */
  replacePlans(db: Db, statementId: number, newPlanId: number, keptIds: number[]) {
    db.prepare('UPDATE matches SET plan_id = ? WHERE id IN (SELECT value FROM json_each(?))').run(
      newPlanId,
      JSON.stringify(keptIds),
    );
    db.prepare('DELETE FROM match_plans WHERE statement_id = ? AND id <> ?').run(statementId, newPlanId);
  },

  insertMatch: (
    db: Db,
    m: {
      planId: number;
      lineId: number;
      score: number;
      zone: string;
      reasonsJson: string;
      state: MatchState;
      at: string;
      /** A line a set-aside rule caught (state `set_aside`). */
      aside?: { reason: string; note: string | null; ruleId: number } | undefined;
    },
  ) =>
    Number(
      prepared(db, INSERT_MATCH).run(
        m.planId,
        m.lineId,
        m.score,
        m.zone,
        m.reasonsJson,
        m.state,
        m.at,
        m.aside?.reason ?? null,
        m.aside?.note ?? null,
        m.aside?.ruleId ?? null,
      ).lastInsertRowid,
    ),

  insertItem: (
    db: Db,
    matchId: number,
    planId: number,
    receivableId: number,
    amountCents: number,
    active: boolean,
  ) => prepared(db, INSERT_ITEM).run(matchId, planId, receivableId, amountCents, active ? 1 : 0),

  deleteItems: (db: Db, matchId: number) =>
    db.prepare('DELETE FROM match_items WHERE match_id = ?').run(matchId),

  updateMatch: (
    db: Db,
    m: { id: number; score: number; zone: string; reasonsJson: string; state: MatchState; at: string },
  ) =>
    db
      .prepare(
        'UPDATE matches SET score = ?, zone = ?, reasons_json = ?, state = ?, updated_at = ? WHERE id = ?',
      )
      .run(m.score, m.zone, m.reasonsJson, m.state, m.at, m.id),

  matchOfLine: (db: Db, planId: number, lineId: number) =>
    db
      .prepare(
        'SELECT id, plan_id, line_id, score, zone, reasons_json, state FROM matches WHERE plan_id = ? AND line_id = ?',
      )
      .get(planId, lineId) as MatchRow | undefined,

  settings: (db: Db) =>
    db.prepare('SELECT settings_json FROM matching_settings WHERE id = 1').pluck().get() as
      string | undefined,

  saveSettings: (db: Db, json: string | null, at: string) =>
    json === null
      ? db.prepare('DELETE FROM matching_settings WHERE id = 1').run()
      : db
          .prepare(
            `INSERT INTO matching_settings (id, settings_json, updated_at) VALUES (1, ?, ?)
             ON CONFLICT (id) DO UPDATE SET settings_json = excluded.settings_json, updated_at = excluded.updated_at`,
          )
          .run(json, at),

  /** The items of the given matches with their receivables' sale facts (card-sales.lines.ts), sale day order. */
  cardSaleItems: (db: Db, matchIds: readonly number[]) =>
    db
      .prepare(
        `SELECT i.match_id AS matchId, i.receivable_id AS receivableId, i.amount_cents AS netCents,
                r.amount_cents AS grossCents, r.payer_name AS payerName, r.charge_date AS chargeDate,
                r.sale_date AS saleDate, r.due_date AS dueDate, r.card_acquirer AS acquirer, r.card_flag AS flag,
                r.payment_type_id AS paymentTypeId, r.current_installment AS current, r.total_installments AS total
           FROM match_items i LEFT JOIN receivables r ON r.id = i.receivable_id
          WHERE i.match_id IN (SELECT value FROM json_each(?))
          ORDER BY i.match_id, coalesce(r.charge_date, r.sale_date, r.due_date), i.receivable_id`,
      )
      .all(JSON.stringify(matchIds)) as CardSaleItem[],

  /** The sale facts of the given receivables (card-sales.lines.ts, for a credit already in EVO: no items). */
  cardSaleFacts: (db: Db, receivableIds: readonly number[]) =>
    db
      .prepare(
        `SELECT r.id AS receivableId, r.payer_name AS payerName, r.charge_date AS chargeDate,
                r.sale_date AS saleDate, r.due_date AS dueDate, r.card_acquirer AS acquirer, r.card_flag AS flag,
                r.payment_type_id AS paymentTypeId
           FROM receivables r WHERE r.id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(receivableIds)) as Pick<
      CardSaleItem,
      | 'receivableId'
      | 'payerName'
      | 'chargeDate'
      | 'saleDate'
      | 'dueDate'
      | 'acquirer'
      | 'flag'
      | 'paymentTypeId'
    >[],

  /** Of the given matches, those a CNAB return file explains (a `return_file` reason), with their reasons. */
  returnFileMatches: (db: Db, matchIds: readonly number[]) =>
    db
      .prepare(
        `SELECT id AS matchId, reasons_json AS reasons FROM matches
         WHERE id IN (SELECT value FROM json_each(?)) AND reasons_json LIKE '%"return_file"%'`,
      )
      .all(JSON.stringify(matchIds)) as { matchId: number; reasons: string }[],
};
