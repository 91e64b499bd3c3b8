/**
 * Cielo EDI “extrato eletrônico” in its 250-position layout, the one of Cielo's manuals 13 and 14 (before the
 * 700-position version 15 of parse-cielo.ts): fixed-width records, one per line — header “0”, RO “1” (“resumo de
 * operações”: one payment batch — brand, product, gross/commission/net, bank account, payment date, status),
 * CV “2” (“comprovante de venda”: one sale or installment of the RO it follows), trailer “9”. Files 03 (sales,
 * forecast dates) and 04 (payments) are read. Positions: Cielo's own published manual of this layout
 * (github DeveloperCielo/EDI, source/extrato-edi.md, records 0/1/2/5/9, 250 positions) — **documented**; that
 * manuals 13 and 14 keep these records at these positions is **assumed** (docs/import.md, “Cielo EDI v13/v14”).
 * Other record types (5/6/7 anticipation, 3/8/A/B/C of manual 14) are listed as left out.
 */
import type { RawLine } from '../cnab/cnab-records';
import { lineShapeProblem, type FixedSpans } from '../cnab/line-shape';
import { acquirerErrors } from './acquirer-errors';
import { CIELO_250_PRODUCTS, CIELO_BRANDS, lookup } from './brands';
import { FieldError, FixedRecord, dateOf } from './fields';
import { cieloFileKind } from './parse-cielo';
import { money } from './summary-totals';
import type { AcquirerFile, AcquirerPayment, AcquirerRowKind, AcquirerSale } from './types';

const RECORD_LENGTH = 250;

/** The fixed fields of each record type (read, or written before the record's last blanks). */
const SPANS: Record<string, FixedSpans> = {
  '0': [
    [2, 11],
    [12, 19],
    [48, 49],
    [71, 73],
  ],
  '1': [
    [12, 18],
    [19, 20],
    [22, 23],
    [24, 25],
    [32, 37],
    [44, 57],
    [58, 71],
    [86, 99],
    [100, 103],
    [104, 108],
    [123, 124],
    [125, 130],
    [133, 138],
    [140, 145],
    [146, 147],
    [185, 187],
    [188, 209],
    [233, 235],
    [236, 245],
  ],
  '2': [
    [12, 18],
    [38, 45],
    [46, 59],
    [60, 61],
    [62, 63],
    [64, 66],
    [67, 72],
    [93, 98],
    [183, 188],
    [189, 217],
  ],
  '9': [[2, 12]],
};

/** The last position of each record's last field in Cielo's manual (the rest is reserved and blank). */
const LAST_FIELD: Record<string, number> = { '0': 73, '1': 245, '2': 218, '9': 12 };

/** A code the layout writes in digits (status, transaction type, brand, product): digits or blank, else damage. */
function digits(r: FixedRecord, from: number, to: number, field: string): string | null {
  const v = r.raw(from, to);
  if (v.trim() === '') return null;
  if (!/^\d+$/.test(v)) throw new FieldError(`${field} at ${from}-${to} is “${v}”, not a code of digits`);
  return v;
}

/** RO 24–25 “tipo de transação” (Table II) and 146–147 “origem do ajuste” (Table V) → what its rows are. */
function kindOf(type: string, origin: string | null): AcquirerRowKind {
  switch (type) {
    case '01':
      return 'sale';
    case '02':
    case '03':
      // Table V: 17 “cancelamento da venda”, 53/69 “débito por cancelamento de venda”, 28 “débito referente à
      // contestação do portador” (chargeback); the other origins are adjustments.
      if (origin === '17' || origin === '53' || origin === '69') return 'cancellation';
      if (origin === '28') return 'chargeback';
      return 'adjustment';
    case '04':
      // “Plano Cielo”: the monthly plan charged to the merchant, like the POS rent.
      return 'rent';
    default:
      return 'other';
  }
}

/** RO 123–124 “status do pagamento” (Table III): 00 scheduled, 01 paid, 02 sent to the bank, 03 to be confirmed. */
const STATUSES = new Set(['00', '01', '02', '03']);
/** RO 24–25 “tipo de transação” (Table II): 01 sale, 02 credit adjustment, 03 debit adjustment, 04 Plano Cielo, 05 rescheduling. */
const TYPES = new Set(['01', '02', '03', '04', '05']);

interface Ro {
  line: number;
  ro: string;
  payment: AcquirerPayment;
  kind: AcquirerRowKind;
  installment: number | null;
  installments: number | null;
  captureDate: string | null;
  accepted: number | null;
  cvs: AcquirerSale[];
}

