import { cnabErrors } from './cnab-errors';
import { BadField, CnabRecord, cents, date, fitLine, type RawLine } from './cnab-records';
import { FEBRABAN_T, type Layout240, type SegmentT240 } from './layouts-240';
import type { FixedSpans } from './line-shape';
import { occurrenceOf } from './occurrences';
import type { CnabNotice, CnabSkippedLine, CnabTitle } from './types';

/**
 * A CNAB 240 collection return (segments T and U), read with the bank's table of `layouts-240.ts`. Positions,
 * banks, sources and the tolerances below: docs/cnab-240.md.
 */

const spans = (...list: [number, number][]): FixedSpans => list;

/**
 * The fixed fields (numbers, dates, codes) of each record that a line stripped of its trailing spaces can
 * never end inside (line-shape.ts); names and free text are left out, they may end anywhere.
 */
const HEADER_SPANS = spans([143, 143], [144, 151], [152, 157], [158, 163], [164, 166], [167, 171]);
const BATCH_HEADER_SPANS = spans([184, 191], [192, 199], [200, 207]);
/** Common to every detail record: record number in the batch (9–13), movement code (16–17). */
const DETAIL_SPANS = spans([9, 13], [16, 17]);
const U_SPANS = spans(
  [18, 32],
  [33, 47],
  [48, 62],
  [63, 77],
  [78, 92],
  [93, 107],
  [108, 122],
  [123, 137],
  [138, 145],
  [146, 153],
  [154, 157],
  [158, 165],
  [166, 180],
  [211, 213],
);
const BATCH_TRAILER_SPANS = spans(
  [18, 23],
  [24, 29],
  [30, 46],
  [47, 52],
  [53, 69],
  [70, 75],
  [76, 92],
  [93, 98],
  [99, 115],
);
const FILE_TRAILER_SPANS = spans([18, 23], [24, 29], [30, 35]);

/** The fixed fields of a 240 record, by its type (8) and segment (14), for the bank's segment T. */
export function spans240(text: string, t: SegmentT240 = FEBRABAN_T): FixedSpans {
  const type = text.charAt(7);
  if (type === '0') return HEADER_SPANS;
  if (type === '1') return BATCH_HEADER_SPANS;
  if (type === '3') {
    const segment = text.charAt(13);
    if (segment === 'T') return [...DETAIL_SPANS, ...t.fixed];
    if (segment === 'U') return U_SPANS;
    return DETAIL_SPANS;
  }
  if (type === '5') return BATCH_TRAILER_SPANS;
  if (type === '9') return FILE_TRAILER_SPANS;
  return [];
}

/** A count field: null when blank or zeros (“not filled in”, as some banks write it), else its number. */
function countField(r: CnabRecord, start: number, end: number, what: string): number | null {
  const s = r.raw(start, end);
  if (s.trim() === '' || /^0+$/.test(s)) return null;
  if (!/^\d+$/.test(s)) throw new BadField(r.line, `${what} at positions ${start}-${end} is “${s.trim()}”`);
  return Number(s);
}

export interface Parsed240 {
  fileDate: string | null;
  titles: CnabTitle[];
  skipped: CnabSkippedLine[];
  notices: CnabNotice[];
}

/** The notices a 240 return can carry (translated under `import.notices.cnab.*`). */
export const notices240 = {
  headerDate: (value: string): CnabNotice => ({
    code: 'cnab.header_date',
    message: `The file header's date (positions 144-151) is “${value}”, not a date; the file was read without it.`,
    params: { value },
  }),
  skippedSegments: (count: number, segments: string, lines: string): CnabNotice => ({
    code: 'cnab.skipped_segments',
    message: `${count} records of this return file are not boleto titles (segments ${segments}, lines ${lines}) and were left out.`,
    params: { count, segments, lines },
  }),
  noFileTrailer: (): CnabNotice => ({
    code: 'cnab.no_file_trailer',
    message:
      'This return file has no closing record (file trailer); its batch trailer counted every record of the batch, so it was read.',
  }),
  noTrailers: (): CnabNotice => ({
    code: 'cnab.no_trailers',
    message:
      'This return file has no closing records (trailers) that count its records, so Quita cannot confirm that it is complete; compare its total with the bank.',
  }),
  assumedLayout: (bankCode: string): CnabNotice => ({
    code: 'cnab.assumed_layout',
    message: `Bank ${bankCode} is not among the banks Quita knows; its file was read with FEBRABAN's standard positions (every title checked). Compare the totals with the bank.`,
    params: { bankCode },
  }),
};

/**
 * A CNAB 240 collection return: file header 0, batch header 1 (operation T, service 01), details 3 in pairs of
 * segment T then U (other segments skipped, with a notice), batch trailer 5, file trailer 9. `known` is false
 * for a bank outside `LAYOUTS_240`, read with FEBRABAN's table: its titles must also pass `plausible`.
 */
