/**
 * A CNAB return file (“arquivo retorno” of boleto collection): what the bank says happened to each title
 * (boleto) the gym registered. Read by `parseCnabReturn` (`parse-cnab.ts`); layouts in docs/import.md,
 * “CNAB return files”.
 */

/** Record length of the layout: FEBRABAN 240 (segments T/U) or a bank's own 400. */
export type CnabLayout = '240' | '400';

/** What the first line says: the layout, the bank, and whether it is a return (retorno) or a remessa. */
export interface HeaderInfo {
  layout: CnabLayout;
  bankCode: string;
  direction: 'retorno' | 'remessa';
}

/**
 * The layout variant read, for messages and tests: `febraban-240`, or the 400 layout of one bank
 * (`itau-400`, `bradesco-400`, `bb-cbr643`, `santander-400`, `caixa-400`, `sicoob-400`, `sicredi-400`).
 */
export type CnabVariant =
  | 'febraban-240'
  | 'itau-400'
  | 'bradesco-400'
  | 'bb-cbr643'
  | 'santander-400'
  | 'caixa-400'
  | 'sicoob-400'
  | 'sicredi-400'
  // [S] CNAB 240 banks whose segment T is not FEBRABAN's (layouts-240.ts, docs/cnab-240.md).
  | 'itau-240'
  | 'santander-240'
  // [S] CNAB 400 of the banks added in layouts-400.ts (docs/cnab-400.md).
  | 'bnb-400'
  | 'banrisul-400'
  | 'brb-400'
  | 'inter-400'
  | 'credisis-400'
  | 'fibra-400'
  | 'pine-400'
  | 'abc-400'
  | 'delbank-400'
  | 'hsbc-400'
  | 'ourinvest-400'
  | 'unicred-400'
  | 'safra-400'
  | 'c6-400'
  | 'ailos-400'
  | 'cresol-400'
  | 'banestes-400'
  | 'rendimento-400'
  | 'uniprime-400'
  // [S] Banco do Brasil 400 for convênios of up to 6 digits (type-1 titles; docs/cnab-400.md).
  | 'bb-cbr643-pos6';

/**
 * What an occurrence means for reconciliation. Only `settlement` is money received (`isSettlement`); the
 * others are listed so the clerk sees them, never counted as money.
 */
export type CnabOccurrenceKind =
  | 'settlement' // liquidação: the payer paid
  | 'entry' // entrada confirmada: the bank registered the title
  | 'rejected' // entrada / instrução / baixa rejeitada
  | 'writeoff' // baixa: the title left the collection without a payment in this record
  | 'fee' // tarifa / custas debited
  | 'other'; // alterations, protest steps, “em ser”, codes this table does not know

/** One detail record (400) or one T+U pair (240): one occurrence of one title. */
export interface CnabTitle {
  /** 1-based line of the detail record (400) or of segment T (240) in the file. */
  line: number;
  /** Occurrence (movement) code as written, two characters (“06”). */
  occurrenceCode: string;
  /** The bank's words for it (pt-BR), or “Ocorrência NN” for a code the table does not know. */
  occurrence: string;
  occurrenceKind: CnabOccurrenceKind;
  /** True only for a settlement (liquidação): the only occurrence that is money. */
  isSettlement: boolean;
  /** Nosso número as written (leading zeros and check digit kept, spaces trimmed). */
  nossoNumero: string;
  /** Seu número / número do documento (the gym's reference), trimmed; null when blank. */
  seuNumero: string | null;
  /** Payer's name when the layout carries it (240 segment T, Itaú 400), trimmed; else null. */
  payerName: string | null;
  /** Payer's CPF (11 digits) or CNPJ (14 digits) when the layout carries it (240 segment T); else null. */
  payerDocument: string | null;
  /** Due date (vencimento) YYYY-MM-DD, null when zero or blank. */
  dueDate: string | null;
  /** Face value (valor nominal do título), in cents. */
  faceValueCents: number;
  /** Amount the payer paid (valor pago/recebido), in cents. Null unless `isSettlement`. */
  paidCents: number | null;
  /** Interest + fine paid (juros de mora + multa, as the layout gives them), in cents. Null unless settled. */
  interestFineCents: number | null;
  /** Discount + rebate granted (desconto + abatimento), in cents. Null unless settled. */
  discountCents: number | null;
  /** Net amount credited to the account (240 segment U “valor líquido”); null in 400 and unless settled. */
  creditedCents: number | null;
  /** Bank fee (tarifa/despesa de cobrança) of this occurrence, in cents; 0 when none. */
  feeCents: number;
  /** Occurrence date (data da ocorrência / do pagamento) YYYY-MM-DD, null when zero or blank. */
  paidDate: string | null;
  /** Date the money is credited (data de crédito) YYYY-MM-DD; null when blank or unless settled. */
  creditDate: string | null;
}

/** How many titles had each occurrence code: the summary shown before anything is reconciled. */
export interface CnabOccurrenceCount {
  code: string;
  occurrence: string;
  kind: CnabOccurrenceKind;
  isSettlement: boolean;
  count: number;
}

/** A line that is not a title and was left out on purpose (a 240 segment other than T/U, an Itaú Pix record). */
export interface CnabSkippedLine {
  line: number;
  reason: string;
}

/**
 * Something tolerated while reading (a field that carries no money, date of credit, title identity or count:
 * a placeholder header date, a line one blank longer, an unknown extra record type): the file is read and
 * the clerk is told. `code` is translated under `import.notices.cnab.*`; `message` is the English fallback.
 */
export interface CnabNotice {
  code: string;
  message: string;
  params?: Record<string, string | number>;
}

export interface CnabReturn {
  /** FEBRABAN bank code, three digits (“341”, “001”…). */
  bankCode: string;
  layout: CnabLayout;
  variant: CnabVariant;
  /** Date the bank wrote the file (header), YYYY-MM-DD; null when zero or blank. */
  fileDate: string | null;
  /** Every title occurrence, in file order; settlements and the rest alike. */
  titles: CnabTitle[];
  /** Titles per occurrence code, in order of first appearance. */
  occurrences: CnabOccurrenceCount[];
  skipped: CnabSkippedLine[];
  /** What was tolerated while reading, for the clerk (none when the file is as its layout says). */
  notices: CnabNotice[];
}
