import { getSyncState } from '../cache/sync-state.repo';
import type { Db } from '../db/open-db';
import type { HandlerGroup } from '../handlers';

const amount = (db: Db, sql: string, ...params: (string | number)[]) => {
  const r = db.prepare(sql).get(...params) as { count: number; cents: number | null };
  return { count: r.count, cents: r.cents ?? 0 };
};

/** Matches of the current plan of every statement (older plans are history). */
const CURRENT = `m.plan_id IN (SELECT max(id) FROM match_plans GROUP BY statement_id)`;

export const dashboardHandlers: HandlerGroup<'dashboard.summary'> = (ctx) => ({
  'dashboard.summary': async () => {
    const db = ctx.db();
    const receivables = (status: number) =>
      amount(
        db,
        'SELECT count(*) AS count, sum(amount_cents) AS cents FROM receivables WHERE status_id = ?',
        status,
      );
    const lineTotals = (where: string) =>
      amount(
        db,
        `SELECT count(*) AS count, sum(l.amount_cents) AS cents FROM matches m JOIN statement_lines l ON l.id = m.line_id
         WHERE ${CURRENT} AND ${where}`,
      );
    const outbox = (states: string) =>
      amount(
        db,
        `SELECT count(*) AS count, sum(i.amount_cents) AS cents FROM outbox_items i JOIN outbox_batches b ON b.id = i.batch_id
         WHERE b.state IN (${states})`,
      );
    const latest = db
      .prepare('SELECT id, file_name AS fileName FROM statements ORDER BY imported_at DESC, id DESC LIMIT 1')
      .get() as { id: number; fileName: string } | undefined;
    const days = latest
      ? (db
          .prepare(
            `SELECT l.date,
               sum(CASE WHEN m.id IS NOT NULL AND m.state NOT IN ('rejected', 'unmatched') AND EXISTS (SELECT 1 FROM match_items i WHERE i.match_id = m.id)
                   THEN l.amount_cents ELSE 0 END) AS matchedCents,
               sum(CASE WHEN m.id IS NOT NULL AND m.state NOT IN ('rejected', 'unmatched') AND EXISTS (SELECT 1 FROM match_items i WHERE i.match_id = m.id)
                   THEN 0 ELSE l.amount_cents END) AS unmatchedCents
             FROM statement_lines l
             LEFT JOIN matches m ON m.line_id = l.id AND m.plan_id = (SELECT max(id) FROM match_plans WHERE statement_id = l.statement_id)
             WHERE l.statement_id = ? AND l.kind = 'credit' GROUP BY l.date ORDER BY l.date`,
          )
          .all(latest.id) as { date: string; matchedCents: number; unmatchedCents: number }[])
      : [];
    return {
      open: receivables(1),
      overdue: receivables(4),
      matched: lineTotals(
        `m.state NOT IN ('rejected', 'unmatched') AND EXISTS (SELECT 1 FROM match_items i WHERE i.match_id = m.id)`,
      ),
      approved: lineTotals(`m.state = 'approved'`),
      queued: outbox(`'queued', 'sending', 'sent', 'unknown'`),
      sent: outbox(`'confirmed'`),
      lastSyncAt: getSyncState(db, 'receivables').lastSuccessAt,
      statement: latest ? { ...latest, days } : null,
    };
  },
});
