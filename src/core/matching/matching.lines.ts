/**
 * Reading a statement's current plan for review: each credit line with its proposal, score, zone and
 * reasons (codes, params and the Portuguese sentence), plus what the cache says of each receivable.
 */
import type { AsideReason, MatchLineDto, MatchState, MatchZone } from '../../shared/contract/matching';
import type { Db } from '../db/open-db';
import { matchingRepo as repo } from './matching.repo';
import { resolveStatement } from './matching.service';
import { renderReasons } from './reasons-pt';
import { cardSalesOf } from './card-sales.lines';
import { returnTitlesOf } from './return-titles.lines';
import type { Reason } from './types';

export interface MatchLinesQuery {
  statementId?: number | undefined;
  zone?: MatchZone | undefined;
  state?: MatchState | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface MatchLinesPage {
  statementId: number;
  planId: number | null;
  createdAt: string | null;
  total: number;
  rows: MatchLineDto[];
}

interface Row {
  matchId: number;
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

export function listMatchLines(db: Db, q: MatchLinesQuery = {}): MatchLinesPage {
  const st = resolveStatement(db, q.statementId);
  const plan = repo.currentPlan(db, st.id);
  if (!plan) return { statementId: st.id, planId: null, createdAt: null, total: 0, rows: [] };
  const where = 'm.plan_id = ? AND (? IS NULL OR m.zone = ?) AND (? IS NULL OR m.state = ?)';
  const args = [plan.id, q.zone ?? null, q.zone ?? null, q.state ?? null, q.state ?? null];
  const total = db
    .prepare(`SELECT count(*) FROM matches m WHERE ${where}`)
    .pluck()
    .get(...args) as number;
  const rows = db
    .prepare(
      `SELECT m.id AS matchId, l.id AS lineId, l.position, l.date, l.amount_cents AS amountCents, l.description,
         l.payer_text AS payerText, m.state, m.score, m.zone, m.reasons_json AS reasons,
         m.aside_reason AS asideReason, m.aside_note AS asideNote, m.aside_rule_id AS asideRuleId,
         (SELECT b.state FROM match_items i JOIN outbox_items o ON o.receivable_id = i.receivable_id
            JOIN outbox_batches b ON b.id = o.batch_id WHERE i.match_id = m.id LIMIT 1) AS sendState
       FROM matches m JOIN statement_lines l ON l.id = m.line_id
       WHERE ${where} ORDER BY l.position, l.id LIMIT ? OFFSET ?`,
    )
    .all(...args, q.limit ?? 500, q.offset ?? 0) as Row[];
  const items = db
    .prepare(
      `SELECT i.match_id AS matchId, i.receivable_id AS id, i.amount_cents AS amountCents, r.amount_cents AS faceCents,
         r.due_date AS dueDate, r.payer_name AS payerName, r.description, r.payment_type_id AS paymentTypeId,
         r.status_id AS statusId
       FROM match_items i LEFT JOIN receivables r ON r.id = i.receivable_id
       WHERE i.match_id IN (SELECT value FROM json_each(?)) ORDER BY i.match_id, i.receivable_id`,
    )
    .all(JSON.stringify(rows.map((r) => r.matchId))) as ({
    matchId: number;
  } & MatchLineDto['receivables'][number])[];
  const byMatch = new Map<number, MatchLineDto['receivables']>();
  for (const { matchId, ...item } of items) byMatch.set(matchId, [...(byMatch.get(matchId) ?? []), item]);
  const titles = returnTitlesOf(db, rows);
  const sales = cardSalesOf(db, rows);
  return {
    statementId: st.id,
    planId: plan.id,
    createdAt: plan.created_at,
    total,
    rows: rows.map((r) => ({
      matchId: r.matchId,
      lineId: r.lineId,
      position: r.position,
      date: r.date,
      amountCents: r.amountCents,
      description: r.description,
      payerText: r.payerText,
      state: r.state,
      score: r.score,
      zone: r.zone,
      reasons: renderReasons(JSON.parse(r.reasons) as Reason[]),
      receivables: byMatch.get(r.matchId) ?? [],
      ...(titles.has(r.matchId) ? { returnTitles: titles.get(r.matchId) } : {}),
      ...(sales.has(r.matchId) ? { cardSales: sales.get(r.matchId) } : {}),
      ...(r.sendState ? { sendState: r.sendState } : {}),
      ...(r.asideReason
        ? { aside: { reason: r.asideReason, note: r.asideNote, ruleId: r.asideRuleId } }
        : {}),
    })),
  };
}