export function parse240(lines: RawLine[], layout: Layout240, known = true): Parsed240 {
  const { bankCode } = layout;
  const bad = (line: number, reason: string) => cnabErrors.badLine(line, reason, bankCode, '240');
  const records = lines.map((raw) => new CnabRecord(raw.line, fitLine(raw, 240)));
  const notices: CnabNotice[] = [];
  try {
    let fileDate: string | null = null;
    try {
      fileDate = date(records[0]!, 144, 151, 'ddmmyyyy', 'the file date');
    } catch (e) {
      if (!(e instanceof BadField)) throw e;
      notices.push(notices240.headerDate(records[0]!.raw(144, 151).trim()));
    }
    const titles: CnabTitle[] = [];
    const skipped: CnabSkippedLine[] = [];
    let pendingT: CnabRecord | null = null;
    let fileTrailer: CnabRecord | null = null;
    let fileTrailerRecords: number | null = null;
    // Records of the current batch (its header and trailer included), and batches closed with / without a trailer.
    let inBatch = 0;
    let batchOpen = false;
    let closed = 0;
    let unclosed = 0;
    for (const r of records.slice(1)) {
      if (fileTrailer) throw new BadField(r.line, 'a record follows the file trailer (record type 9)');
      const type = r.raw(8, 8);
      const segment = r.raw(14, 14);
      if (pendingT && !(type === '3' && segment === 'U')) {
        throw new BadField(pendingT.line, 'segment T is not followed by its segment U');
      }
      if (type === '1') {
        if (batchOpen) unclosed++;
        batchOpen = true;
        inBatch = 1;
        const service = r.raw(10, 11);
        if (service !== '01') {
          throw cnabErrors.unsupportedLayout(
            bankCode,
            '240',
            `service “${service}” in the batch header, not 01 (cobrança)`,
          );
        }
      } else if (type === '3') {
        if (!batchOpen)
          throw new BadField(r.line, 'a title record outside a batch (no batch header before it)');
        inBatch++;
        const seq = countField(r, 9, 13, 'the record number in the batch');
        if (seq !== null && seq !== inBatch - 1) {
          throw cnabErrors.sequence(r.line, r.raw(9, 13), inBatch - 1, bankCode, '240');
        }
        if (segment === 'T') pendingT = r;
        else if (segment === 'U') {
          if (!pendingT) throw new BadField(r.line, 'segment U without a segment T before it');
          titles.push(title240(pendingT, r, layout));
          pendingT = null;
        } else
          skipped.push({
            line: r.line,
            reason: `segment ${segment.trim() || '(blank)'} is not a title (T/U)`,
          });
      } else if (type === '5') {
        if (!batchOpen)
          throw new BadField(r.line, 'a batch trailer (record type 5) without its batch header');
        inBatch++;
        // Batch trailer: 18–23 the records of the batch, its header and trailer included.
        const declared = countField(r, 18, 23, 'the record count of the batch');
        if (declared !== null && declared !== inBatch) {
          throw cnabErrors.recordCount(r.line, declared, inBatch, bankCode, '240');
        }
        closed++;
        batchOpen = false;
        inBatch = 0;
      } else if (type === '9') {
        if (batchOpen) unclosed++;
        batchOpen = false;
        // File trailer: 18–23 the batches, 24–29 every record of the file (header and trailer included).
        const declaredBatches = countField(r, 18, 23, 'the batch count');
        if (declaredBatches !== null && declaredBatches !== closed + unclosed) {
          throw cnabErrors.batchCount(r.line, declaredBatches, closed + unclosed, bankCode, '240');
        }
        fileTrailerRecords = countField(r, 24, 29, 'the record count');
        if (fileTrailerRecords !== null && fileTrailerRecords !== records.length) {
          throw cnabErrors.recordCount(r.line, fileTrailerRecords, records.length, bankCode, '240');
        }
        fileTrailer = r;
      } else {
        throw new BadField(r.line, `record type “${type}” at position 8 is not 1, 3, 5 or 9`);
      }
    }
    if (pendingT) throw new BadField(pendingT.line, 'segment T is not followed by its segment U');
    if (batchOpen) unclosed++;
    // Trailers: a file that uses them must close every batch (else it was cut); one that writes none is read
    // with a notice, as is one whose batches are closed but whose file trailer is missing (docs/cnab-240.md).
    if (!fileTrailer) {
      if (closed + unclosed === 0 || (closed > 0 && unclosed > 0))
        throw cnabErrors.truncated(bankCode, '240');
      notices.push(closed > 0 ? notices240.noFileTrailer() : notices240.noTrailers());
    } else if (unclosed > 0 && fileTrailerRecords === null) {
      notices.push(notices240.noTrailers());
    }
    if (skipped.length > 0) {
      const segments = [...new Set(skipped.map((s) => s.reason.replace(/^segment (\S+).*$/, '$1')))].join(
        ', ',
      );
      const shown = skipped
        .slice(0, 10)
        .map((s) => s.line)
        .join(', ');
      notices.push(
        notices240.skippedSegments(skipped.length, segments, shown + (skipped.length > 10 ? '…' : '')),
      );
    }
    if (!known) {
      for (const t of titles) plausible(t, bankCode);
      notices.push(notices240.assumedLayout(bankCode));
    }
    return { fileDate, titles, skipped, notices };
  } catch (e) {
    // A bank outside the table read with FEBRABAN's positions: a field that does not parse says the table does
    // not fit this bank (not that the file is damaged), so the bank is refused as one Quita cannot read yet.
    if (e instanceof BadField)
      throw known ? bad(e.line, e.message) : cnabErrors.unsupportedBank(bankCode, '240');
    throw e;
  }
}

