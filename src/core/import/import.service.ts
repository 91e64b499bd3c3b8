import { createHash } from 'node:crypto';
import type {
  AccountCheck,
  ImportCommitResult,
  ImportPreview,
  LineKind,
  Mapping,
  MappingProfileInfo,
  Notice,
  StatementSummary,
} from '../../shared/contract/import';
import { mappingSchema } from '../../shared/contract/import';
import { lockAdvisory, type Store, type Tx } from '../store/store';
import { checkAccount, describeAccount, hintKey } from './account-check';
import { importErrors } from './import-errors';
import { sameCreditFinder } from './same-credit';
import { importRepo, linesLock, type BankAccountRow } from './import.repo';
import { PREVIEW_LINES } from './limits';
import { parseStatementInWorker } from './parse-in-worker';
import { commitReturnFile, previewReturnFile, type ReadReturnFile } from './return-file/return-file.service';
import { commitAcquirerFile, previewAcquirerFile, type ReadAcquirerFile } from '../acquirer/acquirer.service';
import { STARTER_PROFILES, startersForBank } from './starter-profiles';
import type { ParsedLine, ParseResult, ProfileCandidate } from './types';

export interface ImportFile {
  fileName: string;
  bytes: Uint8Array;
  bankAccountId?: number | undefined;
  /** The clerk's corrected mapping (from the preview). */
  mapping?: Mapping | undefined;
  /** Which statement of a file that holds several. */
  statementIndex?: number | undefined;
}

export interface ImportOptions {
  onProgress?: ((done: number, total: number) => void) | undefined;
  now?: () => Date;
  /** Deadline for reading the file; default `parseDeadlineMs` of its size (limits.ts). */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /**
   * The caller will not use `file.bytes` again (a fresh read of an upload or a file): they are moved to
   * the reading worker instead of copied, and are empty afterwards.
   */
  transferBytes?: boolean | undefined;
  /**
   * Write the import's audit entry inside its transaction (audit.store.ts's appendAudit), so that the statement and
   * the entry recording it commit together. A return or acquirer file's entry too (their commits pass it on): the
   * result then carries `returnFile` or `acquirerFile`.
   */
  audit?: ((tx: Tx, result: Omit<ImportCommitResult, 'suggestions'>) => Promise<void>) | undefined;
}

const EMPTY_HINT = { bankCode: null, agency: null, account: null };

const zeroKinds = (): Record<LineKind, number> => ({ credit: 0, debit: 0, balance: 0 });

async function requireAccount(tx: Tx, id: number): Promise<BankAccountRow> {
  const account = await importRepo.bankAccount(tx, id);
  if (!account) throw importErrors.unknownBankAccount(id);
  return account;
}

/** The account's saved profiles (most recently used first), then the starter profiles of its bank. */
async function candidatesFor(tx: Tx, account: BankAccountRow): Promise<ProfileCandidate[]> {
  const saved: ProfileCandidate[] = [];
  for (const row of await importRepo.profiles(tx, account.id)) {
    const parsed = mappingSchema.safeParse(JSON.parse(row.mapping_json));
    if (!parsed.success) continue; // written by another version: ignore rather than fail the import
    const mapping = parsed.data;
    saved.push(
      mapping.kind === 'ofx'
        ? { source: 'saved', kind: 'ofx', name: row.name, mapping }
        : { source: 'saved', kind: 'table', name: row.name, signature: row.signature, mapping },
    );
  }
  return [...saved, ...startersForBank(account.bank_code)];
}

interface ReadFile {
  parsed: ParseResult;
  account: BankAccountRow | null;
  check: AccountCheck;
  sha256: string;
  byteSize: number;
}

/**
 * The file is read in a worker thread with a deadline (parse-in-worker.ts): a damaged workbook can loop
 * forever inside SheetJS, and a big file would otherwise block this thread for seconds. What the read needs from
 * the database is read before it and what it found is checked after it, each in a read transaction of its own: a
 * Store transaction never waits for the worker.
 */
