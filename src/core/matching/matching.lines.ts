/**
 * Reading a statement's current plan for review: each credit line with its proposal, score, zone and
 * reasons (codes, params and the Portuguese sentence), plus what the cache says of each receivable.
 */
import type {
  CardSaleDto,
  MatchLineDto,
  MatchState,
  MatchZone,
  ReturnTitleDto,
} from '../../shared/contract/matching';
import { AppError } from '../errors';
import type { Db } from '../db/open-db';
import { storeOfDb } from '../store/sqlite-store';
import type { Store, Tx } from '../store/store';
import { lineBuckets } from '../dashboard/line-buckets';
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
  /**
   * false: without `cardSales` (match.lineDetails gives one line's) and the reasons without their sentence
   * (`text` '': the renderer words them, shared/i18n/reasons.pt.ts). Default true.
   */
  details?: boolean | undefined;
}

export interface MatchLinesPage {
  statementId: number;
  planId: number | null;
  createdAt: string | null;
  total: number;
  rows: MatchLineDto[];
}

/** The Store itself, or the branch's SQLite handle (whose Store is storeOfDb's: tests and older callers). */
const storeOf = (from: Store | Db): Store => ('prepare' in from ? storeOfDb(from) : from);

/**
 * A page of a statement's current plan: its lines, their buckets, return-file titles and card sales, read in one
 * read transaction of the Store.
 */
export async function listMatchLines(from: Store | Db, q: MatchLinesQuery = {}): Promise<MatchLinesPage> {
  return storeOf(from).read((tx) => matchLinesIn(tx, q));
}

/** {@link listMatchLines} in the caller's transaction. */
export async function matchLinesIn(tx: Tx, q: MatchLinesQuery = {}): Promise<MatchLinesPage> {
  const st = await resolveStatement(tx, q.statementId);
  const plan = await repo.currentPlan(tx, st.id);
  if (!plan) return { statementId: st.id, planId: null, createdAt: null, total: 0, rows: [] };
  const filter = { planId: plan.id, zone: q.zone ?? null, state: q.state ?? null };
  const total = await repo.countPlanLines(tx, filter);
  const rows = await repo.planLines(tx, filter, q.limit ?? 500, q.offset ?? 0);
  const items = await repo.receivablesOfMatches(
    tx,
    rows.map((r) => r.matchId),
  );
  const byMatch = new Map<number, MatchLineDto['receivables']>();
  for (const { matchId, ...item } of items) byMatch.set(matchId, [...(byMatch.get(matchId) ?? []), item]);
  const buckets = await lineBuckets(
    tx,
    rows.map((r) => ({ id: r.lineId, state: r.state, matchId: r.matchId })),
  );
  const titles = await returnTitlesOf(tx, rows);
  const sales = q.details === false ? new Map<number, CardSaleDto[]>() : await cardSalesOf(tx, rows);
  return {
    statementId: st.id,
    planId: plan.id,
    createdAt: plan.created_at,
    total,
    rows: rows.map((r, i) => ({
      matchId: r.matchId,
      version: r.version,
      lineId: r.lineId,
      position: r.position,
      date: r.date,
      amountCents: r.amountCents,
      description: r.description,
      payerText: r.payerText,
      state: r.state,
      bucket: buckets[i]!,
      score: r.score,
      zone: r.zone,
      reasons:
        q.details === false
          ? (JSON.parse(r.reasons) as Reason[]).map((x) => ({ ...x, text: '' }))
          : renderReasons(JSON.parse(r.reasons) as Reason[]),
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

export interface LineDetails {
  lineId: number;
  matchId: number;
  returnTitles?: ReturnTitleDto[];
  cardSales?: CardSaleDto[];
}

/**
 * One line's details in its statement's current plan, as `match.lines` gives them with each line (the same
 * functions): a boleto credit's return-file titles, a card credit's sales. For the focused line's panel, when
 * the list was read without them.
 */
export async function lineDetails(from: Store | Db, lineId: number): Promise<LineDetails> {
  return storeOf(from).read(async (tx) => {
    const line = await repo.line(tx, lineId);
    const plan = line && line.kind === 'credit' ? await repo.currentPlan(tx, line.statementId) : undefined;
    const match = plan ? await repo.matchOfLine(tx, plan.id, lineId) : undefined;
    if (!match)
      throw new AppError('not_found', `Line ${lineId} is not a credit line of a matched statement.`, {
        code: 'match.line_not_found',
        params: { lineId },
      });
    const row = [{ matchId: match.id, reasons: match.reasons_json }];
    const titles = (await returnTitlesOf(tx, row)).get(match.id);
    const sales = (await cardSalesOf(tx, row)).get(match.id);
    return {
      lineId,
      matchId: match.id,
      ...(titles ? { returnTitles: titles } : {}),
      ...(sales ? { cardSales: sales } : {}),
    };
  });
}
