import type { Rejected } from '../../shared/contract/import';
import { AppError } from '../errors';
import { MAX_FILE_BYTES, MAX_ROWS } from './limits';

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Every file-level failure of an import: a `validation` error with a stable code the UI translates. */
export const importErrors = {
  empty: () =>
    new AppError('validation', 'The file is empty. Download the statement from the bank again.', {
      code: 'import.empty',
    }),
  tooLarge: (bytes: number) =>
    new AppError(
      'validation',
      `The file is too large (${mb(bytes)} MB; the limit is ${mb(MAX_FILE_BYTES)} MB). Export a shorter period.`,
      { code: 'import.too_large', params: { sizeMb: mb(bytes), limitMb: mb(MAX_FILE_BYTES) } },
    ),
  tooManyRows: () =>
    new AppError(
      'validation',
      `The file has more than ${MAX_ROWS.toLocaleString('en')} rows. Export a shorter period.`,
      { code: 'import.too_many_rows', params: { limit: MAX_ROWS } },
    ),
  passwordProtected: () =>
    new AppError(
      'validation',
      'The spreadsheet is protected by a password. Open it in Excel, remove the password (or save a copy without it) and import that copy.',
      { code: 'import.password_protected' },
    ),
  unrecognized: () =>
    new AppError(
      'validation',
      'This is not a bank statement Quita can read. Export the statement as OFX, CSV or Excel (XLSX/XLS) from the bank.',
      { code: 'import.unrecognized' },
    ),
  pdf: () =>
    new AppError(
      'validation',
      'This is a PDF. Quita cannot read PDF statements: export the statement as OFX, CSV or Excel from the bank.',
      { code: 'import.pdf' },
    ),
  corrupt: (what: string) =>
    new AppError(
      'validation',
      `The file looks like ${what} but is damaged or incomplete. Download it again from the bank.`,
      { code: 'import.corrupt', params: { what } },
    ),
  truncated: () =>
    new AppError(
      'validation',
      'The OFX file ends too early (it is incomplete). Download it again from the bank.',
      { code: 'import.truncated' },
    ),
  noTable: () =>
    new AppError(
      'validation',
      'No statement lines were found: the file has no column of dates next to a column of amounts. Check that this is the statement export, or choose the columns by hand.',
      { code: 'import.no_table' },
    ),
  noLines: () =>
    new AppError(
      'validation',
      'The file has no statement lines. Check the period chosen in the bank’s export.',
      { code: 'import.no_lines' },
    ),
  /**
   * Every line refused: the first one's reason travels as its code and parameters (`reasonCode`, [T]), which the
   * screens word in the clerk's language (src/shared/i18n/describe-error.ts); `reason` stays English for the log.
   */
  allRejected: (count: number, first: Rejected) =>
    new AppError(
      'validation',
      `No line of the file could be read: ${count} rows were rejected (line ${first.line}: ${first.reason}). Check the columns chosen.`,
      {
        code: 'import.all_rejected',
        params: {
          ...first.params,
          count,
          line: first.line,
          reason: first.reason,
          reasonCode: first.code,
        },
      },
    ),
  badMapping: (detail: string) =>
    new AppError('validation', `The column choice does not fit this file: ${detail}.`, {
      code: 'import.bad_mapping',
      field: 'mapping',
      params: { detail },
    }),
  timeout: (seconds: number) =>
    new AppError(
      'validation',
      `The file could not be read in ${seconds} seconds; it may be damaged. Export it again from the bank, or open it in Excel and save it as XLSX or CSV.`,
      { code: 'import.timeout', params: { seconds } },
    ),
  outOfMemory: () =>
    new AppError(
      'validation',
      'The file needs more memory to read than Quita can give it. Export a shorter period from the bank.',
      { code: 'import.out_of_memory' },
    ),
  /** The reading worker died without an answer: not the file's known fault, so kind `internal`. */
  readerFailed: (reason: string) =>
    new AppError(
      'internal',
      `Reading the file stopped unexpectedly (${reason}). Try again; if it happens again, export the statement again from the bank, or save it as XLSX or CSV.`,
      { code: 'import.reader_failed', params: { reason } },
    ),
  /** A credit-card bill (OFX CREDITCARDMSGSRSV1, a card-invoice CSV): purchases are not money received. */
  cardBill: () =>
    new AppError(
      'validation',
      'This file is a credit-card bill, not a bank account statement: its purchases and bill payments are not money received. Export the statement of the bank account (conta corrente) instead.',
      { code: 'import.card_bill' },
    ),
  /** An OFX with several statements and nothing saying which one is the chosen account's. */
  severalStatements: (count: number, list: string) =>
    new AppError(
      'validation',
      `This file holds ${count} statements (${list}); choose which one to import. Each account is imported on its own.`,
      { code: 'import.several_statements', field: 'statementIndex', params: { count, list } },
    ),
  /** The file names another account than the one chosen (bank, agency or account number differ). */
  accountMismatch: (file: string, chosen: string) =>
    new AppError(
      'validation',
      `This file is the statement of another account (${file}), not of the account chosen (${chosen}). Choose the right account, or export the statement of this one.`,
      { code: 'import.account_mismatch', field: 'bankAccountId', params: { file, chosen } },
    ),
  /** A workbook whose parts claim (or would take) far more memory than a statement can need: a zip bomb. */
  unpackedTooLarge: (mbUnpacked: number, limitMb: number) =>
    new AppError(
      'validation',
      `The workbook would unpack to ${mbUnpacked} MB (the limit is ${limitMb} MB): it is damaged or not a statement. Export the statement again from the bank, or as CSV.`,
      { code: 'import.unpacked_too_large', params: { sizeMb: mbUnpacked, limitMb } },
    ),
  unknownBankAccount: (id: number) =>
    new AppError(
      'validation',
      `Bank account ${id} is not known here yet. Click “Sincronizar” to fetch the bank accounts from the gym system, then try again.`,
      { code: 'import.unknown_bank_account', field: 'bankAccountId', params: { bankAccountId: id } },
    ),
};
