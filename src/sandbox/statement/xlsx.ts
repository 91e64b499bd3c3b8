import * as XLSX from 'xlsx';
import { diffDays } from '../dates';
import { brDate } from './format-br';
import { sheetRows } from './rows';
import type { GroundTruthLine, StatementPlan } from './types';

type Cell = XLSX.CellObject;
const text = (v: string): Cell => ({ t: 's', v });
const money = (cents: number): Cell => ({ t: 'n', v: cents / 100, z: '#,##0.00' });
/** Excel serial date computed by hand: no host time zone can move it. */
const excelDate = (date: string): Cell => ({ t: 'n', v: diffDays('1899-12-30', date), z: 'dd/mm/yyyy' });

/**
 * Spreadsheet export with separate credit and debit columns (another common bank layout), real date
 * cells and numeric amounts; the day's balance is on its last line.
 */
export function writeXlsx(plan: StatementPlan): { bytes: Buffer; lines: GroundTruthLine[] } {
  const rows: (Cell | null)[][] = [
    [text('Extrato de conta corrente')],
    [
      text('Banco'),
      text(plan.bankName),
      text('Agência'),
      text(plan.agency),
      text('Conta'),
      text(plan.account),
    ],
    [text('Período'), text(`${brDate(plan.from)} a ${brDate(plan.to)}`)],
    [],
    [
      text('Data'),
      text('Histórico'),
      text('Docto.'),
      text('Crédito (R$)'),
      text('Débito (R$)'),
      text('Saldo (R$)'),
    ],
  ];
  const lines: GroundTruthLine[] = [];
  sheetRows(plan, false, 'SALDO FINAL').forEach((r, index) => {
    const amount = r.amountCents;
    rows.push([
      excelDate(r.date),
      text(r.description),
      r.document ? text(r.document) : null,
      amount !== null && amount >= 0 ? money(amount) : null,
      amount !== null && amount < 0 ? money(amount) : null,
      r.balanceCents === null ? null : money(r.balanceCents),
    ]);
    lines.push({
      index,
      row: rows.length,
      fitid: null,
      date: r.date,
      amountCents: amount ?? r.balanceCents ?? 0,
      description: r.description,
      kind: r.kind,
      receivableIds: r.receivableIds,
    });
  });
  const ws: XLSX.WorkSheet = {};
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell) ws[XLSX.utils.encode_cell({ r, c })] = cell;
    }),
  );
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: 5 } });
  ws['!cols'] = [{ wch: 12 }, { wch: 48 }, { wch: 10 }, { wch: 14 }, { wch: 14 }, { wch: 14 }];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Extrato');
  wb.Props = { Title: 'Extrato', CreatedDate: new Date(`${plan.generatedOn}T11:00:00Z`) };
  const bytes = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  return { bytes, lines };
}