export function parseCielo250(lines: RawLine[], layout: 'cielo-edi-13' | 'cielo-edi-14'): AcquirerFile {
  const header = new FixedRecord(lines[0]!.text.padEnd(RECORD_LENGTH, ' '));
  const fileKind = cieloFileKind(header.raw(48, 49));
  const shape = lineShapeProblem(
    lines.map((l) => l.text),
    RECORD_LENGTH,
    (text) => SPANS[text.charAt(0)] ?? [],
  );
  if (shape)
    throw acquirerErrors.lineLength('Cielo', layout, lines[shape.index]!.line, shape.length, RECORD_LENGTH);
  // After its last field each record is “Uso Cielo — em branco” up to 250: a line shorter than 250 (its trailing
  // blanks stripped) that still goes past its last field holds a character too many, which shifted the fields
  // (a full 250-position line is taken as written, whatever Cielo puts in its reserved tail).
  for (const l of lines) {
    const last = LAST_FIELD[l.text.charAt(0)];
    if (last && l.text.length < RECORD_LENGTH && l.text.length > last)
      throw acquirerErrors.lineLength('Cielo', layout, l.line, l.text.length, RECORD_LENGTH);
  }
  const bad = (line: number, e: unknown): never => {
    if (e instanceof FieldError) throw acquirerErrors.badLine('Cielo', layout, line, e.message);
    throw e;
  };
  let fileDate: string | null = null;
  try {
    fileDate = header.yyyymmdd(12, 19, 'the processing date');
  } catch (e) {
    bad(1, e);
  }
  const unknownBrands = new Set<string>();
  const ros: Ro[] = [];
  const skipped: AcquirerFile['skipped'] = [];
  let trailer: { line: number; count: number | null } | null = null;
  let current: Ro | null = null;
  let rejected = 0;
  for (const raw of lines.slice(1)) {
    const type = raw.text.charAt(0);
    if (trailer) throw acquirerErrors.badLine('Cielo', layout, raw.line, 'a record after the trailer');
    const r = new FixedRecord(raw.text.padEnd(RECORD_LENGTH, ' '));
    try {
      if (type === '1') {
        const roNumber = digits(r, 12, 18, 'the RO number');
        if (!roNumber) throw new FieldError('the RO has no number');
        const transaction = digits(r, 24, 25, 'the transaction type');
        if (!transaction || !TYPES.has(transaction))
          throw new FieldError(`the transaction type is “${r.raw(24, 25)}”, not one of Cielo's table`);
        const status = r.raw(123, 124);
        if (!STATUSES.has(status))
          throw new FieldError(`the payment status is “${status}”, not one of Cielo's table`);
        const date = dateOf(r.raw(32, 37), 'ymd6', 'the payment date');
        if (!date) throw new FieldError('the RO has no payment date');
        // 188–209 “número único do RO” (numeric): the batch's key; without it, establishment/RO/installment.
        const unique = digits(r, 188, 209, 'the RO unique number');
        const installment = r.int(19, 20, 'the installment');
        const installments = r.int(22, 23, 'the plan (number of installments)');
        const ref = unique ?? `${r.str(2, 11) ?? ''}/${roNumber}/${installment ?? 0}`;
        const brand = lookup(CIELO_BRANDS, digits(r, 185, 187, 'the brand'), unknownBrands);
        const productCode = digits(r, 233, 235, 'the product');
        const payment: AcquirerPayment = {
          line: raw.line,
          ref,
          paymentDate: date,
          grossCents: r.signed(44, 45, 57, 'the gross amount'),
          // The commission is written as a debit (“-”): the fee is its size.
          feeCents: Math.abs(r.signed(58, 59, 71, 'the commission')),
          netCents: r.signed(86, 87, 99, 'the net amount'),
          brand,
          product: productCode ? (CIELO_250_PRODUCTS[productCode] ?? null) : null,
          bankCode: digits(r, 100, 103, 'the bank'),
          agency: r.str(104, 108),
          account: r.str(109, 122),
          settled: status === '01',
        };
        current = {
          line: raw.line,
          ro: roNumber,
          payment,
          kind: kindOf(transaction, r.str(146, 147)),
          installment: installment && installments ? installment : null,
          installments: installments || null,
          captureDate: dateOf(r.raw(140, 145), 'ymd6', 'the capture date'),
          accepted: r.int(125, 130, 'the count of accepted sales'),
          cvs: [],
        };
        r.int(133, 138, 'the count of rejected sales');
        ros.push(current);
      } else if (type === '2') {
        if (!current) throw new FieldError('a sale (CV) before any RO');
        const roNumber = digits(r, 12, 18, 'the RO number');
        if (roNumber !== current.ro)
          throw new FieldError(
            `the sale names RO ${roNumber ?? 'blank'} but follows RO ${current.ro} (line ${current.line})`,
          );
        const gross = r.signed(46, 47, 59, 'the sale amount');
        const saleDate = r.yyyymmdd(38, 45, 'the sale date');
        const n = r.int(60, 61, 'the installment');
        const total = r.int(62, 63, 'the number of installments');
        // 64–66 “motivo da rejeição” (Table VIII): a rejected sale is not paid; it is listed as left out.
        const rejection = digits(r, 64, 66, 'the rejection reason');
        if (rejection) {
          rejected++;
          skipped.push({ line: raw.line, reason: `a sale rejected by Cielo (reason ${rejection})` });
          continue;
        }
        current.cvs.push({
          line: raw.line,
          kind: current.kind,
          nsu: r.str(93, 98),
          authorization: r.str(67, 72),
          tid: r.str(73, 92),
          brand: current.payment.brand,
          product: current.payment.product,
          grossCents: gross,
          feeCents: 0,
          netCents: gross,
          saleDate,
          paymentDate: current.payment.paymentDate,
          installment: n && total ? n : null,
          installments: total || null,
          batchRef: current.payment.ref,
          summaryRef: null,
          description: null,
        });
      } else if (type === '9') {
        trailer = { line: raw.line, count: r.int(2, 12, 'the record count') };
      } else if (type === '0') {
        throw new FieldError('a second header');
      } else {
        skipped.push({ line: raw.line, reason: `record type “${type}” (not a sale or payment)` });
      }
    } catch (e) {
      bad(raw.line, e);
    }
  }
  if (!trailer) throw acquirerErrors.truncated('Cielo', layout, 'no trailer record “9”');
  // 2–12: the records of the file, header and trailer not included (Cielo's manual).
  if (trailer.count !== null && trailer.count !== lines.length - 2)
    throw acquirerErrors.recordCount('Cielo', layout, trailer.line, trailer.count, lines.length - 2);
  const sales: AcquirerSale[] = [];
  let apportioned = 0;
  let alone = 0;
  for (const ro of ros) {
    const p = ro.payment;
    if (ro.cvs.length === 0) {
      // An RO without its sales in the file (a forecast of installment 2 on, an adjustment): one row.
      if (ro.kind === 'sale') alone++;
      sales.push({
        line: ro.line,
        kind: ro.kind === 'sale' ? 'summary' : ro.kind,
        nsu: null,
        authorization: null,
        tid: null,
        brand: p.brand,
        product: p.product,
        grossCents: p.grossCents!,
        feeCents: p.feeCents!,
        netCents: p.netCents,
        saleDate: ro.captureDate,
        paymentDate: p.paymentDate,
        installment: ro.installment,
        installments: ro.installments,
        batchRef: p.ref,
        summaryRef: null,
        description: null,
      });
      continue;
    }
    // 125–130 counts the RO's accepted sales and 45–57 is their sum (Cielo: “somatória dos valores de venda”):
    // a sale lost, repeated or whose amount a damaged character changed shows here.
    const sum = ro.cvs.reduce((a, s) => a + s.grossCents, 0);
    if (ro.accepted !== null && ro.accepted !== ro.cvs.length)
      throw acquirerErrors.summaryTotal('Cielo', layout, ro.line, String(ro.accepted), String(ro.cvs.length));
    if (sum !== p.grossCents)
      throw acquirerErrors.summaryTotal('Cielo', layout, ro.line, money(p.grossCents!), money(sum));
    // A CV gives no commission of its own: the RO's is shared by the sales in proportion to their amounts,
    // the rounding left on the last one, so the rows add up to the RO (notice acquirer.fee_apportioned).
    let left = p.feeCents!;
    ro.cvs.forEach((s, k) => {
      const fee =
        k === ro.cvs.length - 1 ? left : sum === 0 ? 0 : Math.round((p.feeCents! * s.grossCents) / sum);
      left -= fee;
      s.feeCents = fee;
      s.netCents = s.grossCents - fee;
    });
    if (p.feeCents) apportioned += ro.cvs.length;
    sales.push(...ro.cvs);
  }
  const notices: AcquirerFile['notices'] = [];
  if (unknownBrands.size)
    notices.push({
      code: 'acquirer.unknown_brand',
      message: `Brand codes ${[...unknownBrands].join(', ')} are not in Quita's table of Cielo brands; those sales are matched without their brand.`,
      params: { codes: [...unknownBrands].join(', ') },
    });
  if (apportioned)
    notices.push({
      code: 'acquirer.fee_apportioned',
      message: `This layout gives the commission per RO, not per sale: the fee of each of ${apportioned} sales is its RO's commission shared in proportion to the amounts.`,
      params: { count: apportioned },
    });
  if (alone)
    notices.push({
      code: 'acquirer.summary_without_sales',
      message: `${alone} ROs come without their sales (CV) in this file; each is one row, and its credit is not explained sale by sale.`,
      params: { count: alone },
    });
  if (rejected)
    notices.push({
      code: 'acquirer.rejected_sales',
      message: `${rejected} sales were rejected by Cielo (not paid) and were left out.`,
      params: { count: rejected },
    });
  return {
    acquirer: 'cielo',
    layout,
    fileKind,
    fileDate,
    merchant: header.str(2, 11),
    sales,
    payments: ros.map((ro) => ro.payment),
    declaredRows: trailer.count,
    notices,
    skipped,
  };
}
