import * as XLSX from 'xlsx';
import { importErrors } from '../import-errors';
import { MAX_ROWS } from '../limits';
import type { Row, Sheet } from './cells';
import type { Delimiter } from './delimiter';

const fail = (e: unknown, what: string): never => {
  const msg = e instanceof Error ? e.message : String(e);
  if (/password|encrypt/i.test(msg)) throw importErrors.passwordProtected();
  throw importErrors.corrupt(what);
};

function checkRows(rows: Row[]): Row[] {
  if (rows.length > MAX_ROWS) throw importErrors.tooManyRows();
  return rows;
}

function sheetsOf(wb: XLSX.WorkBook): Sheet[] {
  const date1904 = wb.Workbook?.WBProps?.date1904 === true;
  return wb.SheetNames.map((name) => {
    const ws = wb.Sheets[name];
    const rows = (ws?.['!data'] ?? []) as Row[];
    return { name, rows: checkRows(rows), date1904, rowOffset: 0 };
  });
}

/**
 * XLSX, XLS and ODS through SheetJS. Dates stay serial numbers (we convert them by hand, so no host time
 * zone can shift a day); formulas count by their saved results (what the bank computed);
 * `sheetRows` stops a giant sheet early instead of exhausting memory.
 */
export function readWorkbook(bytes: Uint8Array, what: string): Sheet[] {
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellDates: false,
      cellNF: true,
      // Formulas are read only to tell a formula without a saved result from an empty cell.
      cellFormula: true,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      sheetRows: MAX_ROWS + 1,
    });
  } catch (e) {
    return fail(e, what);
  }
  return sheetsOf(wb);
}

/** HTML tables (what many banks save with an .xls name) and Excel 2003 XML, cells kept as text. */
export function readMarkupWorkbook(text: string, what: string): Sheet[] {
  try {
    const wb = XLSX.read(text, {
      type: 'string',
      dense: true,
      raw: true,
      cellDates: false,
      sheetRows: MAX_ROWS + 1,
    });
    return sheetsOf(wb);
  } catch (e) {
    return fail(e, what);
  }
}

/**
 * Delimited text through SheetJS's CSV reader, every cell kept as text (`raw`): its own number and date
 * guessing would read 03/04/2026 as March and 1.234,56 as garbage. The `sep=` line Excel understands
 * pins the delimiter and keeps SheetJS from sniffing another format (text starting with “ID” is SYLK
 * to it, “<” is HTML).
 */
export function readDelimited(text: string, delimiter: Delimiter): Sheet {
  let body = text;
  let rowOffset = 0;
  if (/^sep=.\r?\n/i.test(body)) {
    body = body.slice(body.indexOf('\n') + 1);
    rowOffset = 1;
  }
  // Counting line breaks is cheap and spares SheetJS a file that is over the limit anyway.
  let breaks = 0;
  for (let i = body.indexOf('\n'); i >= 0 && breaks <= MAX_ROWS; i = body.indexOf('\n', i + 1)) breaks++;
  if (breaks > MAX_ROWS) throw importErrors.tooManyRows();
  try {
    const wb = XLSX.read(`sep=${delimiter}\n${body}`, {
      type: 'string',
      raw: true,
      dense: true,
      sheetRows: MAX_ROWS + 1,
    });
    const [sheet] = sheetsOf(wb);
    return { name: null, rows: sheet?.rows ?? [], date1904: false, rowOffset };
  } catch (e) {
    return fail(e, 'a CSV file');
  }
}
