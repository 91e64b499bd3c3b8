/**
 * Cielo EDI “extrato eletrônico”, layout version 15 (docs/import.md, “Cielo EDI v15”): fixed-width
 * records, one per line — header “0”, UR agenda “D” (one payment batch: brand, product, gross/fee/net, bank
 * account, payment date), launch detail “E” (one sale, installment or adjustment of a UR), trailer “9”.
 * Files 03 (sales, with forecast dates) and 04 (payments) are read; the other record types (Pix “8”,
 * negotiation “A”/“B”, account “C”, reserve “R”) are listed as left out.
 */
import type { RawLine } from '../cnab/cnab-records';
import { lineShapeProblem, type FixedSpans } from '../cnab/line-shape';
import { acquirerErrors } from './acquirer-errors';
import { CIELO_BRANDS, CIELO_PRODUCTS, lookup } from './brands';
import { FieldError, FixedRecord } from './fields';
import type { AcquirerFile, AcquirerPayment, AcquirerRowKind, AcquirerSale } from './types';

const LAYOUT = 'cielo-edi-15';
const RECORD_LENGTH = 700;

/** The fixed fields read of each record type, which a line stripped of its trailing spaces cannot end inside. */
const SPANS: Record<string, FixedSpans> = {
  '0': [
    [12, 19],
    [48, 49],
    [71, 73],
  ],
  D: [
    [54, 56],
    [57, 59],
    [70, 71],
    [72, 85],
    [86, 99],
    [100, 113],
    [114, 117],
    [118, 122],
    [268, 275],
  ],
  E: [
    [12, 14],
    [15, 17],
    [18, 19],
    [20, 21],
    [22, 27],
    [28, 29],
    [261, 274],
    [275, 288],
    [289, 302],
    [566, 573],
    [574, 581],
    [582, 589],
  ],
  '9': [
    [2, 12],
    [13, 30],
    [31, 41],
    [42, 59],
  ],
};

/** Header: 1 “0”, 43–47 “CIELO”, 48–49 file option, 71–73 layout version. */
export function isCieloHeader(text: string): boolean {
  return text.charAt(0) === '0' && text.slice(42, 47) === 'CIELO';
}

/** The versions of Cielo's statement layout Quita reads, as a refusal names them. */
export const CIELO_READABLE_VERSIONS = '13, 14, 15';

/**
 * Header 71–73, the layout version → the layout read. Version 015 is the 700-position layout (records D/E);
 * “001” (what Cielo's published 250-position manual writes), “013” and “014” the 250-position layout of manuals
 * 13 and 14 (records 1 = RO, 2 = CV; parse-cielo-250.ts). Any other version is given to the v15 reader, which
 * refuses it naming the version (the file is Cielo's: the clerk is told what to ask for, not “not a file”).
 */
export function cieloLayoutOf(text: string): 'cielo-edi-13' | 'cielo-edi-14' | 'cielo-edi-15' {
  const v = text.slice(70, 73).trim();
  if (v === '014' || v === '14') return 'cielo-edi-14';
  if (v === '013' || v === '13' || v === '001') return 'cielo-edi-13';
  return 'cielo-edi-15';
}

/**
 * Header 48–49, the file option (Cielo's “opção de extrato”): 03 sales and 04 payments are read; the others are
 * refused naming what they are and what to download instead.
 */
export function cieloFileKind(option: string): string {
  switch (option) {
    case '03':
      return '03 vendas';
    case '04':
      return '04 pagamentos';
    case '06':
    case '07':
      throw acquirerErrors.cieloOtherFile('anticipation', option);
    case '08':
      throw acquirerErrors.cieloOtherFile('pending', option);
    case '09':
      throw acquirerErrors.cieloOtherFile('open_balance', option);
    case '15':
      throw acquirerErrors.cieloOtherFile('negotiation', option);
    case '16':
      throw acquirerErrors.cieloOtherFile('pix', option);
    default:
      throw acquirerErrors.unsupportedOption('Cielo', option.trim() || 'blank');
  }
}

/** Tipo de lançamento (record E 28–29) → what the row is. */
function kindOf(code: string | null): AcquirerRowKind {
  switch (code) {
    case '01':
    case '02':
    case '03':
    case '42':
      return 'sale';
    case '04':
    case '05':
      return 'adjustment';
    case '06':
      return 'cancellation';
    case '08':
      return 'chargeback';
    case '10':
      return 'rent';
    default:
      return 'other';
  }
}

/** Payment status (record D 70–71) that Cielo's table calls “pago”. */
const PAID = new Set([
  '04',
  '05',
  '10',
  '11',
  '31',
  '32',
  '98',
  '99',
  '0A',
  '0B',
  '0C',
  '0M',
  '0N',
  '0W',
  '0Z',
]);

