/**
 * The SQL of acquirer settlement files (migration 011) over a Store transaction (docs/postgres.md): the file row,
 * its payment batches and rows, the list and what an import checks. Callers own the transaction: a file's row, its
 * payments, its rows and its audit entry are one `store.write` (acquirer.service.ts). What matching and Conciliar
 * read of the batches and rows is in acquirer-match.store.ts.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { dialectOf, insertEach, inStrings, slices, textOrder, type Tx } from '../store/store';
import type { AcquirerFile, AcquirerPayment, AcquirerSale } from '../import/acquirer/types';

export interface AcquirerFileRow {
  id: number;
  bank_account_id: number;
  file_name: string;
  sha256: string;
  byte_size: number;
  acquirer: string;
  layout: string;
  file_kind: string;
  file_date: string | null;
  merchant: string | null;
  imported_at: string;
  payment_from: string | null;
  payment_to: string | null;
  sale_count: number;
  payment_count: number;
  inserted_count: number;
  known_count: number;
  notices_json: string;
}

/** A stored payment batch as matching reads it. */
export interface StoredPayment {
  id: number;
  fileId: number;
  acquirer: string;
  layout: string;
  ref: string;
  paymentDate: string;
  netCents: number;
  grossCents: number | null;
  feeCents: number | null;
  brand: string | null;
  product: string | null;
  settled: boolean;
}

/** A stored row (sale, installment, adjustment, summary credit). */
export interface StoredSale {
  id: number;
  acquirer: string;
  kind: AcquirerSale['kind'];
  nsu: string | null;
  authorization: string | null;
  tid: string | null;
  brand: string | null;
  product: string | null;
  grossCents: number;
  feeCents: number;
  netCents: number;
  saleDate: string | null;
  paymentDate: string | null;
  installment: number | null;
  installments: number | null;
  batchRef: string | null;
  summaryRef: string | null;
  description: string | null;
}

function fingerprints<T>(items: T[], key: (t: T) => string, tag: string): string[] {
  const seen = new Map<string, number>();
  return items.map((t) => {
    const k = key(t);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return createHash('sha256').update(`${tag}|${k}|${n}`).digest('hex');
  });
}

/**
 * The identity of a row across files of one account: a sales file (forecast) and the payments file that
 * later pays the same batch describe the same row once. Index among identical rows of one file kept.
 */
export const saleFingerprints = (f: AcquirerFile) =>
  fingerprints(
    f.sales,
    (s) =>
      [
        f.acquirer,
        s.kind,
        s.nsu,
        s.authorization,
        s.tid,
        s.saleDate,
        s.installment,
        s.grossCents,
        s.netCents,
        s.batchRef ?? s.summaryRef,
        s.paymentDate,
      ].join('|'),
    'acq-sale1',
  );

export const paymentFingerprints = (f: AcquirerFile) =>
  fingerprints(f.payments, (p) => [f.acquirer, p.ref, p.paymentDate, p.netCents].join('|'), 'acq-pay1');

/**
 * The advisory lock (store.ts's lockAdvisory) of an account's acquirer files, taken by an import of one before it
 * reads whether the file, its payments or its rows are known: on PostgreSQL two imports of the same file at once
 * would both find it new (the second then fails on the file's unique SHA-256, or stores a second row for the same
 * sales).
 */
export const acquirerFilesLock = (bankAccountId: number) => `acquirer-files:${bankAccountId}`;

/** Fingerprints asked per query (one parameter each time). */
const LOOKUP_SLICE = 1000;
/** Rows per INSERT (21 values a sale, 17 a payment), under both databases' caps on parameters per statement. */
const INSERT_SLICE = 500;

const FILE_COLUMNS = [
  'id',
  'bank_account_id',
  'file_name',
  'sha256',
  'byte_size',
  'acquirer',
  'layout',
  'file_kind',
  'file_date',
  'merchant',
  'imported_at',
  'payment_from',
  'payment_to',
  'sale_count',
  'payment_count',
  'inserted_count',
  'known_count',
  'notices_json',
] as const;

const SALE_COLUMNS = sql.raw(`s.id, s.acquirer, s.kind, s.nsu, s.authorization, s.tid, s.brand, s.product,
  s.gross_cents AS "grossCents", s.fee_cents AS "feeCents", s.net_cents AS "netCents", s.sale_date AS "saleDate",
  s.payment_date AS "paymentDate", s.installment, s.installments, s.batch_ref AS "batchRef",
  s.summary_ref AS "summaryRef", s.description`);

