/**
 * An acquirer settlement file ([J]): what the card acquirer (Cielo, Rede, Stone, Getnet) says it sold and paid for the
 * gym. Read by `parseAcquirerFile` (parse-acquirer.ts); layouts and the source of every field in
 * docs/import.md, “Acquirer settlement files”. Money in cents (signed: a debit such as a chargeback or the
 * POS rent is negative), dates YYYY-MM-DD.
 */

export type Acquirer = 'cielo' | 'rede' | 'stone' | 'getnet' | 'pagseguro';

/**
 * The layout read: Cielo EDI (“extrato eletrônico”) v15 (700 positions, records D/E) and the older 250-position
 * layout of manuals 13 and 14 (records 1 = RO, 2 = CV), Rede EEVC (credit sales), EEVD (debit sales), EEFI
 * (financial), Stone XML 2.2, Getnet “extrato eletrônico” v10 (400 positions), PagBank (PagSeguro) “Extrato EDI” as
 * the JSON its EDI API returns.
 */
export type AcquirerLayout =
  | 'cielo-edi-13'
  | 'cielo-edi-14'
  | 'cielo-edi-15'
  | 'rede-eevc'
  | 'rede-eevd'
  | 'rede-eefi'
  | 'stone-xml-2.2'
  | 'getnet-v10'
  | 'pagseguro-edi-json';

export const ACQUIRER_LAYOUTS: readonly AcquirerLayout[] = [
  'cielo-edi-13',
  'cielo-edi-14',
  'cielo-edi-15',
  'rede-eevc',
  'rede-eevd',
  'rede-eefi',
  'stone-xml-2.2',
  'getnet-v10',
  'pagseguro-edi-json',
];

/** The acquirer's name as the clerk knows it (refusals and notices). */
export const ACQUIRER_NAMES: Record<Acquirer, string> = {
  cielo: 'Cielo',
  rede: 'Rede',
  stone: 'Stone',
  getnet: 'Getnet',
  pagseguro: 'PagBank',
};

/** Card product: debit, credit (à vista or installments), voucher (meal/food cards); null when not said. */
export type CardProduct = 'debit' | 'credit' | 'voucher';

/**
 * What a row is. Only `sale` rows are tied to receivables; the others change what a payment pays and are
 * listed with it (never matched to a member): a cancellation or chargeback taken back, an adjustment, the
 * POS rent, or a Rede EEFI credit of a whole sales summary (`summary`, explained by its sales in EEVC/EEVD).
 */
export type AcquirerRowKind =
  'sale' | 'summary' | 'cancellation' | 'chargeback' | 'adjustment' | 'rent' | 'other';

/** One sale (or one installment of it), or one adjustment, as the file gives it. */
export interface AcquirerSale {
  /** 1-based line of the record (for XML: the position of the element among the file's rows). */
  line: number;
  kind: AcquirerRowKind;
  /** NSU / DOC / Stone's AcquirerTransactionKey, as written (leading zeros kept); null when blank. */
  nsu: string | null;
  /** Authorization code given by the issuer; null when blank. */
  authorization: string | null;
  /** TID (e-commerce) or Stone's InitiatorTransactionKey; null when blank. */
  tid: string | null;
  /** Brand, normalized like the engine's card flags (visa, mastercard, elo, amex, hipercard, diners, ...); null: not said. */
  brand: string | null;
  product: CardProduct | null;
  grossCents: number;
  feeCents: number;
  netCents: number;
  /** Day of the sale (capture or authorization); null when the layout does not give it. */
  saleDate: string | null;
  /** Day the money is (or was) credited: the batch's date when the row belongs to a batch. */
  paymentDate: string | null;
  /** Installment n of N (null/null: paid at once). */
  installment: number | null;
  installments: number | null;
  /** Key of the payment batch the row is paid in (Cielo UR key, Rede RV, Stone PaymentId); null: none. */
  batchRef: string | null;
  /** Rede sales summary (RV) the row belongs to, `PV/RV`: links EEFI credits to EEVC/EEVD sales. */
  summaryRef: string | null;
  /** The acquirer's words for an adjustment or what the row is, when it says. */
  description: string | null;
}

/** One payment batch: money the acquirer credits (or forecasts) into one bank account on one day. */
export interface AcquirerPayment {
  line: number;
  /** The batch key its rows carry in `batchRef`. */
  ref: string;
  paymentDate: string;
  netCents: number;
  grossCents: number | null;
  feeCents: number | null;
  brand: string | null;
  product: CardProduct | null;
  bankCode: string | null;
  agency: string | null;
  account: string | null;
  /** True when the file says the money was paid (Cielo status “pago”, Stone Payments, Rede EEFI); false: forecast. */
  settled: boolean;
}

export interface AcquirerNotice {
  code: string;
  message: string;
  params?: Record<string, string | number>;
}

export interface AcquirerSkipped {
  line: number;
  reason: string;
}

export interface AcquirerFile {
  acquirer: Acquirer;
  layout: AcquirerLayout;
  /** What the file is for, in the acquirer's words (Cielo “03 vendas” / “04 pagamentos”, Rede “EEVC”...). */
  fileKind: string;
  /** Date the acquirer wrote (or refers) the file, YYYY-MM-DD; null when absent. */
  fileDate: string | null;
  /** Merchant id: Cielo establishment, Rede PV, Stone StoneCode. */
  merchant: string | null;
  sales: AcquirerSale[];
  payments: AcquirerPayment[];
  /** Rows the file's own trailer counts (null when the layout has no such count): checked against `sales`. */
  declaredRows: number | null;
  /** What the clerk must know: fields Quita could not read with certainty, rows left out. */
  notices: AcquirerNotice[];
  skipped: AcquirerSkipped[];
}