export function parseCielo(lines: RawLine[]): AcquirerFile {
  const header = new FixedRecord(lines[0]!.text.padEnd(73, ' '));
  const version = header.raw(71, 73).trim();
  const option = header.raw(48, 49);
  if (version !== '015' && version !== '15')
    throw acquirerErrors.unsupportedVersion('Cielo', version || 'blank', CIELO_READABLE_VERSIONS);
  const fileKind = cieloFileKind(option);
  // Every record is 700 characters (or stripped of its trailing spaces, or all padded alike): one more or
  // one less shifts the fields after it (line-shape.ts).
  const shape = lineShapeProblem(
    lines.map((l) => l.text),
    RECORD_LENGTH,
    (text) => SPANS[text.charAt(0)] ?? [],
  );
  if (shape)
    throw acquirerErrors.lineLength('Cielo', LAYOUT, lines[shape.index]!.line, shape.length, RECORD_LENGTH);
  const unknownBrands = new Set<string>();
  const sales: AcquirerSale[] = [];
  const payments: AcquirerPayment[] = [];
  const skipped: AcquirerFile['skipped'] = [];
  let trailer: { line: number; total: number | null; eCount: number | null } | null = null;
  let fileDate: string | null = null;
  const bad = (line: number, e: unknown): never => {
    if (e instanceof FieldError) throw acquirerErrors.badLine('Cielo', LAYOUT, line, e.message);
    throw e;
  };
  try {
    fileDate = header.yyyymmdd(12, 19, 'the processing date');
  } catch (e) {
    bad(1, e);
  }
  for (const raw of lines.slice(1)) {
    const type = raw.text.charAt(0);
    if (trailer) throw acquirerErrors.badLine('Cielo', LAYOUT, raw.line, 'a record after the trailer');
    const r = new FixedRecord(raw.text.padEnd(700, ' '));
    try {
      if (type === 'D') {
        if (raw.text.trimEnd().length < 275)
          throw new FieldError('the UR record is shorter than 275 characters');
        const date = r.ddmmyyyy(268, 275, 'the payment date');
        if (!date) throw new FieldError('the UR has no payment date');
        const ref = r.str(152, 251);
        if (!ref) throw new FieldError('the UR has no key');
        payments.push({
          line: raw.line,
          ref,
          paymentDate: date,
          grossCents: r.signed(72, 73, 85, 'the gross amount'),
          feeCents: -r.signed(86, 87, 99, 'the fee'),
          netCents: r.signed(100, 101, 113, 'the net amount'),
          brand: lookup(CIELO_BRANDS, r.str(54, 56), unknownBrands),
          product: CIELO_PRODUCTS[r.raw(57, 59)] ?? null,
          bankCode: r.str(114, 117),
          agency: r.str(118, 122),
          account: [r.str(123, 142), r.str(143, 143)].filter(Boolean).join('-') || null,
          settled: PAID.has(r.raw(70, 71)),
        });
      } else if (type === 'E') {
        if (raw.text.trimEnd().length < 302)
          throw new FieldError('the detail record is shorter than 302 characters');
        const kind = kindOf(r.str(28, 29));
        const gross = r.signed(261, 262, 274, 'the gross amount');
        const net = r.signed(275, 276, 288, 'the net amount');
        const installment = r.int(18, 19, 'the installment');
        const total = r.int(20, 21, 'the number of installments');
        sales.push({
          line: raw.line,
          kind,
          nsu: r.str(176, 181),
          authorization: r.str(22, 27),
          tid: r.str(192, 211),
          brand: lookup(CIELO_BRANDS, r.str(12, 14), unknownBrands),
          product: CIELO_PRODUCTS[r.raw(15, 17)] ?? null,
          grossCents: gross,
          // The commission is written as a debit (“-”): the fee is its size, whatever the sign says.
          feeCents: Math.abs(r.signed(289, 290, 302, 'the commission')),
          netCents: net,
          saleDate: r.ddmmyyyy(566, 573, 'the sale authorization date'),
          paymentDate: r.ddmmyyyy(582, 589, 'the launch date'),
          installment: installment && total ? installment : null,
          installments: total ? total : null,
          batchRef: r.str(30, 129),
          summaryRef: null,
          description: null,
        });
      } else if (type === '9') {
        trailer = {
          line: raw.line,
          total: r.int(2, 12, 'the record count'),
          eCount: r.int(31, 41, 'the count of E records'),
        };
      } else if (type === '0') {
        throw new FieldError('a second header');
      } else {
        skipped.push({ line: raw.line, reason: `record type “${type}” (not a sale or payment)` });
      }
    } catch (e) {
      bad(raw.line, e);
    }
  }
  if (!trailer) throw acquirerErrors.truncated('Cielo', LAYOUT, 'no trailer record “9”');
  // 2–12: every record of the file, header and trailer included (0 or blank: not filled in).
  if (trailer.total && trailer.total !== lines.length)
    throw acquirerErrors.recordCount('Cielo', LAYOUT, trailer.line, trailer.total, lines.length);
  if (trailer.eCount !== null && trailer.eCount !== sales.length)
    throw acquirerErrors.truncated(
      'Cielo',
      LAYOUT,
      `the trailer counts ${trailer.eCount} detail records and the file holds ${sales.length}`,
    );
  // A detail's payment date is its UR's: the launch date (582–589) is only used when the UR is not in the file.
  const byRef = new Map(payments.map((p) => [p.ref, p]));
  let orphan = 0;
  for (const s of sales) {
    const p = s.batchRef ? byRef.get(s.batchRef) : undefined;
    if (p) s.paymentDate = p.paymentDate;
    else if (s.batchRef) orphan++;
  }
  const notices: AcquirerFile['notices'] = [];
  if (unknownBrands.size)
    notices.push({
      code: 'acquirer.unknown_brand',
      message: `Brand codes ${[...unknownBrands].join(', ')} are not in Quita's table of Cielo brands; those sales are matched without their brand.`,
      params: { codes: [...unknownBrands].join(', ') },
    });
  if (orphan)
    notices.push({
      code: 'acquirer.detail_without_batch',
      message: `${orphan} details name a payment (UR) that is not in this file; their launch date is taken as the payment date.`,
      params: { count: orphan },
    });
  return {
    acquirer: 'cielo',
    layout: LAYOUT,
    fileKind,
    fileDate,
    merchant: header.str(2, 11),
    sales,
    payments,
    declaredRows: trailer.eCount,
    notices,
    skipped,
  };
}
