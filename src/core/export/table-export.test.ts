import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { neutralize, toCsv, toXlsx, type Column } from './table-export';

interface Row {
  name: string;
  cents: number;
  due: string;
  days: number;
}
const columns: Column<Row>[] = [
  { header: 'Nome', kind: 'text', value: (r) => r.name },
  { header: 'Valor', kind: 'money', value: (r) => r.cents },
  { header: 'Vencimento', kind: 'date', value: (r) => r.due },
  { header: 'Dias', kind: 'int', value: (r) => r.days },
];
const rows: Row[] = [
  { name: 'Maria José; "Zezé"', cents: 123456, due: '2026-11-05', days: 15 },
  { name: '=HYPERLINK("http://x","clique")', cents: 9990, due: '2026-10-01', days: 50 },
];

describe('table export', () => {
  it('neutralizes cells that a spreadsheet would run as formulas', () => {
    for (const s of ['=1+1', '+55', '-3', '@SUM(A1)', '\tx'])
      expect(neutralize(s).startsWith("'")).toBe(true);
    expect(neutralize('Maria')).toBe('Maria');
  });

  it('writes CSV for Brazilian Excel: BOM, semicolons, decimal comma, dd/mm/yyyy, quoted when needed', () => {
    const text = toCsv(columns, rows).toString('utf8');
    expect(text.startsWith('\uFEFFNome;Valor;Vencimento;Dias\r\n')).toBe(true);
    expect(text).toContain('"Maria José; ""Zezé""";1234,56;05/11/2026;15');
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""clique"")";99,90;01/10/2026;50`);
  });

  it('writes XLSX with numbers, dates and neutralized text', () => {
    const book = XLSX.read(toXlsx(columns, rows, 'Inadimplentes'), { type: 'buffer', cellDates: true });
    const sheet = book.Sheets['Inadimplentes']!;
    const cell = (ref: string) => sheet[ref] as XLSX.CellObject;
    expect(cell('B2').v).toBe(1234.56);
    expect(cell('B2').t).toBe('n');
    expect((cell('C2').v as Date).toISOString().slice(0, 10)).toBe('2026-11-05');
    expect(cell('A3').v).toBe('\'=HYPERLINK("http://x","clique")');
    expect(cell('A3').f).toBeUndefined();
  });
});
