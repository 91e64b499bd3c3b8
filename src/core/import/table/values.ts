import type { DecimalSeparator } from '../money';
import { numberToCents, parseMoneyText, type MoneyResult } from '../money';
import { parseDateText, serialToIso, type DateOrder, type DateResult } from '../dates';
import { normalizeLabel } from '../text';
import { cellText, isFormulaWithoutValue, isNumberCell, type Cell, type Row } from './cells';

const NO_RESULT = 'the cell holds a formula without a saved result (open and save the file in Excel first)';

/** An amount cell into cents: numeric cells exactly as stored, text cells with the file's decimal separator. */
export function cellCents(c: Cell, dec: DecimalSeparator): MoneyResult | null {
  if (isFormulaWithoutValue(c)) return { ok: false, reason: NO_RESULT, why: 'no_result' };
  if (isNumberCell(c)) return numberToCents(c.v);
  return parseMoneyText(cellText(c), dec);
}

/** A date cell: a serial number (date-formatted or not: the column says it is a date) or date text. */
export function cellDate(c: Cell, order: DateOrder, date1904: boolean): DateResult | null {
  if (isFormulaWithoutValue(c)) return { ok: false, reason: NO_RESULT, why: 'no_result' };
  if (isNumberCell(c)) return serialToIso(c.v, date1904);
  return parseDateText(cellText(c), order);
}

/** Normalized column titles of a row, trailing empties dropped: what identifies a layout. */
export function rowSignature(row: Row): string {
  const cells = Array.from(row ?? [], (c) => normalizeLabel(cellText(c)));
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells.join('|');
}

/**
 * Comma or dot decimals, from how amounts end: `,56` against `.56`. Thousands written alone (`1.234`)
 * hint at comma decimals. Without evidence, Brazil's comma is assumed, with less confidence.
 */
export function detectDecimal(texts: string[]): { sep: DecimalSeparator; confidence: number } {
  let comma = 0;
  let dot = 0;
  for (const raw of texts) {
    const t = raw.replace(/\s*([CD]|CR|DB|[-+)])\s*$/i, '').trim();
    if (/,\d{1,2}$/.test(t)) comma++;
    else if (/\.\d{1,2}$/.test(t)) dot++;
    else if (/\d\.\d{3}$/.test(t)) comma += 0.5;
    else if (/\d,\d{3}$/.test(t)) dot += 0.5;
  }
  if (comma === 0 && dot === 0) return { sep: ',', confidence: 0.7 };
  if (comma >= dot) return { sep: ',', confidence: dot === 0 ? 1 : comma / (comma + dot) };
  return { sep: '.', confidence: comma === 0 ? 1 : dot / (comma + dot) };
}

/**
 * Share of rows where balance = previous balance + amount: proves which number column is the running
 * balance when a file has no titles. Balances printed only at the end of each day still add up.
 */
export function runningBalanceRatio(
  rows: Row[],
  amountCol: number,
  balanceCol: number,
  dec: DecimalSeparator,
): number {
  let prev: number | null = null;
  let checks = 0;
  let hits = 0;
  for (const row of rows) {
    const a = cellCents(row?.[amountCol], dec);
    const b = cellCents(row?.[balanceCol], dec);
    const amount = a?.ok ? a.cents : null;
    if (b?.ok) {
      if (prev !== null && amount !== null) {
        checks++;
        if (prev + amount === b.cents) hits++;
      }
      prev = b.cents;
    } else if (prev !== null && amount !== null) prev += amount;
  }
  return checks >= 2 ? hits / checks : 0;
}
