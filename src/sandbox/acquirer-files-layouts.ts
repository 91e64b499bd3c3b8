/**
 * Acquirer settlement files written from plain batches of sales ([J]): Cielo EDI v15 (file 03 sales or 04
 * payments), Rede EEVC / EEVD / EEFI and Stone XML 2.2, at the positions and element names of
 * docs/import.md, “Acquirer settlement files”. Used by the sandbox (acquirer-files.ts, from the demo branch's
 * card payments) and by tests/fixtures/acquirer/make-fixtures.ts (hand-made rows with the real files'
 * quirks). Pure: depends only on its input.
 */

export type WBrand = 'visa' | 'master' | 'elo' | 'amex' | 'hiper' | 'diners';
export type WProduct = 'debit' | 'credit';
export type WKind = 'sale' | 'cancellation' | 'chargeback' | 'adjustment' | 'rent';

export interface WSale {
  kind: WKind;
  nsu: string;
  authorization: string;
  tid?: string;
  grossCents: number;
  feeCents: number;
  netCents: number;
  saleDate: string;
  /** Installment n of N; 1/1 for a sale paid at once. */
  installment: number;
  installments: number;
  description?: string;
}

export interface WBatch {
  /** Cielo UR key, Rede RV number, Stone payment id. */
  ref: string;
  paymentDate: string;
  brand: WBrand;
  product: WProduct;
  settled: boolean;
  sales: WSale[];
}

export interface WFile {
  merchant: string;
  fileDate: string;
  bank: { code: number; agency: string; account: string };
  batches: WBatch[];
}

export const batchNet = (b: WBatch) => b.sales.reduce((n, s) => n + s.netCents, 0);
export const batchGross = (b: WBatch) => b.sales.reduce((n, s) => n + s.grossCents, 0);

type Put = readonly [number, number, string | number];

/** A fixed-width record: numbers right-aligned zero-padded, text left-aligned space-padded (1-based). */
export function record(length: number, puts: readonly Put[]): string {
  const chars = Array.from({ length }, () => ' ');
  for (const [start, end, value] of puts) {
    const width = end - start + 1;
    const text = (
      typeof value === 'number' ? String(Math.abs(value)).padStart(width, '0') : value.padEnd(width, ' ')
    ).slice(0, width);
    for (let i = 0; i < width; i++) chars[start - 1 + i] = text[i]!;
  }
  return chars.join('');
}

const dmy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
const ymd = (iso: string) => iso.replace(/-/g, '');
const sign = (n: number) => (n < 0 ? '-' : '+');

const CIELO_BRAND: Record<WBrand, string> = {
  visa: '001',
  master: '002',
  amex: '003',
  elo: '007',
  diners: '009',
  hiper: '040',
};
const CIELO_LAUNCH: Record<WKind, string> = {
  sale: '02',
  cancellation: '06',
  chargeback: '08',
  adjustment: '04',
  rent: '10',
};

