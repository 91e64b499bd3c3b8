import {
  BB_CBR643,
  BRADESCO_400,
  CAIXA_400,
  ITAU_400,
  SANTANDER_400,
  SICOOB_400,
  SICREDI_400,
  type OccurrenceTable,
} from './occurrences';
import {
  BANESTES_400,
  BANRISUL_400,
  BNB_400,
  BRB_400,
  C6_400,
  CRESOL_400,
  FIBRA_FAMILY_400,
  HSBC_400,
  INTER_400,
  OURINVEST_400,
  SAFRA_400,
  UNICRED_400,
  UNIPRIME_400,
} from './occurrences-400';
import type { DateFormat } from './cnab-records';
import type { CnabVariant } from './types';

/** 1-based inclusive positions [start, end], as the banks' manuals number them. */
export type Span = readonly [number, number];
/** A date field: positions and how it is written. */
export type DateSpan = readonly [number, number, DateFormat];

/**
 * Where each field sits in one bank's CNAB 400 return. Positions, sources and what is documented or assumed:
 * docs/cnab-400.md. Every bank's header has 1 “0”, 2 operation, 3–9 literal and 77–79 the bank code, and every
 * record ends with its sequence number at 395–400 (checked by `read400`); the rest is the bank's.
 */
export interface Layout400 {
  variant: CnabVariant;
  bankCode: string;
  /** Record type of a title (first character): “1”, or “7” for BB's CBR643 and Ailos. */
  detailType: string;
  /** Record types that are not titles and are skipped (listed, with a notice), e.g. Itaú's Pix record “3”. */
  skipTypes: Record<string, string>;
  /** Record types that mean another layout of this bank (refused with `cnab.unsupported_layout`). */
  otherLayoutTypes: Record<string, string>;
  /** Header text that means another layout of this bank (refused), e.g. HSBC's “COBRANCA CNR”. */
  otherLayoutHeader?: { span: Span; value: string; detail: string };
  headerDate: DateSpan;
  occurrenceCode: Span;
  occurrenceDate: DateSpan;
  seuNumero: Span | null;
  dueDate: DateSpan;
  faceValue: Span;
  nossoNumero: Span;
  /** Bank fee of the occurrence; null when the layout carries none. */
  fee: Span | null;
  paid: Span;
  /** Summed into `interestFineCents` (juros/mora, multa or outros créditos, as the bank names them). */
  interest: readonly Span[];
  /** Summed into `discountCents` (desconto, abatimento). */
  discount: readonly Span[];
  /**
   * Where the credit date is: a field of the detail; `occurrence` when the layout has none and the bank credits
   * on the occurrence date (the source says so); `{header}` when the file gives one credit date for all.
   */
  creditDate: DateSpan | 'occurrence' | { header: DateSpan };
  /** When the credit date field is zeros or blank on a settlement, the occurrence date is the credit date. */
  creditDateOrOccurrence?: boolean;
  /**
   * The credit date field is read on settlements only: on the other occurrences those positions hold something
   * else (BNB: 280–356 one column per reason, “1” where the reason applies; ACBr reads 296–301 as the credit date
   * of a liquidation only).
   */
  creditDateOnSettlement?: boolean;
  /**
   * The nosso número's check digit, written next to it: the title is refused when it does not match the number
   * (a damaged nosso número or a shifted field). `compute` gets the digits of `of`.
   */
  checkDigit?: { at: number; of: Span; compute: (digits: string) => string };
  /**
   * The amount the record posts to the account (“valor do lançamento”) and its debit/credit indicator (“0” none,
   * “1” debit, “2” credit): on a settlement that posts one, it must equal amount paid − fee (a debit when the fee
   * is larger), which checks the reading of both against the bank's own arithmetic. Checked only when every
   * `unlessAmounts` field is zeros or blank: other charges (BB: outras despesas 189–201, juros and IOF of a
   * discounted title 202–227, abatimento não aproveitado 293–305, valor do ajuste 321–332) may enter the posting
   * in ways no sample shows, and a legitimate file must not be refused on a guess.
   */
  postedAmount?: { amount: Span; indicator: number; unlessAmounts: readonly Span[] };
  /**
   * The amount at `paid` is what the bank credits to the account, its fee already taken (Itaú's 254–266 “valor
   * principal”, which brcobranca names “valor lançado em conta corrente”): on a settlement the payer paid it plus
   * the fee, and it is the amount credited. In all 55 settlements of the real Itaú samples (brcobranca CNAB400.RET,
   * CnabPHP retorno-cnab400-itau.ret) 254–266 = face − discount − fee + interest, to the cent (docs/cnab-400.md).
   */
  paidIsNet?: boolean;
  payerName: Span | null;
  occurrences: OccurrenceTable;
}

