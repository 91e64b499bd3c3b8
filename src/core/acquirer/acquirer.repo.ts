/**
 * The SQL of acquirer settlement files (migration 011): the file row, its payment batches and rows, and what
 * matching reads. Callers own the transaction.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/open-db';
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

const SALE_COLUMNS = `s.id, s.acquirer, s.kind, s.nsu, s.authorization, s.tid, s.brand, s.product, s.gross_cents AS grossCents,
  s.fee_cents AS feeCents, s.net_cents AS netCents, s.sale_date AS saleDate, s.payment_date AS paymentDate,
  s.installment, s.installments, s.batch_ref AS batchRef, s.summary_ref AS summaryRef, s.description`;

export const acquirerRepo = {
  bySha: (db: Db, bankAccountId: number, sha256: string) =>
    db
      .prepare('SELECT * FROM acquirer_files WHERE bank_account_id = ? AND sha256 = ?')
      .get(bankAccountId, sha256) as AcquirerFileRow | undefined,

  /**
   * The account's earliest acquirer file whose summary is this one's (layout, kind, date, merchant, payment range,
   * rows, payments): with every row and payment already known, the same file in other bytes.
   */
  bySummary: (
    db: Db,
    bankAccountId: number,
    f: Pick<
      AcquirerFileRow,
      | 'layout'
      | 'file_kind'
      | 'file_date'
      | 'merchant'
      | 'payment_from'
      | 'payment_to'
      | 'sale_count'
      | 'payment_count'
    >,
  ) =>
    db
      .prepare(
        `SELECT * FROM acquirer_files WHERE bank_account_id = ? AND layout = ? AND file_kind = ? AND file_date IS ?
           AND merchant IS ? AND payment_from IS ? AND payment_to IS ? AND sale_count = ? AND payment_count = ?
         ORDER BY id LIMIT 1`,
      )
      .get(
        bankAccountId,
        f.layout,
        f.file_kind,
        f.file_date,
        f.merchant,
        f.payment_from,
        f.payment_to,
        f.sale_count,
        f.payment_count,
      ) as AcquirerFileRow | undefined,

  list: (db: Db, bankAccountId?: number) =>
    db
      .prepare(
        'SELECT * FROM acquirer_files WHERE (? IS NULL OR bank_account_id = ?) ORDER BY imported_at DESC, id DESC',
      )
      .all(bankAccountId ?? null, bankAccountId ?? null) as AcquirerFileRow[],

  byId: (db: Db, id: number) =>
    db.prepare('SELECT * FROM acquirer_files WHERE id = ?').get(id) as AcquirerFileRow | undefined,

  knownSales(db: Db, bankAccountId: number): (fp: string) => boolean {
    const stmt = db
      .prepare('SELECT 1 FROM acquirer_sales WHERE bank_account_id = ? AND fingerprint = ?')
      .pluck();
    return (fp) => stmt.get(bankAccountId, fp) !== undefined;
  },

  knownPayments(db: Db, bankAccountId: number): (fp: string) => boolean {
    const stmt = db
      .prepare('SELECT 1 FROM acquirer_payments WHERE bank_account_id = ? AND fingerprint = ?')
      .pluck();
    return (fp) => stmt.get(bankAccountId, fp) !== undefined;
  },

  insertFile(db: Db, f: Omit<AcquirerFileRow, 'id' | 'inserted_count' | 'known_count'>): number {
    return Number(
      db
        .prepare(
          `INSERT INTO acquirer_files (bank_account_id, file_name, sha256, byte_size, acquirer, layout, file_kind, file_date,
             merchant, imported_at, payment_from, payment_to, sale_count, payment_count, inserted_count, known_count,
             notices_json)
           VALUES (@bank_account_id, @file_name, @sha256, @byte_size, @acquirer, @layout, @file_kind, @file_date,
             @merchant, @imported_at, @payment_from, @payment_to, @sale_count, @payment_count, 0, 0, @notices_json)`,
        )
        .run(f).lastInsertRowid,
    );
  },

  setCounts: (db: Db, id: number, inserted: number, known: number) =>
    db
      .prepare('UPDATE acquirer_files SET inserted_count = ?, known_count = ? WHERE id = ?')
      .run(inserted, known, id),

  /** Inserts a payment unless the account has it; a known one becomes settled when this file says so. */
  paymentInserter(db: Db, fileId: number, bankAccountId: number, f: AcquirerFile) {
    const stmt = db.prepare(
      `INSERT INTO acquirer_payments (acquirer_file_id, bank_account_id, acquirer, layout, line, ref, payment_date,
         net_cents, gross_cents, fee_cents, brand, product, bank_code, agency, account, settled, fingerprint)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (bank_account_id, fingerprint) DO UPDATE SET settled = MAX(settled, excluded.settled)`,
    );
    const known = db
      .prepare('SELECT 1 FROM acquirer_payments WHERE bank_account_id = ? AND fingerprint = ?')
      .pluck();
    return (p: AcquirerPayment, fp: string): boolean => {
      const had = known.get(bankAccountId, fp) !== undefined;
      stmt.run(
        fileId,
        bankAccountId,
        f.acquirer,
        f.layout,
        p.line,
        p.ref,
        p.paymentDate,
        p.netCents,
        p.grossCents,
        p.feeCents,
        p.brand,
        p.product,
        p.bankCode,
        p.agency,
        p.account,
        p.settled ? 1 : 0,
        fp,
      );
      return !had;
    };
  },

  saleInserter(db: Db, fileId: number, bankAccountId: number, f: AcquirerFile) {
    const stmt = db.prepare(
      `INSERT INTO acquirer_sales (acquirer_file_id, bank_account_id, acquirer, line, kind, nsu, authorization, tid, brand,
         product, gross_cents, fee_cents, net_cents, sale_date, payment_date, installment, installments, batch_ref,
         summary_ref, description, fingerprint)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (bank_account_id, fingerprint) DO NOTHING`,
    );
    return (s: AcquirerSale, fp: string): boolean =>
      stmt.run(
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
        fp,
      ).changes === 1;
  },

  /** The account's payment batches dated between two days (inclusive), in date and id order. */
  /** Rows by id (the match lines show a credit's sales). */
  sales: (db: Db, ids: number[]): StoredSale[] =>
    ids.length === 0
      ? []
      : (db
          .prepare(
            `SELECT ${SALE_COLUMNS} FROM acquirer_sales s WHERE s.id IN (SELECT value FROM json_each(?)) ORDER BY s.id`,
          )
          .all(JSON.stringify(ids)) as StoredSale[]),

  salesOfFile: (db: Db, fileId: number): StoredSale[] =>
    db
      .prepare(`SELECT ${SALE_COLUMNS} FROM acquirer_sales s WHERE s.acquirer_file_id = ? ORDER BY s.line`)
      .all(fileId) as StoredSale[],

  /** Statements of the account whose period touches these dates (the ones an acquirer file can explain). */
  statementsCovering: (db: Db, bankAccountId: number, from: string, to: string) =>
    db
      .prepare(
        `SELECT id FROM statements WHERE bank_account_id = ? AND credit_count > 0
           AND period_from <= ? AND period_to >= ? ORDER BY id`,
      )
      .pluck()
      .all(bankAccountId, to, from) as number[],
};
