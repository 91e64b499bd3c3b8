import * as XLSX from 'xlsx';
import { brasiliaDateTime } from '../../shared/dates';

/** `datetime` takes an ISO timestamp and shows it as Brasília wall-clock time (the files go to a branch). */
export type CellKind = 'text' | 'int' | 'money' | 'date' | 'datetime';
export interface Column<R> {
  header: string;
  kind: CellKind;
  value: (row: R) => string | number | null;
}

/**
 * What makes a spreadsheet read a cell as a formula when it comes first: = + - @, their full-width forms
 * (＝＋－＠, which Excel takes as formulas too, e.g. typed with a Japanese input method), the small and minus-sign
 * look-alikes, and a leading tab, CR or LF.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B\u2212]/;

/**
 * A cell a spreadsheet would run as a formula is prefixed with an apostrophe, so an exported payer name like
 * "=HYPERLINK(...)" stays text (CSV/formula injection). Spaces before the trigger do not hide it: some
 * spreadsheets skip them.
 */
export function neutralize(text: string): string {
  return FORMULA_START.test(text.replace(/^[ \u00A0\u3000]+/, '')) ? `'${text}` : text;
}

/** What a number, a date or a time looks like once displayed: these never need neutralizing. */
const PLAIN_VALUE = /^-?\d[\d.,]*$|^\d{2}\/\d{2}\/\d{4}( \d{2}:\d{2}(:\d{2})?)?$/;

export interface TableExportOptions {
  /** Lines of text after the table and one blank row (totals, a verification result). */
  footer?: string[];
}

/** An ISO timestamp as Brasília wall-clock time, `YYYY-MM-DD HH:MM:SS`; unparseable input comes back as is. */
export function brasiliaWallClock(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return brasiliaDateTime(d).replace('T', ' ');
}

/**
 * RFC 4180 quoting: a cell holding the separator, a quote or a line break is quoted, quotes doubled. Tabs and the
 * Unicode line and paragraph separators are quoted too (some readers split rows or cells on them).
 */
const csvCell = (v: string) => (/[";\t\n\r\u2028\u2029\u0085]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function shown<R>(col: Column<R>, v: string | number): string {
  if (col.kind === 'money') return (Number(v) / 100).toFixed(2).replace('.', ',');
  if (col.kind === 'date') return String(v).slice(0, 10).split('-').reverse().join('/');
  if (col.kind === 'datetime') {
    const wall = brasiliaWallClock(String(v));
    // Not a timestamp after all: shown whole, as it came (neutralized below), not cut at its first space.
    if (wall === String(v)) return wall;
    const [day = '', time = ''] = wall.split(' ');
    return `${day.split('-').reverse().join('/')} ${time}`.trim();
  }
  return String(v);
}

function display<R>(col: Column<R>, row: R): string {
  const v = col.value(row);
  if (v === null || v === undefined) return '';
  const text = shown(col, v);
  // Text always; a number or date column only when what it holds is not a number or a date after all.
  return col.kind === 'text' || !PLAIN_VALUE.test(text) ? neutralize(text) : text;
}

/** CSV as Brazilian Excel opens it by double click: UTF-8 with BOM, `;`, decimal comma, dd/mm/yyyy. */
export function toCsv<R>(columns: Column<R>[], rows: R[], opts: TableExportOptions = {}): Buffer {
  const lines = [columns.map((c) => csvCell(neutralize(c.header))).join(';')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(display(c, row))).join(';'));
  if (opts.footer?.length) lines.push('', ...opts.footer.map((f) => csvCell(neutralize(f))));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** XLSX with typed cells: money as numbers in reais with two decimals, dates as real dates. */
export function toXlsx<R>(
  columns: Column<R>[],
  rows: R[],
  sheetName: string,
  opts: TableExportOptions = {},
): Buffer {
  const data: (string | number | Date | null)[][] = [columns.map((c) => neutralize(c.header))];
  for (const row of rows) {
    data.push(
      columns.map((c) => {
        const v = c.value(row);
        if (v === null || v === undefined) return null;
        if (c.kind === 'money') return Number(v) / 100;
        if (c.kind === 'date') return new Date(`${String(v).slice(0, 10)}T00:00:00Z`);
        // Spreadsheets have no time zones: the cell holds Brasília's wall-clock time.
        if (c.kind === 'datetime') {
          const wall = brasiliaWallClock(String(v));
          return wall === String(v) ? neutralize(wall) : new Date(`${wall.replace(' ', 'T')}Z`);
        }
        if (c.kind === 'int') return Number(v);
        return neutralize(String(v));
      }),
    );
  }
  const tableRows = data.length;
  if (opts.footer?.length) data.push([], ...opts.footer.map((f) => [neutralize(f)]));
  // UTC: the Dates above carry the wall-clock value in their UTC fields; without it SheetJS reads them in the
  // machine's zone, and on a computer set to Brasília every date came out a day early.
  const sheet = XLSX.utils.aoa_to_sheet(data, { cellDates: true, dateNF: 'dd/mm/yyyy', UTC: true });
  columns.forEach((c, i) => {
    if (c.kind !== 'money' && c.kind !== 'datetime') return;
    for (let r = 1; r < tableRows; r++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c: i })] as XLSX.CellObject | undefined;
      if (cell && cell.t !== 's') cell.z = c.kind === 'money' ? '#,##0.00' : 'dd/mm/yyyy hh:mm:ss';
    }
  });
  sheet['!cols'] = columns.map((c) => ({ wch: c.kind === 'text' ? 32 : c.kind === 'datetime' ? 20 : 14 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
