import { cnabErrors } from './cnab-errors';
import { BadField, CnabRecord, cents, checkRecords, date, fitLine, type RawLine } from './cnab-records';
import { LAYOUTS_400, type Layout400 } from './layouts-400';
import { occurrenceOf } from './occurrences';
import type { CnabNotice, CnabReturn, CnabSkippedLine, CnabTitle, HeaderInfo } from './types';

/**
 * A CNAB 400 return whose header `parseCnabReturn` recognised: the bank's layout chosen, every record's shape
 * checked, then every record read — or the file refused. Notices say what was tolerated.
 */
export function read400(
  lines: RawLine[],
  info: HeaderInfo,
): Omit<CnabReturn, 'bankCode' | 'layout' | 'occurrences'> {
  const spec = LAYOUTS_400[info.bankCode];
  if (!spec) throw cnabErrors.unsupportedBank(info.bankCode, '400');
  // The sequence number (395–400), when the file fills it, anchors each record's end.
  const numbered = lines.some((l) => l.text.slice(394, 400).trim() !== '');
  checkRecords(lines, info, () => SPANS_400, numbered);
  const notices: CnabNotice[] = [];
  return { variant: spec.variant, ...parse400(lines, spec), notices };
}

export interface Parsed400 {
  fileDate: string | null;
  titles: CnabTitle[];
  skipped: CnabSkippedLine[];
}

/** A CNAB 400 return of one bank, header already recognised: every record read, or the file refused. */
export function parse400(lines: RawLine[], layout: Layout400): Parsed400 {
  const bad = (line: number, reason: string) => cnabErrors.badLine(line, reason, layout.bankCode, '400');
  const records = lines.map((raw) => new CnabRecord(raw.line, fitLine(raw, 400)));
  checkSequence(records, layout.bankCode);
  try {
    const header = records[0]!;
    const [hs, he, hf] = layout.headerDate;
    const fileDate = date(header, hs, he, hf, 'the file date');
    const titles: CnabTitle[] = [];
    const skipped: CnabSkippedLine[] = [];
    let trailer = false;
    for (const r of records.slice(1)) {
      const type = r.raw(1, 1);
      if (trailer) throw new BadField(r.line, 'a record follows the trailer (record type 9)');
      if (type === '9') {
        trailer = true;
        continue;
      }
      if (type === layout.detailType) {
        titles.push(title400(r, layout));
        continue;
      }
      const other = layout.otherLayoutTypes[type];
      if (other !== undefined) throw cnabErrors.unsupportedLayout(layout.bankCode, '400', other);
      const skip = layout.skipTypes[type];
      if (skip !== undefined) {
        skipped.push({ line: r.line, reason: skip });
        continue;
      }
      throw new BadField(
        r.line,
        `record type “${type}” is not a title (${layout.detailType}) nor the trailer (9)`,
      );
    }
    if (!trailer) throw cnabErrors.truncated(layout.bankCode, '400');
    return { fileDate, titles, skipped };
  } catch (e) {
    if (e instanceof BadField) throw bad(e.line, e.message);
    throw e;
  }
}

/** Every CNAB 400 record ends with its sequence number (395–400): fixed, a stripped line cannot end inside it. */
export const SPANS_400 = [[395, 400]] as const;

/**
 * 395–400 is the record's sequence number in every bank's 400 layout (header 000001, then one more per record,
 * the trailer's is the count of records): a record lost, repeated, moved or cut shows there. A file whose
 * records all leave it blank (not filled in) is read without it; one that fills it must fill it everywhere.
 */
function checkSequence(records: CnabRecord[], bankCode: string): void {
  if (records.every((r) => r.raw(395, 400).trim() === '')) return;
  records.forEach((r, k) => {
    const s = r.raw(395, 400);
    if (!/^\d{6}$/.test(s) || Number(s) !== k + 1) {
      throw cnabErrors.sequence(r.line, s.trim(), k + 1, bankCode, '400');
    }
  });
}

function title400(r: CnabRecord, layout: Layout400): CnabTitle {
  const code = r.raw(109, 110);
  if (!/^\d\d$/.test(code))
    throw new BadField(r.line, `the occurrence code at positions 109-110 is “${code}”`);
  const { occurrence, kind } = occurrenceOf(layout.occurrences, code);
  const settled = kind === 'settlement';
  const nossoNumero = r.str(...layout.nossoNumero);
  if (nossoNumero === null) {
    throw new BadField(r.line, `the nosso número at positions ${layout.nossoNumero.join('-')} is blank`);
  }
  const [cs, ce, cf] = layout.creditDate;
  const interest = cents(r, 267, 279, 'the interest') + cents(r, 280, 292, 'the fine/other credits');
  const discount = cents(r, 241, 253, 'the discount') + cents(r, 228, 240, 'the rebate');
  const paid = cents(r, 254, 266, 'the amount paid');
  const creditDate = date(r, cs, ce, cf, 'the credit date');
  return {
    line: r.line,
    occurrenceCode: code,
    occurrence,
    occurrenceKind: kind,
    isSettlement: settled,
    nossoNumero,
    seuNumero: r.str(117, 126),
    payerName: layout.payerName ? r.str(...layout.payerName) : null,
    payerDocument: null,
    dueDate: date(r, 147, 152, 'ddmmyy', 'the due date'),
    faceValueCents: cents(r, 153, 165, 'the face value'),
    paidCents: settled ? paid : null,
    interestFineCents: settled ? interest : null,
    discountCents: settled ? discount : null,
    creditedCents: null,
    feeCents: cents(r, ...layout.fee, 'the fee'),
    paidDate: date(r, 111, 116, 'ddmmyy', 'the occurrence date'),
    creditDate: settled ? creditDate : null,
  };
}
