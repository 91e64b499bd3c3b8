/**
 * The SQL of return files (migration 008) over a Store transaction (docs/postgres.md): the file row, its titles,
 * the list and what an import checks. Callers own the transaction: a return file's row, its titles and its audit
 * entry are one `store.write` (return-file.service.ts). What matching and Conciliar read of the titles is in
 * return-titles.store.ts.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { dialectOf, insertEach, inStrings, slices, textOrder, type Tx } from '../../store/store';
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

/**
 * The advisory lock (store.ts's lockAdvisory) of an account's return files, taken by an import of one before it
 * reads whether the file or its titles are known: on PostgreSQL two imports of the same file at once would both find
 * it new (the second then fails on the file's unique SHA-256, or stores a second row for the same titles).
 */
export const returnFilesLock = (bankAccountId: number) => `return-files:${bankAccountId}`;

/** Fingerprints asked per query (one parameter each time). */
const LOOKUP_SLICE = 1000;
/** Titles per INSERT: 21 values each, under SQLite's and PostgreSQL's caps on parameters per statement. */
const INSERT_SLICE = 500;

const FILE_COLUMNS = [
  'id',
  'bank_account_id',
  'file_name',
  'sha256',
  'bank_code',
  'layout',
  'variant',
  'file_date',
  'imported_at',
  'credit_from',
  'credit_to',
  'title_count',
  'settlement_count',
  'inserted_count',
  'known_count',
  'occurrences_json',
] as const;

const TITLE_COLUMNS = sql.raw(`t.id, t.return_file_id AS "returnFileId", t.bank_account_id AS "bankAccountId",
  t.occurrence_code AS "occurrenceCode", t.occurrence, t.is_settlement AS "isSettlement",
  t.nosso_numero AS "nossoNumero", t.seu_numero AS "seuNumero", t.payer_name AS "payerName",
  t.payer_document AS "payerDocument", t.due_date AS "dueDate", t.face_cents AS "faceCents",
  t.paid_cents AS "paidCents", t.interest_fine_cents AS "interestFineCents", t.discount_cents AS "discountCents",
  t.credited_cents AS "creditedCents", t.fee_cents AS "feeCents", t.paid_date AS "paidDate",
  t.credit_date AS "creditDate"`);

const toTitle = (r: ReturnTitleRow & { isSettlement: number | boolean }): ReturnTitleRow => ({
  ...r,
  isSettlement: Number(r.isSettlement) === 1,
});

