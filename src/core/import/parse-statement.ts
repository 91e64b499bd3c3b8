import type { Notice, OfxMapping, StatementFormat } from '../../shared/contract/import';
import { binaryShare, decodeText, type DecodedText } from './encoding';
import { parseAcquirerFile } from './acquirer/parse-acquirer';
import type { AcquirerFile } from './acquirer/types';
import { cnabErrors } from './cnab/cnab-errors';
import { parseCnabReturn } from './cnab/parse-cnab';
import type { CnabReturn } from './cnab/types';
import { assignFingerprints } from './fingerprint';
import { importErrors } from './import-errors';
import { MAX_FILE_BYTES } from './limits';
import { readOfxHeader } from './ofx/ofx-header';
import { parseOfx } from './ofx/parse-ofx';
import { sniffBytes, sniffText } from './sniff';
import type { Sheet } from './table/cells';
import { detectDelimiter } from './table/delimiter';
import { parseSheets, type TableParse } from './table/parse-table';
import { readDelimited, readMarkupWorkbook, readWorkbook } from './table/read-grid';
import type { ParsedLine, ParseOptions, ParseResult } from './types';

const WHAT: Record<StatementFormat, string> = {
  xlsx: 'an Excel workbook (XLSX)',
  xls: 'an Excel workbook (XLS)',
  ods: 'an OpenDocument spreadsheet (ODS)',
  csv: 'a CSV file',
  html: 'an Excel file saved as a web page',
  ofx: 'an OFX file',
  cnab: 'a CNAB return file',
  acquirer: 'an acquirer settlement file',
  pix: "a bank's Pix API",
};

function periodOf(lines: ParsedLine[]): { from: string; to: string } | null {
  let from: string | null = null;
  let to: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.kind === 'balance') continue;
    if (from === null || l.date < from) from = l.date;
    if (to === null || l.date > to) to = l.date;
  }
  return from && to ? { from, to } : null;
}

function encodingNotices(d: DecodedText): Notice[] {
  return d.mixed
    ? [
        {
          code: 'import.mixed_encoding',
          message: 'Some lines were UTF-8 and others Windows-1252; each was read in its own encoding.',
        },
      ]
    : [];
}

function skippedNotice(skipped: { line: number }[]): Notice[] {
  if (skipped.length === 0) return [];
  const shown = skipped
    .slice(0, 10)
    .map((s) => s.line)
    .join(', ');
  return [
    {
      code: 'import.rows_skipped',
      message: `${skipped.length} rows are not statement lines (no date and no amount, or a zero amount) and were left out: ${shown}${skipped.length > 10 ? '…' : ''}.`,
      params: { count: skipped.length, lines: shown },
    },
  ];
}

function fromTable(
  t: TableParse,
  format: StatementFormat,
  decoded: DecodedText | null,
  sheets: Sheet[],
): ParseResult {
  const lines = assignFingerprints(t.lines);
  return {
    format,
    encoding: decoded?.encoding ?? null,
    declaredEncoding: null,
    sheets: sheets.map((s) => s.name).filter((n): n is string => n !== null),
    mapping: t.mapping,
    mappingSource: t.mappingSource,
    profileName: t.profileName,
    confidence: t.confidence,
    columns: t.columns,
    lines,
    rejected: t.rejected,
    // Scheduled entries are listed with the other rows left out; their own notice (import.future_skipped,
    // among t.notices) counts them, so import.rows_skipped counts only the rest.
    skipped: [...t.skipped, ...t.future].sort((a, b) => a.line - b.line),
    notices: [...(decoded ? encodingNotices(decoded) : []), ...t.notices, ...skippedNotice(t.skipped)],
    period: periodOf(lines),
    signature: t.signature,
    accountHint: t.accountHint,
    statements: [],
    statementIndex: null,
  };
}

function parseOfxFile(bytes: Uint8Array, opts: ParseOptions): ParseResult {
  if (opts.mapping && opts.mapping.kind !== 'ofx')
    throw importErrors.badMapping('this file is OFX, it has no columns to choose');
  const saved = opts.profiles?.find((p) => p.kind === 'ofx');
  const chosen: OfxMapping =
    opts.mapping ??
    (saved?.kind === 'ofx' ? saved.mapping : { kind: 'ofx', encoding: null, payerField: 'auto' });
  const decoded = decodeText(bytes, chosen.encoding);
  const header = readOfxHeader(decoded.text);
  const notices = encodingNotices(decoded);
  if (
    header.declaredEncoding &&
    header.declaredEncoding !== decoded.encoding &&
    /[\u0080-\uffff]/.test(decoded.text)
  ) {
    notices.push({
      code: 'import.charset_mismatch',
      message: `The file says its text is ${header.declared} but it is really ${decoded.encoding}; it was read as ${decoded.encoding}.`,
      params: { declared: header.declared ?? '', actual: decoded.encoding },
    });
  }
  const parsed = parseOfx(decoded.text, header.bodyStart, chosen, {
    statementIndex: opts.statementIndex,
    account: opts.account,
  });
  return {
    format: 'ofx',
    encoding: decoded.encoding,
    declaredEncoding: header.declared,
    sheets: [],
    mapping: { ...chosen, encoding: decoded.encoding },
    mappingSource: opts.mapping ? 'override' : saved ? saved.source : 'detected',
    profileName: opts.mapping ? null : (saved?.name ?? null),
    confidence: 1,
    columns: [],
    lines: parsed.lines,
    rejected: parsed.rejected,
    skipped: parsed.skipped,
    notices: [...notices, ...parsed.notices, ...skippedNotice(parsed.skipped)],
    period: parsed.period,
    signature: 'ofx',
    accountHint: parsed.accountHint,
    statements: parsed.statements,
    statementIndex: parsed.statementIndex,
  };
}