/**
 * The positions most banks' 400 returns share (Bradesco's layout, which most copied): 109–110 occurrence,
 * 111–116 its date, 117–126 seu número, 147–152 due date, 153–165 face value, 228–240 abatimento, 241–253
 * desconto, 254–266 amount paid, 267–279 juros de mora, 280–292 multa / outros créditos.
 */
const common = {
  detailType: '1',
  skipTypes: {},
  otherLayoutTypes: {},
  headerDate: [95, 100, 'ddmmyy'],
  occurrenceCode: [109, 110],
  occurrenceDate: [111, 116, 'ddmmyy'],
  seuNumero: [117, 126],
  dueDate: [147, 152, 'ddmmyy'],
  faceValue: [153, 165],
  paid: [254, 266],
  interest: [
    [267, 279],
    [280, 292],
  ],
  discount: [
    [241, 253],
    [228, 240],
  ],
  payerName: null,
} as const satisfies Partial<Layout400>;

/** Only juros/mora at 267–279: the layout has no multa / outros créditos field (280–292 is something else). */
const interestOnly: readonly Span[] = [[267, 279]];

/** Fibra, Pine, ABC Brasil, Delbank and Rendimento: one layout (docs/cnab-400.md), credit date at 386–391. */
const fibraFamily = {
  ...common,
  nossoNumero: [63, 73],
  fee: [176, 188],
  interest: interestOnly,
  creditDate: [386, 391, 'ddmmyy'],
  occurrences: FIBRA_FAMILY_400,
} as const satisfies Partial<Layout400>;

/**
 * Unicred's own layout (laravel-boleto `Unicred.php`; akretion/brcobranca `retorno/cnab400/unicred.rb`, whose
 * comments copy the manual): 46–62 nosso número, 63–73 blank (“reservado”), 176–181 the date the money is passed
 * to the account (“data programada para repasse”), 182–188 fee, 280–305 the company's control number.
 */
export const UNICRED_LAYOUT: Omit<Layout400, 'bankCode'> = {
  ...common,
  variant: 'unicred-400',
  seuNumero: [280, 305],
  nossoNumero: [46, 62],
  fee: [182, 188],
  interest: interestOnly,
  creditDate: [176, 181, 'ddmmyy'],
  occurrences: UNICRED_400,
};

/** BB's “valor do lançamento” 306–318 and its indicator 319, checked when no other charge is in the record. */
const BB_POSTED: NonNullable<Layout400['postedAmount']> = {
  amount: [306, 318],
  indicator: 319,
  unlessAmounts: [
    [189, 201],
    [202, 214],
    [215, 227],
    [293, 305],
    [321, 332],
  ],
};

/**
 * BB's check digit of a nosso número: modulo 11, weights 9, 8, …, 2 from the rightmost digit (repeating), the
 * remainder itself the digit, 10 written “X” (ACBr `ACBrBancoBrasil.pas` `CalcularDigitoVerificador`; every
 * title of the real type-1 samples in docs/cnab-400.md checks).
 */
export function bbCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (9 - (i % 8));
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/**
 * Banco do Brasil's 400 return for convênios of up to 6 digits (BB “Doc8826BR643Pos6”, as umbrellaTech/
 * ya-retorno-boleto `CNAB400Conv6Processor` and ACBr `LerRetorno400Pos6` read it): type-1 titles, convênio
 * 32–37, nosso número 63–73 (convênio + sequence, 11 digits) with its check digit at 74; every money and date
 * field at CBR643's positions (type 7), 306–318/319 the amount posted to the account.
 */
export const BB_POS6_LAYOUT: Layout400 = {
  ...common,
  variant: 'bb-cbr643-pos6',
  bankCode: '001',
  otherLayoutTypes: { '7': 'type-7 detail records (convênio of 7 digits) beside type-1 ones' },
  nossoNumero: [63, 73],
  checkDigit: { at: 74, of: [63, 73], compute: bbCheckDigit },
  fee: [182, 188],
  creditDate: [176, 181, 'ddmmyy'],
  postedAmount: BB_POSTED,
  occurrences: BB_CBR643,
};

