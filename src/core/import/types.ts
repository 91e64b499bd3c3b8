import type { AcquirerFile } from './acquirer/types';
import type { CnabReturn } from './cnab/types';
import type {
  ColumnRole,
  LineKind,
  Mapping,
  MAPPING_SOURCES,
  Notice,
  Rejected,
  StatementFormat,
  TableMapping,
  TextEncoding,
} from '../../shared/contract/import';

export type MappingSource = (typeof MAPPING_SOURCES)[number];

/** One line of the statement as parsed: the unit that is stored, de-duplicated and later reconciled. */
export interface ParsedLine {
  /** 1-based line (text) or row (sheet) where the clerk finds it in the file. */
  position: number;
  date: string;
  /** Signed: credits positive. For a balance row, the balance itself. */
  amountCents: number;
  balanceCents: number | null;
  kind: LineKind;
  description: string;
  payerText: string | null;
  /** A CPF/CNPJ (often masked, •••.456.789-••) the bank printed beside the payer, kept out of the name. */
  payerDocument?: string | null;
  document: string | null;
  fitid: string | null;
  /** The row as read (cells as text, or the OFX fields), JSON. */
  rawJson: string;
  problems: string[];
  fingerprint: string;
}

export interface ColumnGuess {
  index: number;
  header: string | null;
  role: ColumnRole;
  confidence: number;
  samples: string[];
  /** Parallel to `samples`: text as written, or a spreadsheet's typed date (YYYY-MM-DD) or number. */
  sampleTypes?: ('text' | 'number' | 'date')[];
}

/** A non-transaction row that was left out on purpose (footer text, a zero line): reported, not hidden. */
export interface SkippedRow {
  line: number;
  reason: string;
}

/**
 * Whose account the file says it is, when it says: OFX BANKID/BRANCHID/ACCTID, or a preamble's "Agência 1234
 * Conta 56789-0". Compared with the chosen bank account by `account-hint.ts`.
 */
export interface AccountHint {
  /** FEBRABAN bank code (341 Itaú, 1 Banco do Brasil, 237 Bradesco…) when the file gives it. */
  bankCode: number | null;
  /** Agency as written (digits, maybe a check digit after a dash), or null. */
  agency: string | null;
  /** Account number as written (digits, maybe a check digit after a dash), or null. */
  account: string | null;
  source: 'ofx' | 'preamble';
}

/** One statement of a file that holds several (an OFX with two STMTRS); the lines come from one of them only. */
export interface StatementChoice {
  index: number;
  accountHint: AccountHint | null;
  /** CURDEF of that statement (BRL, USD…), null when the file does not say. */
  currency: string | null;
  /** Transactions in it (credits and debits). */
  lineCount: number;
  period: { from: string; to: string } | null;
}

export interface ParseResult {
  format: StatementFormat;
  encoding: TextEncoding | null;
  declaredEncoding: string | null;
  sheets: string[];
  mapping: Mapping;
  mappingSource: MappingSource;
  profileName: string | null;
  confidence: number;
  columns: ColumnGuess[];
  lines: ParsedLine[];
  rejected: Rejected[];
  skipped: SkippedRow[];
  notices: Notice[];
  period: { from: string; to: string } | null;
  /** What identifies this layout for a saved profile (normalized column titles); null for headerless. */
  signature: string;
  /** Whose account the file (or the chosen statement of it) says it is; null when it does not say. */
  accountHint: AccountHint | null;
  /** Every statement of a file holding several (OFX with several STMTRS); [] for a single one. */
  statements: StatementChoice[];
  /** The statement the lines come from, when `statements` has several. */
  statementIndex: number | null;
  /** A CNAB return file (format `cnab`): its titles; `lines` is then empty. */
  returnFile?: CnabReturn | undefined;
  /** An acquirer settlement file (format `acquirer`, [J]): its sales and payments; `lines` is then empty. */
  acquirerFile?: AcquirerFile | undefined;
}

/** A saved profile (one bank account) or a starter profile (one bank), ready to be tried on a file. */
export type ProfileCandidate =
  | { source: 'saved' | 'starter'; name: string; kind: 'table'; signature: string; mapping: TableMapping }
  | {
      source: 'starter';
      name: string;
      kind: 'table-by-header';
      /** Normalized column titles, in order, as the bank writes them. */
      headers: string[];
      /** Role → normalized title. */
      roles: Partial<Record<Exclude<ColumnRole, 'ignore' | 'description'>, string>> & {
        description: string[];
      };
      /** Pinned only where the bank's export is known; otherwise read from the values. */
      dateOrder?: TableMapping['dateOrder'];
      decimalSeparator?: TableMapping['decimalSeparator'];
    }
  | { source: 'saved' | 'starter'; name: string; kind: 'ofx'; mapping: Extract<Mapping, { kind: 'ofx' }> };

/** The bank account the clerk chose, as the cache knows it (for `account-hint.ts`). */
export interface KnownAccount {
  bankCode: number | null;
  agency: string | null;
  account: string | null;
}

export interface ParseOptions {
  /**
   * A file with several statements: which one to read. Without it, the one whose account matches `account`; if
   * none or several match, parsing fails with `import.several_statements` (the clerk chooses).
   */
  statementIndex?: number | undefined;
  /** The bank account the clerk chose: picks the matching statement of a file that holds several. */
  account?: KnownAccount | undefined;
  /** The clerk's mapping: obeyed as given (a file it does not fit is a validation error). */
  mapping?: Mapping | undefined;
  /** Tried in order before detection: the account's saved profiles first, then its bank's starters. */
  profiles?: ProfileCandidate[] | undefined;
  onProgress?: ((done: number, total: number) => void) | undefined;
}