async function parseFor(store: Store, file: ImportFile, opts: ImportOptions): Promise<ReadFile> {
  const { account, profiles } = await store.read(async (tx) => {
    const a = file.bankAccountId !== undefined ? await requireAccount(tx, file.bankAccountId) : null;
    return { account: a, profiles: a ? await candidatesFor(tx, a) : [] };
  });
  // Before the read: with `transferBytes` the bytes are gone afterwards.
  const sha256 = sha256Of(file.bytes);
  const byteSize = file.bytes.byteLength;
  const parsed = await parseStatementInWorker(
    file.bytes,
    {
      mapping: file.mapping,
      profiles,
      statementIndex: file.statementIndex,
      account: account
        ? { bankCode: account.bank_code, agency: account.agency, account: account.account }
        : undefined,
    },
    {
      timeoutMs: opts.timeoutMs,
      onProgress: opts.onProgress,
      signal: opts.signal,
      transfer: opts.transferBytes,
    },
  );
  const check = await store.read(async (tx) => {
    if (account && parsed.period) parsed.notices.push(...(await overlapNotices(tx, account.id, parsed)));
    return checkAccount(tx, parsed.accountHint, account?.id ?? null);
  });
  return { parsed, account, check, sha256, byteSize };
}

/**
 * Fingerprints match lines only between files of the same kind (an OFX has FITIDs, a CSV usually not), so
 * an overlap with a statement imported from another kind of file may double lines: say so.
 */
