import type { AccountCheck, ImportCommitResult, ImportPreview, Notice } from '../../shared/contract/import';
import { todayInBrasilia } from '../../shared/dates';
import type { BankAccountRow } from './import.repo';
import type { ParseResult } from './types';

/** A settlement file (return file, acquirer file) names no account Quita can check against the chosen one. */
export const NO_ACCOUNT_CHECK: AccountCheck = {
  fileAccount: null,
  verdict: 'unknown',
  basis: null,
  suggestedBankAccountId: null,
};

/**
 * The import result of a settlement file (a CNAB return file, an acquirer file): no statement, its money rows
 * (settled titles, sales) counted as the credits imported or already known. The one shape both importers answer.
 */
export function settlementFileResult(r: {
  fresh: number;
  known: number;
  sameFile: boolean;
  notices: Notice[];
}): Omit<ImportCommitResult, 'suggestions' | 'returnFile' | 'acquirerFile'> {
  return {
    statementId: 0,
    imported: r.fresh,
    alreadyKnown: r.known,
    rejected: [],
    inserted: { credits: r.fresh, debits: 0, balances: 0 },
    known: { credits: r.known, debits: 0, balances: 0 },
    sameFile: r.sameFile,
    profileSaved: false,
    notices: r.notices,
    accountCheck: NO_ACCOUNT_CHECK,
  };
}

/** The earliest and latest of some YYYY-MM-DD days (nulls skipped), or null when there is none. */
export function daySpan(days: Iterable<string | null | undefined>): { from: string; to: string } | null {
  let from: string | null = null;
  let to: string | null = null;
  for (const d of days) {
    if (!d) continue;
    if (from === null || d < from) from = d;
    if (to === null || d > to) to = d;
  }
  return from && to ? { from, to } : null;
}

/**
 * The preview of a settlement file: what Importar shows is the file's own rows (as `lines`) and summary; there
 * are no sheets, columns or rejected rows, and no account to check the chosen one against.
 */
export function settlementPreview(p: {
  fileName: string;
  sha256: string;
  format: 'cnab' | 'acquirer';
  parsed: ParseResult;
  account: BankAccountRow | null;
  lines: ImportPreview['lines'];
  notices: Notice[];
  /** Every row of the file, and its money rows (settled titles, sales) with their sum. */
  rows: number;
  moneyRows: number;
  moneyCents: number;
  debits: number;
  period: { from: string; to: string } | null;
  /** Of the money rows, how many the account already has (null without an account). */
  knownMoneyRows: number | null;
}): Omit<ImportPreview, 'returnFile' | 'acquirerFile'> {
  return {
    fileName: p.fileName,
    sha256: p.sha256,
    format: p.format,
    encoding: p.parsed.encoding,
    declaredEncoding: null,
    sheets: [],
    mapping: p.parsed.mapping,
    mappingSource: p.parsed.mappingSource,
    profileName: null,
    confidence: 1,
    columns: [],
    lines: p.lines,
    rejected: [],
    notices: p.notices,
    counts: {
      lines: p.rows,
      credits: p.moneyRows,
      debits: p.debits,
      balances: 0,
      rejected: 0,
      creditCents: p.moneyCents,
    },
    period: p.period,
    newCredits: p.knownMoneyRows === null ? null : p.moneyRows - p.knownMoneyRows,
    knownCredits: p.knownMoneyRows,
    sameFileStatementId: null,
    accountCheck: { ...NO_ACCOUNT_CHECK, verdict: p.account ? 'unknown' : 'no_account' },
    statements: [],
    statementIndex: null,
  };
}

/**
 * The notice of a settlement file imported before (`cnab.already_imported`, `acquirer.already_imported`): the
 * same bytes, or the same records in other bytes (line ends, encoding, trailing blanks, an end-of-file mark).
 * Which file, and on which day (Brasília) — the clerk's words for “nothing is stored again”.
 */
export function alreadyImportedNotice(
  family: 'cnab' | 'acquirer',
  earlier: { file_name: string; imported_at: string },
): Notice {
  const day = todayInBrasilia(new Date(earlier.imported_at));
  const date = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  return {
    code: `${family}.already_imported`,
    message: `This file was already imported on ${date} (as “${earlier.file_name}”); importing it again stores nothing.`,
    params: { date, fileName: earlier.file_name },
  };
}

/** What storing a settlement file did: its row, and its rows new to the account or already known. */
export interface StoredSettlementFile {
  id: number;
  sameFile: boolean;
  inserted: number;
  known: number;
  /** The same two counts for the money rows alone (settled titles, sales). */
  moneyNew: number;
  moneyKnown: number;
}

/**
 * Stores a settlement file in the caller's Store write transaction (under its file family's lock): the file's row
 * (or the row of the same file imported before: `existingId`, by its SHA-256 or by its records), then those of its
 * rows no earlier file of the account brought (`known`, read once before anything is written; the rest are counted,
 * not stored twice). All of it or nothing: the caller's transaction rolls the file's row back with a failure.
 */
export async function storeSettlementFile<R>(s: {
  existingId: () => Promise<number | undefined>;
  insertFile: () => Promise<number>;
  rows: readonly R[];
  /** Whether the account already has each row (by index in `rows`). */
  known: readonly boolean[];
  /** Stores the rows new to the account (their indexes in `rows`, in file order) with the file's id. */
  insertRows: (fileId: number, fresh: readonly number[]) => Promise<void>;
  isMoney: (row: R) => boolean;
  setCounts: (fileId: number, inserted: number, known: number) => Promise<void>;
}): Promise<StoredSettlementFile> {
  const existing = await s.existingId();
  const id = existing ?? (await s.insertFile());
  const out = { id, sameFile: existing !== undefined, inserted: 0, known: 0, moneyNew: 0, moneyKnown: 0 };
  const fresh: number[] = [];
  s.rows.forEach((row, k) => {
    const isNew = !s.known[k];
    if (isNew) {
      fresh.push(k);
      out.inserted++;
    } else out.known++;
    if (s.isMoney(row)) {
      if (isNew) out.moneyNew++;
      else out.moneyKnown++;
    }
  });
  await s.insertRows(id, fresh);
  if (existing === undefined) await s.setCounts(id, out.inserted, out.known);
  return out;
}
