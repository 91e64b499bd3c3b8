import * as XLSX from 'xlsx';

/**
 * A cell as SheetJS reads it, or (a CSV's cells, `splitDelimited`) its text alone: what SheetJS gives as
 * `{ t: 's', v: text, w: text }`, without an object per cell. Never an empty string: an empty cell is a hole.
 */
export type Cell = XLSX.CellObject | string | undefined;

/** The number-format helpers of SheetJS (typed `any` upstream). */
interface SsfApi {
  is_date(fmt: string): boolean;
  get_table(): Record<number, string | undefined>;
}
const SSF = XLSX.SSF as SsfApi;
export type Row = Cell[] | undefined;

/** One sheet as SheetJS read it (dense), plus what is needed to turn its rows into file positions. */
export interface Sheet {
  name: string | null;
  rows: Row[];
  /** Workbooks in the 1904 date system (old Mac Excel) count serials from 1904-01-01. */
  date1904: boolean;
  /** Physical lines before row 0 (a `sep=` line we removed). */
  rowOffset: number;
  /**
   * Rows shown above this sheet that are not part of it: the small tables an HTML export puts above the
   * statement's table (agency, account, issue date), which SheetJS reads as sheets of their own.
   */
  before?: Row[];
}

const ERRORS: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};

/** A cell as the clerk would read it. Numbers print plainly; a formula without a stored result is empty. */
export function cellText(c: Cell): string {
  if (typeof c === 'string') return c;
  if (!c || c.v === undefined || c.v === null) return '';
  switch (c.t) {
    case 's':
      return String(c.v);
    case 'n':
      return String(c.v);
    case 'b':
      return c.v ? 'TRUE' : 'FALSE';
    case 'd':
      return c.v instanceof Date ? c.v.toISOString().slice(0, 10) : String(c.v);
    case 'e':
      return c.w ?? ERRORS[c.v as number] ?? '#ERROR';
    default:
      return '';
  }
}

export const isNumberCell = (c: Cell): c is XLSX.CellObject & { v: number } =>
  !!c && typeof c === 'object' && c.t === 'n' && typeof c.v === 'number';

/** A numeric cell formatted as a date (SheetJS reads date cells as serial numbers with a date format). */
export function isDateCell(c: Cell): boolean {
  if (!isNumberCell(c)) return false;
  const fmt = c.z;
  return typeof fmt === 'string'
    ? SSF.is_date(fmt)
    : typeof fmt === 'number' && SSF.is_date(SSF.get_table()[fmt] ?? '');
}

/** A formula whose result was never computed and saved (written by a program, not by Excel). */
export const isFormulaWithoutValue = (c: Cell) =>
  !!c && typeof c === 'object' && c.f !== undefined && (c.v === undefined || c.t === 'z');

export const isEmptyRow = (row: Row) => !row || row.every((c) => cellText(c).trim() === '');
