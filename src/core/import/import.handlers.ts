import type { AccountCheck, ImportCommitResult } from '../../shared/contract/import';
import type { CoreContext } from '../context';
import type { HandlerGroup } from '../handlers';
import { appendAudit } from '../audit/audit.store';
import { commitImport, listProfiles, listStatements, previewImport } from './import.service';
import { resuggestCovered } from '../matching/suggest';
import { returnFileAudit, returnFileImported } from './return-file/return-file.handlers';
import { acquirerFileAudit, acquirerFileImported } from '../acquirer/acquirer.handlers';
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

/**
 * What the one audit entry per import records (the same file again is recorded too: the clerk did it). A statement
 * import writes it inside its own transaction (importAndSuggest).
 */
export function importAuditAfter(
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
): Record<string, unknown> {
  return {
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
  };
}

/**
 * Import, audit, and suggest matches at once: a clerk who has just imported a statement finds its lines
 * already matched in Conciliar. A failed suggestion never undoes the import; a notice says so.
 */
export async function importAndSuggest(
  ctx: Pick<CoreContext, 'db' | 'store' | 'audit' | 'log' | 'actor' | 'activeProfileId'>,
  input: Parameters<typeof commitImport>[1],
  opts: Parameters<typeof commitImport>[2],
): Promise<ImportCommitResult> {
  const result = await commitImport(ctx.store(), input, {
    ...opts,
    // The entry is written in the import's own transaction (a statement's, a return file's, an acquirer file's):
    // both commit, or neither.
    audit: async (tx, r) => {
      const { subject, after } = r.returnFile
        ? returnFileAudit(input, r.returnFile)
        : r.acquirerFile
          ? acquirerFileAudit(input, r.acquirerFile)
          : {
              subject: `statement:${r.statementId}`,
              after: importAuditAfter(input.fileName, input.bankAccountId, r),
            };
      await appendAudit(tx, {
        actor: ctx.actor(),
        profileId: ctx.activeProfileId(),
        action: 'import.committed',
        subject,
        after,
      });
    },
  });
  if (result.returnFile) return returnFileImported(ctx, input, { ...result, returnFile: result.returnFile });
  if (result.acquirerFile)
    return acquirerFileImported(ctx, input, { ...result, acquirerFile: result.acquirerFile });
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
      ctx.store(),
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
  'import.statements': async ({ bankAccountId }) =>
    ctx.store().read(async (tx) => {
      const statements = [];
      for (const s of await listStatements(tx, bankAccountId))
        statements.push({ ...s, sentCount: await sentReceivables(tx, s.id) });
      return { statements };
    }),
  'import.profiles': async ({ bankAccountId }) => ({
    profiles: await ctx.store().read((tx) => listProfiles(tx, bankAccountId)),
  }),
  // [P] Removing a statement none of whose lines was sent; audited with what went (statement-remove.ts).
  'import.remove': async ({ statementId }) =>
    // The removal and its audit entry commit together, or neither does.
    ctx.store().write(async (tx) => {
      const r = await removeStatement(tx, statementId);
      await appendAudit(tx, {
        actor: ctx.actor(),
        profileId: ctx.activeProfileId(),
        action: 'import.removed',
        subject: `statement:${statementId}`,
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
    }),
});
