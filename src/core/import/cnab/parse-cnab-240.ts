import { cnabErrors } from './cnab-errors';
import { BadField, CnabRecord, cents, date, fitLine, type RawLine } from './cnab-records';
import type { FixedSpans } from './line-shape';
import { FEBRABAN_240, occurrenceOf } from './occurrences';
import type { CnabSkippedLine, CnabTitle } from './types';

/**
 * Banks whose CNAB 240 collection return follows FEBRABAN's segments T and U at the positions read here.
 * Itaú's 240 moves the nosso número (carteira 38–40, número 41–48), so it is refused rather than misread.
 */
export const FEBRABAN_240_BANKS = new Set(['001', '033', '104', '237', '748', '756']);

const spans = (...list: [number, number][]): FixedSpans => list;

/**
 * The fixed fields (numbers, dates, codes) of each FEBRABAN 240 record that a line stripped of its trailing
 * spaces can never end inside (line-shape.ts); names and free text are left out, they may end anywhere.
 */
const HEADER_SPANS = spans([143, 143], [144, 151], [152, 157], [158, 163], [164, 166], [167, 171]);
const BATCH_HEADER_SPANS = spans([184, 191], [192, 199], [200, 207]);
const T_SPANS = spans(
  [74, 81],
  [82, 96],
  [97, 99],
  [100, 104],
  [131, 132],
  [134, 148],
  [189, 198],
  [199, 213],
  // 214–223: five occurrence reasons of two characters each.
  [214, 215],
  [216, 217],
  [218, 219],
  [220, 221],
  [222, 223],
);
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

/** The fixed fields of a 240 record, by its type (8) and segment (14). */
export function spans240(text: string): FixedSpans {
  const type = text.charAt(7);
  if (type === '0') return HEADER_SPANS;
  if (type === '1') return BATCH_HEADER_SPANS;
  if (type === '3') return text.charAt(13) === 'U' ? U_SPANS : T_SPANS;
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
}

/**
 * A FEBRABAN CNAB 240 collection return (v08.x): file header 0, batch header 1 (operation T, service 01),
 * details 3 in pairs of segment T then U, batch trailer 5, file trailer 9. Positions: docs/import.md.
 */
export function parse240(lines: RawLine[], bankCode: string): Parsed240 {
  const bad = (line: number, reason: string) => cnabErrors.badLine(line, reason, bankCode, '240');
  const records = lines.map((raw) => new CnabRecord(raw.line, fitLine(raw, 240)));
  try {
    const fileDate = date(records[0]!, 144, 151, 'ddmmyyyy', 'the file date');
    const titles: CnabTitle[] = [];
    const skipped: CnabSkippedLine[] = [];
    let pendingT: CnabRecord | null = null;
    let trailer = false;
    // Records of the current batch (its header and trailer included), and batches closed so far.
    let inBatch = 0;
    let batches = 0;
    for (const r of records.slice(1)) {
      if (trailer) throw new BadField(r.line, 'a record follows the file trailer (record type 9)');
      const type = r.raw(8, 8);
      const segment = r.raw(14, 14);
      if (pendingT && !(type === '3' && segment === 'U')) {
        throw new BadField(pendingT.line, 'segment T is not followed by its segment U');
      }
      if (type !== '9') inBatch++;
      if (type === '1') {
        inBatch = 1;
        const service = r.raw(10, 11);
        if (service !== '01') {
          throw cnabErrors.unsupportedLayout(
            bankCode,
            '240',
            `service “${service}” in the batch header, not 01 (cobrança)`,
          );
        }
        if (r.raw(9, 9) === 'R') throw cnabErrors.remessa(bankCode, '240');
      } else if (type === '3') {
        const seq = countField(r, 9, 13, 'the record number in the batch');
        if (seq !== null && seq !== inBatch - 1) {
          throw cnabErrors.sequence(r.line, r.raw(9, 13), inBatch - 1, bankCode, '240');
        }
        if (segment === 'T') pendingT = r;
        else if (segment === 'U') {
          if (!pendingT) throw new BadField(r.line, 'segment U without a segment T before it');
          titles.push(title240(pendingT, r));
          pendingT = null;
        } else
          skipped.push({
            line: r.line,
            reason: `segment ${segment.trim() || '(blank)'} is not a title (T/U)`,
          });
      } else if (type === '5') {
        // Batch trailer: 18–23 the records of the batch, its header and trailer included.
        const declared = countField(r, 18, 23, 'the record count of the batch');
        if (declared !== null && declared !== inBatch) {
          throw cnabErrors.recordCount(r.line, declared, inBatch, bankCode, '240');
        }
        batches++;
        inBatch = 0;
      } else if (type === '9') {
        // File trailer: 18–23 the batches, 24–29 every record of the file (header and trailer included).
        const declaredBatches = countField(r, 18, 23, 'the batch count');
        if (declaredBatches !== null && declaredBatches !== batches) {
          throw cnabErrors.batchCount(r.line, declaredBatches, batches, bankCode, '240');
        }
        const declared = countField(r, 24, 29, 'the record count');
        if (declared !== null && declared !== records.length) {
          throw cnabErrors.recordCount(r.line, declared, records.length, bankCode, '240');
        }
        trailer = true;
      } else {
        throw new BadField(r.line, `record type “${type}” at position 8 is not 1, 3, 5 or 9`);
      }
    }
    if (pendingT) throw new BadField(pendingT.line, 'segment T is not followed by its segment U');
    if (!trailer) throw cnabErrors.truncated(bankCode, '240');
    return { fileDate, titles, skipped };
  } catch (e) {
    if (e instanceof BadField) throw bad(e.line, e.message);
    throw e;
  }
}