export const LAYOUTS_400: Record<string, Layout400> = {
  '341': {
    ...common,
    variant: 'itau-400',
    bankCode: '341',
    skipTypes: { '3': 'Itaú Pix record (QR code of the previous title), not a title' },
    paidIsNet: true,
    nossoNumero: [86, 94],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    payerName: [325, 354],
    occurrences: ITAU_400,
  },
  '237': {
    ...common,
    variant: 'bradesco-400',
    bankCode: '237',
    nossoNumero: [71, 82],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    occurrences: BRADESCO_400,
  },
  '001': {
    ...common,
    variant: 'bb-cbr643',
    bankCode: '001',
    detailType: '7',
    otherLayoutTypes: {
      '1': 'detail records of type 1 beside type-7 ones, or whose nosso número (63–73) and check digit (74) are not BB’s',
    },
    nossoNumero: [64, 80],
    fee: [182, 188],
    creditDate: [176, 181, 'ddmmyy'],
    postedAmount: BB_POSTED,
    occurrences: BB_CBR643,
  },
  '033': {
    ...common,
    variant: 'santander-400',
    bankCode: '033',
    skipTypes: { '2': 'Santander Pix record (the Pix data of the previous title), not a title' },
    nossoNumero: [63, 70],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    occurrences: SANTANDER_400,
  },
  '104': {
    ...common,
    variant: 'caixa-400',
    bankCode: '104',
    nossoNumero: [57, 73],
    fee: [176, 188],
    creditDate: [294, 299, 'ddmmyy'],
    occurrences: CAIXA_400,
  },
  '756': {
    ...common,
    variant: 'sicoob-400',
    bankCode: '756',
    // 63–73 the number and 74 its check digit, read together (br_boleto `sicoob.rb` and its real sample, whose
    // 117–131 repeats the same 12 digits; laravel-boleto `Bancoob.php` leaves the digit out).
    nossoNumero: [63, 74],
    fee: [182, 188],
    creditDate: [176, 181, 'ddmmyy'],
    occurrences: SICOOB_400,
  },
  '748': {
    ...common,
    variant: 'sicredi-400',
    bankCode: '748',
    headerDate: [95, 102, 'yyyymmdd'],
    nossoNumero: [48, 62],
    fee: [176, 188],
    creditDate: [329, 336, 'yyyymmdd'],
    occurrences: SICREDI_400,
  },
  // ---- [S]: docs/cnab-400.md gives each one's source.
  '004': {
    ...common,
    variant: 'bnb-400',
    bankCode: '004',
    nossoNumero: [63, 70],
    fee: [176, 188],
    interest: interestOnly,
    creditDate: [296, 301, 'ddmmyy'],
    creditDateOrOccurrence: true,
    creditDateOnSettlement: true,
    occurrences: BNB_400,
  },
  '041': {
    ...common,
    variant: 'banrisul-400',
    bankCode: '041',
    nossoNumero: [63, 72],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    occurrences: BANRISUL_400,
  },
  '070': {
    ...common,
    variant: 'brb-400',
    bankCode: '070',
    headerDate: [95, 102, 'ddmmyyyy'],
    occurrenceDate: [111, 118, 'ddmmyyyy'],
    seuNumero: [93, 105],
    dueDate: [149, 156, 'ddmmyyyy'],
    faceValue: [157, 169],
    nossoNumero: [71, 82],
    fee: [180, 192],
    paid: [258, 270],
    interest: [
      [206, 218],
      [284, 296],
    ],
    discount: [
      [245, 257],
      [232, 244],
    ],
    creditDate: [300, 307, 'ddmmyyyy'],
    occurrences: BRB_400,
  },
  '077': {
    ...common,
    variant: 'inter-400',
    bankCode: '077',
    occurrenceCode: [90, 91],
    occurrenceDate: [92, 97, 'ddmmyy'],
    seuNumero: [98, 107],
    dueDate: [119, 124, 'ddmmyy'],
    faceValue: [125, 137],
    nossoNumero: [71, 81],
    fee: null,
    paid: [160, 172],
    interest: [],
    discount: [],
    creditDate: [173, 178, 'ddmmyy'],
    payerName: [182, 221],
    occurrences: INTER_400,
  },
  '097': {
    ...common,
    variant: 'credisis-400',
    bankCode: '097',
    nossoNumero: [63, 73],
    fee: [182, 188],
    creditDate: [176, 181, 'ddmmyy'],
    occurrences: BB_CBR643,
  },
  '224': { ...fibraFamily, variant: 'fibra-400', bankCode: '224' },
  '643': { ...fibraFamily, variant: 'pine-400', bankCode: '643' },
  '246': { ...fibraFamily, variant: 'abc-400', bankCode: '246' },
  '435': {
    ...fibraFamily,
    variant: 'delbank-400',
    bankCode: '435',
    interest: common.interest,
  },
  '633': { ...fibraFamily, variant: 'rendimento-400', bankCode: '633' },
  '084': {
    ...common,
    variant: 'uniprime-400',
    bankCode: '084',
    nossoNumero: [71, 82],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    occurrences: UNIPRIME_400,
  },
  '399': {
    ...common,
    variant: 'hsbc-400',
    bankCode: '399',
    otherLayoutHeader: {
      span: [12, 26],
      value: 'COBRANCA CNR',
      detail: 'HSBC unregistered collection (CNR), whose titles carry no credit date',
    },
    nossoNumero: [127, 137],
    fee: [176, 188],
    interest: interestOnly,
    creditDate: { header: [120, 125, 'ddmmyy'] },
    occurrences: HSBC_400,
  },
  '712': {
    ...common,
    variant: 'ourinvest-400',
    bankCode: '712',
    nossoNumero: [71, 82],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    occurrences: OURINVEST_400,
  },
  '136': { ...UNICRED_LAYOUT, bankCode: '136' },
  '422': {
    ...common,
    variant: 'safra-400',
    bankCode: '422',
    nossoNumero: [63, 71],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    occurrences: SAFRA_400,
  },
  '336': {
    ...common,
    variant: 'c6-400',
    bankCode: '336',
    headerDate: [125, 130, 'ddmmyy'],
    nossoNumero: [63, 73],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    occurrences: C6_400,
  },
  '085': {
    ...common,
    variant: 'ailos-400',
    bankCode: '085',
    detailType: '7',
    nossoNumero: [64, 80],
    fee: [182, 188],
    creditDate: [176, 181, 'ddmmyy'],
    occurrences: BB_CBR643,
  },
  '133': {
    ...common,
    variant: 'cresol-400',
    bankCode: '133',
    nossoNumero: [71, 82],
    fee: [176, 188],
    creditDate: [296, 301, 'ddmmyy'],
    occurrences: CRESOL_400,
  },
  '021': {
    ...common,
    variant: 'banestes-400',
    bankCode: '021',
    nossoNumero: [63, 70],
    fee: [176, 188],
    creditDate: 'occurrence',
    occurrences: BANESTES_400,
  },
};

