import type { LineKind, Rejected, TableMapping } from '../../../shared/contract/import';
import { HEADER_SCAN_ROWS, MAX_DESCRIPTION_CHARS, MAX_RAW_CELL_CHARS } from '../limits';
import { parseDirection, type MoneyResult } from '../money';
import { rejectedDate, rejectedAmount } from '../rejected';
import { splitPayer } from '../payer-text';
import { normalizeLabel, squash } from '../text';
import type { ParsedLine, SkippedRow } from '../types';
import { cellText, isEmptyRow, type Row, type Sheet } from './cells';
import { isBalanceLabel } from './header-rules';
import { readPreamble } from './preamble';
import { cellCents, cellDate, rowSignature } from './values';

export type LineDraft = Omit<ParsedLine, 'fingerprint'>;

export interface TableLines {
  lines: LineDraft[];
  rejected: Rejected[];
  skipped: SkippedRow[];
  /**
   * Rows left out because they are scheduled, not done: everything under a “Lançamentos futuros” heading,
   * and lines dated after the export date the preamble states. Kept apart from `skipped` for the notice.
   */
  future: SkippedRow[];
  /** How many of `future` are entries (the rest are the headings and titles of those sections). */
  futureEntries: number;
  /** The export date the preamble states, when it does. */
  exportDate: string | null;
}

/**
 * Headings of sections that list scheduled entries (Itaú's CSV and XLS, Sicredi's XLS end with one):
 * money that is not in the account yet. A heading of an ordinary section ends such a section.
 */
const FUTURE_HEADING =
  /^(lancamentos futuros|lancamentos agendados|lancamentos programados|lancamentos a realizar|saidas futuras|entradas futuras|debitos futuros|creditos futuros|movimentacoes futuras|agendamentos)( [a-z]+){0,3}$/;
const REAL_HEADING =
  /^(lancamentos|lancamentos do periodo|lancamentos realizados|lancamentos efetivados|movimentacoes|movimentacao|movimentacoes do periodo|extrato|extrato de conta corrente|extrato conta corrente)$/;

/**
 * A section heading: a row whose first filled cell is a short text (the heading words, maybe a few more,
 * no figures), whose date cell holds no date and which carries no amount. Everything after a future
 * heading is left out, so a summary line (“Agendamentos do dia: R$ 50,00”) must not pass for one.
 */
function sectionHeading(row: Row, m: TableMapping, date1904: boolean): 'future' | 'real' | null {
  if (!row) return null;
  let first: string | null = null;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (!c) continue;
    // A CSV's cell is its text (a text cell).
    if (typeof c === 'string') {
      if (c.trim() === '') continue;
    } else {
      if (c.v === undefined || c.v === null || cellText(c).trim() === '') continue;
      if (c.t !== 's') return null;
    }
    first = cellText(c).trim();
    break;
  }
  if (first === null || first.length > 60) return null;
  // What /^[\d(+-]/ finds (a figure first: not a heading), by its code: this runs for every row.
  const c0 = first.charCodeAt(0);
  if ((c0 >= 48 && c0 <= 57) || c0 === 40 || c0 === 43 || c0 === 45) return null;
  if (cellDate(row[m.dateColumn], m.dateOrder, date1904)?.ok) return null;
  for (const col of [m.amountColumn, m.creditColumn, m.debitColumn]) {
    if (col !== null && cellCents(row[col], m.decimalSeparator)?.ok) return null;
  }
  const label = normalizeLabel(first);
  if (FUTURE_HEADING.test(label)) return 'future';
  return REAL_HEADING.test(label) ? 'real' : null;
}

/** Where the preamble ends: the title row, or (no titles) the first row whose date cell holds a date. */
function preambleEnd(sheet: Sheet, m: TableMapping): number {
  if (m.headerRow !== null) return m.headerRow - 1;
  for (let r = 0; r < Math.min(sheet.rows.length, HEADER_SCAN_ROWS); r++) {
    if (cellDate(sheet.rows[r]?.[m.dateColumn], m.dateOrder, sheet.date1904)?.ok) return r;
  }
  return 0;
}

/**
 * The row's cells as a JSON array of their texts, trailing empty cells left out. SheetJS rows are sparse: a
 * hole is an empty cell (never JSON null).
 */
function rawOf(row: Row): string {
  if (!row) return '[]';
  let end = row.length;
  while (end > 0 && cellText(row[end - 1]) === '') end--;
  const cells = new Array<string>(end);
  for (let i = 0; i < end; i++) {
    const t = cellText(row[i]);
    cells[i] = t.length > MAX_RAW_CELL_CHARS ? `${t.slice(0, MAX_RAW_CELL_CHARS)}…` : t;
  }
  return JSON.stringify(cells);
}

/** The description columns' texts, each squashed, the empty ones left out, joined by “ - ”. */
function descriptionOf(row: Row, columns: number[]): string {
  let out = '';
  for (let i = 0; i < columns.length; i++) {
    const t = squash(cellText(row?.[columns[i]!]));
    if (t !== '') out = out === '' ? t : `${out} - ${t}`;
  }
  return squash(out);
}

