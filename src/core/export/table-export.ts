import * as XLSX from 'xlsx';

export type CellKind = 'text' | 'int' | 'money' | 'date';
export interface Column<R> {
  header: string;
  kind: CellKind;
  value: (row: R) => string | number | null;
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) is prefixed with an apostrophe,
 * so an exported payer name like "=HYPERLINK(...)" stays text (CSV/formula injection).
 */
export function neutralize(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const csvCell = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function display<R>(col: Column<R>, row: R): string {
  const v = col.value(row);
  if (v === null || v === undefined) return '';
  if (col.kind === 'money') return (Number(v) / 100).toFixed(2).replace('.', ',');
  if (col.kind === 'date') return String(v).slice(0, 10).split('-').reverse().join('/');
  return col.kind === 'text' ? neutralize(String(v)) : String(v);
}

/** CSV as Brazilian Excel opens it by double click: UTF-8 with BOM, `;`, decimal comma, dd/mm/yyyy. */
export function toCsv<R>(columns: Column<R>[], rows: R[]): Buffer {
  const lines = [columns.map((c) => csvCell(neutralize(c.header))).join(';')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(display(c, row))).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** XLSX with typed cells: money as numbers in reais with two decimals, dates as real dates. */
export function toXlsx<R>(columns: Column<R>[], rows: R[], sheetName: string): Buffer {
  const data: (string | number | Date | null)[][] = [columns.map((c) => c.header)];
  for (const row of rows) {
    data.push(
      columns.map((c) => {
        const v = c.value(row);
        if (v === null || v === undefined) return null;
        if (c.kind === 'money') return Number(v) / 100;
        if (c.kind === 'date') return new Date(`${String(v).slice(0, 10)}T00:00:00Z`);
        if (c.kind === 'int') return Number(v);
        return neutralize(String(v));
      }),
    );
  }
  const sheet = XLSX.utils.aoa_to_sheet(data, { cellDates: true, dateNF: 'dd/mm/yyyy' });
  columns.forEach((c, i) => {
    if (c.kind !== 'money') return;
    for (let r = 1; r < data.length; r++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c: i })] as XLSX.CellObject | undefined;
      if (cell) cell.z = '#,##0.00';
    }
  });
  sheet['!cols'] = columns.map((c) => ({ wch: c.kind === 'text' ? 32 : 14 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
