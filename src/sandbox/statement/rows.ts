import { addDays } from '../dates';
import type { LineKind, StatementPlan } from './types';

/** A statement row in the order spreadsheet-style exports show it, balance rows included. */
export interface SheetRow {
  date: string;
  description: string;
  document: string;
  amountCents: number | null;
  balanceCents: number | null;
  kind: LineKind;
  receivableIds: number[];
}

/**
 * Rows as Itaú-style exports print them: SALDO ANTERIOR, each day's lines followed by SALDO DO DIA,
 * and a final SALDO TOTAL DISPONÍVEL. `dailyBalanceRows: false` puts the day's balance on its last line.
 */
export function sheetRows(plan: StatementPlan, dailyBalanceRows: boolean, finalLabel: string): SheetRow[] {
  const balanceRow = (date: string, description: string, balanceCents: number): SheetRow => ({
    date,
    description,
    document: '',
    amountCents: null,
    balanceCents,
    kind: 'balance',
    receivableIds: [],
  });
  const rows: SheetRow[] = [balanceRow(addDays(plan.from, -1), 'SALDO ANTERIOR', plan.openingBalanceCents)];
  plan.entries.forEach((e, i) => {
    const lastOfDay = plan.entries[i + 1]?.date !== e.date;
    rows.push({
      date: e.date,
      description: e.description,
      document: e.document,
      amountCents: e.amountCents,
      balanceCents: lastOfDay && !dailyBalanceRows ? (plan.dailyClosing.get(e.date) ?? null) : null,
      kind: e.kind,
      receivableIds: e.receivableIds,
    });
    if (lastOfDay && dailyBalanceRows)
      rows.push(balanceRow(e.date, 'SALDO DO DIA', plan.dailyClosing.get(e.date)!));
  });
  rows.push(balanceRow(plan.to, finalLabel, plan.closingBalanceCents));
  return rows;
}
