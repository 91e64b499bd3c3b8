/**
 * After a CNAB return file is stored ([K]): audit it, then suggest again for the account's statements its
 * settlements' credit dates fall in, so a boleto credit imported before its return file is explained now.
 * A failed suggestion never undoes the import (a notice says so), as for statements.
 */
import type { ImportCommitResult, ReturnFileSummary } from '../../../shared/contract/import';
import type { CoreContext } from '../../context';
import type { HandlerGroup } from '../../handlers';
import { listReturnFiles } from './return-file.service';
import { returnFileRepo } from './return-file.repo';
import { resuggestCovered } from '../../matching/suggest';

export async function returnFileImported(
  ctx: Pick<CoreContext, 'db' | 'store' | 'audit' | 'log'>,
  input: { fileName: string; bankAccountId: number },
  result: Omit<ImportCommitResult, 'suggestions'> & { returnFile: ReturnFileSummary },
): Promise<ImportCommitResult> {
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
  const from = rf.creditFrom;
  const to = rf.creditTo;
  if (!from || !to) return { ...result, suggestions: null };
  return resuggestCovered(ctx, result, { label: 'return file', ref: `return file ${rf.id}` }, () =>
    returnFileRepo.statementsCovering(ctx.db(), input.bankAccountId, from, to),
  );
}

export const returnFileHandlers: HandlerGroup<'import.returnFiles'> = (ctx) => ({
  'import.returnFiles': async ({ bankAccountId }) => ({
    returnFiles: listReturnFiles(ctx.db(), bankAccountId),
  }),
});