/** SQLite: one title per run of a statement compiled once (store.ts's insertEach), cheaper than built slices. */
const INSERT_TITLE = `INSERT INTO return_titles (return_file_id, bank_account_id, line, occurrence_code, occurrence,
  occurrence_kind, is_settlement, nosso_numero, seu_numero, payer_name, payer_document, due_date, face_cents, paid_cents,
  interest_fine_cents, discount_cents, credited_cents, fee_cents, paid_date, credit_date, fingerprint)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

type Summary = Pick<
  ReturnFileRow,
  'variant' | 'file_date' | 'title_count' | 'settlement_count' | 'credit_from' | 'credit_to'
>;

export const returnFileRepo = {
  bySha: (tx: Tx, bankAccountId: number, sha256: string) =>
    tx
      .selectFrom('return_files')
      .select(FILE_COLUMNS)
      .where('bank_account_id', '=', bankAccountId)
      .where('sha256', '=', sha256)
      .executeTakeFirst() as Promise<ReturnFileRow | undefined>,

  /**
   * The account's earliest return file whose summary is this one's (variant, file date, titles, settlements,
   * credit range): with every title already known, the same file in other bytes (sameFile.ts). A null column
   * matches a null (SQLite's `IS`, said as `is null` or `=` so that PostgreSQL reads it alike).
   */
  bySummary: (tx: Tx, bankAccountId: number, f: Summary) => {
    const nullable = ['file_date', 'credit_from', 'credit_to'] as const;
    let q = tx
      .selectFrom('return_files')
      .select(FILE_COLUMNS)
      .where('bank_account_id', '=', bankAccountId)
      .where('variant', '=', f.variant)
      .where('title_count', '=', f.title_count)
      .where('settlement_count', '=', f.settlement_count);
    for (const c of nullable) q = f[c] === null ? q.where(c, 'is', null) : q.where(c, '=', f[c]);
    return q.orderBy('id').limit(1).executeTakeFirst() as Promise<ReturnFileRow | undefined>;
  },

  list: (tx: Tx, bankAccountId?: number) => {
    let q = tx.selectFrom('return_files').select(FILE_COLUMNS);
    if (bankAccountId !== undefined) q = q.where('bank_account_id', '=', bankAccountId);
    return q.orderBy(textOrder(tx, 'imported_at'), 'desc').orderBy('id', 'desc').execute() as Promise<
      ReturnFileRow[]
    >;
  },

  /** Which of these fingerprints the account's stored titles have, asked in slices (each list one parameter). */
  async knownTitles(tx: Tx, bankAccountId: number, fingerprints: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const slice of slices(fingerprints, LOOKUP_SLICE)) {
      const rows = await tx
        .selectFrom('return_titles')
        .select('fingerprint')
        .where('bank_account_id', '=', bankAccountId)
        .where(inStrings(tx, 'fingerprint', slice))
        .execute();
      for (const r of rows) found.add(r.fingerprint);
    }
    return found;
  },

  async insertFile(
    tx: Tx,
    f: Omit<ReturnFileRow, 'id' | 'inserted_count' | 'known_count'> & { byte_size: number },
  ): Promise<number> {
    const row = await tx
      .insertInto('return_files')
      .values({ ...f, inserted_count: 0, known_count: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async setCounts(tx: Tx, id: number, inserted: number, known: number): Promise<void> {
    await tx
      .updateTable('return_files')
      .set({ inserted_count: inserted, known_count: known })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Insert titles the caller found new for the account (knownTitles, in this transaction, under
   * {@link returnFilesLock}), in file order: on SQLite one statement run per title, on PostgreSQL multi-row slices.
   * A fingerprint stored meanwhile fails the whole import (SQLite: the unique index; PostgreSQL: the count of rows
   * the slice stored) rather than letting the counts lie.
   */
  async insertTitles(
    tx: Tx,
    returnFileId: number,
    bankAccountId: number,
    titles: readonly { title: CnabTitle; fingerprint: string }[],
  ): Promise<void> {
    if (dialectOf(tx) === 'sqlite') {
      await insertEach(
        tx,
        INSERT_TITLE,
        titles.map(({ title: t, fingerprint }) => [
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
        ]),
      );
      return;
    }
    for (const slice of slices(titles, INSERT_SLICE)) {
      const r = await tx
        .insertInto('return_titles')
        .values(
          slice.map(({ title: t, fingerprint }) => ({
            return_file_id: returnFileId,
            bank_account_id: bankAccountId,
            line: t.line,
            occurrence_code: t.occurrenceCode,
            occurrence: t.occurrence,
            occurrence_kind: t.occurrenceKind,
            is_settlement: t.isSettlement ? 1 : 0,
            nosso_numero: t.nossoNumero,
            seu_numero: t.seuNumero,
            payer_name: t.payerName,
            payer_document: t.payerDocument,
            due_date: t.dueDate,
            face_cents: t.faceValueCents,
            paid_cents: t.paidCents,
            interest_fine_cents: t.interestFineCents,
            discount_cents: t.discountCents,
            credited_cents: t.creditedCents,
            fee_cents: t.feeCents,
            paid_date: t.paidDate,
            credit_date: t.creditDate,
            fingerprint,
          })),
        )
        .onConflict((oc) => oc.columns(['bank_account_id', 'fingerprint']).doNothing())
        .executeTakeFirst();
      const stored = Number(r.numInsertedOrUpdatedRows ?? 0);
      if (stored !== slice.length)
        throw new Error(
          `return file ${returnFileId}: ${slice.length - stored} title(s) were stored by another import meanwhile`,
        );
    }
  },

  /** Every title of one file, in file order (settlements and the rest). */
  titlesOfFile: async (tx: Tx, returnFileId: number): Promise<ReturnTitleRow[]> =>
    (
      await sql<ReturnTitleRow & { isSettlement: number }>`SELECT ${TITLE_COLUMNS} FROM return_titles t
         WHERE t.return_file_id = ${returnFileId} ORDER BY t.line, t.id`.execute(tx)
    ).rows.map(toTitle),

  /** Statements of the account whose period touches these dates (the ones a return file can explain). */
  statementsCovering: async (tx: Tx, bankAccountId: number, from: string, to: string): Promise<number[]> =>
    (
      await tx
        .selectFrom('statements')
        .select('id')
        .where('bank_account_id', '=', bankAccountId)
        .where('credit_count', '>', 0)
        .where('period_from', '<=', to)
        .where('period_to', '>=', from)
        .orderBy('id')
        .execute()
    ).map((r) => r.id),
};
