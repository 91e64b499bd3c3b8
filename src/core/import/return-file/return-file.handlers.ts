/**
 * After a CNAB return file is stored ([K]): audit it, then suggest again for the account's statements its
 * settlements' credit dates fall in, so a boleto credit imported before its return file is explained now.
 * A failed suggestion never undoes the import (a notice says so), as for statements.
 */
import type { ImportCommitResult, ReturnFileSummary } from '../../../shared/contract/import';
import type { MatchSummaryDto } from '../../../shared/contract/matching';
import type { CoreContext } from '../../context';
import type { HandlerGroup } from '../../handlers';
import { listReturnFiles } from './return-file.service';
import { returnFileRepo } from './return-file.repo';
import { suggest } from '../../matching/suggest';

export function returnFileImported(
  ctx: Pick<CoreContext, 'db' | 'audit' | 'log'>,
  input: { fileName: string; bankAccountId: number },
  result: Omit<ImportCommitResult, 'suggestions'> & { returnFile: ReturnFileSummary },
): ImportCommitResult {
  const rf = result.returnFile;
  ctx.audit('import.committed', `return_file:${rf.id}`, {
    after: {
      fileName: input.fileName,
      bankAccountId: input.bankAccountId,
      kind: 'cnab_return',
      bankCode: rf.bankCode,
      layout: rf.layout,
      titles: rf.titles,
      settlements: rf.settlements,
      inserted: rf.inserted,
      alreadyKnown: rf.known,
      sameFile: rf.sameFile,
    },
  });
  if (!rf.creditFrom || !rf.creditTo) return { ...result, suggestions: null };
  let suggestions: MatchSummaryDto | null = null;
  try {
    const ids = returnFileRepo.statementsCovering(ctx.db(), input.bankAccountId, rf.creditFrom, rf.creditTo);
    for (const id of ids) suggestions = suggest(ctx, id, 'import');
    return { ...result, suggestions };
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    ctx.log.error(`suggesting matches after importing return file ${rf.id} failed`, e);
    return {
      ...result,
      suggestions: null,
      notices: [
        ...result.notices,
        {
          code: 'import.suggest_failed',
          message: `The return file was imported, but suggesting matches failed (${reason}); open Conciliar and press “Sugerir de novo”.`,
          params: { reason },
        },
      ],
    };
  }
}

export const returnFileHandlers: HandlerGroup<'import.returnFiles'> = (ctx) => ({
  'import.returnFiles': async ({ bankAccountId }) => ({
    returnFiles: listReturnFiles(ctx.db(), bankAccountId),
  }),
});
