/**
 * Acquirer settlement files of the demo branch ([J] item 3), with ground truth: what Cielo (EDI v15), Rede
 * (EEVC credit sales, EEVD debit sales, EEFI payments) or Stone (XML 2.2) would send for the card payments the
 * same data credits into an account (statement/plan.ts). One payment batch per acquirer, brand, product and
 * credit day — the acquirer's own granularity — so a statement crediting per brand and product has one batch
 * per card line, and one consolidating per product or per day has the sum of that day's batches (card-styles.ts).
 * Written at the layouts of src/sandbox/acquirer-files-layouts.ts. Pure: depends only on the data and options.
 */
import type { ReceivableRecord, SandboxData } from './data/model';
import {
  batchNet,
  writeCielo,
  writeEefi,
  writeEevc,
  writeEevd,
  writeStone,
  type WBatch,
  type WBrand,
  type WFile,
} from './acquirer-files-layouts';

export const ACQUIRER_FORMATS = ['cielo', 'rede-eevc', 'rede-eevd', 'rede-eefi', 'stone'] as const;
export type AcquirerFormat = (typeof ACQUIRER_FORMATS)[number];

export interface AcquirerFileOptions {
  bankAccountId: number;
  /** Payment (credit) days, `yyyy-mm-dd`, inclusive. */
  from: string;
  to: string;
  format: AcquirerFormat;
}

export interface AcquirerBatchTruth {
  ref: string;
  paymentDate: string;
  brand: string;
  product: 'debit' | 'credit';
  netCents: number;
  /** The receivables this batch pays, in file order. */
  receivableIds: number[];
}

export interface AcquirerFileOut {
  fileName: string;
  bytes: Buffer;
  groundTruth: {
    format: AcquirerFormat;
    acquirer: string;
    bankAccountId: number;
    from: string;
    to: string;
    batches: AcquirerBatchTruth[];
  };
}

const ACQUIRER_OF: Record<AcquirerFormat, string> = {
  cielo: 'Cielo',
  'rede-eevc': 'Rede',
  'rede-eevd': 'Rede',
  'rede-eefi': 'Rede',
  stone: 'Stone',
};

const BRAND_OF: Record<string, WBrand> = {
  visa: 'visa',
  mastercard: 'master',
  master: 'master',
  elo: 'elo',
  amex: 'amex',
  'american express': 'amex',
  hipercard: 'hiper',
  diners: 'diners',
};

type Paid = ReceivableRecord & { payment: NonNullable<ReceivableRecord['payment']> };

export function writeAcquirerFile(data: SandboxData, opts: AcquirerFileOptions): AcquirerFileOut {
  const acquirer = ACQUIRER_OF[opts.format];
  const account = data.bankAccounts.find((a) => a.id === opts.bankAccountId);
  if (!account) throw new Error(`no bank account ${opts.bankAccountId} in the sandbox`);
  const paid = data.receivables.filter(
    (r): r is Paid =>
      r.payment !== null &&
      r.cardAcquirer === acquirer &&
      (r.payment.channel === 'credit-card' || r.payment.channel === 'debit-card') &&
      r.payment.bankAccountId === opts.bankAccountId &&
      r.payment.creditDate >= opts.from &&
      r.payment.creditDate <= opts.to,
  );
  const product = (r: Paid) => (r.payment.channel === 'debit-card' ? 'debit' : 'credit');
  const wanted = paid.filter((r) =>
    opts.format === 'rede-eevc'
      ? product(r) === 'credit'
      : opts.format === 'rede-eevd'
        ? product(r) === 'debit'
        : true,
  );
  // Batches are numbered over all of the acquirer's sales (both products), so the RV an EEVC or EEVD file
  // gives a batch is the one the EEFI that pays it names.
  const groups = new Map<string, Paid[]>();
  for (const r of paid.sort(
    (a, b) => a.payment.creditDate.localeCompare(b.payment.creditDate) || a.idReceivable - b.idReceivable,
  )) {
    const key = `${r.payment.creditDate}|${r.cardFlag ?? ''}|${product(r)}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const batches: (WBatch & { ids: number[] })[] = [];
  let n = 0;
  for (const [key, rs] of groups) {
    const [date, flag, prod] = key.split('|') as [string, string, 'debit' | 'credit'];
    n++;
    if (!rs.some((r) => wanted.includes(r))) continue;
    const brand = BRAND_OF[flag.toLowerCase()];
    if (!brand) throw new Error(`the sandbox's card flag ${flag} has no code in the acquirers' layouts`);
    batches.push({
      ref:
        opts.format === 'stone'
          ? String(700000000 + n)
          : `${date.replace(/-/g, '')}${String(n).padStart(6, '0')}`,
      paymentDate: date,
      brand,
      product: prod,
      settled: opts.format !== 'rede-eevc' && opts.format !== 'rede-eevd',
      ids: rs.map((r) => r.idReceivable),
      sales: rs.map((r) => ({
        kind: 'sale' as const,
        nsu: r.nsu ?? String(r.idReceivable),
        authorization: r.authorization ?? '',
        ...(r.tid ? { tid: r.tid } : {}),
        grossCents: r.payment.amountCents,
        feeCents: r.payment.feeCents,
        netCents: r.payment.amountCents - r.payment.feeCents,
        saleDate: (r.saleDate ?? r.payment.paidDate).slice(0, 10),
        installment: r.totalInstallments > 1 ? r.currentInstallment : 1,
        installments: Math.max(1, r.totalInstallments),
      })),
    });
  }
  const file: WFile = {
    merchant: opts.format === 'cielo' ? '1020304050' : opts.format === 'stone' ? '123456789' : '012345678',
    fileDate: opts.to,
    bank: {
      code: account.bankCode,
      agency: account.agency.replace(/\D/g, '').slice(0, 5),
      account: account.account.replace(/\D/g, ''),
    },
    batches,
  };
  const body =
    opts.format === 'cielo'
      ? writeCielo(file, '04').join('\r\n')
      : opts.format === 'rede-eevc'
        ? writeEevc(file, { paidInstallmentOnly: true }).join('\r\n')
        : opts.format === 'rede-eevd'
          ? writeEevd(file).join('\r\n')
          : opts.format === 'rede-eefi'
            ? writeEefi(file).join('\r\n')
            : writeStone(file);
  const ext = opts.format === 'stone' ? 'xml' : opts.format === 'rede-eevd' ? 'csv' : 'txt';
  return {
    fileName: `${opts.format}-${opts.from}-${opts.to}.${ext}`,
    bytes: Buffer.from(`${body}\r\n`, opts.format === 'stone' ? 'utf8' : 'latin1'),
    groundTruth: {
      format: opts.format,
      acquirer,
      bankAccountId: opts.bankAccountId,
      from: opts.from,
      to: opts.to,
      batches: batches.map((b) => ({
        ref: b.ref,
        paymentDate: b.paymentDate,
        brand: b.brand,
        product: b.product,
        netCents: batchNet(b),
        receivableIds: b.ids,
      })),
    },
  };
}
