import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { parseStatement } from '../parse-statement';
import { columnStats } from './column-stats';
import type { Row } from './cells';

/** [P] item 5: the column samples Importar shows are values, not Excel's serials or JavaScript's decimals. */
describe('column samples', () => {
  it('gives a date cell as its day and a number as a number; text as written', () => {
    const rows: Row[] = [
      [
        { t: 'n', v: 46318, z: 'dd/mm/yyyy' },
        { t: 's', v: 'PIX RECEBIDO ANA' },
        { t: 'n', v: 1234.56 },
        { t: 's', v: '1.234,56' },
      ],
    ];
    const [date, text, amount, amountText] = columnStats(rows, 4);
    expect(date).toMatchObject({ samples: ['2026-10-23'], sampleTypes: ['date'] });
    expect(text).toMatchObject({ samples: ['PIX RECEBIDO ANA'], sampleTypes: ['text'] });
    expect(amount).toMatchObject({ samples: ['1234.56'], sampleTypes: ['number'] });
    expect(amountText).toMatchObject({ samples: ['1.234,56'], sampleTypes: ['text'] });
    // A workbook of the 1904 date system counts from 1904-01-01.
    expect(columnStats(rows, 1, true)[0]!.samples).toEqual(['2030-10-24']);
  });

  it('an XLSX statement’s preview columns carry typed samples', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Data', 'Histórico', 'Valor'],
      [new Date(Date.UTC(2026, 9, 23)), 'PIX RECEBIDO ANA SOUZA', 99.9],
      [new Date(Date.UTC(2026, 9, 24)), 'PIX RECEBIDO JOAO LIMA', 1234.5],
    ]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, sheet, 'Extrato');
    const bytes = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const parsed = parseStatement(bytes);
    const byRole = Object.fromEntries(parsed.columns.map((c) => [c.role, c]));
    expect(byRole.date).toMatchObject({
      samples: ['2026-10-23', '2026-10-24'],
      sampleTypes: ['date', 'date'],
    });
    expect(byRole.amount).toMatchObject({ samples: ['99.9', '1234.5'], sampleTypes: ['number', 'number'] });
  });
});
