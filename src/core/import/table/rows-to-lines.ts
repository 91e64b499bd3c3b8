import type { LineKind, Rejected, TableMapping } from '../../../shared/contract/import';
import { MAX_DESCRIPTION_CHARS, MAX_RAW_CELL_CHARS } from '../limits';
import { parseDirection } from '../money';
import { cleanPayerText } from '../payer-text';
import { squash } from '../text';
import type { ParsedLine, SkippedRow } from '../types';
import { cellText, isEmptyRow, type Row, type Sheet } from './cells';
import { isBalanceLabel } from './header-rules';
import { cellCents, cellDate, rowSignature } from './values';

export type LineDraft = Omit<ParsedLine, 'fingerprint'>;

export interface TableLines {
  lines: LineDraft[];
  rejected: Rejected[];
  skipped: SkippedRow[];
}

function rawOf(row: Row): string {
  // Array.from, not map: SheetJS rows are sparse, and map would keep the holes (JSON null).
  const cells = Array.from(row ?? [], (c) => {
    const t = cellText(c);
    return t.length > MAX_RAW_CELL_CHARS ? `${t.slice(0, MAX_RAW_CELL_CHARS)}…` : t;
  });
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return JSON.stringify(cells);
}

type Outcome = { line: LineDraft } | { rejected: Rejected } | { skipped: SkippedRow } | null;

/** The signed amount of a row: one amount column (with an optional C/D column) or a credit/debit pair. */
function amountOf(row: Row, m: TableMapping): { cents: number | null; error?: string; rounded: boolean } {
  const read = (col: number | null) => (col === null ? null : cellCents(row?.[col], m.decimalSeparator));
  if (m.amountColumn !== null) {
    const a = read(m.amountColumn);
    if (!a) return { cents: null, rounded: false };
    if (!a.ok) return { cents: null, error: a.reason, rounded: false };
    const dir = m.directionColumn !== null ? parseDirection(cellText(row?.[m.directionColumn])) : null;
    const cents = dir === 'D' ? -Math.abs(a.cents) : dir === 'C' ? Math.abs(a.cents) : a.cents;
    return { cents, rounded: a.rounded };
  }
  const c = read(m.creditColumn);
  const d = read(m.debitColumn);
  if (c && !c.ok) return { cents: null, error: c.reason, rounded: false };
  if (d && !d.ok) return { cents: null, error: d.reason, rounded: false };
  const credit = c?.ok ? c.cents : 0;
  const debit = d?.ok ? d.cents : 0;
  if (credit !== 0 && debit !== 0)
    return { cents: null, error: 'the row has both a credit and a debit', rounded: false };
  if (!c && !d) return { cents: null, rounded: false };
  // Debit columns hold positive or negative numbers depending on the bank; a debit is a debit either way.
  return {
    cents: credit !== 0 ? Math.abs(credit) : -Math.abs(debit),
    rounded: !!(c?.ok && c.rounded) || !!(d?.ok && d.rounded),
  };
}

function rowToLine(row: Row, position: number, m: TableMapping, date1904: boolean): Outcome {
  if (isEmptyRow(row)) return null;
  const problems: string[] = [];
  let description = squash(
    m.descriptionColumns
      .map((c) => cellText(row?.[c]))
      .map(squash)
      .filter(Boolean)
      .join(' - '),
  );
  if (description.length > MAX_DESCRIPTION_CHARS) {
    description = description.slice(0, MAX_DESCRIPTION_CHARS);
    problems.push(`the description was cut to ${MAX_DESCRIPTION_CHARS} characters`);
  }
  const date = cellDate(row?.[m.dateColumn], m.dateOrder, date1904);
  const amount = amountOf(row, m);
  const balance = m.balanceColumn !== null ? cellCents(row?.[m.balanceColumn], m.decimalSeparator) : null;
  const balanceCents = balance?.ok ? balance.cents : null;
  // Total rows put their label in the date column (“Total”, “Saldo”), balance rows in the description.
  const labelledBalance = isBalanceLabel(description) || isBalanceLabel(cellText(row?.[m.dateColumn]));
  const hasMoney = amount.cents !== null || amount.error !== undefined || balanceCents !== null;
  if (!date?.ok && (!hasMoney || labelledBalance)) {
    const what = labelledBalance ? 'a balance or total row without a date' : 'no date and no amount';
    return { skipped: { line: position, reason: `not a statement line (${what})` } };
  }
  if (!date) return { rejected: { line: position, reason: 'the row has no date', code: 'row.no_date' } };
  if (!date.ok) return { rejected: { line: position, reason: date.reason, code: 'row.bad_date' } };
  if (amount.error) return { rejected: { line: position, reason: amount.error, code: 'row.bad_amount' } };
  let kind: LineKind;
  let cents: number;
  if (labelledBalance && amount.cents === null && balanceCents === null) {
    return { skipped: { line: position, reason: 'not a statement line (a balance row without a value)' } };
  }
  if (labelledBalance || (amount.cents === null && balanceCents !== null)) {
    kind = 'balance';
    cents = amount.cents ?? balanceCents ?? 0;
  } else if (amount.cents === null) {
    return { rejected: { line: position, reason: 'the row has no amount', code: 'row.no_amount' } };
  } else if (amount.cents === 0) {
    return { skipped: { line: position, reason: 'the amount is zero' } };
  } else {
    kind = amount.cents < 0 ? 'debit' : 'credit';
    cents = amount.cents;
  }
  if (amount.rounded) problems.push('the amount had a fraction of a cent and was rounded');
  const doc = m.documentColumn !== null ? squash(cellText(row?.[m.documentColumn])) : '';
  return {
    line: {
      position,
      date: date.date,
      amountCents: cents,
      balanceCents: kind === 'balance' ? (balanceCents ?? cents) : balanceCents,
      kind,
      description,
      payerText: kind === 'credit' ? cleanPayerText(description) : null,
      document: doc === '' ? null : doc.slice(0, 100),
      fitid: null,
      rawJson: rawOf(row),
      problems,
    },
  };
}

/**
 * Every row below the titles through the mapping. Blank rows and repeated title rows (multi-page exports)
 * are layout, not data; rows with neither a date nor an amount (footers, section titles) are skipped and
 * reported; rows that look like transactions but cannot be read are rejected with the reason.
 */
export function tableToLines(
  sheet: Sheet,
  m: TableMapping,
  onProgress?: (done: number, total: number) => void,
): TableLines {
  const out: TableLines = { lines: [], rejected: [], skipped: [] };
  const first = m.headerRow ?? 0;
  const header = m.headerRow !== null ? sheet.rows[m.headerRow - 1] : undefined;
  const headerSig = header ? rowSignature(header) : null;
  // Only a row whose date cell reads like the date title can be a repeated title row: checked first, cheaply.
  const dateTitle = header ? cellText(header[m.dateColumn]).trim() : null;
  const total = sheet.rows.length;
  for (let r = first; r < total; r++) {
    if (onProgress && r % 5_000 === 0) onProgress(r, total);
    const row = sheet.rows[r];
    if (headerSig && cellText(row?.[m.dateColumn]).trim() === dateTitle && rowSignature(row) === headerSig)
      continue;
    const res = rowToLine(row, r + 1 + sheet.rowOffset, m, sheet.date1904);
    if (!res) continue;
    if ('line' in res) out.lines.push(res.line);
    else if ('rejected' in res) out.rejected.push(res.rejected);
    else out.skipped.push(res.skipped);
  }
  onProgress?.(total, total);
  return out;
}
