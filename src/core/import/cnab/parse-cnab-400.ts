import { cnabErrors } from './cnab-errors';
import { BadField, CnabRecord, cents, checkRecords, date, fitLine, type RawLine } from './cnab-records';
import { layoutFor, type DateSpan, type Layout400 } from './layouts-400';
import { occurrenceOf } from './occurrences';
import type { CnabNotice, CnabReturn, CnabSkippedLine, CnabTitle, HeaderInfo } from './types';

/**
 * A CNAB 400 return whose header `parseCnabReturn` recognised: the bank's layout chosen (by the header's code and,
 * where one code covers several layouts, the records' structure: `layoutFor`), every record's shape checked,
 * then every record read — or the file refused. What was tolerated comes back as notices (docs/cnab-400.md):
 * a header date or company name that does not read, records that are not titles, records wider than 400.
 */
export function read400(
  lines: RawLine[],
  info: HeaderInfo,
): Omit<CnabReturn, 'bankCode' | 'layout' | 'occurrences'> {
  const layout = layoutFor(
    info.bankCode,
    lines.map((l) => l.text),
  );
  if (!layout) throw cnabErrors.unsupportedBank(info.bankCode, '400');
  // The sequence number (395–400), when the file fills it, anchors each record's end.
  const numbered = lines.some((l) => l.text.slice(394, 400).trim() !== '');
  checkRecords(lines, info, () => SPANS_400, numbered);
  const notices: CnabNotice[] = [];
  const wide = lines.filter((l) => l.text.length > 400);
  // One record with blanks after 400 is an editor's trailing blanks (read silently, as stripped lines are); two or
  // more are a bank or tool writing wider records (BB's 401 columns): said once.
  if (wide.length >= 2) {
    const longest = Math.max(...wide.map((l) => l.text.length));
    notices.push(notices400.wideRecords(wide.length, firstLines(wide.map((l) => l.line)), longest));
  }
  const parsed = parse400(lines, layout, notices);
  return { variant: layout.variant, ...parsed, notices };
}

export interface Parsed400 {
  fileDate: string | null;
  titles: CnabTitle[];
  skipped: CnabSkippedLine[];
}

/** “3, 5, 8” — the first five line numbers, “…” when there are more. */
function firstLines(lines: number[]): string {
  return lines.slice(0, 5).join(', ') + (lines.length > 5 ? ', …' : '');
}

/** The notices a 400 return can carry (translated under `import.notices.cnab.*`). */
export const notices400 = {
  headerDate: (value: string, start: number, end: number): CnabNotice => ({
    code: 'cnab.header_date',
    message: `The file header's date (positions ${start}-${end}) is “${value}”, not a date; the file was read without it.`,
    params: { value },
  }),
  headerName: (): CnabNotice => ({
    code: 'cnab.header_name',
    message:
      'The company name in the return file’s header holds characters that cannot be read; it is not used, and the file was read.',
  }),
  extraRecords: (count: number, types: string, lines: string): CnabNotice => ({
    code: 'cnab.extra_records',
    message:
      count === 1
        ? `Line ${lines} of this return file is not a boleto (record type ${types}) and was left out.`
        : `${count} records of this return file are not boletos (record type ${types}, lines ${lines}) and were left out.`,
    params: { count, types, lines },
  }),
  wideRecords: (count: number, lines: string, length: number): CnabNotice => ({
    code: 'cnab.wide_records',
    message: `${count} records of this return file are ${length} characters wide instead of 400 (lines ${lines}); the extra characters are blanks at the end of the line and were left out.`,
    params: { count, lines, length },
  }),
};

/** Control characters of the C1 range or the replacement character: a name written in another encoding. */
const UNREADABLE = /[\u0080-\u009f\ufffd]/;