/** Cielo EDI v15: header 0, per batch one UR “D” then its launches “E”, trailer 9. Records 700 wide. */
export function writeCielo(f: WFile, option: '03' | '04'): string[] {
  const W = 700;
  const out = [
    record(W, [
      [1, 1, '0'],
      [2, 11, f.merchant],
      [12, 19, ymd(f.fileDate)],
      [20, 27, ymd(f.fileDate)],
      [28, 35, ymd(f.fileDate)],
      [36, 42, 1],
      [43, 47, 'CIELO'],
      [48, 49, option],
      [50, 50, 'N'],
      [51, 70, 'CXPOSTAL'],
      [71, 73, '015'],
    ]),
  ];
  let count = 0;
  let netSum = 0;
  let grossSum = 0;
  for (const b of f.batches) {
    const net = batchNet(b);
    const gross = batchGross(b);
    const fee = b.sales.reduce((n, s) => n + s.feeCents, 0);
    const product = b.product === 'debit' ? '001' : '002';
    out.push(
      record(W, [
        [1, 1, 'D'],
        [2, 11, f.merchant],
        [54, 56, CIELO_BRAND[b.brand]],
        [57, 59, product],
        [60, 69, f.merchant],
        [70, 71, b.settled ? '04' : '00'],
        [72, 72, sign(gross)],
        [73, 85, gross],
        [86, 86, '-'],
        [87, 99, fee],
        [100, 100, sign(net)],
        [101, 113, net],
        [114, 117, f.bank.code],
        [118, 122, f.bank.agency],
        [123, 142, f.bank.account],
        [144, 149, b.sales.length],
        [150, 151, b.product === 'debit' ? '01' : '02'],
        [152, 251, b.ref],
        [268, 275, dmy(b.paymentDate)],
        [276, 283, dmy(b.paymentDate)],
      ]),
    );
    for (const s of b.sales) {
      count++;
      netSum += s.netCents;
      grossSum += s.grossCents;
      const launch =
        s.kind === 'sale'
          ? b.product === 'debit'
            ? '01'
            : s.installments > 1
              ? '03'
              : '02'
          : CIELO_LAUNCH[s.kind];
      out.push(
        record(W, [
          [1, 1, 'E'],
          [2, 11, f.merchant],
          [12, 14, CIELO_BRAND[b.brand]],
          [15, 17, product],
          [18, 19, s.installments > 1 ? s.installment : 0],
          [20, 21, s.installments > 1 ? s.installments : 0],
          [22, 27, s.authorization],
          [28, 29, launch],
          [30, 129, b.ref],
          [156, 158, '040'],
          [176, 181, s.nsu],
          [192, 211, s.tid ?? ''],
          [247, 247, sign(s.grossCents)],
          [248, 260, s.grossCents * Math.max(1, s.installments)],
          [261, 261, sign(s.grossCents)],
          [262, 274, s.grossCents],
          [275, 275, sign(s.netCents)],
          [276, 288, s.netCents],
          [289, 289, '-'],
          [290, 302, s.feeCents],
          [566, 573, dmy(s.saleDate)],
          [574, 581, dmy(s.saleDate)],
          [582, 589, dmy(b.paymentDate)],
        ]),
      );
    }
  }
  out.push(
    record(W, [
      [1, 1, '9'],
      [2, 12, out.length + 1],
      [13, 13, sign(netSum)],
      [14, 30, netSum],
      [31, 41, count],
      [42, 42, sign(grossSum)],
      [43, 59, grossSum],
    ]),
  );
  return out;
}

/** EEVC/EEVD carry sales only (Rede's adjustments travel in EEFI). */
function onlySales(f: WFile, what: string) {
  for (const b of f.batches)
    if (b.sales.some((s) => s.kind !== 'sale')) throw new Error(`${what} holds sales only (batch ${b.ref})`);
}

/** Rede writes brands as one character; the sandbox's own choice (Quita keeps them as `code X`). */
const REDE_BRAND: Record<WBrand, string> = {
  master: '1',
  diners: '2',
  visa: '3',
  elo: '4',
  amex: '5',
  hiper: '6',
};

/**
 * Rede EEVC (credit): header 002; per batch an RV 006 (à vista) with its CVs 008, or an RV 010 (installments)
 * with its CVs 012, each followed by its installments 014; trailer 028. A batch of installment n > 1 is
 * written as the installment records (014) of the RV that sold them, so `batches` of installments must come
 * grouped by the RV `ref` the caller gives them.
 */
