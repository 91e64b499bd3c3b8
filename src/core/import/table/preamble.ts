import { parseDateText, serialToIso } from '../dates';
import { fold } from '../text';
import { cellText, isDateCell, isNumberCell, type Row, type Sheet } from './cells';

/** What the lines above the column titles say about the file. */
export interface Preamble {
  /** The day the statement was exported (“Emitido em”, “Extrato gerado em”, “Atualização”), ISO. */
  exportDate: string | null;
  /** Agency (or cooperative) and account as written, dots and spaces removed. */
  agency: string | null;
  account: string | null;
}

/** Labels of the export's own date. “Data” alone or “Período” are not: they date the lines. */
const EXPORT_LABEL =
  /\b(emitido|emissao|gerado|geracao|atualizacao|atualizado|consulta|consultado|data\/hora|data e hora|data\/horario|impresso|impressao)\b/i;
const DATE_TEXT = /(\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{4}-\d{2}-\d{2})/;
/** “Agência/Conta: 1234/56789-0”. */
const AGENCY_SLASH_ACCOUNT =
  /\bagencia\s*\/\s*conta(?:\s+corrente)?\s*[:.-]?\s*(\d{1,5}(?:-[\dxX])?)\s*\/\s*(\d[\d.]{2,}(?:-[\dxX])?)(?![\d/])/i;
/** “Agência: 1234-5”, “Ag 1234”, “AG. 1234”, “Cooperativa: 0101” (Sicredi, Sicoob). */
const AGENCY =
  /\b(?:agencia|ag|coop|cooperativa)\b\.?\s*(?:n[o.]?\s*)?[:.-]?\s*(\d{1,5}(?:-[\dxX])?)(?![\d/.,])/i;
/** “Conta: 12345-6”, “Conta Corrente 12345-6”, “CC 56789-0”, “C/C 1234”. */
const ACCOUNT =
  /(?:\bconta(?:\s+corrente)?|\bc\/c|\bcc|\bc\.c\.)\s*(?:n[o.]?\s*)?[:.-]?\s*(\d[\d.]{2,}(?:-[\dxX])?)(?![\d/,])/i;

const clean = (s: string) => s.replace(/[\s.]/g, '');

/** A row as one line of text: date cells as dd/mm/yyyy, so a label and its date read together. */
function rowText(row: Row, date1904: boolean): string {
  return Array.from(row ?? [], (c) => {
    if (isNumberCell(c) && isDateCell(c)) {
      const d = serialToIso(c.v, date1904);
      return d.ok ? d.date.split('-').reverse().join('/') : '';
    }
    return cellText(c).trim();
  })
    .filter(Boolean)
    .join(' ');
}

/**
 * Reads the rows above the statement (`sheet.before`, then rows [0, end) of the sheet): the export date
 * and the agency/account, when they are there. The first of each wins (a later “Conta” is more often a
 * footer or a counterparty).
 */
export function readPreamble(sheet: Sheet, end: number): Preamble {
  const out: Preamble = { exportDate: null, agency: null, account: null };
  const rows = [...(sheet.before ?? []), ...sheet.rows.slice(0, Math.max(0, end))];
  for (const row of rows) {
    const text = fold(rowText(row, sheet.date1904));
    if (text === '') continue;
    if (out.exportDate === null && EXPORT_LABEL.test(text)) {
      const label = EXPORT_LABEL.exec(text)!;
      const found = DATE_TEXT.exec(text.slice(label.index));
      const parsed = found ? parseDateText(found[1]!, 'dmy') : null;
      if (parsed?.ok) out.exportDate = parsed.date;
    }
    const both = AGENCY_SLASH_ACCOUNT.exec(text);
    if (both) {
      out.agency ??= clean(both[1]!);
      out.account ??= clean(both[2]!);
      continue;
    }
    const agency = AGENCY.exec(text);
    if (agency && out.agency === null) out.agency = clean(agency[1]!);
    const account = ACCOUNT.exec(text);
    if (account && out.account === null) out.account = clean(account[1]!);
  }
  return out;
}