/** A CNAB 400 return of one bank, header already recognised: every record read, or the file refused. */
export function parse400(lines: RawLine[], layout: Layout400, notices: CnabNotice[] = []): Parsed400 {
  const bad = (line: number, reason: string) => cnabErrors.badLine(line, reason, layout.bankCode, '400');
  const records = lines.map((raw) => new CnabRecord(raw.line, fitLine(raw, 400)));
  checkSequence(records, layout.bankCode);
  const header = records[0]!;
  const other = layout.otherLayoutHeader;
  if (other && header.raw(...other.span).trim() === other.value) {
    throw cnabErrors.unsupportedLayout(layout.bankCode, '400', other.detail);
  }
  try {
    const fileDate = headerDate(header, layout.headerDate, notices);
    if (UNREADABLE.test(header.raw(47, 76))) notices.push(notices400.headerName());
    const credit = layout.creditDate;
    const headerCredit =
      typeof credit === 'object' && 'header' in credit
        ? date(header, ...credit.header, 'the credit date of the file')
        : null;
    const titles: CnabTitle[] = [];
    const skipped: CnabSkippedLine[] = [];
    const extra: { line: number; type: string }[] = [];
    let trailer = false;
    for (const r of records.slice(1)) {
      const type = r.raw(1, 1);
      if (trailer) throw new BadField(r.line, 'a record follows the trailer (record type 9)');
      if (type === '9') {
        trailer = true;
        continue;
      }
      if (type === layout.detailType) {
        titles.push(title400(r, layout, headerCredit));
        continue;
      }
      const otherType = layout.otherLayoutTypes[type];
      if (otherType !== undefined) throw cnabErrors.unsupportedLayout(layout.bankCode, '400', otherType);
      const skip = layout.skipTypes[type];
      if (skip !== undefined) {
        skipped.push({ line: r.line, reason: skip });
        extra.push({ line: r.line, type });
        continue;
      }
      if (/^[2-8]$/.test(type) && !readsAsTitle(r, layout, headerCredit)) {
        skipped.push({ line: r.line, reason: `record type “${type}”, not a title of this layout` });
        extra.push({ line: r.line, type });
        continue;
      }
      throw new BadField(
        r.line,
        /^[2-8]$/.test(type)
          ? `record type “${type}” is not a title (${layout.detailType}) yet its fields read as one: a damaged record type`
          : `record type “${type}” is not a title (${layout.detailType}) nor the trailer (9)`,
      );
    }
    if (!trailer) throw cnabErrors.truncated(layout.bankCode, '400');
    if (extra.length > 0) {
      const types = [...new Set(extra.map((x) => x.type))].join(', ');
      notices.push(notices400.extraRecords(extra.length, types, firstLines(extra.map((x) => x.line))));
    }
    return { fileDate, titles, skipped };
  } catch (e) {
    if (e instanceof BadField) throw bad(e.line, e.message);
    throw e;
  }
}

/**
 * The header's file date: it carries no money, credit date, title or count, so one that does not read (zeros,
 * blanks, an impossible date: a placeholder) is null with a notice instead of refusing the file.
 */
function headerDate(
  header: CnabRecord,
  [start, end, format]: DateSpan,
  notices: CnabNotice[],
): string | null {
  let value: string | null = null;
  try {
    value = date(header, start, end, format, 'the file date');
  } catch (e) {
    if (!(e instanceof BadField)) throw e;
  }
  if (value === null) notices.push(notices400.headerDate(header.raw(start, end).trim(), start, end));
  return value;
}

/**
 * A record of a type this layout does not name, tried as a title: if every field of a title reads (occurrence
 * code, nosso número, amounts, dates), it is a title whose type character was damaged, not an extra record.
 */
