import type { Db } from '../db/open-db';
import type { LineKind, Rejected, StatementFormat } from '../../shared/contract/import';
import type { ParsedLine } from './types';

export interface BankAccountRow {
  id: number;
  description: string;
  bank_code: number | null;
  agency: string | null;
  account: string | null;
}

export interface StatementRow {
  id: number;
  bank_account_id: number;
  file_name: string;
  sha256: string;
  format: StatementFormat;
  imported_at: string;
  period_from: string | null;
  period_to: string | null;
  line_count: number;
  credit_count: number;
  debit_count: number;
  balance_count: number;
  inserted_count: number;
  known_count: number;
  rejected_count: number;
}

export interface ProfileRow {
  id: number;
  bank_account_id: number;
  signature: string;
  name: string;
  format: string;
  mapping_json: string;
  updated_at: string;
}

export interface NewStatement {
  bankAccountId: number;
  fileName: string;
  sha256: string;
  byteSize: number;
  format: StatementFormat;
  encoding: string | null;
  mappingJson: string;
  mappingSource: string;
  importedAt: string;
  periodFrom: string | null;
  periodTo: string | null;
  counts: Record<LineKind, number>;
  rejected: Rejected[];
}

/** The only SQL of the import feature. Callers own the transaction. */
export const importRepo = {
  bankAccount: (db: Db, id: number) =>
    db
      .prepare('SELECT id, description, bank_code, agency, account FROM bank_accounts WHERE id = ?')
      .get(id) as BankAccountRow | undefined,

  bankAccounts: (db: Db) =>
    db
      .prepare('SELECT id, description, bank_code, agency, account FROM bank_accounts WHERE inactive = 0')
      .all() as BankAccountRow[],

  /** The account a file identification was confirmed for, if any. */
  accountOfHint: (db: Db, hintKey: string) =>
    db.prepare('SELECT bank_account_id FROM bank_account_files WHERE hint_key = ?').pluck().get(hintKey) as
      number | undefined,

  /** Remember that files with this identification belong to this account (moved from any other). */
  rememberHint(
    db: Db,
    r: {
      hintKey: string;
      bankAccountId: number;
      bankCode: number | null;
      agency: string | null;
      account: string | null;
      at: string;
      by: string;
    },
  ): void {
    db.prepare(
      `INSERT INTO bank_account_files (hint_key, bank_account_id, bank_code, agency, account, confirmed_at, confirmed_by)
       VALUES (@hintKey, @bankAccountId, @bankCode, @agency, @account, @at, @by)
       ON CONFLICT (hint_key) DO UPDATE SET bank_account_id = excluded.bank_account_id,
         confirmed_at = excluded.confirmed_at, confirmed_by = excluded.confirmed_by`,
    ).run(r);
  },

  statementBySha: (db: Db, bankAccountId: number, sha256: string) =>
    db
      .prepare('SELECT id FROM statements WHERE bank_account_id = ? AND sha256 = ?')
      .get(bankAccountId, sha256) as { id: number } | undefined,

  /**
   * The one earlier statement of the account that holds every one of these line fingerprints, has exactly that
   * many lines and the same period; undefined when there is none (a line is new, or they are spread over several).
   */
  statementOfAllLines(
    db: Db,
    bankAccountId: number,
    fingerprints: readonly string[],
    period: { from: string; to: string } | null,
  ): { id: number } | undefined {
    if (!fingerprints.length) return undefined;
    const of = db
      .prepare('SELECT statement_id FROM statement_lines WHERE bank_account_id = ? AND fingerprint = ?')
      .pluck();
    const first = of.get(bankAccountId, fingerprints[0]) as number | undefined;
    if (first === undefined) return undefined;
    for (const f of fingerprints) if (of.get(bankAccountId, f) !== first) return undefined;
    const s = db
      .prepare('SELECT id, line_count, period_from, period_to FROM statements WHERE id = ?')
      .get(first) as { id: number; line_count: number; period_from: string | null; period_to: string | null };
    const samePeriod =
      (s.period_from ?? null) === (period?.from ?? null) && (s.period_to ?? null) === (period?.to ?? null);
    return s.line_count === fingerprints.length && samePeriod ? { id: s.id } : undefined;
  },

  insertStatement(db: Db, s: NewStatement): number {
    const info = db
      .prepare(
        `INSERT INTO statements (bank_account_id, file_name, sha256, byte_size, format, encoding, mapping_json,
           mapping_source, imported_at, period_from, period_to, line_count, credit_count, debit_count,
           balance_count, inserted_count, known_count, rejected_count, rejected_json)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?)`,
      )
      .run(
        s.bankAccountId,
        s.fileName,
        s.sha256,
        s.byteSize,
        s.format,
        s.encoding,
        s.mappingJson,
        s.mappingSource,
        s.importedAt,
        s.periodFrom,
        s.periodTo,
        s.counts.credit + s.counts.debit + s.counts.balance,
        s.counts.credit,
        s.counts.debit,
        s.counts.balance,
        s.rejected.length,
        JSON.stringify(s.rejected),
      );
    return Number(info.lastInsertRowid);
  },

  addCounts: (db: Db, id: number, inserted: number, known: number) =>
    db
      .prepare(
        'UPDATE statements SET inserted_count = inserted_count + ?, known_count = known_count + ? WHERE id = ?',
      )
      .run(inserted, known, id),

  /** Returns a function inserting one line; false when its fingerprint is already known for the account. */
  lineInserter(db: Db, statementId: number, bankAccountId: number): (l: ParsedLine) => boolean {
    const stmt = db.prepare(
      `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, balance_cents, kind,
         description, payer_text, payer_document, document, fitid, raw_json, fingerprint)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (bank_account_id, fingerprint) DO NOTHING`,
    );
    return (l) =>
      stmt.run(
        statementId,
        bankAccountId,
        l.position,
        l.date,
        l.amountCents,
        l.balanceCents,
        l.kind,
        l.description,
        l.payerText,
        l.payerDocument ?? null,
        l.document,
        l.fitid,
        l.rawJson,
        l.fingerprint,
      ).changes === 1;
  },

  /** Returns a lookup telling whether a fingerprint is already stored for the account (for previews). */
  knownLookup(db: Db, bankAccountId: number): (fingerprint: string) => boolean {
    const stmt = db
      .prepare('SELECT 1 FROM statement_lines WHERE bank_account_id = ? AND fingerprint = ?')
      .pluck();
    return (f) => stmt.get(bankAccountId, f) !== undefined;
  },

  statements: (db: Db, bankAccountId?: number) =>
    db
      .prepare(
        `SELECT id, bank_account_id, file_name, sha256, format, imported_at, period_from, period_to, line_count,
           credit_count, debit_count, balance_count, inserted_count, known_count, rejected_count
         FROM statements WHERE (? IS NULL OR bank_account_id = ?) ORDER BY imported_at DESC, id DESC`,
      )
      .all(bankAccountId ?? null, bankAccountId ?? null) as StatementRow[],

  /** Statements of the account in another kind of file whose period overlaps [from, to]. */
  overlapping: (db: Db, bankAccountId: number, from: string, to: string) =>
    db
      .prepare(
        `SELECT id, format, period_from, period_to FROM statements
         WHERE bank_account_id = ? AND period_from <= ? AND period_to >= ?`,
      )
      .all(bankAccountId, to, from) as Pick<StatementRow, 'id' | 'format' | 'period_from' | 'period_to'>[],

  profiles: (db: Db, bankAccountId?: number) =>
    db
      .prepare(
        `SELECT id, bank_account_id, signature, name, format, mapping_json, updated_at FROM mapping_profiles
         WHERE (? IS NULL OR bank_account_id = ?) ORDER BY updated_at DESC, id DESC`,
      )
      .all(bankAccountId ?? null, bankAccountId ?? null) as ProfileRow[],

  upsertProfile: (db: Db, p: Omit<ProfileRow, 'id'>) =>
    db
      .prepare(
        `INSERT INTO mapping_profiles (bank_account_id, signature, name, format, mapping_json, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (bank_account_id, signature) DO UPDATE SET
           name = excluded.name, format = excluded.format, mapping_json = excluded.mapping_json,
           updated_at = excluded.updated_at`,
      )
      .run(p.bank_account_id, p.signature, p.name, p.format, p.mapping_json, p.updated_at, p.updated_at),
};
