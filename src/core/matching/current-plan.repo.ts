import type { Db } from '../db/open-db';

/**
 * The current plan of a statement is its newest one (older plans are history, kept for what was reviewed).
 * This is the one place that says so; queries that need the condition inline use `currentPlanOf`.
 */
export const currentPlanOf = (plan = 'p') =>
  `${plan}.id = (SELECT max(id) FROM match_plans WHERE statement_id = ${plan}.statement_id)`;

/** The id of a statement's current plan (undefined: never matched). */
export function currentPlanId(db: Db, statementId: number): number | undefined {
  return (
    (db.prepare('SELECT max(id) FROM match_plans WHERE statement_id = ?').pluck().get(statementId) as
      number | null | undefined) ?? undefined
  );
}

/** How many lines of every statement's current plan are in each state (suggested, approved, ...). */
export function matchCountsByState(db: Db): Record<string, number> {
  const rows = db
    .prepare(
      `SELECT m.state, count(*) AS n FROM matches m JOIN match_plans p ON p.id = m.plan_id
       WHERE ${currentPlanOf('p')} GROUP BY m.state ORDER BY m.state`,
    )
    .all() as { state: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

export const statementCount = (db: Db): number =>
  db.prepare('SELECT count(*) FROM statements').pluck().get() as number;
