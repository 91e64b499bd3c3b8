import type { AccountCheck, ImportCommitResult } from '../../shared/contract/import';
import type { CoreContext } from '../context';
import type { HandlerGroup } from '../handlers';
import { commitImport, listProfiles, listStatements, previewImport } from './import.service';
import { resuggestCovered } from '../matching/suggest';
import { returnFileImported } from './return-file/return-file.handlers';
import { acquirerFileImported } from '../acquirer/acquirer.handlers';
import { removeStatement, sentReceivables } from './statement-remove';

/** Progress of reading a big file, as `job.progress` events keyed by the upload. */
const progressFor = (ctx: CoreContext, uploadId: string) => (done: number, total: number) =>
  ctx.events.emit('job.progress', {
    jobId: `import:${uploadId}`,
    phase: 'import.read',
    done,
    total,
    etaMs: null,
    waitingMs: 0,
  });

/** One audit entry per import (the same file again is recorded too: the clerk did it). */
export function auditImport(
  ctx: Pick<CoreContext, 'audit'>,
  fileName: string,
  bankAccountId: number,
  r: {
    statementId: number;
    imported: number;
    alreadyKnown: number;
    rejected: unknown[];
    sameFile: boolean;
    accountCheck?: AccountCheck;
  },
): void {
  ctx.audit('import.committed', `statement:${r.statementId}`, {
    after: {
      fileName,
      bankAccountId,
      imported: r.imported,
      alreadyKnown: r.alreadyKnown,
      rejected: r.rejected.length,
      sameFile: r.sameFile,
      // The clerk imported a file naming another account: who and which account, kept with the import.
      ...(r.accountCheck?.verdict === 'different'
        ? { accountConfirmedDespite: r.accountCheck.fileAccount, basis: r.accountCheck.basis }
        : {}),
    },
  });
}

/**
 * Import, audit, and suggest matches at once: a clerk who has just imported a statement finds its lines
 * already matched in Conciliar. A failed suggestion never undoes the import; a notice says so.
 */
export async function importAndSuggest(
  ctx: Pick<CoreContext, 'db' | 'audit' | 'log'>,
  input: Parameters<typeof commitImport>[1],
  opts: Parameters<typeof commitImport>[2],
): Promise<ImportCommitResult> {
  const result = await commitImport(ctx.db(), input, opts);
  if (result.returnFile) return returnFileImported(ctx, input, { ...result, returnFile: result.returnFile });
  if (result.acquirerFile)
    return acquirerFileImported(ctx, input, { ...result, acquirerFile: result.acquirerFile });
  auditImport(ctx, input.fileName, input.bankAccountId, result);
  return resuggestCovered(ctx, result, { label: 'statement', ref: `statement ${result.statementId}` }, () => [
    result.statementId,
  ]);
}

export const importHandlers: HandlerGroup<
  'import.preview' | 'import.commit' | 'import.statements' | 'import.profiles' | 'import.remove'
> = (ctx) => ({
  'import.preview': async ({ uploadId, bankAccountId, mapping, statementIndex }) => {
    const file = ctx.uploads.read(uploadId);
    return previewImport(
      ctx.db(),
      { fileName: file.fileName, bytes: file.bytes, bankAccountId, mapping, statementIndex },
      // A fresh read of the upload, used for nothing else: moved to the reading worker, not copied.
      { onProgress: progressFor(ctx, uploadId), transferBytes: true },
    );
  },
  'import.commit': async ({
    uploadId,
    bankAccountId,
    mapping,
    saveProfile,
    statementIndex,
    confirmAccount,
  }) => {
    const file = ctx.uploads.read(uploadId);
    return importAndSuggest(
      ctx,
      {
        fileName: file.fileName,
        bytes: file.bytes,
        bankAccountId,
        mapping,
        saveProfile,
        statementIndex,
        confirmAccount,
        actor: ctx.actor(),
      },
      // A fresh read of the upload, used for nothing else: moved to the reading worker, not copied.
      { onProgress: progressFor(ctx, uploadId), transferBytes: true },
    );
  },
  'import.statements': async ({ bankAccountId }) => {
    const db = ctx.db();
    return {
      statements: listStatements(db, bankAccountId).map((s) => ({
        ...s,
        sentCount: sentReceivables(db, s.id),
      })),
    };
  },
  'import.profiles': async ({ bankAccountId }) => ({ profiles: listProfiles(ctx.db(), bankAccountId) }),
  // [P] Removing a statement none of whose lines was sent; audited with what went (statement-remove.ts).
  'import.remove': async ({ statementId }) =>
    // The removal and its audit entry commit together, or neither does.
    ctx.db().transaction(() => {
      const r = removeStatement(ctx.db(), statementId);
      ctx.audit('import.removed', `statement:${statementId}`, {
        before: {
          fileName: r.fileName,
          bankAccountId: r.bankAccountId,
          periodFrom: r.periodFrom,
          periodTo: r.periodTo,
          lines: r.lines,
          credits: r.credits,
        },
        after: { matchesDiscarded: r.matchesDiscarded, approvedDiscarded: r.approvedDiscarded },
      });
      return r;
    })(),
});
