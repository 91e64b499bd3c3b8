import type { AccountCheck } from '../../shared/contract/import';
import type { CoreContext } from '../context';
import type { HandlerGroup } from '../handlers';
import { commitImport, listProfiles, listStatements, previewImport } from '../import/import.service';

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

export const importHandlers: HandlerGroup<
  'import.preview' | 'import.commit' | 'import.statements' | 'import.profiles'
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
    const result = await commitImport(
      ctx.db(),
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
    auditImport(ctx, file.fileName, bankAccountId, result);
    return result;
  },
  'import.statements': async ({ bankAccountId }) => ({ statements: listStatements(ctx.db(), bankAccountId) }),
  'import.profiles': async ({ bankAccountId }) => ({ profiles: listProfiles(ctx.db(), bankAccountId) }),
});