/**
 * The layout of a return whose header names `bankCode`, chosen by the records' structure where one code covers
 * several layouts. Header 001, when every title (record type 1 or 7) is a type-1 record:
 * - 46–62 a 17-digit nosso número and 63–73 blank: Unicred's own layout (Unicred writes BB's code, its
 *   clearing bank, in some returns);
 * - 63–73 eleven digits and 74 a check digit (a digit or “X”): BB's layout for convênios of up to 6 digits;
 * otherwise BB's CBR643 (type-7 titles, convênio of 7 digits), whose type-1 records are refused as another
 * layout. Unicred's manual reserves 63–73 as blanks and BB writes its nosso número there, so the two type-1
 * shapes cannot be confused. Null for a bank not listed.
 */
export function layoutFor(bankCode: string, texts: readonly string[]): Layout400 | null {
  if (bankCode === '001') {
    const titles = texts.slice(1).filter((t) => t.charAt(0) === '1' || t.charAt(0) === '7');
    if (titles.length > 0 && titles.every((t) => t.charAt(0) === '1')) {
      if (titles.every(isUnicredShape)) return { ...UNICRED_LAYOUT, bankCode };
      if (titles.every(isBbPos6Shape)) return BB_POS6_LAYOUT;
    }
  }
  return LAYOUTS_400[bankCode] ?? null;
}

function isUnicredShape(t: string): boolean {
  return /^\d{17}$/.test(t.slice(45, 62)) && t.slice(62, 73).trim() === '';
}

function isBbPos6Shape(t: string): boolean {
  return /^\d{11}[\dX]$/.test(t.slice(62, 74));
}
