import type { MatchSummaryDto } from '../../shared/contract/matching';
import type { CoreContext } from '../context';
import type { Db } from '../db/open-db';
import { matchingRepo } from './matching.repo';
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
  return matchingRepo.statementsToRefresh(db);
}
