import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorInfo } from '../../shared/contract';
import type { IntakeFile } from '../../shared/contract/cycle';
import type { ImportCommitResult, ImportPreview } from '../../shared/contract/import';
import type { CoreContext } from '../context';
import type { Dispatch } from '../dispatch';
import { AppError } from '../errors';
import { MAX_UPLOAD_BYTES } from '../uploads';
import { cycleRepo } from '../cycle/cycle.repo';
import { decideAccount } from './intake-account';
import {
  ensureIntakeFolders,
  IMPORTED_DIR,
  lookAtFolder,
  moveHandled,
  REFUSED_DIR,
  stableFiles,
  writeReason,
} from './intake-folder';
import { intakeRepo } from './intake.repo';
import { refusalSentence } from './refusal-text';
import type { Store } from '../store/store';

/**
 * The intake folder of a branch, taken once: every whole file in it is imported through the same commands as
 * Importar and `quita import` (`import.preview`, then `import.commit` into the account the file names), so it is
 * validated, matched and audited alike; then moved to `importados/`, or to `recusados/` with the sentence beside it
 * (`<file>.motivo.txt`). A file whose account cannot be told stays where it is, listed for a person. A failure that
 * is not the file's (the database busy, a bug) leaves the file in place for the next cycle and is reported.
 */
export interface IntakeRun {
  ctx: CoreContext;
  dispatch: Dispatch;
  profileId: string;
  cycleId: number | null;
  /** The pause between the two looks at the folder (default 2 s); tests pass a signal instead of a time. */
  settle?: () => Promise<void>;
  now?: () => Date;
}

export interface IntakeResult {
  folder: string | null;
  imported: IntakeFile[];
  refused: IntakeFile[];
  waiting: IntakeFile[];
  /** Statements that received lines (already matched by import.commit). */
  statementIds: number[];
  /** Failures that were not the file's fault (the file stays for the next cycle). */
  errors: ErrorInfo[];
}

export const DEFAULT_SETTLE_MS = 2000;
const sha256Of = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
/** Refusals that belong to the file itself (its content, its size); anything else is retried next time. */
const isFileRefusal = (e: ErrorInfo) =>
  e.kind === 'validation' || /^(import|cnab|acquirer|upload)\./.test(e.code ?? '');
const kindOf = (p: ImportPreview) =>
  p.format === 'cnab' ? 'cnab' : p.format === 'acquirer' ? 'acquirer' : 'statement';

/** The branch's intake folder (the cycle's settings), read through its Store. */
export async function intakeFolderOf(ctx: CoreContext, profileId: string): Promise<string | null> {
  return (await ctx.storeFor(profileId).read(cycleRepo.settingsOf)).intakeFolder;
}

function assertActive(ctx: CoreContext, profileId: string): void {
  if (ctx.activeProfileId() !== profileId)
    throw new AppError('conflict', 'The branch was switched while its intake folder was being read.', {
      code: 'cycle.profile_switched',
    });
}

export async function takeIntake(run: IntakeRun): Promise<IntakeResult> {
  const { ctx, profileId } = run;
  const folder = await intakeFolderOf(ctx, profileId);
  const result: IntakeResult = {
    folder,
    imported: [],
    refused: [],
    waiting: [],
    statementIds: [],
    errors: [],
  };
  if (!folder) return result;
  if (!existsSync(folder))
    throw new AppError('not_found', `The intake folder ${folder} does not exist (any more).`, {
      code: 'intake.folder_missing',
      params: { folder },
    });
  ensureIntakeFolders(folder);
  const first = lookAtFolder(folder);
  // A person took a waiting file away (or imported it by hand): it no longer needs them.
  const store = ctx.storeFor(profileId);
  for (const w of await store.read(intakeRepo.waiting))
    if (!first.has(w.fileName)) await store.write((tx) => intakeRepo.forget(tx, w.id));
  if (first.size === 0) return result;
  await (run.settle ?? (() => new Promise((r) => setTimeout(r, DEFAULT_SETTLE_MS))))();
  const ready = stableFiles(folder, first, lookAtFolder(folder));
  for (const name of ready) {
    assertActive(ctx, profileId);
    const outcome = await handleFile(run, folder, name);
    if (outcome.kind === 'error') result.errors.push(outcome.error);
    else {
      result[outcome.kind].push(outcome.file);
      if (outcome.statementId) result.statementIds.push(outcome.statementId);
    }
  }
  return result;
}

type Outcome =
  | { kind: 'imported'; file: IntakeFile; statementId: number | null }
  | { kind: 'refused' | 'waiting'; file: IntakeFile; statementId?: undefined }
  | { kind: 'error'; error: ErrorInfo };

/**
 * Record what became of a file (its row replaces the waiting row of the same file, when asked), and read it back,
 * in one transaction.
 */
function recordIntake(
  store: Store,
  record: Parameters<typeof intakeRepo.record>[1],
  opts: { replaceWaiting?: boolean } = {},
): Promise<IntakeFile> {
  return store.write(async (tx) => {
    const replace = opts.replaceWaiting
      ? await intakeRepo.waitingOf(tx, record.fileName, record.sha256)
      : undefined;
    const id = await intakeRepo.record(tx, record, replace);
    return (await intakeRepo.get(tx, id))!;
  });
}