/** SQLite: one row per run of a statement compiled once (store.ts's insertEach), cheaper than built slices. */
const INSERT_SALE = `INSERT INTO acquirer_sales (acquirer_file_id, bank_account_id, acquirer, line, kind, nsu, authorization,
  tid, brand, product, gross_cents, fee_cents, net_cents, sale_date, payment_date, installment, installments, batch_ref,
  summary_ref, description, fingerprint)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

type Summary = Pick<
  AcquirerFileRow,
  | 'layout'
  | 'file_kind'
  | 'file_date'
  | 'merchant'
  | 'payment_from'
  | 'payment_to'
  | 'sale_count'
  | 'payment_count'
>;

/** Which of these fingerprints the account has in `table`, asked in slices (each list one parameter). */
async function knownIn(
  tx: Tx,
  table: 'acquirer_sales' | 'acquirer_payments',
  bankAccountId: number,
  fingerprints: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const slice of slices(fingerprints, LOOKUP_SLICE)) {
    const rows = await tx
      .selectFrom(table)
      .select('fingerprint')
      .where('bank_account_id', '=', bankAccountId)
      .where(inStrings(tx, 'fingerprint', slice))
      .execute();
    for (const r of rows) found.add(r.fingerprint);
  }
  return found;
}

export const acquirerRepo = {
  bySha: (tx: Tx, bankAccountId: number, sha256: string): Promise<AcquirerFileRow | undefined> =>
    tx
      .selectFrom('acquirer_files')
      .select(FILE_COLUMNS)
      .where('bank_account_id', '=', bankAccountId)
      .where('sha256', '=', sha256)
      .executeTakeFirst(),

  /**
   * The account's earliest acquirer file whose summary is this one's (layout, kind, date, merchant, payment range,
   * rows, payments): with every row and payment already known, the same file in other bytes. A null column matches
   * a null (SQLite's `IS`, said as `is null` or `=` so that PostgreSQL reads it alike).
   */
  bySummary: (tx: Tx, bankAccountId: number, f: Summary): Promise<AcquirerFileRow | undefined> => {
    let q = tx
      .selectFrom('acquirer_files')
      .select(FILE_COLUMNS)
      .where('bank_account_id', '=', bankAccountId)
      .where('layout', '=', f.layout)
      .where('file_kind', '=', f.file_kind)
      .where('sale_count', '=', f.sale_count)
      .where('payment_count', '=', f.payment_count);
    for (const c of ['file_date', 'merchant', 'payment_from', 'payment_to'] as const)
      q = f[c] === null ? q.where(c, 'is', null) : q.where(c, '=', f[c]);
    return q.orderBy('id').limit(1).executeTakeFirst();
  },

  list: (tx: Tx, bankAccountId?: number): Promise<AcquirerFileRow[]> => {
    let q = tx.selectFrom('acquirer_files').select(FILE_COLUMNS);
    if (bankAccountId !== undefined) q = q.where('bank_account_id', '=', bankAccountId);
    return q.orderBy(textOrder(tx, 'imported_at'), 'desc').orderBy('id', 'desc').execute();
  },

  byId: (tx: Tx, id: number): Promise<AcquirerFileRow | undefined> =>
    tx.selectFrom('acquirer_files').select(FILE_COLUMNS).where('id', '=', id).executeTakeFirst(),

  /** Which of these row fingerprints the account already has. */
  knownSales: (tx: Tx, bankAccountId: number, fingerprints: readonly string[]) =>
    knownIn(tx, 'acquirer_sales', bankAccountId, fingerprints),

  /** Which of these payment fingerprints the account already has. */
  knownPayments: (tx: Tx, bankAccountId: number, fingerprints: readonly string[]) =>
    knownIn(tx, 'acquirer_payments', bankAccountId, fingerprints),

  async insertFile(
    tx: Tx,
    f: Omit<AcquirerFileRow, 'id' | 'inserted_count' | 'known_count'>,
  ): Promise<number> {
    const row = await tx
      .insertInto('acquirer_files')
      .values({ ...f, inserted_count: 0, known_count: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async setCounts(tx: Tx, id: number, inserted: number, known: number): Promise<void> {
    await tx
      .updateTable('acquirer_files')
      .set({ inserted_count: inserted, known_count: known })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Insert payment batches the caller found new for the account (knownPayments, in this transaction, under
   * {@link acquirerFilesLock}), in multi-row slices in file order; one stored meanwhile fails the import, as a row
   * does. (Not an upsert: PostgreSQL would spend an id of the sequence on every batch already stored.)
   */
  async insertPayments(
    tx: Tx,
    fileId: number,
    bankAccountId: number,
    f: Pick<AcquirerFile, 'acquirer' | 'layout'>,
    payments: readonly { payment: AcquirerPayment; fingerprint: string }[],
  ): Promise<void> {
    for (const slice of slices(payments, INSERT_SLICE)) {
      const r = await tx
        .insertInto('acquirer_payments')
        .values(
          slice.map(({ payment: p, fingerprint }) => ({
            acquirer_file_id: fileId,
            bank_account_id: bankAccountId,
            acquirer: f.acquirer,
            layout: f.layout,
            line: p.line,
            ref: p.ref,
            payment_date: p.paymentDate,
            net_cents: p.netCents,
            gross_cents: p.grossCents,
            fee_cents: p.feeCents,
            brand: p.brand,
            product: p.product,
            bank_code: p.bankCode,
            agency: p.agency,
            account: p.account,
            settled: p.settled ? 1 : 0,
            fingerprint,
          })),
        )
        .onConflict((oc) => oc.columns(['bank_account_id', 'fingerprint']).doNothing())
        .executeTakeFirst();
      const stored = Number(r.numInsertedOrUpdatedRows ?? 0);
      if (stored !== slice.length)
        throw new Error(
          `acquirer file ${fileId}: ${slice.length - stored} payment(s) were stored by another import meanwhile`,
        );
    }
  },

  /** Batches the account has that this file says are paid become settled (never unsettled by a forecast). */
  async settlePayments(tx: Tx, bankAccountId: number, fingerprints: readonly string[]): Promise<void> {
    for (const slice of slices(fingerprints, LOOKUP_SLICE))
      await tx
        .updateTable('acquirer_payments')
        .set({ settled: 1 })
        .where('bank_account_id', '=', bankAccountId)
        .where('settled', '=', 0)
        .where(inStrings(tx, 'fingerprint', slice))
        .execute();
  },

  /**
   * Insert rows the caller found new for the account (knownSales, in this transaction, under
   * {@link acquirerFilesLock}), in file order: on SQLite one statement run per row, on PostgreSQL multi-row slices.
   * A fingerprint stored meanwhile fails the whole import (SQLite: the unique index; PostgreSQL: the count of rows
   * the slice stored) rather than letting the counts lie.
   */
  async insertSales(
    tx: Tx,
    fileId: number,
    bankAccountId: number,
    f: Pick<AcquirerFile, 'acquirer'>,
    sales: readonly { sale: AcquirerSale; fingerprint: string }[],
  ): Promise<void> {
    if (dialectOf(tx) === 'sqlite') {
      await insertEach(
        tx,
        INSERT_SALE,
        sales.map(({ sale: s, fingerprint }) => [
          fileId,
          bankAccountId,
          f.acquirer,
          s.line,
          s.kind,
          s.nsu,
          s.authorization,
          s.tid,
          s.brand,
          s.product,
          s.grossCents,
          s.feeCents,
          s.netCents,
          s.saleDate,
          s.paymentDate,
          s.installment,
          s.installments,
          s.batchRef,
          s.summaryRef,
          s.description,
          fingerprint,
        ]),
      );
      return;
    }
    for (const slice of slices(sales, INSERT_SLICE)) {
      const r = await tx
        .insertInto('acquirer_sales')
        .values(
          slice.map(({ sale: s, fingerprint }) => ({
            acquirer_file_id: fileId,
            bank_account_id: bankAccountId,
            acquirer: f.acquirer,
            line: s.line,
            kind: s.kind,
            nsu: s.nsu,
            authorization: s.authorization,
            tid: s.tid,
            brand: s.brand,
            product: s.product,
            gross_cents: s.grossCents,
            fee_cents: s.feeCents,
            net_cents: s.netCents,
            sale_date: s.saleDate,
            payment_date: s.paymentDate,
            installment: s.installment,
            installments: s.installments,
            batch_ref: s.batchRef,
            summary_ref: s.summaryRef,
            description: s.description,
            fingerprint,
          })),
        )
        .onConflict((oc) => oc.columns(['bank_account_id', 'fingerprint']).doNothing())
        .executeTakeFirst();
      const stored = Number(r.numInsertedOrUpdatedRows ?? 0);
      if (stored !== slice.length)
        throw new Error(
          `acquirer file ${fileId}: ${slice.length - stored} row(s) were stored by another import meanwhile`,
        );
    }
  },

  /** Every row of one file, in file order. */
  salesOfFile: async (tx: Tx, fileId: number): Promise<StoredSale[]> =>
    (
      await sql<StoredSale>`SELECT ${SALE_COLUMNS} FROM acquirer_sales s WHERE s.acquirer_file_id = ${fileId}
         ORDER BY s.line, s.id`.execute(tx)
    ).rows,

  /** Statements of the account whose period touches these dates (the ones an acquirer file can explain). */
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
