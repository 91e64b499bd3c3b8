import { cnabErrors } from './cnab-errors';
import { BadField, CnabRecord, cents, date, fitLine, type RawLine } from './cnab-records';
import { FEBRABAN_240, occurrenceOf } from './occurrences';
import type { CnabSkippedLine, CnabTitle } from './types';

/**
 * Banks whose CNAB 240 collection return follows FEBRABAN's segments T and U at the positions read here.
 * Itaú's 240 moves the nosso número (carteira 38–40, número 41–48), so it is refused rather than misread.
 */
export const FEBRABAN_240_BANKS = new Set(['001', '033', '104', '237', '748', '756']);

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
  const records = lines.map((raw) => {
    const text = fitLine(raw, 240);
    if (text === null) throw bad(raw.line, `it is longer than 240 characters (${raw.text.length})`);
    return new CnabRecord(raw.line, text);
  });
  try {
    const fileDate = date(records[0]!, 144, 151, 'ddmmyyyy', 'the file date');
    const titles: CnabTitle[] = [];
    const skipped: CnabSkippedLine[] = [];
    let pendingT: CnabRecord | null = null;
    let trailer = false;
    for (const r of records.slice(1)) {
      if (trailer) throw new BadField(r.line, 'a record follows the file trailer (record type 9)');
      const type = r.raw(8, 8);
      const segment = r.raw(14, 14);
      if (pendingT && !(type === '3' && segment === 'U')) {
        throw new BadField(pendingT.line, 'segment T is not followed by its segment U');
      }
      if (type === '1') {
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
        // batch trailer: nothing to read
      } else if (type === '9') {
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
