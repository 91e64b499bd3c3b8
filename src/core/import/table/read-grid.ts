import * as XLSX from 'xlsx';
import { importErrors } from '../import-errors';
import { MAX_ROWS } from '../limits';
import type { Row, Sheet } from './cells';
import { unwrapQuotedRows, type Delimiter } from './delimiter';
import { splitDelimited } from './split-delimited';
import { checkZipWorkbook } from './zip-check';

const fail = (e: unknown, what: string): never => {
  const msg = e instanceof Error ? e.message : String(e);
  if (/password|encrypt/i.test(msg)) throw importErrors.passwordProtected();
  throw importErrors.corrupt(what);
};

/**
 * What SheetJS prints on its own (console.error) while reading a damaged or unusual file: size mismatches
 * in a zip, BIFF records it does not know. They are remarks, not failures (a real failure throws), and
 * they must not reach the host's stderr once per import.
 */
const SHEETJS_NOISE =
  /^(Bad (un)?compressed size|Bad CRC32 checksum|Missing Info for XLS Record|Unexpected record|Could not parse defined name|Cannot hydrate range)/;

/**
 * Runs a SheetJS read with its console output held back: its known remarks are dropped; anything else it
 * prints is passed on to the real console, so nothing unexpected is lost. Reading is synchronous, so no
 * other code of this thread can print meanwhile; the console is restored whatever happens.
 */
export function quietly<T>(read: () => T): T {
  const saved = { error: console.error, warn: console.warn, log: console.log };
  const held: { to: 'error' | 'warn' | 'log'; args: unknown[] }[] = [];
  const hold =
    (to: 'error' | 'warn' | 'log') =>
    (...args: unknown[]) => {
      held.push({ to, args });
    };
  console.error = hold('error');
  console.warn = hold('warn');
  console.log = hold('log');
  try {
    return read();
  } finally {
    console.error = saved.error;
    console.warn = saved.warn;
    console.log = saved.log;
    for (const h of held) {
      if (typeof h.args[0] === 'string' && SHEETJS_NOISE.test(h.args[0])) continue;
      saved[h.to](...h.args);
    }
  }
}

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

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * XLSX, XLS and ODS through SheetJS. Dates stay serial numbers (we convert them by hand, so no host time
 * zone can shift a day); formulas count by their saved results (what the bank computed);
 * `sheetRows` stops a giant sheet early instead of exhausting memory. A zip (XLSX, ODS) is checked for
 * decompression bombs first (zip-check.ts).
 */
export function readWorkbook(bytes: Uint8Array, what: string): Sheet[] {
  if (isZip(bytes)) checkZipWorkbook(bytes, what);
  let wb: XLSX.WorkBook;
  try {
    wb = quietly(() =>
      XLSX.read(bytes, {
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
      }),
    );
  } catch (e) {
    return fail(e, what);
  }
  return sheetsOf(wb);
}

/** HTML tables (what many banks save with an .xls name) and Excel 2003 XML, cells kept as text. */
export function readMarkupWorkbook(text: string, what: string): Sheet[] {
  try {
    const wb = quietly(() =>
      XLSX.read(text, {
        type: 'string',
        dense: true,
        raw: true,
        cellDates: false,
        sheetRows: MAX_ROWS + 1,
      }),
    );
    return sheetsOf(wb);
  } catch (e) {
    return fail(e, what);
  }
}

/**
 * Delimited text into rows, every cell kept as text: a number or date guesser would read 03/04/2026 as
 * March and 1.234,56 as garbage. The cells are those SheetJS's CSV reader gives with `raw` and a `sep=`
 * line (what was used here before, and what rows already stored were read with): `splitDelimited` reads
 * them the same way, several times faster. Rows that a spreadsheet re-saved as one quoted field each are
 * unwrapped first (`unwrapQuotedRows`).
 */
export function readDelimited(text: string, delimiter: Delimiter): Sheet {
  let body = unwrapQuotedRows(text) ?? text;
  let rowOffset = 0;
  if (/^sep=.\r?\n/i.test(body)) {
    body = body.slice(body.indexOf('\n') + 1);
    rowOffset = 1;
  }
  // Counting line breaks is cheap and spares SheetJS a file that is over the limit anyway.
  let breaks = 0;
  for (let i = body.indexOf('\n'); i >= 0 && breaks <= MAX_ROWS; i = body.indexOf('\n', i + 1)) breaks++;
  if (breaks > MAX_ROWS) throw importErrors.tooManyRows();
  const rows = checkRows(splitDelimited(body, delimiter, MAX_ROWS + 1));
  return { name: null, rows, date1904: false, rowOffset };
}
