import { bankLabel } from '../../../shared/banks';
import { AppError } from '../../errors';

/**
 * The bank as the clerk's texts name it ([T]): `bankName` “Banco do Brasil (001)”, “Itaú (341)”; `bankShort` the
 * same after the word “banco” (“do banco do Brasil (001)”, “do banco Itaú (341)”, “do banco 999”).
 */
export const bankWords = (bankCode: string) => {
  const bankName = bankLabel(bankCode);
  return { bankName, bankShort: bankName.replace(/^Banco /, '') };
};

/**
 * File-level refusals of CNAB return files: kind `validation`, a stable code the UI translates under
 * `errors.cnab.*`, one sentence naming what was found. A malformed record refuses the whole file (nothing is
 * half-parsed); see docs/import.md, “CNAB return files”.
 */
export const cnabErrors = {
  /** Neither a CNAB 240 nor a CNAB 400 header on the first line. */
  notCnab: () =>
    new AppError(
      'validation',
      'This file is not a CNAB return file: its first line is not a CNAB 240 or CNAB 400 header.',
      { code: 'cnab.not_cnab' },
    ),
  /**
   * Fixed-width records of a CNAB length (240 or 400 positions, digits first) whose first line is no header Quita
   * knows: neither a statement nor a return to read, so it is said as what it looks like, not as a spreadsheet
   * without columns.
   */
  unknownHeader: (length: number) =>
    new AppError(
      'validation',
      `This file has fixed-width records of ${length} positions, like a CNAB return or remessa, but its first line is not a CNAB header Quita knows; download the collection return file (arquivo retorno) from the bank again.`,
      { code: 'cnab.unknown_header', params: { length } },
    ),
  /** A remessa (the file the gym sends to the bank), not the bank's return. */
  remessa: (bankCode: string, layout: string) =>
    new AppError(
      'validation',
      `This is a remessa file (bank ${bankCode}, CNAB ${layout}) that is sent to the bank, not the return file the bank sends back; download the return file (retorno) instead.`,
      { code: 'cnab.remessa', params: { bankCode, ...bankWords(bankCode), layout } },
    ),
  /** A bank whose layout Quita does not read (in this record length). */
  unsupportedBank: (bankCode: string, layout: string) =>
    new AppError(
      'validation',
      `This CNAB ${layout} return file is from bank ${bankCode}, whose CNAB ${layout} layout Quita cannot read yet; ask the bank for the return file in FEBRABAN's CNAB 240 layout, which Quita reads.`,
      // The bank by name for the clerk (“Mercantil do Brasil (389)”).
      { code: 'cnab.unsupported_bank', params: { bankCode, layout, ...bankWords(bankCode) } },
    ),
  /** A known bank, but not the collection (cobrança) layout read here. */
  unsupportedLayout: (bankCode: string, layout: string, detail: string) =>
    new AppError(
      'validation',
      `This CNAB ${layout} file from bank ${bankCode} is not a boleto collection return Quita can read (${detail}).`,
      { code: 'cnab.unsupported_layout', params: { bankCode, ...bankWords(bankCode), layout, detail } },
    ),
  /** One record that does not fit the layout: the whole file is refused, with its line. */
  badLine: (line: number, reason: string, bankCode: string, layout: string) =>
    new AppError(
      'validation',
      `Line ${line} of this CNAB ${layout} return file (bank ${bankCode}) cannot be read (${reason}), so nothing was imported; download the file from the bank again.`,
      { code: 'cnab.bad_line', params: { line, reason, bankCode, ...bankWords(bankCode), layout } },
    ),
  /** The file ends before its trailer (file trailer “9”). */
  truncated: (bankCode: string, layout: string) =>
    new AppError(
      'validation',
      `This CNAB ${layout} return file (bank ${bankCode}) ends before its closing record, so it is incomplete; download it from the bank again.`,
      { code: 'cnab.truncated', params: { bankCode, ...bankWords(bankCode), layout } },
    ),
  /** A control byte (NUL, other C0, DEL) inside a record: damage in transfer or storage. */
  controlCharacter: (line: number, position: number, byte: string, bankCode: string, layout: string) =>
    new AppError(
      'validation',
      `Line ${line} of this CNAB ${layout} return file (bank ${bankCode}) holds a control character (${byte}) at position ${position}, so the file is damaged and nothing was imported; download it from the bank again.`,
      {
        code: 'cnab.control_character',
        params: { line, position, byte, bankCode, ...bankWords(bankCode), layout },
      },
    ),
  /** A record of another length than the layout's (one character more or less shifts every field). */
  lineLength: (line: number, length: number, expected: number, bankCode: string, layout: string) =>
    new AppError(
      'validation',
      `Line ${line} of this CNAB ${layout} return file (bank ${bankCode}) has ${length} characters instead of ${expected}, so its fields would be shifted and nothing was imported; download the file from the bank again.`,
      {
        code: 'cnab.line_length',
        params: { line, length, expected, bankCode, ...bankWords(bankCode), layout },
      },
    ),
  /** A record whose sequence number is not its place in the file: a line lost, repeated or moved. */
  sequence: (line: number, found: string, expected: number, bankCode: string, layout: string) =>
    new AppError(
      'validation',
      `Line ${line} of this CNAB ${layout} return file (bank ${bankCode}) carries sequence number “${found}” where ${expected} was expected, so a record is missing, repeated or damaged and nothing was imported; download the file from the bank again.`,
      { code: 'cnab.sequence', params: { line, found, expected, bankCode, ...bankWords(bankCode), layout } },
    ),
  /** A trailer (batch or file) counting other records than the file holds. */
  recordCount: (line: number, declared: number, found: number, bankCode: string, layout: string) =>
    new AppError(
      'validation',
      `Line ${line} of this CNAB ${layout} return file (bank ${bankCode}) is a trailer counting ${declared} records where the file holds ${found}, so records are missing or repeated and nothing was imported; download the file from the bank again.`,
      {
        code: 'cnab.record_count',
        params: { line, declared, found, bankCode, ...bankWords(bankCode), layout },
      },
    ),
  /** The file trailer counting other batches than the file holds. */
  batchCount: (line: number, declared: number, found: number, bankCode: string, layout: string) =>
    new AppError(
      'validation',
      `Line ${line} of this CNAB ${layout} return file (bank ${bankCode}) is the trailer counting ${declared} batches where the file holds ${found}, so nothing was imported; download the file from the bank again.`,
      {
        code: 'cnab.batch_count',
        params: { line, declared, found, bankCode, ...bankWords(bankCode), layout },
      },
    ),
  /**
   * [S] A CNAB 240 bank statement (extrato: batch service 04 or segment E), not a boleto return: refused by its
   * own name, never called “a return file” (docs/cnab-240.md, recognition).
   */
  statement: (bankCode: string, bankName: string, layout: string) =>
    new AppError(
      'validation',
      `This file is a bank statement in CNAB ${layout} from bank ${bankName}, not a boleto return file; Quita does not read CNAB statements yet, so import the statement as OFX or a spreadsheet instead.`,
      { code: 'cnab.statement', params: { bankCode, ...bankWords(bankCode), bankName, layout } },
    ),
};
