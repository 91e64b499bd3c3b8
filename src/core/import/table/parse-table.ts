import type { Notice, StatementFormat, TableMapping, TextEncoding } from '../../../shared/contract/import';
import { importErrors } from '../import-errors';
import { HEADER_SCAN_ROWS, SAMPLE_ROWS } from '../limits';
import { STARTER_PROFILES } from '../starter-profiles';
import type { AccountHint, ColumnGuess, MappingSource, ParseOptions, ProfileCandidate } from '../types';
import { isCardBill } from './card-bill';
import { cellText, isEmptyRow, type Sheet } from './cells';
import { columnStats } from './column-stats';
import type { Delimiter } from './delimiter';
import { detectTable, tableWidth } from './detect-mapping';
import { readPreamble } from './preamble';
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
  /** “Agência … Conta …” of the preamble; the bank only when a starter profile recognised the layout. */
  accountHint: AccountHint | null;
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
  const stats = columnStats(sheet.rows.slice(start, start + SAMPLE_ROWS), width, sheet.date1904);
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
    sampleTypes: s.sampleTypes,
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

/** The bank of a starter profile, by its name (saved profiles and detection do not say which bank). */
const bankOfStarter = (name: string | null) =>
  STARTER_PROFILES.find((p) => p.candidate.name === name)?.bankCode ?? null;

function accountHintOf(sheet: Sheet, lines: TableLines, m: TableMapping, bankCode: number | null) {
  const firstLine = lines.lines[0]?.position ?? SAMPLE_ROWS;
  const end = m.headerRow !== null ? m.headerRow - 1 : Math.max(0, firstLine - 1 - sheet.rowOffset);
  const { agency, account } = readPreamble(sheet, end);
  if (agency === null && account === null) return null;
  return { bankCode, agency, account, source: 'preamble' as const };
}

function futureNotice(lines: TableLines): Notice[] {
  if (lines.futureEntries === 0) return [];
  const after = lines.exportDate ? ` or dated after the day it was exported (${lines.exportDate})` : '';
  return [
    {
      code: 'import.future_skipped',
      message: `${lines.futureEntries} scheduled entries were left out: the statement lists them as future (“Lançamentos futuros”)${after}, so the money is not in the account yet.`,
      params: { count: lines.futureEntries },
    },
  ];
}

/** An HTML page's small tables above a table are its preamble (SheetJS makes each table a sheet). */
function withTablesAbove(sheets: Sheet[]): Sheet[] {
  return sheets.map((sheet, i) => {
    const above = sheets.slice(0, i).filter((s) => s.rows.length <= HEADER_SCAN_ROWS);
    return above.length === 0 ? sheet : { ...sheet, before: above.flatMap((s) => s.rows) };
  });
}

/**
 * Sheets (one for CSV) into lines, choosing the mapping in this order: the clerk's, a saved profile of the
 * bank account, a starter profile of its bank, detection (on every sheet; the most confident wins). A
 * credit-card bill is refused (`import.card_bill`) unless the clerk chose the columns.
 */
export function parseSheets(given: Sheet[], info: TextInfo, opts: ParseOptions): TableParse {
  const family: SheetFamily = info.format === 'csv' ? 'csv' : 'sheet';
  const sheets = info.format === 'html' ? withTablesAbove(given) : given;
  let withData = sheets.filter((s) => s.rows.some((r) => !isEmptyRow(r))).slice(0, MAX_SHEETS_TRIED);
  if (withData.length === 0) throw importErrors.noLines();
  if (!opts.mapping) {
    const statements = withData.filter((s) => !isCardBill(s));
    if (statements.length === 0) throw importErrors.cardBill();
    withData = statements;
  }
  const base = { kind: 'table' as const, encoding: info.encoding, delimiter: info.delimiter };
  const finish = (
    sheet: Sheet,
    mapping: TableMapping,
    rest: Omit<TableParse, keyof TableLines | 'mapping' | 'signature' | 'accountHint'>,
    given?: TableLines,
  ): TableParse => {
    const width = tableWidth(sheet.rows);
    const header = mapping.headerRow !== null ? (sheet.rows[mapping.headerRow - 1] ?? null) : null;
    const lines = given ?? tableToLines(sheet, mapping, opts.onProgress);
    const bankCode = rest.mappingSource === 'starter' ? bankOfStarter(rest.profileName) : null;
    return {
      ...lines,
      ...rest,
      notices: [...rest.notices, ...futureNotice(lines)],
      mapping,
      signature: layoutSignature(family, header, width),
      accountHint: accountHintOf(sheet, lines, mapping, bankCode),
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
    const d = detectTable(sheet.rows, sheet.date1904);
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
