/** Builders for the send policy's and the hold's tests: a branch database on a real SQLite file, data built here. */
import { storeOfDb } from '../store/sqlite-store';
import { join } from 'node:path';
import { openDb, type Db } from '../db/open-db';
import { runMatching } from '../matching/matching.service';
import { tempDir } from '../../../tests/helpers/tmp';

/** The day the data is built around; every function under test gets `NOW` injected. */
export const DAY = '2026-03-10';
export const NOW = new Date('2026-03-10T15:00:00Z');
export const ACCOUNT = 77;

export function policyDb(): { db: Db; cleanup: () => void } {
  const t = tempDir('quita-policy-');
  const db = openDb(join(t.dir, 'quita.db'));
  db.prepare(
    `INSERT INTO bank_accounts (id, description, bank_code, agency, account, inactive, raw_json, fetched_at)
     VALUES (?, 'Conta Itaú', 341, '0001', '12345-6', 0, '{}', ?)`,
  ).run(ACCOUNT, NOW.toISOString());
  return {
    db,
    cleanup: () => {
      db.close();
      t.cleanup();
    },
  };
}

export interface RecSpec {
  id: number;
  amountCents: number;
  dueDate: string;
  payerName: string;
  memberId?: number;
  paymentTypeId?: number;
  statusId?: number;
  nsu?: string | null;
  authorization?: string | null;
  cardAcquirer?: string | null;
  cardFlag?: string | null;
  chargeDate?: string | null;
}

export function addReceivables(db: Db, recs: RecSpec[]): void {
  const stmt = db.prepare(
    `INSERT INTO receivables (id, description, amount_cents, due_date, status_id, payment_type_id, payer_name, member_id,
       nsu, authorization_code, card_acquirer, card_flag, charge_date, raw_json, fetched_at)
     VALUES (?, 'Mensalidade', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?)`,
  );
  for (const r of recs)
    stmt.run(
      r.id,
      r.amountCents,
      r.dueDate,
      r.statusId ?? 1,
      r.paymentTypeId ?? 18,
      r.payerName,
      r.memberId ?? r.id + 5000,
      r.nsu ?? null,
      r.authorization ?? null,
      r.cardAcquirer ?? null,
      r.cardFlag ?? null,
      r.chargeDate ?? null,
      NOW.toISOString(),
    );
}

export interface LineSpec {
  date: string;
  amountCents: number;
  description: string;
  payerText?: string | null;
  payerDocument?: string | null;
}

let sha = 0;
/** A statement of these lines written straight into the import's tables; returns its id and its lines' ids. */
export function addStatement(db: Db, lines: LineSpec[]): { statementId: number; lineIds: number[] } {
  const dates = lines.map((l) => l.date).sort();
  const statementId = Number(
    db
      .prepare(
        `INSERT INTO statements (bank_account_id, file_name, sha256, byte_size, format, mapping_json, mapping_source,
           imported_at, period_from, period_to, line_count, credit_count, debit_count, balance_count, inserted_count,
           known_count, rejected_count)
         VALUES (?, 'extrato.ofx', ?, 1, 'ofx', '{}', 'detected', ?, ?, ?, ?, ?, 0, 0, ?, 0, 0)`,
      )
      .run(
        ACCOUNT,
        `sha-${++sha}`,
        NOW.toISOString(),
        dates[0],
        dates.at(-1),
        lines.length,
        lines.length,
        lines.length,
      ).lastInsertRowid,
  );
  const stmt = db.prepare(
    `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind, description,
       payer_text, payer_document, raw_json, fingerprint) VALUES (?, ?, ?, ?, ?, 'credit', ?, ?, ?, '{}', ?)`,
  );
  const lineIds = lines.map((l, k) =>
    Number(
      stmt.run(
        statementId,
        ACCOUNT,
        k + 1,
        l.date,
        l.amountCents,
        l.description,
        l.payerText ?? null,
        l.payerDocument ?? null,
        `fp-${sha}-${k}`,
      ).lastInsertRowid,
    ),
  );
  return { statementId, lineIds };
}

/** Match a statement as an import would, at `NOW`. */
export function match(db: Db, statementId: number) {
  return runMatching(storeOfDb(db), { statementId }, { now: () => NOW });
}

/** The current match of a line: state, zone, reason codes, receivables. */
export function matchOf(db: Db, lineId: number) {
  const m = db
    .prepare(
      `SELECT m.id, m.state, m.zone, m.score, m.reasons_json AS reasons FROM matches m
       WHERE m.line_id = ? ORDER BY m.id DESC LIMIT 1`,
    )
    .get(lineId) as { id: number; state: string; zone: string; score: number; reasons: string };
  const items = db
    .prepare('SELECT receivable_id FROM match_items WHERE match_id = ? ORDER BY receivable_id')
    .pluck()
    .all(m.id) as number[];
  return {
    ...m,
    codes: (JSON.parse(m.reasons) as { code: string }[]).map((r) => r.code),
    items,
  };
}

/** A Cielo payments file with one batch paying these card sales (by NSU), credited on `date`. */
export function addAcquirerBatch(
  db: Db,
  date: string,
  sales: { nsu: string; grossCents: number; netCents: number; saleDate: string }[],
): void {
  const fileId = Number(
    db
      .prepare(
        `INSERT INTO acquirer_files (bank_account_id, file_name, sha256, byte_size, acquirer, layout, file_kind,
           file_date, imported_at, payment_from, payment_to, sale_count, payment_count, inserted_count, known_count)
         VALUES (?, 'cielo.txt', ?, 1, 'cielo', 'cielo-edi-15', 'payments', ?, ?, ?, ?, ?, 1, ?, 0)`,
      )
      .run(ACCOUNT, `acq-${++sha}`, date, NOW.toISOString(), date, date, sales.length, sales.length)
      .lastInsertRowid,
  );
  const net = sales.reduce((n, s) => n + s.netCents, 0);
  const gross = sales.reduce((n, s) => n + s.grossCents, 0);
  db.prepare(
    `INSERT INTO acquirer_payments (acquirer_file_id, bank_account_id, acquirer, layout, line, ref, payment_date,
       net_cents, gross_cents, fee_cents, brand, product, settled, fingerprint)
     VALUES (?, ?, 'cielo', 'cielo-edi-15', 1, ?, ?, ?, ?, ?, 'visa', 'credit', 1, ?)`,
  ).run(fileId, ACCOUNT, `B${sha}`, date, net, gross, gross - net, `pay-${sha}`);
  const stmt = db.prepare(
    `INSERT INTO acquirer_sales (acquirer_file_id, bank_account_id, acquirer, line, kind, nsu, brand, product,
       gross_cents, fee_cents, net_cents, sale_date, payment_date, batch_ref, fingerprint)
     VALUES (?, ?, 'cielo', ?, 'sale', ?, 'visa', 'credit', ?, ?, ?, ?, ?, ?, ?)`,
  );
  sales.forEach((s, k) =>
    stmt.run(
      fileId,
      ACCOUNT,
      k + 2,
      s.nsu,
      s.grossCents,
      s.grossCents - s.netCents,
      s.netCents,
      s.saleDate,
      date,
      `B${sha}`,
      `sale-${sha}-${k}`,
    ),
  );
}
