import type { Notice, StatementFormat, TableMapping, TextEncoding } from '../../../shared/contract/import';
import { importErrors } from '../import-errors';
import { SAMPLE_ROWS } from '../limits';
import type { ColumnGuess, MappingSource, ParseOptions, ProfileCandidate } from '../types';
import { cellText, isEmptyRow, type Sheet } from './cells';
import { columnStats } from './column-stats';
import type { Delimiter } from './delimiter';
import { detectTable, tableWidth } from './detect-mapping';
import { layoutFromProfile, layoutSignature, type SheetFamily } from './profiles';
import { tableToLines, type TableLines } from './rows-to-lines';

export interface TableParse extends TableLines {
  mapping: TableMapping;
  mappingSource: MappingSource;
  profileName: string | null;
  confidence: number;
  columns: ColumnGuess[];
  signature: string;
  notices: Notice[];
}

interface TextInfo {
  format: StatementFormat;
  encoding: TextEncoding | null;
  delimiter: Delimiter | null;
}

const MAX_SHEETS_TRIED = 20;

/** Columns as a mapping names them (profiles and the clerk's choice): certain by definition. */
function columnsOf(sheet: Sheet, m: TableMapping): ColumnGuess[] {
  const width = tableWidth(sheet.rows);
  const start = m.headerRow ?? 0;
  const stats = columnStats(sheet.rows.slice(start, start + SAMPLE_ROWS), width);
  const header = m.headerRow !== null ? sheet.rows[m.headerRow - 1] : undefined;
  const roleOf = (c: number): ColumnGuess['role'] =>
    c === m.dateColumn
      ? 'date'
      : m.descriptionColumns.includes(c)
        ? 'description'
        : c === m.amountColumn
          ? 'amount'
          : c === m.creditColumn
            ? 'credit'
            : c === m.debitColumn
              ? 'debit'
              : c === m.directionColumn
                ? 'direction'
                : c === m.documentColumn
                  ? 'document'
                  : c === m.balanceColumn
                    ? 'balance'
                    : 'ignore';
  return stats.map((s) => ({
    index: s.index,
    header: header ? cellText(header[s.index]).trim() || null : null,
    role: roleOf(s.index),
    confidence: 1,
    samples: s.samples,
  }));
}

/** A profile fits when most rows it reads come out as lines, not rejections. */
const fits = (r: TableLines) => r.lines.length > 0 && r.rejected.length <= r.lines.length / 2;

function checkColumns(sheet: Sheet, m: TableMapping) {
  const width = tableWidth(sheet.rows);
  const cols = [
    m.dateColumn,
    ...m.descriptionColumns,
    m.amountColumn,
    m.creditColumn,
    m.debitColumn,
    m.directionColumn,
    m.documentColumn,
    m.balanceColumn,
  ].filter((c): c is number => c !== null);
  const beyond = cols.find((c) => c >= width);
  if (beyond !== undefined)
    throw importErrors.badMapping(`column ${beyond + 1} does not exist (the file has ${width})`);
  if (m.headerRow !== null && m.headerRow > sheet.rows.length) {
    throw importErrors.badMapping(`row ${m.headerRow} does not exist`);
  }
}

/**
 * Sheets (one for CSV) into lines, choosing the mapping in this order: the clerk's, a saved profile of the
 * bank account, a starter profile of its bank, detection (on every sheet; the most confident wins).
 */
export function parseSheets(sheets: Sheet[], info: TextInfo, opts: ParseOptions): TableParse {
  const family: SheetFamily = info.format === 'csv' ? 'csv' : 'sheet';
  const withData = sheets.filter((s) => s.rows.some((r) => !isEmptyRow(r))).slice(0, MAX_SHEETS_TRIED);
  if (withData.length === 0) throw importErrors.noLines();
  const base = { kind: 'table' as const, encoding: info.encoding, delimiter: info.delimiter };
  const finish = (
    sheet: Sheet,
    mapping: TableMapping,
    rest: Omit<TableParse, keyof TableLines | 'mapping' | 'signature'>,
    lines?: TableLines,
  ): TableParse => {
    const width = tableWidth(sheet.rows);
    const header = mapping.headerRow !== null ? (sheet.rows[mapping.headerRow - 1] ?? null) : null;
    return {
      ...(lines ?? tableToLines(sheet, mapping, opts.onProgress)),
      ...rest,
      mapping,
      signature: layoutSignature(family, header, width),
    };
  };

  if (opts.mapping?.kind === 'ofx') throw importErrors.badMapping('this file is a spreadsheet, not OFX');
  if (opts.mapping) {
    const m = opts.mapping;
    const sheet = m.sheet === null ? withData[0]! : sheets.find((s) => s.name === m.sheet);
    if (!sheet) throw importErrors.badMapping(`there is no sheet “${m.sheet}”`);
    checkColumns(sheet, m);
    const mapping = { ...m, encoding: info.encoding, delimiter: info.delimiter };
    return finish(sheet, mapping, {
      mappingSource: 'override',
      profileName: null,
      confidence: 1,
      columns: columnsOf(sheet, mapping),
      notices: [],
    });
  }

  const notices: Notice[] = [];
  const candidates = (opts.profiles ?? []).filter(
    (p): p is Extract<ProfileCandidate, { kind: 'table' | 'table-by-header' }> => p.kind !== 'ofx',
  );
  for (const p of candidates) {
    for (const sheet of withData) {
      if (p.kind === 'table' && p.mapping.sheet !== null && p.mapping.sheet !== sheet.name) continue;
      const layout = layoutFromProfile(p, sheet, family, tableWidth(sheet.rows));
      if (!layout) continue;
      const mapping: TableMapping = { ...base, ...layout, sheet: sheet.name };
      if (!checkFits(sheet, mapping)) {
        notices.push({
          code: 'import.profile_misfit',
          message: `The profile “${p.name}” did not fit this file; the columns were detected again.`,
          params: { profile: p.name },
        });
        continue;
      }
      const lines = tableToLines(sheet, mapping, opts.onProgress);
      if (!fits(lines)) continue;
      return finish(
        sheet,
        mapping,
        {
          mappingSource: p.source,
          profileName: p.name,
          confidence: 1,
          columns: columnsOf(sheet, mapping),
          notices,
        },
        lines,
      );
    }
  }

  let best: { sheet: Sheet; d: NonNullable<ReturnType<typeof detectTable>> } | null = null;
  for (const sheet of withData) {
    const d = detectTable(sheet.rows);
    if (d && (!best || d.confidence > best.d.confidence)) best = { sheet, d };
  }
  if (!best) throw importErrors.noTable();
  const mapping: TableMapping = { ...base, ...best.d.layout, sheet: best.sheet.name };
  return finish(best.sheet, mapping, {
    mappingSource: 'detected',
    profileName: null,
    confidence: best.d.confidence,
    columns: best.d.columns,
    notices,
  });
}

/** Cheap check on the first rows before reading a whole big file with a profile. */
function checkFits(sheet: Sheet, mapping: TableMapping): boolean {
  const start = mapping.headerRow ?? 0;
  const head: Sheet = { ...sheet, rows: sheet.rows.slice(0, start + SAMPLE_ROWS) };
  const r = tableToLines(head, mapping);
  return r.lines.length === 0 ? r.rejected.length === 0 : fits(r);
}
