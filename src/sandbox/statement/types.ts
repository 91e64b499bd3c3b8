export type StatementFormat = 'ofx' | 'csv' | 'xlsx';
export type NoiseLevel = 'low' | 'default' | 'high';

export interface StatementOptions {
  bankAccountId: number;
  /** `yyyy-mm-dd`, inclusive; clamped to the start of the data window. */
  from: string;
  /** `yyyy-mm-dd`, inclusive; clamped to the sandbox's today (no statement of the future). */
  to: string;
  format: StatementFormat;
  noise?: NoiseLevel;
  /** Seed of the statement noise; defaults to the sandbox seed. Payments always come from the data. */
  seed?: number;
  /**
   * `some` (default): by the noise level, some days' boletos come as one aggregated credit (“LIQUIDACAO DE
   * COBRANCA N TIT”); `all`: every day with two or more boletos does, as banks that credit collection once a
   * day write it (bench/matching/return-files.ts).
   */
  boletoLumps?: 'some' | 'all';
}

/** Why a line is on the statement. Only `payment`, `card-lump` and `boleto-lump` pay receivables. */
export type LineKind =
  | 'payment'
  | 'card-lump'
  | 'boleto-lump'
  | 'unknown-payer'
  | 'duplicate-payment'
  | 'unrelated-credit'
  | 'transfer-between-accounts'
  | 'refund'
  | 'debit'
  | 'balance';

/** One transaction of the plan, before any file format is chosen. */
export interface StatementEntry {
  date: string;
  /** Minutes after midnight, for ordering and OFX DTPOSTED. */
  minutes: number;
  amountCents: number;
  description: string;
  kind: LineKind;
  receivableIds: number[];
  fitid: string;
  document: string;
}

export interface GroundTruthLine {
  /** Position among the file's lines (transactions, plus balance rows in CSV/XLSX), from 0. */
  index: number;
  /** 1-based physical line (CSV) or sheet row (XLSX); null for OFX. */
  row: number | null;
  /** OFX FITID; null for CSV/XLSX. */
  fitid: string | null;
  date: string;
  amountCents: number;
  description: string;
  kind: LineKind;
  /** Receivables this line pays; empty for noise, debits and balance rows. */
  receivableIds: number[];
}

export interface StatementGroundTruth {
  bankAccountId: number;
  bankCode: number;
  from: string;
  to: string;
  format: StatementFormat;
  noise: NoiseLevel;
  seed: number;
  openingBalanceCents: number;
  closingBalanceCents: number;
  lines: GroundTruthLine[];
}

export interface StatementFile {
  fileName: string;
  mediaType: string;
  bytes: Buffer;
  groundTruth: StatementGroundTruth;
}

/** The computed statement, shared by the three writers. */
export interface StatementPlan {
  bankAccountId: number;
  bankCode: number;
  bankName: string;
  agency: string;
  account: string;
  from: string;
  to: string;
  /** Date the file claims to be generated (the data's today). */
  generatedOn: string;
  openingBalanceCents: number;
  entries: StatementEntry[];
  /** Closing balance of each day that has entries. */
  dailyClosing: Map<string, number>;
  closingBalanceCents: number;
}
