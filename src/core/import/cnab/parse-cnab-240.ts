import { bankWords, cnabErrors } from './cnab-errors';
import { BadField, CnabRecord, cents, checkRecords, date, fitLine, type RawLine } from './cnab-records';
import { FEBRABAN_T, type Layout240, type SegmentT240 } from './layouts-240';
import { lineShapeProblem, type FixedSpans } from './line-shape';
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
    params: { bankCode, ...bankWords(bankCode) },
  }),
  headerShape: (length: number): CnabNotice => ({
    code: 'cnab.header_shape',
    message: `The file header (line 1) has ${length} characters where its fields do not end at their positions; Quita reads only its bank code from it, so its date was left out and the file was read.`,
    params: { length },
  }),
  batchHeaderShape: (lines: string, length: number): CnabNotice => ({
    code: 'cnab.batch_header_shape',
    message: `The batch header (line ${lines}) has ${length} characters instead of 240; Quita reads only its first 11 positions (batch, operation, service), which are in place, so the file was read.`,
    params: { lines, length },
  }),
  noBatchHeader: (line: number): CnabNotice => ({
    code: 'cnab.no_batch_header',
    message: `This return file has no batch header before line ${line}; its trailers count that record, so it is the only one missing, and Quita reads nothing from it. The titles were read.`,
    params: { line },
  }),
  noCreditDate: (count: number, lines: string): CnabNotice => ({
    code: 'cnab.no_credit_date',
    message: `The bank did not write the credit date of ${count} settled boletos (lines ${lines}); the payment date is used for them.`,
    params: { count, lines },
  }),
  noTitles: (): CnabNotice => ({
    code: 'cnab.no_titles',
    message: 'This return file holds no boleto: the bank had nothing to report in it.',
  }),
};

/** 1-based lines as the notices list them: the first ten, then “…”. */
const lineList = (lines: number[]) => lines.slice(0, 10).join(', ') + (lines.length > 10 ? '…' : '');

/**
 * Whether a line's last non-blank character (`end`, 1-based) closes one of its record's fixed fields, with no
 * fixed field ending one position before or after it: a character inserted or deleted anywhere before it would
 * have moved it by one, off that field's end. A line whose content ends there is its record at the layout's
 * positions, whatever blanks follow (or are missing) up to 240 (docs/cnab-240.md, “Record length”).
 */
function anchored(end: number, spans: FixedSpans): boolean {
  const ends = new Set(spans.map(([, e]) => e));
  return ends.has(end) && !ends.has(end - 1) && !ends.has(end + 1);
}

/** A batch header's first 11 positions, the only ones read: bank, batch, type 1, operation, service. */
const BATCH_HEADER_START = /^\d{7}1[A-Z ]\d\d/;

/**
 * The record check of a 240 file (control characters, then every line's length; cnab-records.ts, line-shape.ts),
 * with what real banks do on top: a line whose content ends on a field boundary (`anchored`) is its record,
 * longer or shorter in blanks (Santander's T with 22 blanks after 240, BTG's header padded to 308, laravel-boleto's
 * BTG lines cut inside their trailing blanks) — read as is, no notice, nothing changes; a file header or batch
 * header whose fields are shifted (BB's batch header one blank longer, brcobranca's Ailos/Sicoob headers without
 * the bank name) is read with a notice, because nothing that is read from it moves: the header's date is left
 * out, the batch header is read up to position 11. Anything else is refused as before. Returns the lines to read
 * (a tolerated line padded or cut to 240) and whether the header's date can be trusted.
 */
export function check240(
  lines: RawLine[],
  layout: Layout240,
): { lines: RawLine[]; notices: CnabNotice[]; headerShifted: boolean } {
  const spansOf = (text: string) => spans240(text, layout.t);
  const texts = lines.map((l) => l.text);
  const padded = texts.every((t) => t.length === texts[0]!.length) ? texts[0]!.length : 0;
  const notices: CnabNotice[] = [];
  let headerShifted = false;
  const shiftedBatchHeaders: RawLine[] = [];
  const out = lines.map((l, index): RawLine => {
    const t = l.text;
    if (t.length === 240 || l.control) return l;
    // What line-shape.ts accepts in a line of its own: padded alike with the others, or stripped.
    if (
      t.length > 240
        ? t.length === padded && t.slice(240).trim() === ''
        : !lineShapeProblem([t], 240, spansOf)
    )
      return l;
    const content = t.trimEnd();
    if (content.length > 240) return l;
    const fit = { ...l, text: content.padEnd(240, ' ') };
    if (anchored(content.length, spansOf(t))) return fit;
    if (index === 0) {
      headerShifted = true;
      notices.push(notices240.headerShape(t.length));
      return fit;
    }
    if (t.charAt(7) === '1' && BATCH_HEADER_START.test(t)) {
      shiftedBatchHeaders.push(l);
      return fit;
    }
    return l;
  });
  if (shiftedBatchHeaders.length > 0) {
    const lengths = [...new Set(shiftedBatchHeaders.map((l) => l.text.length))];
    notices.push(notices240.batchHeaderShape(lineList(shiftedBatchHeaders.map((l) => l.line)), lengths[0]!));
  }
  checkRecords(out, { bankCode: layout.bankCode, layout: '240' }, spansOf);
  return { lines: out, notices, headerShifted };
}