async function overlapNotices(tx: Tx, bankAccountId: number, parsed: ParseResult): Promise<Notice[]> {
  const { from, to } = parsed.period!;
  const isOfx = parsed.format === 'ofx';
  return (await importRepo.overlapping(tx, bankAccountId, from, to))
    .filter((s) => (s.format === 'ofx') !== isOfx)
    .slice(0, 3)
    .map((s) => ({
      code: 'import.overlap_other_format',
      message: `Statement #${s.id} (${s.format.toUpperCase()}, ${s.period_from} to ${s.period_to}) covers part of this period from another kind of file; lines cannot be matched across kinds, so check for doubles.`,
      params: { statementId: s.id, format: s.format },
    }));
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The statement this file already is: the same bytes, or the same lines in other bytes (other line endings,
 * encoding, trailing blank lines: every line's fingerprint is a line of one earlier statement with exactly as many
 * lines and the same period). One file is one file; an export of an overlapping period is not this.
 * `stored`: the account's lines under the file's fingerprints (importRepo.storedLines).
 */
async function sameStatement(
  tx: Tx,
  bankAccountId: number,
  sha256: string,
  parsed: { lines: readonly { fingerprint: string }[]; period: { from: string; to: string } | null },
  stored: ReadonlyMap<string, number>,
): Promise<{ id: number } | undefined> {
  const bySha = await importRepo.statementBySha(tx, bankAccountId, sha256);
  if (bySha) return bySha;
  if (!parsed.lines.length || stored.size !== parsed.lines.length) return undefined; // a line is new
  const statements = await importRepo.statementsOfLines(tx, [...stored.values()]);
  if (statements.size !== 1) return undefined;
  const [only] = statements;
  const s = (await importRepo.statementShape(tx, only!))!;
  const period = parsed.period;
  const samePeriod =
    (s.period_from ?? null) === (period?.from ?? null) && (s.period_to ?? null) === (period?.to ?? null);
  return s.line_count === parsed.lines.length && samePeriod ? { id: s.id } : undefined;
}

function counts(parsed: ParseResult) {
  const k = zeroKinds();
  let creditCents = 0;
  for (const l of parsed.lines) {
    k[l.kind]++;
    if (l.kind === 'credit') creditCents += l.amountCents;
  }
  return {
    lines: parsed.lines.length,
    credits: k.credit,
    debits: k.debit,
    balances: k.balance,
    rejected: parsed.rejected.length,
    creditCents,
  };
}

/** Read the file and show how it would be imported; writes nothing. */
export async function previewImport(
  store: Store,
  file: ImportFile,
  opts: ImportOptions = {},
): Promise<ImportPreview> {
  const read = await parseFor(store, file, opts);
  // A CNAB return file (detected by content): its titles, not statement lines.
  if (read.parsed.returnFile) return previewReturnFile(store, file.fileName, read as ReadReturnFile);
  // An acquirer settlement file ([J], detected by content): its sales and payments, not statement lines.
  if (read.parsed.acquirerFile) return previewAcquirerFile(store, file.fileName, read as ReadAcquirerFile);
  const { parsed, account, check, sha256 } = read;
  const fingerprints = parsed.lines.map((l) => l.fingerprint);
  const { stored, sameFile } = account
    ? await store.read(async (tx) => {
        const s = await importRepo.storedLines(tx, account.id, fingerprints);
        return { stored: s, sameFile: (await sameStatement(tx, account.id, sha256, parsed, s))?.id ?? null };
      })
    : { stored: null, sameFile: null };
  const known = stored ? (f: string) => stored.has(f) : null;
  let newCredits: number | null = null;
  let knownCredits: number | null = null;
  if (known) {
    newCredits = 0;
    knownCredits = 0;
    for (const l of parsed.lines) {
      if (l.kind !== 'credit') continue;
      if (known(l.fingerprint)) knownCredits++;
      else newCredits++;
    }
  }
  return {
    fileName: file.fileName,
    sha256,
    format: parsed.format,
    encoding: parsed.encoding,
    declaredEncoding: parsed.declaredEncoding,
    sheets: parsed.sheets,
    mapping: parsed.mapping,
    mappingSource: parsed.mappingSource,
    profileName: parsed.profileName,
    confidence: parsed.confidence,
    columns: parsed.columns,
    lines: parsed.lines.slice(0, PREVIEW_LINES).map((l) => ({
      position: l.position,
      date: l.date,
      amountCents: l.amountCents,
      balanceCents: l.balanceCents,
      kind: l.kind,
      description: l.description,
      payerText: l.payerText,
      document: l.document,
      fitid: l.fitid,
      problems: l.problems,
      known: known ? known(l.fingerprint) : null,
    })),
    rejected: parsed.rejected,
    notices: parsed.notices,
    counts: counts(parsed),
    period: parsed.period,
    newCredits,
    knownCredits,
    sameFileStatementId: sameFile,
    accountCheck: check,
    statements: parsed.statements,
    statementIndex: parsed.statementIndex,
  };
}

/** What a saved profile keeps: the clerk's encoding choice only, so detection still reads future files. */
function profileMapping(parsed: ParseResult): Mapping {
  if (parsed.mappingSource === 'override') return parsed.mapping;
  return { ...parsed.mapping, encoding: null };
}

/**
 * Import a statement into a bank account, all or nothing: one Store transaction inserts the statement and
 * every line whose fingerprint is new for the account; lines already known (the same file again, an
 * overlapping period) are counted, not inserted. The same file twice (same SHA-256) reuses its statement
 * row instead of adding an empty one. Rejected rows are returned and kept on the statement. The file is read
 * before the transaction; inside it, the account's stored lines and aliases under the file's fingerprints are read
 * in a few queries, each line is judged in memory, and the new ones are inserted in multi-row slices.
 */
export async function commitImport(
  store: Store,
  file: ImportFile & {
    bankAccountId: number;
    saveProfile?: boolean | undefined;
    confirmAccount?: boolean | undefined;
    /** Who imports (kept with the remembered file identification). */
    actor?: string | undefined;
  },
  opts: ImportOptions = {},
): Promise<Omit<ImportCommitResult, 'suggestions'>> {
  const read = await parseFor(store, file, opts);
  const { parsed, account, check, sha256, byteSize } = read;
  if (!account) throw importErrors.unknownBankAccount(file.bankAccountId);
  // A CNAB return file is stored as a return file with its titles, all or nothing (return-file.service.ts).
  if (parsed.returnFile) {
    const now = (opts.now ?? (() => new Date()))().toISOString();
    return commitReturnFile(store, file.fileName, account, read as ReadReturnFile, now, opts.audit);
  }
  // An acquirer settlement file is stored with its sales and payments, all or nothing (acquirer.service.ts).
  if (parsed.acquirerFile) {
    const now = (opts.now ?? (() => new Date()))().toISOString();
    return commitAcquirerFile(store, file.fileName, account, read as ReadAcquirerFile, now, opts.audit);
  }
  if (parsed.statements.length > 1 && parsed.statementIndex === null)
    throw importErrors.severalStatements(
      parsed.statements.length,
      parsed.statements
        .map((c) => `${c.index + 1}: ${describeAccount(c.accountHint ?? EMPTY_HINT)}`)
        .join('; '),
    );
  if (check.verdict === 'different' && !file.confirmAccount && check.fileAccount)
    throw importErrors.accountMismatch(
      describeAccount(check.fileAccount),
      `${account.description}: ${describeAccount({ bankCode: account.bank_code, agency: account.agency, account: account.account })}`,
    );
  if (parsed.lines.length === 0) {
    const first = parsed.rejected[0];
    throw first ? importErrors.allRejected(parsed.rejected.length, first) : importErrors.noLines();
  }
  const now = (opts.now ?? (() => new Date()))().toISOString();
  const kinds = zeroKinds();
  for (const l of parsed.lines) kinds[l.kind]++;
  const inserted = zeroKinds();
  const known = zeroKinds();
  const saveProfile = file.saveProfile !== false;
  let ambiguous = 0;

  const result = ({ statementId, sameFile }: { statementId: number; sameFile: boolean }) => ({
    statementId,
    imported: inserted.credit,
    alreadyKnown: known.credit,
    rejected: parsed.rejected,
    inserted: { credits: inserted.credit, debits: inserted.debit, balances: inserted.balance },
    known: { credits: known.credit, debits: known.debit, balances: known.balance },
    sameFile,
    profileSaved: saveProfile,
    notices: ambiguous ? [...parsed.notices, sameCreditNotice(ambiguous)] : parsed.notices,
    accountCheck: check,
  });
  const total = (k: Record<LineKind, number>) => k.credit + k.debit + k.balance;
  const { statementId, sameFile } = await store.write(async (tx) => {
    // One writer of the account's lines at a time on PostgreSQL (a feed run, another import): what is read as new
    // below is still new when inserted. On SQLite the write transaction is already exclusive.
    await lockAdvisory(tx, linesLock(account.id));
    const stored = await importRepo.storedLines(
      tx,
      account.id,
      parsed.lines.map((l) => l.fingerprint),
    );
    const existing = await sameStatement(tx, account.id, sha256, parsed, stored);
    const statementId =
      existing?.id ??
      (await importRepo.insertStatement(tx, {
        bankAccountId: account.id,
        fileName: file.fileName.slice(0, 255),
        sha256,
        byteSize,
        format: parsed.format,
        encoding: parsed.encoding,
        mappingJson: JSON.stringify(parsed.mapping),
        mappingSource: parsed.mappingSource,
        importedAt: now,
        periodFrom: parsed.period?.from ?? null,
        periodTo: parsed.period?.to ?? null,
        counts: kinds,
        rejected: parsed.rejected,
      }));
    // [U] A line a bank feed already read (the same Pix) is known, not stored twice (same-credit.ts).
    const same = await sameCreditFinder(tx, account.id, 'file', parsed.lines, () => now, stored);
    const fresh: ParsedLine[] = [];
    for (const line of parsed.lines) {
      const verdict = same.judge(line);
      if (verdict.kind === 'new' && verdict.ambiguous) ambiguous++;
      if (verdict.kind !== 'new') known[line.kind]++;
      else {
        fresh.push(line);
        inserted[line.kind]++;
      }
    }
    await importRepo.insertLines(tx, statementId, account.id, fresh);
    await same.flush();
    await importRepo.addCounts(tx, statementId, total(inserted), total(known));
    // From now on files of this identification are this account's (a confirmed mismatch moves it here).
    const key = hintKey(check.fileAccount);
    if (key && check.fileAccount)
      await importRepo.rememberHint(tx, {
        hintKey: key,
        bankAccountId: account.id,
        bankCode: check.fileAccount.bankCode,
        agency: check.fileAccount.agency,
        account: check.fileAccount.account,
        at: now,
        by: file.actor ?? 'unknown',
      });
    if (saveProfile) {
      await importRepo.upsertProfile(tx, {
        bank_account_id: account.id,
        signature: parsed.signature,
        name: parsed.profileName ?? `${account.description} — ${parsed.format.toUpperCase()}`,
        format: parsed.format,
        mapping_json: JSON.stringify(profileMapping(parsed)),
        updated_at: now,
      });
    }
    const r = { statementId, sameFile: existing !== undefined };
    if (opts.audit) await opts.audit(tx, result(r));
    return r;
  });
  return result({ statementId, sameFile });
}

/** Lines kept because a bank feed read several lines like them (same-credit.ts): the clerk checks for doubles. */
function sameCreditNotice(count: number): Notice {
  return {
    code: 'import.same_credit_ambiguous',
    message: `${count} line(s) have the same day and amount as several lines read from the bank's Pix API; all were kept, so check for doubles in Conciliar.`,
    params: { count },
  };
}

export async function listStatements(tx: Tx, bankAccountId?: number): Promise<StatementSummary[]> {
  return (await importRepo.statements(tx, bankAccountId)).map((s) => ({
    id: s.id,
    bankAccountId: s.bank_account_id,
    fileName: s.file_name,
    sha256: s.sha256,
    format: s.format,
    importedAt: s.imported_at,
    periodFrom: s.period_from,
    periodTo: s.period_to,
    lineCount: s.line_count,
    creditCount: s.credit_count,
    debitCount: s.debit_count,
    balanceCount: s.balance_count,
    insertedCount: s.inserted_count,
    knownCount: s.known_count,
    rejectedCount: s.rejected_count,
  }));
}

/** Saved profiles of the account (or all) followed by the starter profiles (of its bank, or all). */
export async function listProfiles(tx: Tx, bankAccountId?: number): Promise<MappingProfileInfo[]> {
  const account = bankAccountId !== undefined ? await requireAccount(tx, bankAccountId) : null;
  const saved: MappingProfileInfo[] = (await importRepo.profiles(tx, bankAccountId)).map((p) => {
    const mapping = mappingSchema.safeParse(JSON.parse(p.mapping_json));
    const sig = p.signature.split(':').slice(1).join(':');
    return {
      id: p.id,
      source: 'saved',
      bankAccountId: p.bank_account_id,
      bankCode: null,
      name: p.name,
      format: p.format,
      headers: sig === '' || sig.startsWith('noheader') ? [] : sig.split('|'),
      mapping: mapping.success ? mapping.data : null,
      notes: null,
      updatedAt: p.updated_at,
    };
  });
  const starters = STARTER_PROFILES.filter((s) => !account || s.bankCode === account.bank_code).map(
    (s): MappingProfileInfo => ({
      id: null,
      source: 'starter',
      bankAccountId: null,
      bankCode: s.bankCode,
      name: s.candidate.name,
      format: s.format,
      headers: s.candidate.kind === 'table-by-header' ? s.candidate.headers : [],
      mapping: s.candidate.kind === 'ofx' ? s.candidate.mapping : null,
      notes: s.notes,
      updatedAt: null,
    }),
  );
  return [...saved, ...starters];
}
