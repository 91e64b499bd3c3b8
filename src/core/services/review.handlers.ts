import { fold } from '../api/normalize';
import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';
import { applyReview, approveGreen, overrideLine } from '../review/review.service';

export const reviewHandlers: HandlerGroup<
  | 'review.approve'
  | 'review.approveGreen'
  | 'review.reject'
  | 'review.toReview'
  | 'review.unmatch'
  | 'review.override'
  | 'review.searchReceivables'
> = (ctx) => {
  const who = () => ({ actor: ctx.actor(), profileId: ctx.activeProfileId() });
  return {
    'review.approve': async ({ matchIds }) => applyReview(ctx.db(), 'approve', matchIds, who()),
    'review.reject': async ({ matchIds }) => applyReview(ctx.db(), 'reject', matchIds, who()),
    'review.toReview': async ({ matchIds }) => applyReview(ctx.db(), 'to_review', matchIds, who()),
    'review.unmatch': async ({ matchIds }) => applyReview(ctx.db(), 'unmatch', matchIds, who()),
    'review.approveGreen': async ({ statementId }) => {
      const db = ctx.db();
      const id =
        statementId ??
        (db.prepare('SELECT id FROM statements ORDER BY imported_at DESC, id DESC LIMIT 1').pluck().get() as
          number | undefined);
      if (id === undefined)
        throw new AppError('not_found', 'No statement has been imported yet.', {
          code: 'review.no_statement',
        });
      return approveGreen(db, id, who());
    },
    'review.override': async ({ lineId, receivableIds }) => {
      const r = overrideLine(ctx.db(), lineId, receivableIds, who());
      return { matchId: r.matchId, score: r.score, zone: r.zone, aliasesLearned: r.aliasesLearned };
    },
    'review.searchReceivables': async (q) => {
      const db = ctx.db();
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
      const rows = db
        .prepare(
          `SELECT r.id, r.payer_name AS payerName, r.description, r.amount_cents AS amountCents, r.due_date AS dueDate,
             r.payment_type_id AS paymentTypeId, r.status_id AS statusId,
             (SELECT m.line_id FROM match_items i JOIN matches m ON m.id = i.match_id WHERE i.receivable_id = r.id AND i.active = 1 LIMIT 1) AS heldByLineId
           FROM receivables r WHERE ${where.join(' AND ')} ORDER BY r.due_date DESC, r.id`,
        )
        .all(...params) as {
        id: number;
        payerName: string | null;
        description: string | null;
        amountCents: number;
        dueDate: string | null;
        paymentTypeId: number | null;
        statusId: number;
        heldByLineId: number | null;
      }[];
      // Names are matched without accents or case, in JS: SQLite's lower() folds only ASCII.
      const text = q.query ? fold(q.query) : '';
      const filtered = text
        ? rows.filter(
            (r) =>
              fold(`${r.payerName ?? ''} ${r.description ?? ''} ${r.id}`).includes(text) ||
              (r.amountCents / 100).toFixed(2).replace('.', ',').includes(text),
          )
        : rows;
      return { rows: filtered.slice(0, q.limit) };
    },
  };
};