/**
 * For a bank read with FEBRABAN's table because none of its own is known: a table that does not fit the file
 * shows in the titles (Santander's due date read at FEBRABAN's 74–81 is not a date; a value read from the wrong
 * span is out of proportion). Any title that does not look right refuses the bank rather than misreading it.
 */
function plausible(t: CnabTitle, bankCode: string): void {
  const refuse = () => cnabErrors.unsupportedBank(bankCode, '240');
  if (t.faceValueCents <= 0) throw refuse();
  if (!t.isSettlement) return;
  const paid = t.paidCents ?? 0;
  if (t.dueDate === null || t.creditDate === null || paid <= 0) throw refuse();
  if ((t.creditedCents ?? 0) > paid) throw refuse();
  // Paid = face + charges − discounts, give or take what the layout does not split out (IOF, other credits).
  const expected = t.faceValueCents + (t.interestFineCents ?? 0) - (t.discountCents ?? 0);
  if (Math.abs(paid - expected) > Math.max(100, t.faceValueCents / 10)) throw refuse();
}

function payerDocument(t: CnabRecord, layout: Layout240): string | null {
  const kind = t.raw(layout.t.payerKind, layout.t.payerKind);
  const digits = t.raw(...layout.t.payerDocument);
  if (!/^\d+$/.test(digits) || /^0+$/.test(digits)) return null;
  if (kind === '1') return digits.slice(-11);
  if (kind === '2') return digits.slice(-14);
  return null;
}

function title240(t: CnabRecord, u: CnabRecord, layout: Layout240): CnabTitle {
  const spec = layout.t;
  const code = t.raw(16, 17);
  if (!/^\d\d$/.test(code)) throw new BadField(t.line, `the movement code at positions 16-17 is “${code}”`);
  if (u.raw(16, 17) !== code) {
    throw new BadField(u.line, `segment U has movement code “${u.raw(16, 17)}”, its segment T “${code}”`);
  }
  for (const [s, e] of spec.empty) {
    const v = t.raw(s, e);
    if (v.trim() !== '' && !/^0+$/.test(v)) {
      // The bank's own layout leaves this span empty: a number there is another layout (FEBRABAN's 20-digit
      // nosso número written by a bank whose manual differs), refused rather than read at the wrong places.
      throw cnabErrors.unsupportedBank(layout.bankCode, '240');
    }
  }
  const { occurrence, kind } = occurrenceOf(layout.occurrences, code);
  const settled = kind === 'settlement';
  const [ns, ne] = spec.nossoNumero;
  const nossoNumero = t.str(ns, ne);
  if (nossoNumero === null) throw new BadField(t.line, `the nosso número at positions ${ns}-${ne} is blank`);
  const interest = cents(u, 18, 32, 'the interest/fine');
  const discount = cents(u, 33, 47, 'the discount') + cents(u, 48, 62, 'the rebate');
  const paid = cents(u, 78, 92, 'the amount paid');
  const credited = cents(u, 93, 107, 'the net amount credited');
  const creditDate = date(u, 146, 153, 'ddmmyyyy', 'the credit date');
  if (settled && creditDate === null) {
    throw new BadField(u.line, 'the credit date at positions 146-153 of a settlement is blank');
  }
  return {
    line: t.line,
    occurrenceCode: code,
    occurrence,
    occurrenceKind: kind,
    isSettlement: settled,
    nossoNumero,
    seuNumero: t.str(...spec.seuNumero),
    payerName: t.str(...spec.payerName),
    payerDocument: payerDocument(t, layout),
    dueDate: date(t, ...spec.dueDate, 'ddmmyyyy', 'the due date'),
    faceValueCents: cents(t, ...spec.faceValue, 'the face value'),
    paidCents: settled ? paid : null,
    interestFineCents: settled ? interest : null,
    discountCents: settled ? discount : null,
    creditedCents: settled ? credited : null,
    feeCents: cents(t, ...spec.fee, 'the fee'),
    paidDate: date(u, 138, 145, 'ddmmyyyy', 'the occurrence date'),
    creditDate: settled ? creditDate : null,
  };
}
