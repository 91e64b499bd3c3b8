import { sql } from 'kysely';
import { ACCOUNT_STATUS } from '../../shared/constants';
import type { AsideReason, MatchLineDto, MatchState, MatchZone } from '../../shared/contract/matching';
import { dialectOf, eachRow, inIds, insertEach, locksRows, slices, type Tx } from '../store/store';
import { currentPlanOf } from './current-plan.repo';
import type { HeldReceivable, MatchLine, MatchReceivable } from './types';

/** The only SQL of matching, on the Store (both databases). Callers own the transaction. */

/** Rows per multi-row INSERT (PostgreSQL): 10 columns × 500 stays far under its cap on parameters. */
const INSERT_SLICE = 500;

/** A plan's rows on SQLite: one compiled INSERT run per row (insertEach), the cheapest there ([X] item 1). */
const INSERT_MATCH = `INSERT INTO matches (plan_id, line_id, score, zone, reasons_json, state, updated_at, aside_reason,
     aside_note, aside_rule_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_ITEM =
  'INSERT INTO match_items (match_id, plan_id, receivable_id, amount_cents, active) VALUES (?, ?, ?, ?, ?)';

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
/** The filter of a plan's lines as SQL (a bare `$1 IS NULL` is refused by PostgreSQL: its type is unknown). */
const planLinesWhere = (f: PlanLinesFilter) =>
  sql.join(
    [
      sql`m.plan_id = ${f.planId}`,
      ...(f.zone === null ? [] : [sql`m.zone = ${f.zone}`]),
      ...(f.state === null ? [] : [sql`m.state = ${f.state}`]),
    ],
    sql` AND `,
  );

type MatchReceivableRow = MatchLineDto['receivables'][number];

/** A line of a plan as the review lists it (planLines). */
export interface PlanLineRow {
  matchId: number;
  version: number;
  lineId: number;
  position: number;
  date: string;
  amountCents: number;
  description: string;
  payerText: string | null;
  state: MatchState;
  score: number;
  zone: MatchZone;
  reasons: string;
  asideReason: AsideReason | null;
  asideNote: string | null;
  asideRuleId: number | null;
  sendState: NonNullable<MatchLineDto['sendState']> | null;
}

/** A match of a new plan (insertMatches). */
export interface NewMatch {
  planId: number;
  lineId: number;
  score: number;
  zone: string;
  reasonsJson: string;
  state: MatchState;
  at: string;
  /** A line a set-aside rule caught (state `set_aside`). */
  aside?: { reason: string; note: string | null; ruleId: number } | undefined;
}

/** A receivable given to a match (insertItems). */
export interface NewItem {
  matchId: number;
  planId: number;
  receivableId: number;
  amountCents: number;
  active: boolean;
}

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

const LINE_COLUMNS = sql.raw(
  `id, date, amount_cents AS "amountCents", kind, description, payer_text AS "payerText"`,
);
const STATEMENT_COLUMNS = ['id', 'bank_account_id', 'period_from', 'period_to'] as const;

/** PostgreSQL's count(*) is a bigint, which the Store reads as a number; SQLite's an integer. */
const asNumber = (v: unknown) => Number(v);

export const matchingRepo = {
  statement: (tx: Tx, id: number): Promise<StatementInfo | undefined> =>
    tx.selectFrom('statements').select(STATEMENT_COLUMNS).where('id', '=', id).executeTakeFirst(),

  latestStatement: (tx: Tx): Promise<StatementInfo | undefined> =>
    tx
      .selectFrom('statements')
      .select(STATEMENT_COLUMNS)
      .orderBy('imported_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** A statement's credit lines, in file order. */
  async creditLines(tx: Tx, statementId: number): Promise<MatchLine[]> {
    const rows = await tx
      .selectFrom('statement_lines')
      .select(['id', 'date', 'amount_cents', 'description', 'payer_text'])
      .where('statement_id', '=', statementId)
      .where('kind', '=', 'credit')
      .orderBy('position')
      .orderBy('id')
      .execute();
    // One literal per line: every object has the same shape from birth.
    return rows.map((r) => ({
      id: r.id,
      date: r.date,
      amountCents: r.amount_cents,
      kind: 'credit' as const,
      description: r.description,
      payerText: r.payer_text,
    }));
  },

  line: async (tx: Tx, id: number) =>
    (
      await sql<MatchLine & { statementId: number }>`SELECT ${LINE_COLUMNS}, statement_id AS "statementId"
        FROM statement_lines WHERE id = ${id}`.execute(tx)
    ).rows[0],

  /** Credit lines of earlier statements of the same account in a period (to spot a period imported twice). */
  earlierCredits: async (tx: Tx, st: StatementInfo, from: string, to: string) =>
    (
      await sql<MatchLine & { statementId: number }>`SELECT id, statement_id AS "statementId", date,
           amount_cents AS "amountCents", description, payer_text AS "payerText" FROM statement_lines
         WHERE bank_account_id = ${st.bank_account_id} AND statement_id < ${st.id} AND kind = 'credit'
           AND date BETWEEN ${from} AND ${to}
         ORDER BY statement_id, position, id`.execute(tx)
    ).rows,

  currentPlan: (tx: Tx, statementId: number) =>
    tx
      .selectFrom('match_plans')
      .select(['id', 'created_at', 'engine_version'])
      .where('statement_id', '=', statementId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /**
   * PostgreSQL, in a write transaction: lock every match of the statement's plans (`FOR UPDATE`) before a run reads
   * which ones the clerk has touched, so a decision on one of them either lands first and is seen, or waits for the
   * run (review.repo.ts `match` locks the same row). SQLite: nothing to do, the write transaction is exclusive.
   */
  async lockStatementMatches(tx: Tx, statementId: number): Promise<void> {
    if (!locksRows(tx)) return;
    await sql`SELECT m.id FROM matches m JOIN match_plans p ON p.id = m.plan_id
      WHERE p.statement_id = ${statementId} ORDER BY m.id FOR UPDATE OF m`.execute(tx);
  },

  /** Matches of the statement's plans that the clerk has touched (kept by a re-run). */
  keptMatches: async (tx: Tx, statementId: number) =>
    (
      await sql<MatchRow>`SELECT m.id, m.plan_id, m.line_id, m.score, m.zone, m.reasons_json, m.state FROM matches m
         JOIN match_plans p ON p.id = m.plan_id
         WHERE p.statement_id = ${statementId} AND NOT ${sql.raw(ENGINE_OWNED)}
         ORDER BY m.id`.execute(tx)
    ).rows,

  /**
   * Receivables held by live matches, with where they are held. For a re-run of `statementId`, its own
   * unreviewed suggestions are about to be replaced, so only its kept (reviewed) matches hold anything.
   */
  async heldReceivables(tx: Tx, statementId: number | null): Promise<Map<number, HeldReceivable>> {
    const rows = (
      await sql<Required<HeldReceivable> & { id: number }>`SELECT i.receivable_id AS id,
           p.statement_id AS "statementId", m.line_id AS "lineId", l.date, l.amount_cents AS "amountCents",
           a.description AS account
         FROM match_items i
         JOIN matches m ON m.id = i.match_id JOIN match_plans p ON p.id = m.plan_id
         JOIN statement_lines l ON l.id = m.line_id JOIN statements s ON s.id = p.statement_id
         LEFT JOIN bank_accounts a ON a.id = s.bank_account_id
         WHERE i.active = 1${
           statementId === null
             ? sql``
             : sql` AND (p.statement_id <> ${statementId} OR NOT ${sql.raw(ENGINE_OWNED)})`
         }
         ORDER BY i.id`.execute(tx)
    ).rows;
    return new Map(rows.map(({ id, ...held }) => [id, held]));
  },

  /** How many lines of a plan pass the filter (zone and state optional). */
  countPlanLines: async (tx: Tx, f: PlanLinesFilter) =>
    asNumber(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM matches m WHERE ${planLinesWhere(f)}`.execute(tx))
        .rows[0]!.n,
    ),

  /**
   * A page of a plan's lines for review: the line, its match (state, score, zone, reasons, why set aside) and,
   * for an approved line already handed to Enviar, its batch's state.
   */
  planLines: async (tx: Tx, f: PlanLinesFilter, limit: number, offset: number) =>
    (
      await sql<PlanLineRow>`SELECT m.id AS "matchId", m.version, l.id AS "lineId", l.position, l.date,
           l.amount_cents AS "amountCents", l.description, l.payer_text AS "payerText", m.state, m.score, m.zone,
           m.reasons_json AS reasons, m.aside_reason AS "asideReason", m.aside_note AS "asideNote",
           m.aside_rule_id AS "asideRuleId",
           (SELECT b.state FROM match_items i JOIN outbox_items o ON o.receivable_id = i.receivable_id
              JOIN outbox_batches b ON b.id = o.batch_id WHERE i.match_id = m.id ORDER BY o.batch_id LIMIT 1) AS "sendState"
         FROM matches m JOIN statement_lines l ON l.id = m.line_id
         WHERE ${planLinesWhere(f)} ORDER BY l.position, l.id LIMIT ${limit} OFFSET ${offset}`.execute(tx)
    ).rows,

  /** The receivables of these matches with what the cache says of each (null fields: no longer cached). */
  receivablesOfMatches: async (tx: Tx, matchIds: number[]) =>
    (
      await sql<
        { matchId: number } & MatchReceivableRow
      >`SELECT i.match_id AS "matchId", i.receivable_id AS id,
           i.amount_cents AS "amountCents", r.amount_cents AS "faceCents", r.due_date AS "dueDate",
           r.payer_name AS "payerName", r.description, r.payment_type_id AS "paymentTypeId", r.status_id AS "statusId"
         FROM match_items i LEFT JOIN receivables r ON r.id = i.receivable_id
         WHERE ${inIds(tx, 'i.match_id', matchIds)} ORDER BY i.match_id, i.receivable_id`.execute(tx)
    ).rows,

  /**
   * Statements with lines the engine still owns (a sync may have changed their receivables), and any with credits
   * never matched (imported by an older Quita).
   */
  statementsToRefresh: async (tx: Tx) =>
    (
      await sql<{
        id: number;
      }>`SELECT p.statement_id AS id FROM matches m JOIN match_plans p ON p.id = m.plan_id
         WHERE ${sql.raw(currentPlanOf('p'))} AND ${sql.raw(ENGINE_OWNED)}
         UNION
         SELECT s.id FROM statements s WHERE s.credit_count > 0
           AND NOT EXISTS (SELECT 1 FROM match_plans p WHERE p.statement_id = s.id)
         ORDER BY 1`.execute(tx)
    ).rows.map((r) => r.id),

  itemsOf: async (tx: Tx, matchIds: number[]): Promise<ItemRow[]> =>
    matchIds.length === 0
      ? []
      : tx
          .selectFrom('match_items')
          .select(['match_id', 'receivable_id', 'amount_cents'])
          .where(inIds(tx, 'match_id', matchIds))
          .orderBy('match_id')
          .orderBy('id')
          .execute(),

  /**
   * What the engine needs from the cache: every open/overdue receivable, and the received ones near the
   * statement's period (they explain lines reconciled before). Columns only (fees since migration 006, the
   * boleto number since 012): no row's raw record is parsed here.
   */
  async receivables(tx: Tx, from: string, to: string, only?: ReceivableScope): Promise<MatchReceivable[]> {
    // [V] A network: one branch's (and those naming none), or the other branches' near the given amounts, read in
    // SQL so a statement costs its branch's rows, not the network's (bench/branches).
    const scope =
      only === undefined
        ? sql``
        : 'branch' in only
          ? sql` AND (branch_member_id = ${only.branch} OR branch_member_id IS NULL)`
          : sql` AND branch_member_id IS NOT NULL AND branch_member_id <> ${only.otherThan}
              AND EXISTS (SELECT 1 FROM ${amountsTable(tx, only.amounts)}
                          WHERE amount_cents BETWEEN j.value * 4 / 5 AND j.value * 5 / 4)`;
    const columns = sql.raw(`id, amount_cents, due_date, status_id, payment_type_id, payer_name, member_id,
           authorization_code, nsu, tid, card_acquirer, card_flag, receiving_date, amount_paid_cents, bank_account_id,
           charge_date, sale_date, current_installment, total_installments, fees_cents, boleto_number, branch_member_id`);
    // The order the engine sees them in, the same on both databases: the open and overdue ones by status, due date
    // and id, then the received ones by due date and id. It is the order of the index receivables_status_due, which
    // SQLite reads them by (no sort), and the order every run before [W] saw them in (the engine breaks some ties by
    // it: bench/compare's digest of every line's decision is the same). PostgreSQL sorts NULL due dates first as
    // SQLite's index does.
    const due =
      dialectOf(tx) === 'sqlite' ? sql.raw('due_date') : sql.raw('due_date COLLATE "C" NULLS FIRST');
    const open = sql`SELECT ${columns} FROM receivables
         WHERE status_id IN (${sql.raw(`${ACCOUNT_STATUS.open}, ${ACCOUNT_STATUS.overdue}`)})
           AND coalesce(conciliated, 0) = 0${scope}
         ORDER BY status_id, ${due}, id`;
    const received = sql`SELECT ${columns} FROM receivables
         WHERE status_id = ${sql.raw(String(ACCOUNT_STATUS.received))}
           AND (receiving_date BETWEEN ${from} AND ${to} OR due_date BETWEEN ${from} AND ${to})${scope}
         ORDER BY ${due}, id`;
    // Rows as arrays, each made into an object by one literal: every object has the same shape from birth.
    // The driver's own objects, built key by key, cost twice the CPU and more garbage for 100,000 rows
    // ([X] item 1: 780 → 310 ms).
    const out: MatchReceivable[] = [];
    const add = (r: ReceivableRow) => {
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
    };
    await eachRow<ReceivableRow>(tx, open, add);
    await eachRow<ReceivableRow>(tx, received, add);
    return out;
  },

  receivableStates: (tx: Tx, ids: number[]) =>
    tx
      .selectFrom('receivables')
      .select(['id', 'status_id as statusId', 'member_id as memberId', 'amount_cents as amountCents'])
      .where(inIds(tx, 'id', ids))
      .orderBy('id')
      .execute(),

  aliases: (tx: Tx) =>
    tx
      .selectFrom('aliases')
      .select(['payer_key', 'member_id', 'payer_name', 'learned_at'])
      .orderBy('id')
      .execute(),

  upsertAlias: (tx: Tx, a: { payerKey: string; memberId: number; payerName: string | null; at: string }) =>
    tx
      .insertInto('aliases')
      .values({
        payer_key: a.payerKey,
        member_id: a.memberId,
        payer_name: a.payerName,
        learned_at: a.at,
        times_used: 1,
      })
      .onConflict((oc) =>
        oc.columns(['payer_key', 'member_id']).doUpdateSet((eb) => ({
          times_used: eb('aliases.times_used', '+', 1),
          payer_name: eb.ref('excluded.payer_name'),
        })),
      )
      .execute(),

  insertPlan: async (
    tx: Tx,
    p: { statementId: number; createdAt: string; engineVersion: string; settingsJson: string },
  ) =>
    (
      await tx
        .insertInto('match_plans')
        .values({
          statement_id: p.statementId,
          created_at: p.createdAt,
          engine_version: p.engineVersion,
          settings_json: p.settingsJson,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  /** Moves the kept matches into the new plan (a trigger moves their items), then drops the old plans. */
  async replacePlans(tx: Tx, statementId: number, newPlanId: number, keptIds: number[]): Promise<void> {
    if (keptIds.length)
      await tx
        .updateTable('matches')
        .set({ plan_id: newPlanId })
        .where(inIds(tx, 'id', keptIds))
        .execute();
    await tx
      .deleteFrom('match_plans')
      .where('statement_id', '=', statementId)
      .where('id', '<>', newPlanId)
      .execute();
  },

  /**
   * A plan's matches (20,000 lines in one run: [X] item 1); returns each line's new match id. SQLite: one compiled
   * INSERT per row, its rowid. PostgreSQL: multi-row slices `RETURNING id, line_id` — a plan holds one match per line
   * (UNIQUE (plan_id, line_id)), so the ids are read back by line (neither database promises RETURNING's order).
   */
  async insertMatches(tx: Tx, rows: readonly NewMatch[]): Promise<Map<number, number>> {
    const ids = new Map<number, number>();
    if (dialectOf(tx) === 'sqlite') {
      const rowids = await insertEach(
        tx,
        INSERT_MATCH,
        rows.map((m) => [
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
        ]),
      );
      rows.forEach((m, k) => ids.set(m.lineId, rowids[k]!));
      return ids;
    }
    for (const slice of slices(rows, INSERT_SLICE)) {
      const back = await tx
        .insertInto('matches')
        .values(
          slice.map((m) => ({
            plan_id: m.planId,
            line_id: m.lineId,
            score: m.score,
            zone: m.zone,
            reasons_json: m.reasonsJson,
            state: m.state,
            updated_at: m.at,
            aside_reason: m.aside?.reason ?? null,
            aside_note: m.aside?.note ?? null,
            aside_rule_id: m.aside?.ruleId ?? null,
          })),
        )
        .returning(['id', 'line_id'])
        .execute();
      for (const r of back) ids.set(r.line_id, r.id);
    }
    return ids;
  },

  /** Match items: on SQLite one compiled INSERT per row, on PostgreSQL in multi-row slices. */
  async insertItems(tx: Tx, rows: readonly NewItem[]): Promise<void> {
    if (dialectOf(tx) === 'sqlite') {
      await insertEach(
        tx,
        INSERT_ITEM,
        rows.map((i) => [i.matchId, i.planId, i.receivableId, i.amountCents, i.active ? 1 : 0]),
      );
      return;
    }
    for (const slice of slices(rows, INSERT_SLICE))
      await tx
        .insertInto('match_items')
        .values(
          slice.map((i) => ({
            match_id: i.matchId,
            plan_id: i.planId,
            receivable_id: i.receivableId,
            amount_cents: i.amountCents,
            active: i.active ? 1 : 0,
          })),
        )
        .execute();
  },

  deleteItems: (tx: Tx, matchId: number) =>
    tx.deleteFrom('match_items').where('match_id', '=', matchId).execute(),

  updateMatch: (
    tx: Tx,
    m: { id: number; score: number; zone: string; reasonsJson: string; state: MatchState; at: string },
  ) =>
    tx
      .updateTable('matches')
      .set({ score: m.score, zone: m.zone, reasons_json: m.reasonsJson, state: m.state, updated_at: m.at })
      .where('id', '=', m.id)
      .execute(),

  matchOfLine: (tx: Tx, planId: number, lineId: number) =>
    tx
      .selectFrom('matches')
      .select(['id', 'plan_id', 'line_id', 'score', 'zone', 'reasons_json', 'state'])
      .where('plan_id', '=', planId)
      .where('line_id', '=', lineId)
      .executeTakeFirst() as Promise<MatchRow | undefined>,

  settings: async (tx: Tx) =>
    (await tx.selectFrom('matching_settings').select('settings_json').where('id', '=', 1).executeTakeFirst())
      ?.settings_json,

  saveSettings: (tx: Tx, json: string | null, at: string) =>
    json === null
      ? tx.deleteFrom('matching_settings').where('id', '=', 1).execute()
      : tx
          .insertInto('matching_settings')
          .values({ id: 1, settings_json: json, updated_at: at })
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              settings_json: eb.ref('excluded.settings_json'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute(),

  /** The items of the given matches with their receivables' sale facts (card-sales.lines.ts), sale day order. */
  cardSaleItems: async (tx: Tx, matchIds: readonly number[]) =>
    (
      await sql<CardSaleItem>`SELECT i.match_id AS "matchId", i.receivable_id AS "receivableId",
                i.amount_cents AS "netCents", r.amount_cents AS "grossCents", r.payer_name AS "payerName",
                r.charge_date AS "chargeDate", r.sale_date AS "saleDate", r.due_date AS "dueDate",
                r.card_acquirer AS acquirer, r.card_flag AS flag, r.payment_type_id AS "paymentTypeId",
                r.current_installment AS current, r.total_installments AS total
           FROM match_items i LEFT JOIN receivables r ON r.id = i.receivable_id
          WHERE ${inIds(tx, 'i.match_id', matchIds)}
          ORDER BY i.match_id, coalesce(r.charge_date, r.sale_date, r.due_date), i.receivable_id`.execute(tx)
    ).rows,

  /** The sale facts of the given receivables (card-sales.lines.ts, for a credit already in EVO: no items). */
  cardSaleFacts: (tx: Tx, receivableIds: readonly number[]) =>
    tx
      .selectFrom('receivables as r')
      .select([
        'r.id as receivableId',
        'r.payer_name as payerName',
        'r.charge_date as chargeDate',
        'r.sale_date as saleDate',
        'r.due_date as dueDate',
        'r.card_acquirer as acquirer',
        'r.card_flag as flag',
        'r.payment_type_id as paymentTypeId',
      ])
      .where(inIds(tx, 'r.id', receivableIds))
      .orderBy('r.id')
      .execute(),

  /** Of the given matches, those a CNAB return file explains (a `return_file` reason), with their reasons. */
  returnFileMatches: (tx: Tx, matchIds: readonly number[]) =>
    tx
      .selectFrom('matches')
      .select(['id as matchId', 'reasons_json as reasons'])
      .where(inIds(tx, 'id', matchIds))
      .where('reasons_json', 'like', '%"return_file"%')
      .orderBy('id')
      .execute(),
};

/** `(SELECT value …) j`: the given amounts as a table of one column, `j.value`, in either dialect. */
function amountsTable(tx: Tx, amounts: readonly number[]) {
  return dialectOf(tx) === 'sqlite'
    ? sql`json_each(${JSON.stringify(amounts)}) j`
    : sql`unnest(${[...amounts]}::bigint[]) AS j(value)`;
}
