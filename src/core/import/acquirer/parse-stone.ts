/**
 * Stone's conciliation file, XML layout 2.2 (docs/import.md, “Stone XML 2.2”): `Conciliation` with
 * `Header`, `FinancialTransactions` (captures, each with its installments and their forecast dates),
 * `FinancialTransactionsAccounts` (installments paid or charged on the reference day, each naming the
 * `Payment` it went into), `FinancialEventsAccounts` (POS rent and adjustments paid or charged),
 * `Payments` (the deposits: id, total, bank account) and `Trailer` (counts). Amounts are decimals with a
 * point (six places): rounded to cents, half away from zero.
 */
import { acquirerErrors } from './acquirer-errors';
import { lookup, STONE_BRANDS, STONE_PRODUCTS } from './brands';
import { centsOfDecimal, dateOf, FieldError } from './fields';
import type { AcquirerFile, AcquirerPayment, AcquirerSale } from './types';
import { child, children, parseXml, textOf, XmlError, type XmlNode } from './xml';

const LAYOUT = 'stone-xml-2.2';

/** The document element is `Conciliation` (after an optional BOM, XML declaration and comments). */
export function isStoneXml(head: string): boolean {
  // A DOCTYPE is let through here so that parseXml refuses it by name (acquirer.unsafe_xml).
  return /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>\s*)?<([\w]+:)?Conciliation[\s>]/.test(
    head,
  );
}

const bad = (where: string, e: unknown): never => {
  if (e instanceof FieldError || e instanceof XmlError)
    throw acquirerErrors.badLine('Stone', LAYOUT, 0, `${where}: ${e.message}`);
  throw e;
};

const money = (n: XmlNode | undefined, name: string, where: string): number => {
  const t = textOf(n, name);
  return t === null ? 0 : centsOfDecimal(t, `${where} ${name}`);
};
/** aaaammdd or aaaammddHHmmss → YYYY-MM-DD. */
const day = (t: string | null, field: string) => (t ? dateOf(t.slice(0, 8), 'ymd', field) : null);
const count = (n: XmlNode | undefined, name: string) => {
  const t = textOf(n, name);
  return t && /^\d+$/.test(t) ? Number(t) : null;
};

