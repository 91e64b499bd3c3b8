import type { ImportCommitResult } from '../../shared/contract/import';
import type { MatchSummaryDto } from '../../shared/contract/matching';
import type { CoreContext } from '../context';
import type { Store } from '../store/store';
import { matchingRepo } from './matching.repo';
import { runMatching } from './matching.service';

/** What started a suggestion run, kept in its audit entry. */
export type SuggestTrigger = 'manual' | 'import' | 'sync' | 'rule';

/**
 * Suggest matches for a statement and record it: the one way suggestions are made, whoever asks (the Conciliar
 * button, an import that just committed, a sync that brought new receivables). Reviewed matches are kept by
 * runMatching, so a re-run never undoes the clerk's decisions.
 */
export async function suggest(
  ctx: Pick<CoreContext, 'store' | 'audit'>,
  statementId: number | undefined,
  trigger: SuggestTrigger,
): Promise<MatchSummaryDto> {
  const summary = await runMatching(ctx.store(), { statementId });
  const { green, yellow, red, unmatched, kept, planId } = summary;
  await ctx.audit('match.suggested', `statement:${summary.statementId}`, {
    after: { planId, green, yellow, red, unmatched, kept, trigger },
  });
  return summary;
}

/**
 * Statements with lines the clerk has not decided yet (a sync may have brought their receivables), and any with
 * credits never matched (imported by an older Quita).
 */
export function statementsToRefresh(store: Store): Promise<number[]> {
  return store.read(matchingRepo.statementsToRefresh);
}

/**
 * After an import is stored: suggest for the statement imported, or — for a settlement file (a CNAB return
 * file, an acquirer file) — again for the statements its credit dates fall in, so a credit imported before its
 * file is explained now. A failed suggestion never undoes the import: the result carries a notice saying so (the
 * details go to the log), naming `what` was imported. The one place an import's suggestions are made.
 */
export async function resuggestCovered<R extends Omit<ImportCommitResult, 'suggestions'>>(
  ctx: Pick<CoreContext, 'store' | 'audit' | 'log'>,
  result: R,
  what: { label: string; ref: string },
  covered: () => number[] | Promise<number[]>,
): Promise<R & { suggestions: MatchSummaryDto | null }> {
  let suggestions: MatchSummaryDto | null = null;
  try {
    for (const id of await covered()) suggestions = await suggest(ctx, id, 'import');
    return { ...result, suggestions };
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    ctx.log.error(`suggesting matches after importing ${what.ref} failed`, e);
    return {
      ...result,
      suggestions: null,
      notices: [
        ...result.notices,
        {
          code: 'import.suggest_failed',
          message: `The ${what.label} was imported, but suggesting matches failed (${reason}); open Conciliar and press “Sugerir de novo”.`,
          params: { reason },
        },
      ],
    };
  }
}
