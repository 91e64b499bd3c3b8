import type { MatchSummaryDto } from '../../shared/contract/matching';
import type { CoreContext } from '../context';
import type { Db } from '../db/open-db';
import { currentPlanOf } from './current-plan.repo';
import { ENGINE_OWNED } from './matching.repo';
import { runMatching } from './matching.service';

/** What started a suggestion run, kept in its audit entry. */
export type SuggestTrigger = 'manual' | 'import' | 'sync' | 'rule';

/**
 * Suggest matches for a statement and record it: the one way suggestions are made, whoever asks (the Conciliar
 * button, an import that just committed, a sync that brought new receivables). Reviewed matches are kept by
 * runMatching, so a re-run never undoes the clerk's decisions.
 */
export function suggest(
  ctx: Pick<CoreContext, 'db' | 'audit'>,
  statementId: number | undefined,
  trigger: SuggestTrigger,
): MatchSummaryDto {
  const summary = runMatching(ctx.db(), { statementId });
  const { green, yellow, red, unmatched, kept, planId } = summary;
  ctx.audit('match.suggested', `statement:${summary.statementId}`, {
    after: { planId, green, yellow, red, unmatched, kept, trigger },
  });
  return summary;
}

/**
 * Statements with lines the clerk has not decided yet (a sync may have brought their receivables), and any with
 * credits never matched (imported by an older Quita).
 */
export function statementsToRefresh(db: Db): number[] {
  return db
    .prepare(
      `SELECT DISTINCT p.statement_id FROM matches m JOIN match_plans p ON p.id = m.plan_id
       WHERE ${currentPlanOf('p')}
         AND ${ENGINE_OWNED}
       UNION
       SELECT s.id FROM statements s WHERE s.credit_count > 0
         AND NOT EXISTS (SELECT 1 FROM match_plans p WHERE p.statement_id = s.id)
       ORDER BY 1`,
    )
    .pluck()
    .all() as number[];
}
