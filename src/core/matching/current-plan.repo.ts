import { sql } from 'kysely';
import type { Tx } from '../store/store';

/**
 * The current plan of a statement is its newest one (older plans are history, kept for what was reviewed).
 * This is the one place that says so; queries that need the condition inline use `currentPlanOf`.
 */
export const currentPlanOf = (plan = 'p') =>
  `${plan}.id = (SELECT max(id) FROM match_plans WHERE statement_id = ${plan}.statement_id)`;

/** How many lines of every statement's current plan are in each state (suggested, approved, ...). */
export async function matchCountsByState(tx: Tx): Promise<Record<string, number>> {
  const { rows } = await sql<{ state: string; n: number }>`SELECT m.state, count(*) AS n
       FROM matches m JOIN match_plans p ON p.id = m.plan_id
       WHERE ${sql.raw(currentPlanOf('p'))} GROUP BY m.state ORDER BY m.state`.execute(tx);
  // PostgreSQL's count(*) is a bigint (read as a number by the Store); SQLite's an integer.
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

export const statementCount = async (tx: Tx): Promise<number> =>
  Number(
    (
      await tx
        .selectFrom('statements')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
