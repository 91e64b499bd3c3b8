/**
 * The SQL of return files (migration 008): the file row, its titles, and the settlements matching reads.
 * Callers own the transaction.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/open-db';
import type { CnabReturn, CnabTitle } from '../cnab/types';

export interface ReturnFileRow {
  id: number;
  bank_account_id: number;
  file_name: string;
  sha256: string;
  bank_code: string;
  layout: '240' | '400';
  variant: string;
  file_date: string | null;
  imported_at: string;
  credit_from: string | null;
  credit_to: string | null;
  title_count: number;
  settlement_count: number;
  inserted_count: number;
  known_count: number;
  occurrences_json: string;
}

/** A stored title as matching and the match lines read it. */
export type ReturnTitleRow = Omit<CnabTitle, 'line' | 'occurrenceKind' | 'faceValueCents'> & {
  id: number;
  returnFileId: number;
  bankAccountId: number;
  faceCents: number;
};

/**
 * The identity of a title occurrence across return files of one account: bank, nosso número, occurrence
 * code, occurrence date, amount paid (or face value) + the index among identical ones of this file. Banks
 * resend a day's return, and a weekly file repeats the daily ones: the same settlement is stored once.
 */
export function titleFingerprints(r: CnabReturn): string[] {
  const seen = new Map<string, number>();
  return r.titles.map((t) => {
    const key = `${r.bankCode}|${t.nossoNumero}|${t.occurrenceCode}|${t.paidDate ?? ''}|${t.paidCents ?? t.faceValueCents}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return createHash('sha256').update(`cnab1|${key}|${n}`).digest('hex');
  });
}

const TITLE_COLUMNS = `t.id, t.return_file_id AS returnFileId, t.bank_account_id AS bankAccountId,
  t.occurrence_code AS occurrenceCode, t.occurrence, t.is_settlement AS isSettlement, t.nosso_numero AS nossoNumero,
  t.seu_numero AS seuNumero, t.payer_name AS payerName, t.payer_document AS payerDocument, t.due_date AS dueDate,
  t.face_cents AS faceCents, t.paid_cents AS paidCents, t.interest_fine_cents AS interestFineCents,
  t.discount_cents AS discountCents, t.credited_cents AS creditedCents, t.fee_cents AS feeCents,
  t.paid_date AS paidDate, t.credit_date AS creditDate`;

const toTitle = (r: ReturnTitleRow & { isSettlement: number | boolean }): ReturnTitleRow => ({
  ...r,
  isSettlement: Boolean(r.isSettlement),
});

export const returnFileRepo = {
  bySha: (db: Db, bankAccountId: number, sha256: string) =>
    db
      .prepare('SELECT * FROM return_files WHERE bank_account_id = ? AND sha256 = ?')
      .get(bankAccountId, sha256) as ReturnFileRow | undefined,

  byId: (db: Db, id: number) =>
    db.prepare('SELECT * FROM return_files WHERE id = ?').get(id) as ReturnFileRow | undefined,

  /**
   * The account's earliest return file whose summary is this one's (variant, file date, titles, settlements,
   * credit range): with every title already known, the same file in other bytes (sameFile.ts).
   */
  bySummary: (
    db: Db,
    bankAccountId: number,
    f: Pick<
      ReturnFileRow,
      'variant' | 'file_date' | 'title_count' | 'settlement_count' | 'credit_from' | 'credit_to'
    >,
  ) =>
    db
      .prepare(
        `SELECT * FROM return_files WHERE bank_account_id = ? AND variant = ? AND file_date IS ? AND title_count = ?
           AND settlement_count = ? AND credit_from IS ? AND credit_to IS ? ORDER BY id LIMIT 1`,
      )
      .get(
        bankAccountId,
        f.variant,
        f.file_date,
        f.title_count,
        f.settlement_count,
        f.credit_from,
        f.credit_to,
      ) as ReturnFileRow | undefined,

  list: (db: Db, bankAccountId?: number) =>
    db
      .prepare(
        'SELECT * FROM return_files WHERE (? IS NULL OR bank_account_id = ?) ORDER BY imported_at DESC, id DESC',
      )
      .all(bankAccountId ?? null, bankAccountId ?? null) as ReturnFileRow[],

  /** Fingerprints of this account's titles already stored. */
  knownLookup(db: Db, bankAccountId: number): (fingerprint: string) => boolean {
    const stmt = db
      .prepare('SELECT 1 FROM return_titles WHERE bank_account_id = ? AND fingerprint = ?')
      .pluck();
    return (fp) => stmt.get(bankAccountId, fp) !== undefined;
  },

  insertFile(
    db: Db,
    f: Omit<ReturnFileRow, 'id' | 'inserted_count' | 'known_count'> & { byte_size: number },
  ): number {
    return Number(
      db
        .prepare(
          `INSERT INTO return_files (bank_account_id, file_name, sha256, byte_size, bank_code, layout, variant, file_date,
             imported_at, credit_from, credit_to, title_count, settlement_count, inserted_count, known_count,
             occurrences_json)
           VALUES (@bank_account_id, @file_name, @sha256, @byte_size, @bank_code, @layout, @variant, @file_date,
             @imported_at, @credit_from, @credit_to, @title_count, @settlement_count, 0, 0, @occurrences_json)`,
        )
        .run(f).lastInsertRowid,
    );
  },

  setCounts: (db: Db, id: number, inserted: number, known: number) =>
    db
      .prepare('UPDATE return_files SET inserted_count = ?, known_count = ? WHERE id = ?')
      .run(inserted, known, id),

  /** Inserts a title unless the account already has its fingerprint; true when inserted. */
  titleInserter(db: Db, returnFileId: number, bankAccountId: number) {
    const stmt = db.prepare(
      `INSERT INTO return_titles (return_file_id, bank_account_id, line, occurrence_code, occurrence, occurrence_kind,
         is_settlement, nosso_numero, seu_numero, payer_name, payer_document, due_date, face_cents, paid_cents,
         interest_fine_cents, discount_cents, credited_cents, fee_cents, paid_date, credit_date, fingerprint)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (bank_account_id, fingerprint) DO NOTHING`,
    );
    return (t: CnabTitle, fingerprint: string): boolean =>
      stmt.run(
        returnFileId,
        bankAccountId,
        t.line,
        t.occurrenceCode,
        t.occurrence,
        t.occurrenceKind,
        t.isSettlement ? 1 : 0,
        t.nossoNumero,
        t.seuNumero,
        t.payerName,
        t.payerDocument,
        t.dueDate,
        t.faceValueCents,
        t.paidCents,
        t.interestFineCents,
        t.discountCents,
        t.creditedCents,
        t.feeCents,
        t.paidDate,
        t.creditDate,
        fingerprint,
      ).changes === 1;
  },

  /** Settlements of an account credited between two dates (inclusive), in credit-date and file order. */
  settlements: (db: Db, bankAccountId: number, from: string, to: string): ReturnTitleRow[] =>
    (
      db
        .prepare(
          `SELECT ${TITLE_COLUMNS} FROM return_titles t
           WHERE t.bank_account_id = ? AND t.is_settlement = 1 AND t.credit_date BETWEEN ? AND ?
           ORDER BY t.credit_date, t.return_file_id, t.line`,
        )
        .all(bankAccountId, from, to) as (ReturnTitleRow & { isSettlement: number })[]
    ).map(toTitle),

  /** Titles by id (the match lines show a credit's titles). */
  /**
   * Receivable id → its face value (amount_cents), for the ids that are cached: what a title paid is shown beside
   * what its receivable was worth. (A read of the cache's table, kept with the titles until matching moves onto the
   * Store with them.)
   */
  faceValues(db: Db, ids: readonly number[]): Map<number, number> {
    const rows = db
      .prepare(
        'SELECT id, amount_cents AS face FROM receivables WHERE id IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify(ids)) as { id: number; face: number }[];
    return new Map(rows.map((r) => [r.id, r.face]));
  },
  titles: (db: Db, ids: number[]): ReturnTitleRow[] =>
    ids.length === 0
      ? []
      : (
          db
            .prepare(
              `SELECT ${TITLE_COLUMNS} FROM return_titles t WHERE t.id IN (SELECT value FROM json_each(?)) ORDER BY t.id`,
            )
            .all(JSON.stringify(ids)) as (ReturnTitleRow & { isSettlement: number })[]
        ).map(toTitle),

  /** Every title of one file, in file order (settlements and the rest). */
  titlesOfFile: (db: Db, returnFileId: number): ReturnTitleRow[] =>
    (
      db
        .prepare(`SELECT ${TITLE_COLUMNS} FROM return_titles t WHERE t.return_file_id = ? ORDER BY t.line`)
        .all(returnFileId) as (ReturnTitleRow & { isSettlement: number })[]
    ).map(toTitle),

  /** Statements of the account whose period touches these dates (the ones a return file can explain). */
  statementsCovering: (db: Db, bankAccountId: number, from: string, to: string) =>
    db
      .prepare(
        `SELECT id FROM statements WHERE bank_account_id = ? AND credit_count > 0
           AND period_from <= ? AND period_to >= ? ORDER BY id`,
      )
      .pluck()
      .all(bankAccountId, to, from) as number[],
};