function readsAsTitle(r: CnabRecord, layout: Layout400, headerCredit: string | null): boolean {
  try {
    title400(r, layout, headerCredit);
    return true;
  } catch (e) {
    if (e instanceof BadField) return false;
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

function sum(r: CnabRecord, spans: readonly (readonly [number, number])[], what: string): number {
  return spans.reduce((acc, [s, e]) => acc + cents(r, s, e, what), 0);
}

/** The nosso número's check digit must be the one its digits give (BB: modulo 11, “X” for 10). */
function checkNossoNumero(r: CnabRecord, check: NonNullable<Layout400['checkDigit']>): void {
  const [s, e] = check.of;
  const digits = r.raw(s, e);
  const written = r.raw(check.at, check.at);
  if (!/^\d+$/.test(digits)) {
    throw new BadField(r.line, `the nosso número at positions ${s}-${e} is not a number: “${digits.trim()}”`);
  }
  const expected = check.compute(digits);
  if (written !== expected) {
    throw new BadField(
      r.line,
      `the nosso número's check digit at position ${check.at} is “${written}” where ${digits} gives “${expected}”`,
    );
  }
}

/**
 * The amount a settlement posts to the account (BB's “valor do lançamento”, with its debit/credit indicator)
 * must be the amount paid less the fee: a credit of the difference, a debit when the fee is larger. “0” (no
 * posting), a blank indicator with blank amount, or another charge in the record carries nothing to check.
 */
function checkPosted(
  r: CnabRecord,
  posted: NonNullable<Layout400['postedAmount']>,
  paid: number,
  fee: number,
): void {
  const [s, e] = posted.amount;
  const at = posted.indicator;
  const indicator = r.raw(at, at);
  if (indicator === ' ' && r.raw(s, e).trim() === '') return;
  if (!/^[012]$/.test(indicator)) {
    throw new BadField(
      r.line,
      `the debit/credit indicator at position ${at} is “${indicator}”, not 0, 1 or 2`,
    );
  }
  const amount = cents(r, s, e, 'the amount posted');
  if (indicator === '0') return;
  if (posted.unlessAmounts.some(([a, b]) => !/^[0 ]*$/.test(r.raw(a, b)))) return;
  const signed = indicator === '2' ? amount : -amount;
  if (signed !== paid - fee) {
    const brl = (c: number) => (c / 100).toFixed(2);
    throw new BadField(
      r.line,
      `the amount posted to the account at positions ${s}-${e} (${indicator === '2' ? 'credit' : 'debit'} ${brl(amount)}) is not the amount paid ${brl(paid)} less the fee ${brl(fee)}`,
    );
  }
}

function title400(r: CnabRecord, layout: Layout400, headerCredit: string | null): CnabTitle {
  const [os, oe] = layout.occurrenceCode;
  const code = r.raw(os, oe);
  if (!/^\d\d$/.test(code))
    throw new BadField(r.line, `the occurrence code at positions ${os}-${oe} is “${code}”`);
  const { occurrence, kind } = occurrenceOf(layout.occurrences, code);
  const settled = kind === 'settlement';
  const nossoNumero = r.str(...layout.nossoNumero);
  if (nossoNumero === null) {
    throw new BadField(r.line, `the nosso número at positions ${layout.nossoNumero.join('-')} is blank`);
  }
  if (layout.checkDigit) checkNossoNumero(r, layout.checkDigit);
  const interest = sum(r, layout.interest, 'the interest/fine');
  const discount = sum(r, layout.discount, 'the discount/rebate');
  const paid = cents(r, ...layout.paid, 'the amount paid');
  // A settlement is money received: one with nothing at the amount paid means the layout's positions are not this
  // file's (a bank writing it elsewhere), never a payment of zero — refused rather than stored as 0,00.
  if (settled && paid === 0) {
    throw new BadField(
      r.line,
      `the settlement (occurrence ${code}) has no amount paid at positions ${layout.paid.join('-')}`,
    );
  }
  const fee = layout.fee ? cents(r, ...layout.fee, 'the fee') : 0;
  if (settled && layout.postedAmount) checkPosted(r, layout.postedAmount, paid, fee);
  const paidDate = date(r, ...layout.occurrenceDate, 'the occurrence date');
  const credit = layout.creditDate;
  const field =
    credit === 'occurrence'
      ? paidDate
      : 'header' in credit
        ? headerCredit
        : !settled && layout.creditDateOnSettlement
          ? null
          : date(r, ...credit, 'the credit date');
  const creditDate = field ?? (layout.creditDateOrOccurrence ? paidDate : null);
  return {
    line: r.line,
    occurrenceCode: code,
    occurrence,
    occurrenceKind: kind,
    isSettlement: settled,
    nossoNumero,
    seuNumero: layout.seuNumero ? r.str(...layout.seuNumero) : null,
    payerName: layout.payerName ? r.str(...layout.payerName) : null,
    payerDocument: null,
    dueDate: date(r, ...layout.dueDate, 'the due date'),
    faceValueCents: cents(r, ...layout.faceValue, 'the face value'),
    // Itaú writes what it credits (net of its fee): the payer paid that plus the fee (paidIsNet).
    paidCents: settled ? (layout.paidIsNet ? paid + fee : paid) : null,
    interestFineCents: settled ? interest : null,
    discountCents: settled ? discount : null,
    creditedCents: settled && layout.paidIsNet ? paid : null,
    feeCents: fee,
    paidDate,
    creditDate: settled ? creditDate : null,
  };
}