export function parseStone(text: string): AcquirerFile {
  let doc: XmlNode;
  try {
    doc = parseXml(text);
  } catch (e) {
    return bad('the XML', e);
  }
  const root = child(doc, 'Conciliation');
  const header = child(root, 'Header');
  if (!root || !header) throw acquirerErrors.stoneWithoutHeader();
  const version = textOf(header, 'LayoutVersion') ?? '';
  if (!/^0*2\.?2$/.test(version)) throw acquirerErrors.unsupportedVersion('Stone', version || 'blank', '2.2');
  const unknownBrands = new Set<string>();
  const sales: AcquirerSale[] = [];
  const payments: AcquirerPayment[] = [];
  const notices: AcquirerFile['notices'] = [];
  let row = 0;
  let fileDate: string | null = null;
  let captured = 0;
  let chargebacks = 0;
  /** What the capture says of a transaction (the payment view carries only its keys). */
  const captures = new Map<
    string,
    Pick<AcquirerSale, 'authorization' | 'brand' | 'product' | 'saleDate' | 'installments'>
  >();
  try {
    fileDate = day(textOf(header, 'ReferenceDate'), 'ReferenceDate');
    for (const t of children(child(root, 'FinancialTransactions'), 'Transaction')) {
      const atk = textOf(t, 'AcquirerTransactionKey');
      const events = child(t, 'Events');
      const n = Number(textOf(t, 'NumberOfInstallments') ?? '1');
      const info = {
        authorization: textOf(t, 'IssuerAuthorizationCode'),
        brand: lookup(STONE_BRANDS, textOf(t, 'BrandId'), unknownBrands),
        product: STONE_PRODUCTS[textOf(t, 'AccountType') ?? ''] ?? null,
        saleDate: day(textOf(t, 'CaptureLocalDateTime'), 'CaptureLocalDateTime'),
        installments: n > 1 ? n : null,
      };
      if (atk && (count(events, 'Captures') ?? 1) > 0) {
        captures.set(atk, info);
        captured++;
        for (const i of children(child(t, 'Installments'), 'Installment')) {
          const gross = money(i, 'GrossAmount', 'Installment');
          const net = money(i, 'NetAmount', 'Installment');
          const k = Number(textOf(i, 'InstallmentNumber') ?? '1');
          if (child(i, 'Chargeback')) chargebacks++;
          sales.push({
            line: ++row,
            kind: 'sale',
            nsu: atk,
            tid: textOf(t, 'InitiatorTransactionKey'),
            ...info,
            grossCents: gross,
            feeCents: gross - net,
            netCents: net,
            paymentDate: day(textOf(i, 'PrevisionPaymentDate'), 'PrevisionPaymentDate'),
            installment: n > 1 ? k : null,
            batchRef: null,
            summaryRef: null,
            description: null,
          });
        }
      }
      for (const c of children(child(t, 'Cancellations'), 'Cancellation')) {
        const returned = money(c, 'ReturnedAmount', 'Cancellation');
        sales.push({
          line: ++row,
          kind: 'cancellation',
          nsu: atk,
          tid: textOf(t, 'InitiatorTransactionKey'),
          ...(atk ? (captures.get(atk) ?? info) : info),
          grossCents: -returned,
          feeCents: 0,
          netCents: -money(child(c, 'Billing'), 'ChargedAmount', 'Billing'),
          paymentDate: day(textOf(child(c, 'Billing'), 'PrevisionChargeDate'), 'PrevisionChargeDate'),
          installment: null,
          batchRef: null,
          summaryRef: null,
          description: 'cancelamento',
        });
      }
    }
    for (const t of children(child(root, 'FinancialTransactionsAccounts'), 'Transaction')) {
      const atk = textOf(t, 'AcquirerTransactionKey');
      const known = atk ? captures.get(atk) : undefined;
      for (const i of children(child(t, 'Installments'), 'Installment')) {
        const gross = money(i, 'GrossAmount', 'Installment');
        const net = money(i, 'NetAmount', 'Installment');
        const k = Number(textOf(i, 'InstallmentNumber') ?? '1');
        const cb = child(i, 'Chargeback');
        if (cb) chargebacks++;
        sales.push({
          line: ++row,
          kind: cb ? 'chargeback' : 'sale',
          nsu: atk,
          authorization: known?.authorization ?? null,
          tid: textOf(t, 'InitiatorTransactionKey'),
          brand: known?.brand ?? null,
          product: known?.product ?? null,
          grossCents: cb ? -money(cb, 'Amount', 'Chargeback') : gross,
          feeCents: cb ? 0 : gross - net,
          netCents: cb ? -money(cb, 'Amount', 'Chargeback') : net,
          saleDate: known?.saleDate ?? day(textOf(t, 'CaptureLocalDateTime'), 'CaptureLocalDateTime'),
          paymentDate: day(textOf(i, 'PaymentDate'), 'PaymentDate') ?? fileDate,
          installment: (known?.installments ?? 0) > 1 || k > 1 ? k : null,
          installments: known?.installments ?? null,
          batchRef: textOf(i, 'PaymentId'),
          summaryRef: null,
          description: null,
        });
      }
      for (const c of children(child(t, 'Cancellations'), 'Cancellation')) {
        const charged = money(child(c, 'Billing'), 'ChargedAmount', 'Billing');
        sales.push({
          line: ++row,
          kind: 'cancellation',
          nsu: atk,
          authorization: known?.authorization ?? null,
          tid: textOf(t, 'InitiatorTransactionKey'),
          brand: known?.brand ?? null,
          product: known?.product ?? null,
          grossCents: -charged,
          feeCents: 0,
          netCents: -charged,
          saleDate: known?.saleDate ?? null,
          paymentDate: day(textOf(child(c, 'Billing'), 'ChargeDate'), 'ChargeDate') ?? fileDate,
          installment: null,
          installments: null,
          batchRef: null,
          summaryRef: null,
          description: 'desconto de cancelamento',
        });
      }
    }
    for (const e of children(child(root, 'FinancialEventsAccounts'), 'Event')) {
      const amount = money(e, 'Amount', 'Event');
      const description = textOf(e, 'Description');
      sales.push({
        line: ++row,
        kind: /rent|aluguel/i.test(description ?? '') ? 'rent' : 'adjustment',
        nsu: null,
        authorization: null,
        tid: null,
        brand: null,
        product: null,
        grossCents: amount,
        feeCents: 0,
        netCents: amount,
        saleDate: null,
        paymentDate: day(textOf(e, 'PaymentDate'), 'PaymentDate') ?? fileDate,
        installment: null,
        installments: null,
        batchRef: null,
        summaryRef: null,
        description,
      });
    }
    for (const p of children(child(root, 'Payments'), 'Payment')) {
      const id = textOf(p, 'Id');
      if (!id) continue;
      const bank = child(p, 'FavoredBankAccount');
      const dated = sales.find((s) => s.batchRef === id && s.paymentDate);
      payments.push({
        line: ++row,
        ref: id,
        paymentDate: dated?.paymentDate ?? fileDate ?? '',
        netCents: money(p, 'TotalAmount', 'Payment'),
        grossCents: null,
        feeCents: null,
        brand: null,
        product: null,
        bankCode: textOf(bank, 'BankCode'),
        agency: textOf(bank, 'BankBranch'),
        account: textOf(bank, 'BankAccountNumber'),
        settled: true,
      });
    }
  } catch (e) {
    bad('an element', e);
  }
  if (payments.some((p) => p.paymentDate === ''))
    throw acquirerErrors.truncated('Stone', LAYOUT, 'a payment without a date and no reference date');
  // Cancellation charges, rent and adjustments carry no payment id: the day's only deposit pays them.
  for (const s of sales) {
    if (s.kind === 'sale' || s.batchRef || !s.paymentDate) continue;
    const day = payments.filter((p) => p.paymentDate === s.paymentDate);
    if (day.length === 1 && (s.kind !== 'cancellation' || s.description === 'desconto de cancelamento'))
      s.batchRef = day[0]!.ref;
  }
  const trailer = child(root, 'Trailer');
  const declared = count(trailer, 'CapturedTransactionsQuantity');
  if (declared !== null && declared !== captured)
    notices.push({
      code: 'acquirer.count_mismatch',
      message: `The file's trailer counts ${declared} captured transactions and Quita read ${captured}; check the file with Stone.`,
      params: { declared, read: captured },
    });
  if (unknownBrands.size)
    notices.push({
      code: 'acquirer.unknown_brand',
      message: `Brand codes ${[...unknownBrands].join(', ')} are not in Quita's table of Stone brands; those sales are matched without their brand.`,
      params: { codes: [...unknownBrands].join(', ') },
    });
  if (chargebacks)
    notices.push({
      code: 'acquirer.chargebacks',
      message: `${chargebacks} installments carry a chargeback; they are listed with the payment that discounts them.`,
      params: { count: chargebacks },
    });
  return {
    acquirer: 'stone',
    layout: LAYOUT,
    fileKind: 'conciliação',
    fileDate,
    merchant: textOf(header, 'StoneCode'),
    sales,
    payments,
    declaredRows: declared,
    notices,
    skipped: [],
  };
}
