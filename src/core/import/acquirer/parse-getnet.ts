/**
 * Getnet “extrato eletrônico” (conciliation file), layout version 10 (“SANT. V.10 400 BYTES”): fixed-width
 * records of 400 positions, one per line — header “0”, sales summary “1” (RV: one payment batch — gross, net,
 * bank account, payment date, payment type), sale “2” (CV: one sale or installment of an RV), financial
 * adjustment “3”, trailer “9”; anticipation “4”, assignment “5” and receivable units “6” are listed as left out.
 * Positions: the open-source reader github mastria/extrato-eletronico-getnet (`GetnetFileHelper.php`, “Manual
 * Extrato Eletrônico V.10.0 | V1.2023”, which ships Getnet's manual) — **assumed** from it (docs/import.md,
 * “Getnet v10”). Dates DDMMAAAA, money in cents without a point.
 */
import type { RawLine } from '../cnab/cnab-records';
import { lineShapeProblem, type FixedSpans } from '../cnab/line-shape';
import { acquirerErrors } from './acquirer-errors';
import { FieldError, FixedRecord } from './fields';
import type { AcquirerFile, AcquirerPayment, AcquirerSale } from './types';

const LAYOUT = 'getnet-v10';
const RECORD_LENGTH = 400;

const SPANS: Record<string, FixedSpans> = {
  '0': [
    [2, 9],
    [16, 23],
    [24, 31],
    [32, 46],
  ],
  '1': [
    [17, 18],
    [22, 30],
    [31, 38],
    [39, 46],
    [47, 49],
    [50, 55],
    [67, 75],
    [85, 96],
    [97, 108],
    [169, 170],
    [171, 172],
    [173, 174],
    [286, 286],
  ],
  '2': [
    [17, 25],
    [26, 37],
    [38, 45],
    [71, 82],
    [107, 108],
    [109, 110],
    [111, 122],
    [123, 130],
    [131, 140],
    [144, 144],
    [172, 172],
    [176, 187],
  ],
  '3': [
    [17, 25],
    [34, 41],
    [63, 63],
    [64, 75],
    [76, 77],
    [114, 125],
    [126, 133],
  ],
  '9': [[2, 10]],
};

/** Header: “0”, 24–28 “CEADM” (the file's name, “CEADM100”), 92–116 the layout version (“SANT. V.10 400 BYTES”). */
export function isGetnetHeader(text: string): boolean {
  return text.charAt(0) === '0' && text.slice(23, 28) === 'CEADM' && /^\d{8}$/.test(text.slice(1, 9));
}

/** The version the header names (92–116, “SANT. V.10 400 BYTES” → “10”), or what is written there. */
function versionOf(header: FixedRecord): string {
  const text = header.str(92, 116) ?? '';
  const m = /V\.?\s*(\d+)/i.exec(text);
  return m ? String(Number(m[1])) : text || 'blank';
}

/**
 * RV 169–170 “indicador do tipo de pagamento”: PF forecast, PG paid, AC anticipated, RA anticipation rejected,
 * PR rejected anticipation paid, PD pending, CI internal charge, CS assigned. Only PG, AC and PR are money
 * credited to the merchant's account.
 */
const PAYMENT_TYPES = new Set(['PF', 'PG', 'AC', 'RA', 'PR', 'PD', 'CI', 'CS']);
const PAID = new Set(['PG', 'AC', 'PR']);

/** CV 144 “status da transação”: the letters the source lists are kept; a digit or blank there is damage. */
const sign = (r: FixedRecord, at: number, field: string): 1 | -1 => {
  const s = r.raw(at, at);
  if (s === '+' || s === ' ') return 1;
  if (s === '-') return -1;
  throw new FieldError(`the sign of ${field} is “${s}”, not + or -`);
};

interface Rv {
  line: number;
  rv: string;
  payment: AcquirerPayment;
  accepted: number | null;
  installment: number | null;
  installments: number | null;
  count: number;
}

