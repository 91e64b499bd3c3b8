/**
 * After a CNAB return file is stored ([K]): suggest again for the account's statements its settlements' credit
 * dates fall in, so a boleto credit imported before its return file is explained now. A failed suggestion never
 * undoes the import (a notice says so), as for statements. Its audit entry is written in the import's own
 * transaction (returnFileAudit, through import.handlers.ts's hook).
 */
import type { ImportCommitResult, ReturnFileSummary } from '../../../shared/contract/import';
import type { CoreContext } from '../../context';
import type { HandlerGroup } from '../../handlers';
import { listReturnFiles } from './return-file.service';
import { returnFileRepo } from './return-file.repo';
import { resuggestCovered } from '../../matching/suggest';

/** The audit entry of a return file's import (`import.committed` on `return_file:<id>`). */
export function returnFileAudit(
  input: { fileName: string; bankAccountId: number },
  rf: ReturnFileSummary,
): { subject: string; after: Record<string, unknown> } {
  return {
    subject: `return_file:${rf.id}`,
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
  };
}

export async function returnFileImported(
  ctx: Pick<CoreContext, 'store' | 'audit' | 'log'>,
  input: { fileName: string; bankAccountId: number },
  result: Omit<ImportCommitResult, 'suggestions'> & { returnFile: ReturnFileSummary },
): Promise<ImportCommitResult> {
  const rf = result.returnFile;
  const from = rf.creditFrom;
  const to = rf.creditTo;
  if (!from || !to) return { ...result, suggestions: null };
  return resuggestCovered(ctx, result, { label: 'return file', ref: `return file ${rf.id}` }, () =>
    ctx.store().read((tx) => returnFileRepo.statementsCovering(tx, input.bankAccountId, from, to)),
  );
}

export const returnFileHandlers: HandlerGroup<'import.returnFiles'> = (ctx) => ({
  'import.returnFiles': async ({ bankAccountId }) => ({
    returnFiles: await ctx.store().read((tx) => listReturnFiles(tx, bankAccountId)),
  }),
});