/**
 * A CNAB 240 collection return: file header 0, batch header 1 (operation T, service 01), details 3 in pairs of
 * segment T then U (other segments skipped, with a notice), batch trailer 5, file trailer 9. `known` is false
 * for a bank outside `LAYOUTS_240`, read with FEBRABAN's table: its titles must also pass `plausible`. The
 * record check (`check240`) runs first; what it tolerated comes back among the notices.
 */
export function parse240(rawLines: RawLine[], layout: Layout240, known = true): Parsed240 {
  const { bankCode } = layout;
  const bad = (line: number, reason: string) => cnabErrors.badLine(line, reason, bankCode, '240');
  const checked = check240(rawLines, layout);
  const records = checked.lines.map((raw) => new CnabRecord(raw.line, fitLine(raw, 240)));
  const notices: CnabNotice[] = [...checked.notices];
  try {
    let fileDate: string | null = null;
    if (!checked.headerShifted) {
      try {
        fileDate = date(records[0]!, 144, 151, 'ddmmyyyy', 'the file date');
      } catch (e) {
        if (!(e instanceof BadField)) throw e;
        notices.push(notices240.headerDate(records[0]!.raw(144, 151).trim()));
      }
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
    // Whether every detail of the current batch carried its record number (9–13), so none is repeated.
    let numbered = true;
    // Batch trailers that counted only their details (Santander), confirmed by the file trailer's count; batch
    // trailers that counted their batch exactly; a file trailer that counted all but the header and itself
    // (Sicoob), confirmed by the batch trailers; whether the file trailer counted every record.
    const detailsOnly: CnabRecord[] = [];
    let exactBatches = 0;
    let fileCountBut2: CnabRecord | null = null;
    let fileCountExact = false;
    // A count smaller than the records from a bank whose trailers do not count records (BTG): nothing confirmed.
    const notRecords = layout.trailerCounts === 'not-records';
    let uncounted = false;
    // The first batch opened by a detail, its header missing (brcobranca's Itaú file): line of that detail.
    let headless: number | null = null;
    let headlessConfirmed = false;
    for (const r of records.slice(1)) {
      if (fileTrailer) throw new BadField(r.line, 'a record follows the file trailer (record type 9)');
      const code = r.raw(1, 3);
      if (code !== bankCode) {
        throw new BadField(
          r.line,
          `the bank code “${code}” at positions 1-3 is not the file header's ${bankCode}`,
        );
      }
      const type = r.raw(8, 8);
      const segment = r.raw(14, 14);
      if (pendingT && !(type === '3' && segment === 'U')) {
        throw new BadField(pendingT.line, 'segment T is not followed by its segment U');
      }
      if (type === '1') {
        if (batchOpen) unclosed++;
        batchOpen = true;
        inBatch = 1;
        numbered = true;
        const service = r.raw(10, 11);
        if (service !== '01') {
          throw cnabErrors.unsupportedLayout(
            bankCode,
            '240',
            `service “${service}” in the batch header, not 01 (cobrança)`,
          );
        }
      } else if (type === '3') {
        if (!batchOpen) {
          // A batch whose header is missing: read only as the file's first batch, and only if its trailers
          // count the missing header (checked at the trailers, else refused here).
          if (closed + unclosed > 0 || headless !== null)
            throw new BadField(r.line, 'a title record outside a batch (no batch header before it)');
          headless = r.line;
          batchOpen = true;
          inBatch = 1;
          numbered = true;
        }
        inBatch++;
        const seq = countField(r, 9, 13, 'the record number in the batch');
        if (seq === null) numbered = false;
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
        // Batch trailer: 18–23 the records of the batch, its header and trailer included (FEBRABAN); some banks
        // count only the details (Santander: declared = found − 2), read when the file trailer confirms the file.
        const declared = countField(r, 18, 23, 'the record count of the batch');
        const isHeadless = headless !== null && closed + unclosed === 0;
        if (declared !== null && declared !== inBatch) {
          if (notRecords && declared < inBatch && numbered && !isHeadless) uncounted = true;
          else if (declared === inBatch - 2 && numbered && !isHeadless) detailsOnly.push(r);
          else
            throw cnabErrors.recordCount(
              r.line,
              declared,
              isHeadless ? inBatch - 1 : inBatch,
              bankCode,
              '240',
            );
        } else if (declared !== null) exactBatches++;
        if (isHeadless && declared !== null && numbered) headlessConfirmed = true;
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
        // A batch header counted by the trailers but missing from the file is counted here too.
        const expected = records.length + (headless !== null ? 1 : 0);
        if (fileTrailerRecords !== null && fileTrailerRecords !== expected) {
          if (notRecords && fileTrailerRecords < records.length && headless === null) uncounted = true;
          else if (fileTrailerRecords === records.length - 2 && headless === null) fileCountBut2 = r;
          else throw cnabErrors.recordCount(r.line, fileTrailerRecords, records.length, bankCode, '240');
        } else if (fileTrailerRecords !== null) fileCountExact = true;
        fileTrailer = r;
      } else {
        throw new BadField(r.line, `record type “${type}” at position 8 is not 1, 3, 5 or 9`);
      }
    }
    if (pendingT) throw new BadField(pendingT.line, 'segment T is not followed by its segment U');
    if (batchOpen) unclosed++;
    // Two conventions besides FEBRABAN's, each read only when the other level counted every record exactly: a
    // lost pair of records makes a count larger than the records, never smaller, and a repeated one breaks the
    // record numbers — so a count 2 smaller is a convention when the rest of the file is confirmed
    // (docs/cnab-240.md, “Counts”). Batch trailers counting only the details (Santander): the file trailer must
    // count every record. A file trailer counting all but the file header and trailer (Sicoob): every batch
    // must be closed by a trailer counting it exactly.
    if (detailsOnly.length > 0 && !fileCountExact) {
      const r = detailsOnly[0]!;
      const declared = Number(r.raw(18, 23));
      throw cnabErrors.recordCount(r.line, declared, declared + 2, bankCode, '240');
    }
    if (fileCountBut2 && !(closed > 0 && unclosed === 0 && exactBatches === closed)) {
      throw cnabErrors.recordCount(fileCountBut2.line, records.length - 2, records.length, bankCode, '240');
    }
    // A missing batch header is read when both trailers counted it (so it is the only record missing).
    if (headless !== null) {
      if (!headlessConfirmed || fileTrailerRecords === null)
        throw new BadField(headless, 'a title record outside a batch (no batch header before it)');
      notices.push(notices240.noBatchHeader(headless));
    }
    // Trailers: a file that uses them must close every batch (else it was cut); one that writes none is read
    // with a notice, as is one whose batches are closed but whose file trailer is missing (docs/cnab-240.md).
    if (!fileTrailer) {
      if (closed + unclosed === 0 || (closed > 0 && unclosed > 0))
        throw cnabErrors.truncated(bankCode, '240');
      notices.push(closed > 0 && !uncounted ? notices240.noFileTrailer() : notices240.noTrailers());
    } else if ((unclosed > 0 && fileTrailerRecords === null) || uncounted) {
      notices.push(notices240.noTrailers());
    }
    if (skipped.length > 0) {
      const segments = [...new Set(skipped.map((s) => s.reason.replace(/^segment (\S+).*$/, '$1')))].join(
        ', ',
      );
      notices.push(
        notices240.skippedSegments(skipped.length, segments, lineList(skipped.map((s) => s.line))),
      );
    }
    // Settlements whose credit date the bank left blank (Sicoob): read with the payment date instead.
    const undated = titles.filter((t) => t.isSettlement && t.creditDate === null);
    if (undated.length > 0)
      notices.push(notices240.noCreditDate(undated.length, lineList(undated.map((t) => t.line))));
    if (titles.length === 0) notices.push(notices240.noTitles());
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

/** The fee of segment T; BTG's “0000000000000  ” (13 zeros, then 2 blanks) is no fee at any scale. */
function fee(t: CnabRecord, spec: SegmentT240): number {
  const [s, e] = spec.fee;
  if (spec.feeZerosThenBlanks && /^0+ +$/.test(t.raw(s, e))) return 0;
  return cents(t, s, e, 'the fee');
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
  const paidDate = date(u, 138, 145, 'ddmmyyyy', 'the occurrence date');
  // A settlement whose credit date is blank (Sicoob writes zeros there) is read with a notice and matched by its
  // payment date (return-file.repo.ts); one with neither date cannot be placed in time and is refused.
  if (settled && creditDate === null && paidDate === null) {
    throw new BadField(
      u.line,
      'a settlement with neither a credit date (146-153) nor an occurrence date (138-145)',
    );
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
    feeCents: fee(t, spec),
    paidDate,
    creditDate: settled ? creditDate : null,
  };
}