export function writeEevc(f: WFile, opts: { paidInstallmentOnly?: boolean } = {}): string[] {
  onlySales(f, 'EEVC');
  const out = [
    record(121, [
      [1, 3, '002'],
      [4, 11, dmy(f.fileDate)],
      [12, 19, 'REDECARD'],
      [20, 49, 'EXTRATO DE MOVIMENTO DE VENDAS'],
      [50, 71, 'ACADEMIA DEMO'],
      [72, 77, 1],
      [78, 86, f.merchant],
      [87, 101, 'DIARIO'],
      [102, 121, 'V3.00'],
    ]),
  ];
  const rvLine = (type: '006' | '010', b: WBatch, rv: string) =>
    record(137, [
      [1, 3, type],
      [4, 12, f.merchant],
      [13, 21, rv],
      [22, 24, f.bank.code],
      [25, 29, f.bank.agency],
      [30, 40, f.bank.account],
      [41, 48, dmy(b.sales[0]?.saleDate ?? b.paymentDate)],
      [49, 53, b.sales.length],
      [54, 68, b.sales.reduce((n, s) => n + s.grossCents * (type === '010' ? s.installments : 1), 0)],
      [99, 113, b.sales.reduce((n, s) => n + s.feeCents * (type === '010' ? s.installments : 1), 0)],
      [114, 128, b.sales.reduce((n, s) => n + s.netCents * (type === '010' ? s.installments : 1), 0)],
      [129, 136, dmy(b.paymentDate)],
      [137, 137, REDE_BRAND[b.brand]],
    ]);
  for (const b of f.batches) {
    const rv = b.ref.replace(/\D/g, '').slice(-9);
    const split = b.sales.some((s) => s.installments > 1);
    if (!split) {
      out.push(rvLine('006', b, rv));
      for (const s of b.sales)
        out.push(
          record(230, [
            [1, 3, '008'],
            [4, 12, f.merchant],
            [13, 21, rv],
            [22, 29, dmy(s.saleDate)],
            [38, 52, s.grossCents],
            [68, 83, '000000******0000'],
            [84, 86, 'OK'],
            [87, 98, s.nsu],
            [112, 126, s.feeCents],
            [127, 132, s.authorization],
            [204, 218, s.netCents],
            [230, 230, REDE_BRAND[b.brand]],
          ]),
        );
      continue;
    }
    out.push(rvLine('010', b, rv));
    for (const s of b.sales) {
      out.push(
        record(262, [
          [1, 3, '012'],
          [4, 12, f.merchant],
          [13, 21, rv],
          [22, 29, dmy(s.saleDate)],
          [38, 52, s.grossCents * s.installments],
          [68, 83, '000000******0000'],
          [84, 86, 'OK'],
          [87, 88, s.installments],
          [89, 100, s.nsu],
          [114, 128, s.feeCents * s.installments],
          [129, 134, s.authorization],
          [206, 220, s.netCents * s.installments],
          [262, 262, REDE_BRAND[b.brand]],
        ]),
      );
      // The sales file lists every installment; the sandbox, writing one credit day at a time, may list only
      // the installment that day pays.
      for (
        let n = opts.paidInstallmentOnly ? s.installment : 1;
        n <= (opts.paidInstallmentOnly ? s.installment : s.installments);
        n++
      ) {
        const d = new Date(`${b.paymentDate}T12:00:00Z`);
        d.setUTCMonth(d.getUTCMonth() + n - s.installment);
        out.push(
          record(92, [
            [1, 3, '014'],
            [4, 12, f.merchant],
            [13, 21, rv],
            [22, 29, dmy(s.saleDate)],
            [38, 39, n],
            [40, 54, s.grossCents],
            [55, 69, s.feeCents],
            [70, 84, s.netCents],
            [85, 92, dmy(d.toISOString().slice(0, 10))],
          ]),
        );
      }
    }
  }
  out.push(
    record(40, [
      [1, 3, '028'],
      [4, 12, f.merchant],
      [13, 18, out.length + 1],
    ]),
  );
  return out;
}

/** Rede EEVD (debit), comma-separated: header 00, per batch an RV 01 and its CVs 05, file total 04. */
export function writeEevd(f: WFile): string[] {
  onlySales(f, 'EEVD');
  const out = [
    [
      '00',
      f.merchant,
      dmy(f.fileDate),
      dmy(f.fileDate),
      'REDECARD',
      'MOVIMENTACAO DIARIA - CARTOES DE DEBITO',
      'ACADEMIA DEMO',
      '000001',
      'DIARIO',
      'V1.04',
    ].join(','),
  ];
  let cvs = 0;
  for (const b of f.batches) {
    const rv = b.ref.replace(/\D/g, '').slice(-9);
    out.push(
      [
        '01',
        f.merchant,
        dmy(b.paymentDate),
        dmy(b.sales[0]?.saleDate ?? b.paymentDate),
        rv,
        String(b.sales.length),
        String(batchGross(b)),
        String(b.sales.reduce((n, s) => n + s.feeCents, 0)),
        String(batchNet(b)),
        'D',
        String(f.bank.code),
        f.bank.agency,
        f.bank.account,
        REDE_BRAND[b.brand],
      ].join(','),
    );
    for (const s of b.sales) {
      cvs++;
      out.push(
        [
          '05',
          f.merchant,
          rv,
          dmy(s.saleDate),
          String(s.grossCents),
          String(s.feeCents),
          String(s.netCents),
          '000000******0000',
          'DEBITO',
          s.nsu,
          dmy(b.paymentDate),
          '1',
          '120000',
          'PV000001',
          '1',
          '0',
          String(s.grossCents),
          '0',
          REDE_BRAND[b.brand],
        ].join(','),
      );
    }
  }
  out.push(
    [
      '04',
      f.merchant,
      String(f.batches.length),
      String(cvs),
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      String(out.length + 1),
    ].join(','),
  );
  return out;
}

/**
 * Rede EEFI (financial): header 030; per batch one credit 034 per sales summary paid (the batch's sales
 * grouped as one RV) and, per day and account, the credit total 037; adjustments (negative rows) as 035.
 */