type Outcome = { line: LineDraft } | { rejected: Rejected } | { skipped: SkippedRow } | null;

/** The signed amount of a row: one amount column (with an optional C/D column) or a credit/debit pair. */
type AmountError = Extract<MoneyResult, { ok: false }>;

function amountOf(
  row: Row,
  m: TableMapping,
): { cents: number | null; error?: AmountError; rounded: boolean } {
  if (m.amountColumn !== null) {
    const a = cellCents(row?.[m.amountColumn], m.decimalSeparator);
    if (!a) return { cents: null, rounded: false };
    if (!a.ok) return { cents: null, error: a, rounded: false };
    const dir = m.directionColumn !== null ? parseDirection(cellText(row?.[m.directionColumn])) : null;
    const cents = dir === 'D' ? -Math.abs(a.cents) : dir === 'C' ? Math.abs(a.cents) : a.cents;
    return { cents, rounded: a.rounded };
  }
  const c = m.creditColumn === null ? null : cellCents(row?.[m.creditColumn], m.decimalSeparator);
  const d = m.debitColumn === null ? null : cellCents(row?.[m.debitColumn], m.decimalSeparator);
  if (c && !c.ok) return { cents: null, error: c, rounded: false };
  if (d && !d.ok) return { cents: null, error: d, rounded: false };
  const credit = c?.ok ? c.cents : 0;
  const debit = d?.ok ? d.cents : 0;
  if (credit !== 0 && debit !== 0)
    return {
      cents: null,
      error: { ok: false, reason: 'the row has both a credit and a debit', why: 'credit_and_debit' },
      rounded: false,
    };
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
  let description = descriptionOf(row, m.descriptionColumns);
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
  if (!date.ok) return { rejected: rejectedDate(position, date) };
  if (amount.error) return { rejected: rejectedAmount(position, amount.error) };
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
  // The payer's name without the CPF/CNPJ some banks print beside it (kept apart, as for OFX).
  const payer = kind === 'credit' ? splitPayer(description) : null;
  return {
    line: {
      position,
      date: date.date,
      amountCents: cents,
      balanceCents: kind === 'balance' ? (balanceCents ?? cents) : balanceCents,
      kind,
      description,
      payerText: payer?.name ?? null,
      payerDocument: payer?.document ?? null,
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
 * reported; rows that look like transactions but cannot be read are rejected with the reason. Scheduled
 * entries (a “Lançamentos futuros” section, or a line dated after the export date the preamble states)
 * are left out into `future`: they are not money in the account.
 */
export function tableToLines(
  sheet: Sheet,
  m: TableMapping,
  onProgress?: (done: number, total: number) => void,
): TableLines {
  const { exportDate } = readPreamble(sheet, preambleEnd(sheet, m));
  const out: TableLines = { lines: [], rejected: [], skipped: [], future: [], futureEntries: 0, exportDate };
  let inFuture = false;
  const first = m.headerRow ?? 0;
  const header = m.headerRow !== null ? sheet.rows[m.headerRow - 1] : undefined;
  const headerSig = header ? rowSignature(header) : null;
  // Only a row whose date cell reads like the date title can be a repeated title row: checked first, cheaply.
  const dateTitle = header ? cellText(header[m.dateColumn]).trim() : null;
  const total = sheet.rows.length;
  for (let r = first; r < total; r++) {
    if (onProgress && r % 5_000 === 0) onProgress(r, total);
    const row = sheet.rows[r];
    const position = r + 1 + sheet.rowOffset;
    const heading = sectionHeading(row, m, sheet.date1904);
    if (heading === 'future') {
      inFuture = true;
      out.future.push({ line: position, reason: 'the heading of a section of scheduled (future) entries' });
      continue;
    }
    if (heading === 'real') inFuture = false;
    if (headerSig && cellText(row?.[m.dateColumn]).trim() === dateTitle && rowSignature(row) === headerSig)
      continue;
    const res = rowToLine(row, position, m, sheet.date1904);
    if (!res) continue;
    if (inFuture) {
      // Entries are what would have become lines; the section's own titles would have been rejected or skipped.
      const entry = 'line' in res;
      if (entry) out.futureEntries++;
      out.future.push({
        line: position,
        reason: entry
          ? 'a scheduled (future) entry: not in the account yet'
          : 'a row of the section of scheduled (future) entries',
      });
      continue;
    }
    if ('line' in res && exportDate !== null && res.line.date > exportDate) {
      out.futureEntries++;
      out.future.push({
        line: position,
        reason: `dated after the export date (${exportDate}): a scheduled entry, not in the account yet`,
      });
      continue;
    }
    if ('line' in res) out.lines.push(res.line);
    else if ('rejected' in res) out.rejected.push(res.rejected);
    else out.skipped.push(res.skipped);
  }
  onProgress?.(total, total);
  return out;
}