export function parseGetnet(lines: RawLine[]): AcquirerFile {
  const header = new FixedRecord(lines[0]!.text.padEnd(RECORD_LENGTH, ' '));
  const version = versionOf(header);
  if (version !== '10') throw acquirerErrors.unsupportedVersion('Getnet', version, '10');
  const shape = lineShapeProblem(
    lines.map((l) => l.text),
    RECORD_LENGTH,
    (text) => SPANS[text.charAt(0)] ?? [],
  );
  if (shape)
    throw acquirerErrors.lineLength('Getnet', LAYOUT, lines[shape.index]!.line, shape.length, RECORD_LENGTH);
  const bad = (line: number, e: unknown): never => {
    if (e instanceof FieldError) throw acquirerErrors.badLine('Getnet', LAYOUT, line, e.message);
    throw e;
  };
  let fileDate: string | null = null;
  try {
    // 16–23 the day the file's movement refers to (2–9: the day it was written).
    fileDate = header.ddmmyyyy(16, 23, 'the reference date') ?? header.ddmmyyyy(2, 9, 'the file date');
  } catch (e) {
    bad(1, e);
  }
  const rvs = new Map<string, Rv>();
  const sales: AcquirerSale[] = [];
  const skipped: AcquirerFile['skipped'] = [];
  const adjustments: { sale: AcquirerSale; key: string }[] = [];
  const productCodes = new Set<string>();
  let current: Rv | null = null;
  let trailer: { line: number; count: number | null } | null = null;
  const keyOf = (rv: string, date: string) => `${rv}@${date}`;
  for (const raw of lines.slice(1)) {
    const type = raw.text.charAt(0);
    if (trailer) throw acquirerErrors.badLine('Getnet', LAYOUT, raw.line, 'a record after the trailer');
    const r = new FixedRecord(raw.text.padEnd(RECORD_LENGTH, ' '));
    try {
      if (type === '1') {
        const rv = r.str(22, 30);
        if (!rv || !/^\d+$/.test(rv)) throw new FieldError(`the RV number is “${r.raw(22, 30)}”`);
        const date = r.ddmmyyyy(39, 46, 'the payment date');
        if (!date) throw new FieldError('the RV has no payment date');
        const paymentType = r.raw(169, 170);
        if (!PAYMENT_TYPES.has(paymentType))
          throw new FieldError(`the payment type is “${paymentType}”, not one of Getnet's table`);
        const product = r.raw(17, 18);
        if (!/^[A-Z0-9]{2}$/.test(product)) throw new FieldError(`the product code is “${product}”`);
        productCodes.add(product);
        const s = sign(r, 286, 'the RV');
        const gross = s * r.cents(85, 96, 'the gross amount');
        const net = s * r.cents(97, 108, 'the net amount');
        const installment = r.int(171, 172, 'the installment');
        const installments = r.int(173, 174, 'the number of installments');
        const key = keyOf(rv, date);
        if (rvs.has(key))
          throw new FieldError(
            `a second RV ${rv} paid on ${date} (the first is on line ${rvs.get(key)!.line})`,
          );
        current = {
          line: raw.line,
          rv,
          accepted: r.int(67, 75, 'the count of accepted sales'),
          installment: installment && installments ? installment : null,
          installments: installments || null,
          count: 0,
          payment: {
            line: raw.line,
            ref: `${r.str(2, 16) ?? ''}/${rv}@${date}`,
            paymentDate: date,
            grossCents: gross,
            feeCents: gross - net,
            netCents: net,
            brand: null,
            product: null,
            bankCode: r.str(47, 49),
            agency: r.str(50, 55),
            account: r.str(56, 66),
            settled: PAID.has(paymentType),
          },
        };
        r.int(76, 84, 'the count of rejected sales');
        rvs.set(key, current);
      } else if (type === '2') {
        if (!current) throw new FieldError('a sale (CV) before any RV');
        const rv = r.str(17, 25);
        if (rv !== current.rv)
          throw new FieldError(
            `the sale names RV ${rv ?? 'blank'} but follows RV ${current.rv} (line ${current.line})`,
          );
        const s = sign(r, 172, 'the sale');
        const whole = r.cents(71, 82, 'the sale amount');
        const part = r.cents(111, 122, 'the installment amount');
        const total = r.int(107, 108, 'the number of installments');
        const n = r.int(109, 110, 'the installment');
        const gross = s * (part || whole);
        const fee = r.cents(176, 187, 'the commission');
        const status = r.raw(144, 144);
        if (!/^[A-Z]$/.test(status)) throw new FieldError(`the sale status is “${status}”, not a letter`);
        const paid = r.ddmmyyyy(123, 130, 'the payment date');
        current.count++;
        sales.push({
          line: raw.line,
          kind: s < 0 ? 'cancellation' : 'sale',
          nsu: r.str(26, 37),
          authorization: r.str(131, 140),
          tid: null,
          brand: null,
          product: null,
          grossCents: gross,
          feeCents: s * fee,
          netCents: gross - s * fee,
          saleDate: r.ddmmyyyy(38, 45, 'the sale date'),
          // The RV's payment date is the batch's; the CV's own (123–130) only when it says nothing else.
          paymentDate: current.payment.paymentDate ?? paid,
          installment: n && total && total > 1 ? n : null,
          installments: total && total > 1 ? total : null,
          batchRef: current.payment.ref,
          summaryRef: null,
          description: null,
        });
      } else if (type === '3') {
        const rv = r.str(17, 25);
        const date = r.ddmmyyyy(34, 41, 'the payment date');
        if (!rv || !date) throw new FieldError('the adjustment names no RV or payment date');
        const amount = sign(r, 63, 'the adjustment') * r.cents(64, 75, 'the adjustment amount');
        const reason = r.int(76, 77, 'the adjustment reason');
        const sale: AcquirerSale = {
          line: raw.line,
          kind: 'adjustment',
          nsu: r.str(114, 125),
          authorization: null,
          tid: null,
          brand: null,
          product: null,
          grossCents: amount,
          feeCents: 0,
          netCents: amount,
          saleDate: r.ddmmyyyy(126, 133, 'the original sale date'),
          paymentDate: date,
          installment: null,
          installments: null,
          batchRef: null,
          summaryRef: null,
          description: reason === null ? null : `ajuste ${String(reason).padStart(2, '0')}`,
        };
        adjustments.push({ sale, key: keyOf(rv, date) });
        sales.push(sale);
      } else if (type === '9') {
        trailer = { line: raw.line, count: r.int(2, 10, 'the record count') };
      } else if (type === '0') {
        throw new FieldError('a second header');
      } else {
        skipped.push({ line: raw.line, reason: `record type “${type}” (not a sale or payment)` });
      }
    } catch (e) {
      bad(raw.line, e);
    }
  }
  if (!trailer) throw acquirerErrors.truncated('Getnet', LAYOUT, 'no trailer record “9”');
  // 2–10 “quantidade de registros”: whether header and trailer are counted is not said by the source; either
  // count is accepted (a line lost or repeated matches neither).
  if (trailer.count !== null && trailer.count !== lines.length && trailer.count !== lines.length - 2)
    throw acquirerErrors.recordCount('Getnet', LAYOUT, trailer.line, trailer.count, lines.length);
  // 67–75 counts the RV's accepted sales: a sale lost or repeated shows here (an RV without its CVs listed is
  // not compared).
  for (const rv of rvs.values())
    if (rv.count && rv.accepted !== null && rv.accepted !== rv.count)
      throw acquirerErrors.summaryTotal('Getnet', LAYOUT, rv.line, String(rv.accepted), String(rv.count));
  // An adjustment is paid with the RV it names on the day it names, when that RV is in the file.
  let unlinked = 0;
  for (const a of adjustments) {
    const rv = rvs.get(a.key);
    if (rv) a.sale.batchRef = rv.payment.ref;
    else unlinked++;
  }
  // An RV without its sales in the file: one summary row, so its credit is listed.
  for (const rv of rvs.values()) {
    if (rv.count) continue;
    const p = rv.payment;
    sales.push({
      line: rv.line,
      kind: 'summary',
      nsu: null,
      authorization: null,
      tid: null,
      brand: null,
      product: null,
      grossCents: p.grossCents!,
      feeCents: p.feeCents!,
      netCents: p.netCents,
      saleDate: null,
      paymentDate: p.paymentDate,
      installment: rv.installment,
      installments: rv.installments,
      batchRef: p.ref,
      summaryRef: null,
      description: null,
    });
  }
  sales.sort((a, b) => a.line - b.line);
  const notices: AcquirerFile['notices'] = [
    {
      code: 'acquirer.getnet_product_codes',
      message: `Getnet's product codes (${[...productCodes].join(', ')}) are not translated (their table was not in the source used): the sales of this file are matched by NSU, authorization, amount and date, not by brand or product.`,
      params: { codes: [...productCodes].join(', ') },
    },
  ];
  const alone = [...rvs.values()].filter((rv) => !rv.count).length;
  if (alone)
    notices.push({
      code: 'acquirer.summary_without_sales',
      message: `${alone} sales summaries come without their sales in this file; each is one row, and its credit is not explained sale by sale.`,
      params: { count: alone },
    });
  if (unlinked)
    notices.push({
      code: 'acquirer.adjustment_unlinked',
      message: `${unlinked} adjustments name a sales summary that is not in this file; they are listed but explain no credit.`,
      params: { count: unlinked },
    });
  return {
    acquirer: 'getnet',
    layout: LAYOUT,
    fileKind: 'extrato eletrônico',
    fileDate,
    merchant: header.str(32, 46),
    sales,
    payments: [...rvs.values()].map((rv) => rv.payment),
    declaredRows: null,
    notices,
    skipped,
  };
}