export function writeEefi(f: WFile): string[] {
  const out = [
    record(125, [
      [1, 3, '030'],
      [4, 11, dmy(f.fileDate)],
      [12, 19, 'REDECARD'],
      [20, 53, 'EXTRATO DE MOVIMENTACAO FINANCEIRA'],
      [54, 75, 'ACADEMIA DEMO'],
      [76, 81, 1],
      [82, 90, f.merchant],
      [91, 105, 'DIARIO'],
      [106, 125, 'V3.00'],
    ]),
  ];
  const byDay = new Map<string, number>();
  for (const b of f.batches) {
    const rv = b.ref.replace(/\D/g, '').slice(-9);
    const sales = b.sales.filter((s) => s.netCents >= 0);
    const first = sales[0];
    out.push(
      record(140, [
        [1, 3, '034'],
        [4, 12, f.merchant],
        [13, 23, rv],
        [24, 31, dmy(b.paymentDate)],
        [32, 46, sales.reduce((n, s) => n + s.netCents, 0)],
        [47, 47, 'C'],
        [48, 50, f.bank.code],
        [51, 56, f.bank.agency],
        [57, 67, f.bank.account],
        [68, 75, dmy(b.paymentDate)],
        [76, 84, rv],
        [85, 92, dmy(first?.saleDate ?? b.paymentDate)],
        [93, 93, REDE_BRAND[b.brand]],
        [94, 94, b.product === 'debit' ? 'D' : 'C'],
        [95, 109, sales.reduce((n, s) => n + s.grossCents, 0)],
        [110, 124, sales.reduce((n, s) => n + s.feeCents, 0)],
        [
          125,
          129,
          first && first.installments > 1
            ? `${String(first.installment).padStart(2, '0')}/${String(first.installments).padStart(2, '0')}`
            : '01/01',
        ],
        [130, 131, '01'],
      ]),
    );
    for (const s of b.sales.filter((x) => x.netCents < 0))
      out.push(
        record(316, [
          [1, 3, '035'],
          [4, 12, f.merchant],
          [13, 21, rv],
          [22, 29, dmy(s.saleDate)],
          [30, 44, -s.netCents],
          [45, 45, 'D'],
          [48, 75, (s.description ?? 'AJUSTE').toUpperCase()],
          [171, 178, dmy(b.paymentDate)],
          [239, 250, s.nsu],
          [251, 256, s.authorization],
        ]),
      );
    byDay.set(b.paymentDate, (byDay.get(b.paymentDate) ?? 0) + batchNet(b));
  }
  for (const [day, total] of byDay)
    out.push(
      record(94, [
        [1, 3, '037'],
        [4, 12, f.merchant],
        [20, 27, dmy(day)],
        [28, 42, total],
        [44, 46, f.bank.code],
        [47, 52, f.bank.agency],
        [53, 63, f.bank.account],
        [64, 71, dmy(f.fileDate)],
      ]),
    );
  return out;
}