async function handleFile(run: IntakeRun, folder: string, name: string): Promise<Outcome> {
  const { ctx, profileId, dispatch } = run;
  const store = ctx.storeFor(profileId);
  const at = (run.now ?? (() => new Date()))().toISOString();
  const bytes = readFileSync(join(folder, name));
  const sha256 = sha256Of(bytes);
  const base = {
    cycleId: run.cycleId,
    fileName: name,
    sha256,
    size: bytes.byteLength,
    bankAccountId: null,
    newItems: 0,
    knownItems: 0,
    sameFile: false,
    at,
  };
  const refuse = async (error: ErrorInfo, kind: string | null): Promise<Outcome> => {
    const movedTo = moveHandled(folder, name, REFUSED_DIR);
    writeReason(movedTo, refusalSentence(error));
    const file = await recordIntake(store, { ...base, state: 'refused', kind, reason: error, movedTo });
    await ctx.audit('intake.refused', name, { after: { code: error.code ?? error.kind, movedTo } });
    ctx.log.warn(`intake: ${name} refused: ${error.code ?? error.kind}: ${error.message}`);
    return { kind: 'refused', file };
  };
  if (bytes.byteLength > MAX_UPLOAD_BYTES)
    return refuse({ kind: 'validation', code: 'import.too_large', message: 'The file is too large.' }, null);

  const { uploadId } = ctx.uploads.stage(name, bytes);
  try {
    const pv = await dispatch('import.preview', { uploadId });
    if (!pv.ok) return isFileRefusal(pv.error) ? refuse(pv.error, null) : { kind: 'error', error: pv.error };
    const preview = pv.value as ImportPreview;
    const kind = kindOf(preview);
    const decision = await decideAccount(store, preview, bytes);
    if ('waiting' in decision) {
      const file = await recordIntake(
        store,
        { ...base, state: 'waiting', kind, reason: decision.waiting, movedTo: null },
        { replaceWaiting: true },
      );
      return { kind: 'waiting', file };
    }
    return await commitFile(run, folder, name, uploadId, decision.bankAccountId, { ...base, kind }, refuse);
  } finally {
    ctx.uploads.remove(uploadId);
  }
}

async function commitFile(
  run: IntakeRun,
  folder: string,
  name: string,
  uploadId: string,
  bankAccountId: number,
  base: Omit<Parameters<typeof intakeRepo.record>[1], 'state' | 'reason' | 'movedTo'>,
  refuse: (e: ErrorInfo, kind: string | null) => Promise<Outcome>,
): Promise<Outcome> {
  const store = run.ctx.storeFor(run.profileId);
  const cm = await run.dispatch('import.commit', { uploadId, bankAccountId });
  if (!cm.ok)
    return isFileRefusal(cm.error) ? refuse(cm.error, base.kind) : { kind: 'error', error: cm.error };
  const r = cm.value as ImportCommitResult;
  const movedTo = moveHandled(folder, name, IMPORTED_DIR);
  const record = {
    ...base,
    state: 'imported' as const,
    bankAccountId,
    newItems: r.imported,
    knownItems: r.alreadyKnown,
    sameFile: r.sameFile,
    reason: null,
    movedTo,
  };
  const file = await recordIntake(store, record, { replaceWaiting: true });
  return { kind: 'imported', file, statementId: r.statementId || null };
}

/** A person chose the account of a waiting file: it is imported like any other (and moved). */
export async function assignWaiting(
  run: IntakeRun,
  fileId: number,
  bankAccountId: number,
): Promise<IntakeFile> {
  const store = run.ctx.storeFor(run.profileId);
  const folder = await intakeFolderOf(run.ctx, run.profileId);
  const row = await store.read((tx) => intakeRepo.get(tx, fileId));
  if (!folder || !row || row.state !== 'waiting' || !existsSync(join(folder, row.fileName)))
    throw new AppError('not_found', 'That file is no longer waiting in the intake folder.', {
      code: 'intake.not_waiting',
    });
  const bytes = readFileSync(join(folder, row.fileName));
  const { uploadId } = run.ctx.uploads.stage(row.fileName, bytes);
  const at = (run.now ?? (() => new Date()))().toISOString();
  const base = {
    cycleId: run.cycleId,
    fileName: row.fileName,
    sha256: sha256Of(bytes),
    size: bytes.byteLength,
    kind: row.kind,
    bankAccountId: null,
    newItems: 0,
    knownItems: 0,
    sameFile: false,
    at,
  };
  try {
    const out = await commitFile(run, folder, row.fileName, uploadId, bankAccountId, base, (error) => {
      // The person chose the account: a refusal here is said to them, and the file stays waiting.
      throw new AppError(error.kind, error.message, {
        ...(error.code ? { code: error.code } : {}),
        ...(error.params ? { params: error.params } : {}),
      });
    });
    if (out.kind === 'error')
      throw new AppError(out.error.kind, out.error.message, out.error.code ? { code: out.error.code } : {});
    if (out.kind === 'imported') await store.write((tx) => intakeRepo.forget(tx, fileId));
    return out.file;
  } finally {
    run.ctx.uploads.remove(uploadId);
  }
}