function payerDocument(t: CnabRecord): string | null {
  const kind = t.raw(133, 133);
  const digits = t.raw(134, 148);
  if (!/^\d+$/.test(digits) || /^0+$/.test(digits)) return null;
  if (kind === '1') return digits.slice(-11);
  if (kind === '2') return digits.slice(-14);
  return null;
}

function title240(t: CnabRecord, u: CnabRecord): CnabTitle {
  const code = t.raw(16, 17);
  if (!/^\d\d$/.test(code)) throw new BadField(t.line, `the movement code at positions 16-17 is “${code}”`);
  if (u.raw(16, 17) !== code) {
    throw new BadField(u.line, `segment U has movement code “${u.raw(16, 17)}”, its segment T “${code}”`);
  }
  const { occurrence, kind } = occurrenceOf(FEBRABAN_240, code);
  const settled = kind === 'settlement';
  const nossoNumero = t.str(38, 57);
  if (nossoNumero === null) throw new BadField(t.line, 'the nosso número at positions 38-57 is blank');
  const interest = cents(u, 18, 32, 'the interest/fine');
  const discount = cents(u, 33, 47, 'the discount') + cents(u, 48, 62, 'the rebate');
  const paid = cents(u, 78, 92, 'the amount paid');
  const credited = cents(u, 93, 107, 'the net amount credited');
  const creditDate = date(u, 146, 153, 'ddmmyyyy', 'the credit date');
  return {
    line: t.line,
    occurrenceCode: code,
    occurrence,
    occurrenceKind: kind,
    isSettlement: settled,
    nossoNumero,
    seuNumero: t.str(59, 73),
    payerName: t.str(149, 188),
    payerDocument: payerDocument(t),
    dueDate: date(t, 74, 81, 'ddmmyyyy', 'the due date'),
    faceValueCents: cents(t, 82, 96, 'the face value'),
    paidCents: settled ? paid : null,
    interestFineCents: settled ? interest : null,
    discountCents: settled ? discount : null,
    creditedCents: settled ? credited : null,
    feeCents: cents(t, 199, 213, 'the fee'),
    paidDate: date(u, 138, 145, 'ddmmyyyy', 'the occurrence date'),
    creditDate: settled ? creditDate : null,
  };
}