const STONE_BRAND: Record<WBrand, number> = { visa: 1, master: 2, amex: 3, hiper: 9, elo: 171, diners: 2 };
const dec = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}0000`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Stone XML 2.2 of one reference day: each sale's capture (FinancialTransactions), the installments paid that
 * day (FinancialTransactionsAccounts, naming their Payment), rent/adjustments (FinancialEventsAccounts) and
 * the deposits (Payments). A batch is one Payment; batches of a day are written in one file.
 */
export function writeStone(f: WFile): string {
  const tx: string[] = [];
  const acc: string[] = [];
  const events: string[] = [];
  const pays: string[] = [];
  let captured = 0;
  let paid = 0;
  for (const b of f.batches) {
    for (const s of b.sales) {
      if (s.kind === 'rent' || s.kind === 'adjustment') {
        events.push(
          `<Event><EventId>${s.nsu}</EventId><Description>${esc(s.description ?? (s.kind === 'rent' ? 'PosRent' : 'Adjustment'))}</Description><Type>-22</Type><PaymentDate>${ymd(b.paymentDate)}</PaymentDate><Amount>${dec(s.netCents)}</Amount></Event>`,
        );
        continue;
      }
      captured++;
      const keys = `<AcquirerTransactionKey>${s.nsu}</AcquirerTransactionKey><InitiatorTransactionKey>${esc(s.tid ?? '')}</InitiatorTransactionKey><AuthorizationDateTime>${ymd(s.saleDate)}101500</AuthorizationDateTime><CaptureLocalDateTime>${ymd(s.saleDate)}071500</CaptureLocalDateTime>`;
      tx.push(
        `<Transaction><Events><CancellationCharges>0</CancellationCharges><Cancellations>0</Cancellations><Captures>1</Captures><ChargebackRefunds>0</ChargebackRefunds><Chargebacks>0</Chargebacks><Payments>0</Payments></Events>${keys}<International>False</International><AccountType>${b.product === 'debit' ? 1 : 2}</AccountType><InstallmentType>${s.installments > 1 ? 2 : 1}</InstallmentType><NumberOfInstallments>${s.installments}</NumberOfInstallments><AuthorizedAmount>${dec(s.grossCents * s.installments)}</AuthorizedAmount><CapturedAmount>${dec(s.grossCents * s.installments)}</CapturedAmount><AuthorizationCurrencyCode>986</AuthorizationCurrencyCode><IssuerAuthorizationCode>${s.authorization}</IssuerAuthorizationCode><BrandId>${STONE_BRAND[b.brand]}</BrandId><CardNumber>411111******1111</CardNumber><Poi><PoiType>1</PoiType></Poi><Installments>${Array.from({ length: s.installments }, (_, k) => `<Installment><InstallmentNumber>${k + 1}</InstallmentNumber><GrossAmount>${dec(s.grossCents)}</GrossAmount><NetAmount>${dec(s.netCents)}</NetAmount><PrevisionPaymentDate>${ymd(b.paymentDate)}</PrevisionPaymentDate></Installment>`).join('')}</Installments></Transaction>`,
      );
      if (b.settled) {
        paid++;
        acc.push(
          `<Transaction><Events><CancellationCharges>0</CancellationCharges><Cancellations>0</Cancellations><Captures>0</Captures><ChargebackRefunds>0</ChargebackRefunds><Chargebacks>0</Chargebacks><Payments>1</Payments></Events>${keys}<Poi><PoiType>1</PoiType></Poi><Installments><Installment><InstallmentNumber>${s.installment}</InstallmentNumber><GrossAmount>${dec(s.grossCents)}</GrossAmount><NetAmount>${dec(s.netCents)}</NetAmount><PaymentDate>${ymd(b.paymentDate)}</PaymentDate><PaymentId>${b.ref}</PaymentId></Installment></Installments></Transaction>`,
        );
      }
    }
    if (b.settled)
      pays.push(
        `<Payment><Id>${b.ref}</Id><WalletTypeId>${b.product === 'debit' ? 2 : 3}</WalletTypeId><TotalAmount>${dec(batchNet(b))}</TotalAmount><TotalFinancialAccountsAmount>${dec(batchNet(b))}</TotalFinancialAccountsAmount><LastNegativeAmount>0.00</LastNegativeAmount><FavoredBankAccount><BankCode>${f.bank.code}</BankCode><BankBranch>${f.bank.agency}</BankBranch><BankAccountNumber>${f.bank.account}</BankAccountNumber></FavoredBankAccount></Payment>`,
      );
  }
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<Conciliation>',
    `<Header><GenerationDateTime>${ymd(f.fileDate)}050000</GenerationDateTime><StoneCode>${f.merchant}</StoneCode><LayoutVersion>2.2</LayoutVersion><FileId>${ymd(f.fileDate)}${f.merchant}</FileId><ReferenceDate>${ymd(f.fileDate)}</ReferenceDate></Header>`,
    `<FinancialTransactions>${tx.join('\n')}</FinancialTransactions>`,
    '<FinancialEvents/>',
    `<FinancialTransactionsAccounts>${acc.join('\n')}</FinancialTransactionsAccounts>`,
    `<FinancialEventsAccounts>${events.join('\n')}</FinancialEventsAccounts>`,
    `<Payments>${pays.join('\n')}</Payments>`,
    `<Trailer><CapturedTransactionsQuantity>${captured}</CapturedTransactionsQuantity><CanceledTransactionsQuantity>0</CanceledTransactionsQuantity><PaidInstallmentsQuantity>${paid}</PaidInstallmentsQuantity><ChargedCancellationsQuantity>0</ChargedCancellationsQuantity><ChargebacksQuantity>0</ChargebacksQuantity><ChargebacksRefundQuantity>0</ChargebacksRefundQuantity><ChargedChargebacksQuantity>0</ChargedChargebacksQuantity><PaidChargebacksRefundQuantity>0</PaidChargebacksRefundQuantity><PaidEventsQuantity>0</PaidEventsQuantity><ChargedEventsQuantity>${events.length}</ChargedEventsQuantity></Trailer>`,
    '</Conciliation>',
  ].join('\n');
}
