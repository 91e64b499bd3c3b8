/**
 * After an acquirer settlement file is stored ([J]): suggest again for the account's statements its payment dates
 * fall in, so a card credit imported before its acquirer file is explained now. A failed suggestion never undoes the
 * import (a notice says so), as for statements and return files. Its audit entry is written in the import's own
 * transaction (acquirerFileAudit, through import.handlers.ts's hook).
 */
import type { AcquirerFileSummary } from '../../shared/contract/acquirer';
import type { ImportCommitResult } from '../../shared/contract/import';
import type { CoreContext } from '../context';
import type { HandlerGroup } from '../handlers';
import { resuggestCovered } from '../matching/suggest';
import { acquirerRepo } from './acquirer.repo';
import { listAcquirerFiles, paymentsOfFile } from './acquirer.service';

/** The audit entry of an acquirer file's import (`import.committed` on `acquirer_file:<id>`). */
export function acquirerFileAudit(
  input: { fileName: string; bankAccountId: number },
  af: AcquirerFileSummary,
): { subject: string; after: Record<string, unknown> } {
  return {
    subject: `acquirer_file:${af.id}`,
    after: {
      fileName: input.fileName,
      bankAccountId: input.bankAccountId,
      kind: 'acquirer_file',
      acquirer: af.acquirer,
      layout: af.layout,
      sales: af.sales,
      payments: af.payments,
      inserted: af.inserted,
      alreadyKnown: af.known,
      sameFile: af.sameFile,
    },
  };
}

export async function acquirerFileImported(
  ctx: Pick<CoreContext, 'store' | 'audit' | 'log'>,
  input: { fileName: string; bankAccountId: number },
  result: Omit<ImportCommitResult, 'suggestions'> & { acquirerFile: AcquirerFileSummary },
): Promise<ImportCommitResult> {
  const af = result.acquirerFile;
  const from = af.paymentFrom;
  const to = af.paymentTo;
  if (!from || !to) return { ...result, suggestions: null };
  return resuggestCovered(ctx, result, { label: 'acquirer file', ref: `acquirer file ${af.id}` }, () =>
    ctx.store().read((tx) => acquirerRepo.statementsCovering(tx, input.bankAccountId, from, to)),
  );
}

export const acquirerHandlers: HandlerGroup<'acquirer.files' | 'acquirer.payments'> = (ctx) => ({
  'acquirer.files': async ({ bankAccountId }) => ({
    files: await ctx.store().read((tx) => listAcquirerFiles(tx, bankAccountId)),
  }),
  'acquirer.payments': async ({ fileId }) => ({
    payments: await ctx.store().read((tx) => paymentsOfFile(tx, fileId)),
  }),
});
