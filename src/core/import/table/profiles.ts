import type { TableMapping } from '../../../shared/contract/import';
import { detectDateOrder } from '../dates';
import { HEADER_SCAN_ROWS, SAMPLE_ROWS } from '../limits';
import { normalizeLabel } from '../text';
import type { ProfileCandidate } from '../types';
import { cellText, type Row, type Sheet } from './cells';
import { columnStats } from './column-stats';
import { detectDecimal, rowSignature } from './values';

export type SheetFamily = 'csv' | 'sheet';
type TableCandidate = Extract<ProfileCandidate, { kind: 'table' | 'table-by-header' }>;
type Layout = Omit<TableMapping, 'kind' | 'sheet' | 'encoding' | 'delimiter'>;

/** What a saved profile remembers of a layout: the kind of file and its normalized column titles. */
export const layoutSignature = (family: SheetFamily, headerRow: Row | null, width: number) =>
  headerRow ? `${family}:${rowSignature(headerRow)}` : `${family}:noheader:${width}`;

function findRow(rows: Row[], test: (row: Row) => boolean): number | null {
  for (let r = 0; r < Math.min(rows.length, HEADER_SCAN_ROWS); r++) if (test(rows[r])) return r;
  return null;
}

/** Date order and decimal separator read from the values, for starters that do not pin them. */
function stylesFromValues(rows: Row[], from: number, dateCol: number, moneyCols: number[]) {
  const sample = rows.slice(from, from + SAMPLE_ROWS);
  const width = Math.max(dateCol, ...moneyCols) + 1;
  const stats = columnStats(sample, width);
  return {
    dateOrder: detectDateOrder(stats[dateCol]?.dateTexts ?? []).order,
    decimalSeparator: detectDecimal(moneyCols.flatMap((c) => stats[c]?.moneyTexts ?? [])).sep,
  };
}

/**
 * The layout a profile gives this sheet, or null when the sheet is not that layout. The title row is
 * searched again (a preamble may be one line longer this month); a headerless saved profile fits a sheet
 * of the same width.
 */
export function layoutFromProfile(
  p: TableCandidate,
  sheet: Sheet,
  family: SheetFamily,
  width: number,
): Layout | null {
  const rows = sheet.rows;
  if (p.kind === 'table') {
    const [fam, ...rest] = p.signature.split(':');
    if (fam !== family) return null;
    const sig = rest.join(':');
    if (sig.startsWith('noheader:')) {
      return sig === `noheader:${width}` ? { ...p.mapping, headerRow: null } : null;
    }
    const r = findRow(rows, (row) => rowSignature(row) === sig);
    return r === null ? null : { ...p.mapping, headerRow: r + 1 };
  }
  const wanted = p.headers.join('|');
  const r = findRow(
    rows,
    (row) =>
      (row ?? [])
        .map((c) => normalizeLabel(cellText(c)))
        .filter(Boolean)
        .join('|') === wanted,
  );
  if (r === null) return null;
  const titles = (rows[r] ?? []).map((c) => normalizeLabel(cellText(c)));
  const col = (title: string | undefined) => (title === undefined ? null : titles.indexOf(title));
  const idx = (title: string | undefined) => {
    const i = col(title);
    return i === null || i < 0 ? null : i;
  };
  const dateColumn = idx(p.roles.date);
  const descriptionColumns = p.roles.description.map((t) => idx(t)).filter((i): i is number => i !== null);
  if (dateColumn === null || descriptionColumns.length === 0) return null;
  const money = [idx(p.roles.amount), idx(p.roles.credit), idx(p.roles.debit), idx(p.roles.balance)];
  const styles = stylesFromValues(
    rows,
    r + 1,
    dateColumn,
    money.filter((i): i is number => i !== null),
  );
  return {
    headerRow: r + 1,
    dateColumn,
    descriptionColumns,
    amountColumn: money[0]!,
    creditColumn: money[1]!,
    debitColumn: money[2]!,
    balanceColumn: money[3]!,
    directionColumn: idx(p.roles.direction),
    documentColumn: idx(p.roles.document),
    dateOrder: p.dateOrder ?? styles.dateOrder,
    decimalSeparator: p.decimalSeparator ?? styles.decimalSeparator,
  };
}
