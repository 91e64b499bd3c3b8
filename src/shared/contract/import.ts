import { z } from 'zod';
import { centsSchema, isoDateSchema } from '../domain';
import { acquirerFileSummarySchema } from './acquirer';
import { defineCommand } from './define';
import { matchSummarySchema } from './matching';

/** What kind of file arrived, as recognised from its bytes (never from its name). */
/** `cnab`: a CNAB 240/400 boleto return file, stored as a return file (never as a statement): see returnFile. */
/** `acquirer`: a card acquirer's settlement file (Cielo, Rede, Stone), stored as such ([J]): see acquirerFile. */
/** `pix`: lines read from a bank's Pix API by a bank feed ([U], core/feeds/), not from a file. */
export const STATEMENT_FORMATS = [
  'ofx',
  'csv',
  'xlsx',
  'xls',
  'ods',
  'html',
  'cnab',
  'acquirer',
  'pix',
] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** Only credits are reconciled; debits and balance rows are kept, visible and labelled. */
export const LINE_KINDS = ['credit', 'debit', 'balance'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const TEXT_ENCODINGS = ['utf-8', 'windows-1252', 'utf-16le', 'utf-16be'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

export const DELIMITERS = [';', ',', '\t', '|'] as const;
export const COLUMN_ROLES = [
  'date',
  'description',
  'amount',
  'credit',
  'debit',
  'direction',
  'document',
  'balance',
  'ignore',
] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

const column = z.number().int().min(0).max(255);

/**
 * How to read a spreadsheet-like file (CSV, XLSX, XLS, ODS, HTML table). Columns are 0-based indexes, rows
 * 1-based as the clerk sees them in Excel. Either `amountColumn` or at least one of `creditColumn` /
 * `debitColumn` must be set.
 */
export const tableMappingSchema = z
  .object({
    kind: z.literal('table'),
    /** Workbook sheet; null for text files. */
    sheet: z.string().max(200).nullable(),
    /** Text files only (CSV/HTML); null for workbooks, or to decide from the bytes. */
    encoding: z.enum(TEXT_ENCODINGS).nullable(),
    delimiter: z.enum(DELIMITERS).nullable(),
    /** 1-based row of the column titles; null when the file has none. */
    headerRow: z.number().int().min(1).nullable(),
    dateColumn: column,
    descriptionColumns: z.array(column).min(1).max(4),
    amountColumn: column.nullable(),
    creditColumn: column.nullable(),
    debitColumn: column.nullable(),
    /** A column holding C/D (or +/-) that gives the sign of an unsigned amount. */
    directionColumn: column.nullable(),
    documentColumn: column.nullable(),
    balanceColumn: column.nullable(),
    dateOrder: z.enum(['dmy', 'mdy', 'ymd']),
    decimalSeparator: z.enum([',', '.']),
  })
  .refine((m) => m.amountColumn !== null || m.creditColumn !== null || m.debitColumn !== null, {
    message: 'choose an amount column, or a credit and/or debit column',
    path: ['amountColumn'],
  });
export type TableMapping = z.infer<typeof tableMappingSchema>;

export const ofxMappingSchema = z.object({
  kind: z.literal('ofx'),
  /** Null: decided from the bytes (the CHARSET header is often wrong). */
  encoding: z.enum(TEXT_ENCODINGS).nullable(),
  /** Where the payer's name is: most Brazilian banks put it in MEMO, some in NAME. */
  payerField: z.enum(['auto', 'memo', 'name']),
});
export type OfxMapping = z.infer<typeof ofxMappingSchema>;

export const mappingSchema = z.discriminatedUnion('kind', [tableMappingSchema, ofxMappingSchema]);
export type Mapping = z.infer<typeof mappingSchema>;

export const MAPPING_SOURCES = ['detected', 'saved', 'starter', 'override'] as const;

/** A file-level remark (not a row problem): a lying CHARSET, currency BRC, a profile that did not fit. */
export const noticeSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const rejectedSchema = z.object({
  /** 1-based line (text files, OFX) or row (workbooks) as the clerk sees it. */
  line: z.number().int(),
  /** English, for the log and the stored import; the screens word `code` with `params` instead ([T]). */
  reason: z.string(),
  /** `row.no_date`, `row.bad_date.not_calendar`, `row.bad_amount.not_amount`…: `importing.rejects.*` words it. */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Rejected = z.infer<typeof rejectedSchema>;

export const columnGuessSchema = z.object({
  index: column,
  header: z.string().nullable(),
  role: z.enum(COLUMN_ROLES),
  /** 0–1: how sure the detection is; 1 when it comes from a saved profile or the clerk. */
  confidence: z.number().min(0).max(1),
  /** A few raw values, so the screen can show what the column holds. */
  samples: z.array(z.string()),
  /**
   * Parallel to `samples`: `text` as the file wrote it, or a spreadsheet's typed cell — `date` (the sample is
   * YYYY-MM-DD, not Excel's serial number) or `number` (plain JavaScript notation) — shown in the clerk's language.
   */
  sampleTypes: z.array(z.enum(['text', 'number', 'date'])).optional(),
});

export const previewLineSchema = z.object({
  position: z.number().int(),
  date: isoDateSchema,
  amountCents: centsSchema,
  balanceCents: centsSchema.nullable(),
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  payerText: z.string().nullable(),
  document: z.string().nullable(),
  fitid: z.string().nullable(),
  /** Non-fatal remarks on this row (e.g. a description cut to the maximum length). */
  problems: z.array(z.string()),
  /** Already imported for this bank account (null when no bank account was given). */
  known: z.boolean().nullable(),
});

const countsSchema = z.object({
  lines: z.number().int(),
  credits: z.number().int(),
  debits: z.number().int(),
  balances: z.number().int(),
  rejected: z.number().int(),
  /** Sum of the credits, in cents. */
  creditCents: centsSchema,
});

const importInput = z.object({
  /** From the upload staging area. */
  uploadId: z.string().min(1).max(200),
  bankAccountId: z.number().int().positive().optional(),
  /** The clerk's corrected mapping; without it a saved profile, a starter profile or detection is used. */
  mapping: mappingSchema.optional(),
  /** A file holding several statements (one OFX, two accounts): which one (0-based, as listed). */
  statementIndex: z.number().int().min(0).max(99).optional(),
});

/** Whose account a file says it is (OFX BANKID/BRANCHID/ACCTID, a preamble's "Agência … Conta …"). */
export const accountHintSchema = z.object({
  bankCode: z.number().int().nullable(),
  agency: z.string().nullable(),
  account: z.string().nullable(),
  source: z.enum(['ofx', 'preamble']),
});

export const accountCheckSchema = z.object({
  /** What the file says about its account; null when it says nothing. */
  fileAccount: accountHintSchema.nullable(),
  /**
   * The chosen account against the file: same, different (never imported without the clerk's confirmation),
   * unknown (nothing to compare), no_account (none chosen yet).
   */
  verdict: z.enum(['same', 'different', 'unknown', 'no_account']),
  /** remembered: a file of this identification was imported into an account before; bank_data: the API's data. */
  basis: z.enum(['remembered', 'bank_data']).nullable(),
  /** The account the file belongs to, when one is known: preselected on screen. */
  suggestedBankAccountId: z.number().int().nullable(),
});
export type AccountCheck = z.infer<typeof accountCheckSchema>;

export const statementChoiceSchema = z.object({
  index: z.number().int(),
  accountHint: accountHintSchema.nullable(),
  currency: z.string().nullable(),
  lineCount: z.number().int(),
  period: z.object({ from: isoDateSchema, to: isoDateSchema }).nullable(),
});

/**
 * A CNAB return file (arquivo retorno of boleto collection) read by `import.preview` / `import.commit`. It is
 * not a statement: its titles are stored as settlement records of the account (only settlements are money)
 * and explain the statement's boleto credits when matching. `id` is null in a preview.
 */
export const returnFileSummarySchema = z.object({
  id: z.number().int().nullable(),
  bankCode: z.string(),
  layout: z.enum(['240', '400']),
  variant: z.string(),
  fileDate: isoDateSchema.nullable(),
  /** Title occurrences in the file, and how many are settlements (money). */
  titles: z.number().int(),
  settlements: z.number().int(),
  /** Sum of the settlements' amount paid, and of their fees. */
  paidCents: z.number().int(),
  feeCents: z.number().int(),
  creditFrom: isoDateSchema.nullable(),
  creditTo: isoDateSchema.nullable(),
  occurrences: z.array(
    z.object({
      code: z.string(),
      occurrence: z.string(),
      kind: z.string(),
      isSettlement: z.boolean(),
      count: z.number().int(),
    }),
  ),
  /** With a bank account: titles new for it and titles an earlier return file already brought. */
  inserted: z.number().int().nullable(),
  known: z.number().int().nullable(),
  /** This very file (same SHA-256) was imported before into the account. */
  sameFile: z.boolean(),
});
export type ReturnFileSummary = z.infer<typeof returnFileSummarySchema>;

export const previewOutputSchema = z.object({
  fileName: z.string(),
  sha256: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  encoding: z.enum(TEXT_ENCODINGS).nullable(),
  /** What the file said its encoding was (OFX CHARSET, a BOM...), when it said anything. */
  declaredEncoding: z.string().nullable(),
  sheets: z.array(z.string()),
  mapping: mappingSchema,
  mappingSource: z.enum(MAPPING_SOURCES),
  /** Name of the saved or starter profile applied, if any. */
  profileName: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  columns: z.array(columnGuessSchema),
  /** The first lines as they would be imported. */
  lines: z.array(previewLineSchema),
  rejected: z.array(rejectedSchema),
  notices: z.array(noticeSchema),
  counts: countsSchema,
  period: z.object({ from: isoDateSchema, to: isoDateSchema }).nullable(),
  /** With a bank account: how many credits are new / already known (an overlapping period). */
  newCredits: z.number().int().nullable(),
  knownCredits: z.number().int().nullable(),
  /** This very file (same SHA-256) was already imported into that statement. */
  sameFileStatementId: z.number().int().nullable(),
  accountCheck: accountCheckSchema,
  /** Every statement of a file that holds several; [] for one. */
  statements: z.array(statementChoiceSchema),
  statementIndex: z.number().int().nullable(),
  /** Present when the file is a CNAB return file; `lines` then lists its settlements. */
  returnFile: returnFileSummarySchema.optional(),
  acquirerFile: acquirerFileSummarySchema.optional(),
});
export type ImportPreview = z.infer<typeof previewOutputSchema>;

export const commitOutputSchema = z.object({
  statementId: z.number().int(),
  /** New credits, i.e. new lines to reconcile (debits and balance rows are not counted here). */
  imported: z.number().int(),
  /** Credits that were already imported before (same file again, or an overlapping period). */
  alreadyKnown: z.number().int(),
  rejected: z.array(rejectedSchema),
  /** Every kind, for the summary: what was inserted and what was already there. */
  inserted: z.object({ credits: z.number().int(), debits: z.number().int(), balances: z.number().int() }),
  known: z.object({ credits: z.number().int(), debits: z.number().int(), balances: z.number().int() }),
  /** True when this exact file had been imported before; the existing statement is reused. */
  sameFile: z.boolean(),
  profileSaved: z.boolean(),
  notices: z.array(noticeSchema),
  accountCheck: accountCheckSchema,
  /** Suggestions made right after the import (null when they could not be made; a notice says why). */
  suggestions: matchSummarySchema.nullable(),
  /**
   * Present when the file was a CNAB return file: stored as a return file, not a statement (`statementId` is
   * then 0; `imported` / `alreadyKnown` count its settlements). Suggestions are those of the account's
   * statement its credit dates fall in, matched again with the settlements.
   */
  returnFile: returnFileSummarySchema.optional(),
  acquirerFile: acquirerFileSummarySchema.optional(),
});
export type ImportCommitResult = z.infer<typeof commitOutputSchema>;

export const statementSummarySchema = z.object({
  id: z.number().int(),
  bankAccountId: z.number().int(),
  fileName: z.string(),
  sha256: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  importedAt: z.string(),
  periodFrom: isoDateSchema.nullable(),
  periodTo: isoDateSchema.nullable(),
  lineCount: z.number().int(),
  creditCount: z.number().int(),
  debitCount: z.number().int(),
  balanceCount: z.number().int(),
  insertedCount: z.number().int(),
  knownCount: z.number().int(),
  rejectedCount: z.number().int(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const mappingProfileSchema = z.object({
  /** Null for starter profiles, which ship with Quita and are not stored. */
  id: z.number().int().nullable(),
  source: z.enum(['saved', 'starter']),
  bankAccountId: z.number().int().nullable(),
  bankCode: z.number().int().nullable(),
  name: z.string(),
  format: z.string(),
  /** Column titles the profile expects (empty for OFX). */
  headers: z.array(z.string()),
  mapping: mappingSchema.nullable(),
  notes: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MappingProfileInfo = z.infer<typeof mappingProfileSchema>;

export const importCommands = {
  'import.preview': defineCommand({
    summary: 'Read an uploaded bank statement and show how it would be imported (nothing is saved)',
    input: importInput,
    output: previewOutputSchema,
  }),
  'import.commit': defineCommand({
    summary: 'Import an uploaded bank statement into a bank account, all lines or none',
    input: importInput.extend({
      bankAccountId: z.number().int().positive(),
      /** Remember the mapping for this bank account (default true). */
      saveProfile: z.boolean().optional(),
      /** The clerk confirms the file is this account's although it names another (accountCheck 'different'). */
      confirmAccount: z.boolean().optional(),
    }),
    output: commitOutputSchema,
  }),
  'import.statements': defineCommand({
    summary: 'List the imported bank statements',
    input: z.object({ bankAccountId: z.number().int().positive().optional() }),
    output: z.object({
      statements: z.array(
        statementSummarySchema.extend({
          /** Receivables of its lines queued or sent to EVO: such a statement cannot be removed. */
          sentCount: z.number().int(),
        }),
      ),
    }),
  }),
  'import.returnFiles': defineCommand({
    summary: 'List the imported CNAB return files (boleto settlements), newest first',
    input: z.object({ bankAccountId: z.number().int().positive().optional() }),
    output: z.object({
      returnFiles: z.array(
        returnFileSummarySchema.extend({
          id: z.number().int(),
          bankAccountId: z.number().int(),
          fileName: z.string(),
          importedAt: z.string(),
        }),
      ),
    }),
  }),
  'import.remove': defineCommand({
    summary:
      'Remove an imported statement with its lines and their suggestions, when none of its lines was queued or sent (audited)',
    input: z.object({ statementId: z.number().int().positive() }),
    output: z.object({
      statementId: z.number().int(),
      fileName: z.string(),
      bankAccountId: z.number().int(),
      periodFrom: isoDateSchema.nullable(),
      periodTo: isoDateSchema.nullable(),
      lines: z.number().int(),
      credits: z.number().int(),
      matchesDiscarded: z.number().int(),
      approvedDiscarded: z.number().int(),
      /** Other statements over the same days whose already-known lines went with this one (import them again). */
      overlapping: z.array(z.string()),
    }),
  }),
  'import.profiles': defineCommand({
    summary: 'List the saved and starter mapping profiles for statement files',
    input: z.object({ bankAccountId: z.number().int().positive().optional() }),
    output: z.object({ profiles: z.array(mappingProfileSchema) }),
  }),
};