/**
 * A settlement file is not a statement: no lines, columns or mapping of its own; what it holds travels beside
 * (`returnFile`, `acquirerFile`) and its service stores it.
 */
function settlementResult(
  format: 'cnab' | 'acquirer',
  encoding: ParseResult['encoding'],
  signature: string,
  skipped: ParseResult['skipped'],
): Omit<ParseResult, 'returnFile' | 'acquirerFile'> {
  return {
    format,
    encoding,
    declaredEncoding: null,
    sheets: [],
    mapping: { kind: 'ofx', encoding: null, payerField: 'auto' },
    mappingSource: 'detected',
    profileName: null,
    confidence: 1,
    columns: [],
    lines: [],
    rejected: [],
    skipped,
    notices: [],
    period: null,
    signature,
    accountHint: null,
    statements: [],
    statementIndex: null,
  };
}

/**
 * A CNAB return file: its titles are stored as a return file (return-file/return-file.service.ts). Refusals
 * (remessa, unknown bank, a bad record) are thrown by parseCnabReturn as `cnab.*` errors, the whole file or nothing.
 */
const cnabResult = (r: CnabReturn): ParseResult => ({
  ...settlementResult(
    'cnab',
    'windows-1252',
    `cnab:${r.variant}`,
    r.skipped.map((s) => ({ line: s.line, reason: s.reason })),
  ),
  returnFile: r,
});

/**
 * An acquirer settlement file ([J]): its sales and payments are stored by acquirer/acquirer.service.ts.
 * Refusals are `acquirer.*` errors.
 */
const acquirerResult = (f: AcquirerFile): ParseResult => ({
  ...settlementResult(
    'acquirer',
    f.layout === 'stone-xml-2.2' ? 'utf-8' : 'windows-1252',
    `acquirer:${f.layout}`,
    f.skipped,
  ),
  acquirerFile: f,
});

/**
 * Records of one CNAB width (240 or 400, a 401st blank allowed) that all start with a digit: a bank's fixed-width
 * file whose header `isCnabFile` did not know. Never a CSV (no export writes every row the same 240/400
 * characters, digits first). Returns the width, or null. Reads the first 50 lines.
 */
function cnabLikeWidth(text: string): number | null {
  // Only the head is split: a 100,000-line CSV is not split twice to look at 50 lines.
  const lines = text
    .slice(0, 50 * 403)
    .split(/\r\n|\n|\r/)
    .slice(0, 50)
    .filter((l) => l.trim() !== '');
  if (lines.length < 2 || !lines.every((l) => /^\d/.test(l))) return null;
  for (const width of [240, 400]) {
    if (lines.every((l) => l.length === width || (l.length === width + 1 && l.endsWith(' ')))) return width;
  }
  return null;
}

/**
 * Bytes of a bank statement → lines, problems, and the mapping used with its confidence. Pure: no I/O.
 * The format comes from the bytes (magic numbers, then the text), never from the file name, because banks
 * save HTML as “.xls” and OFX as “.txt”. File-level failures throw an AppError (`import.*`); row-level
 * problems are returned in `rejected`.
 */
export function parseStatement(bytes: Uint8Array, opts: ParseOptions = {}): ParseResult {
  if (bytes.length === 0) throw importErrors.empty();
  if (bytes.length > MAX_FILE_BYTES) throw importErrors.tooLarge(bytes.length);
  const sniffed = sniffBytes(bytes);
  if (sniffed.family === 'pdf') throw importErrors.pdf();
  if (sniffed.family === 'cnab') return cnabResult(parseCnabReturn(bytes));
  if (sniffed.family === 'acquirer') return acquirerResult(parseAcquirerFile(bytes));
  if (sniffed.family === 'workbook') {
    const sheets = readWorkbook(bytes, WHAT[sniffed.format]);
    return fromTable(
      parseSheets(sheets, { format: sniffed.format, encoding: null, delimiter: null }, opts),
      sniffed.format,
      null,
      sheets,
    );
  }
  const forced = opts.mapping?.kind === 'table' ? opts.mapping.encoding : null;
  const peek = decodeText(bytes.subarray(0, 8192), forced);
  if (peek.text.trim() === '') {
    if (decodeText(bytes, forced).text.trim() === '') throw importErrors.empty();
  }
  if (binaryShare(peek.text) > 0.02) throw importErrors.unrecognized();
  const kind = sniffText(peek.text);
  if (kind === 'ofx') return parseOfxFile(bytes, opts);
  const decoded = decodeText(bytes, forced);
  if (binaryShare(decoded.text, decoded.text.length) > 0.02) throw importErrors.unrecognized();
  const fixed = kind === 'csv' ? cnabLikeWidth(decoded.text) : null;
  if (fixed !== null) throw cnabErrors.unknownHeader(fixed);
  if (kind === 'html' || kind === 'xml-workbook') {
    const format = kind === 'html' ? 'html' : 'xls';
    const sheets = readMarkupWorkbook(decoded.text, WHAT[format]);
    return fromTable(
      parseSheets(sheets, { format, encoding: decoded.encoding, delimiter: null }, opts),
      format,
      decoded,
      sheets,
    );
  }
  const delimiter =
    (opts.mapping?.kind === 'table' ? opts.mapping.delimiter : null) ??
    detectDelimiter(decoded.text).delimiter;
  const sheet = readDelimited(decoded.text, delimiter);
  return fromTable(
    parseSheets([sheet], { format: 'csv', encoding: decoded.encoding, delimiter }, opts),
    'csv',
    decoded,
    [sheet],
  );
}
