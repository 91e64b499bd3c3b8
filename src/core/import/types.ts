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
}

/** A non-transaction row that was left out on purpose (footer text, a zero line): reported, not hidden. */
export interface SkippedRow {
  line: number;
  reason: string;
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

export interface ParseOptions {
  /** The clerk's mapping: obeyed as given (a file it does not fit is a validation error). */
  mapping?: Mapping | undefined;
  /** Tried in order before detection: the account's saved profiles first, then its bank's starters. */
  profiles?: ProfileCandidate[] | undefined;
  onProgress?: ((done: number, total: number) => void) | undefined;
}
