/**
 * One statement of credit lines written straight into a branch database, from the `statements` table's own
 * columns (what a NOT NULL column needs, whatever the commit's schema). bench:compare's probe and
 * bench/conciliar's seed run inside worktrees of older commits and copy this file beside them, so it uses no
 * Quita module, only the database.
 */
import type Database from 'better-sqlite3';

export interface BenchLine {
  date: string;
  amountCents: number;
  description: string;
  payerText: string | null;
}

/** Stores the statement and its lines (positions 1…n, fingerprints c0…); returns the statement's id. */
export function storeStatement(
  db: Database.Database,
  s: { bankAccountId: number; fileName: string; at: string; lines: readonly BenchLine[] },
): number {
  const n = s.lines.length;
  const known: Record<string, unknown> = {
    bank_account_id: s.bankAccountId,
    file_name: s.fileName,
    sha256: s.fileName,
    byte_size: 1,
    format: 'ofx',
    mapping_json: '{}',
    mapping_source: 'detected',
    imported_at: s.at,
    period_from: s.lines[0]!.date,
    period_to: s.lines.at(-1)!.date,
    line_count: n,
    credit_count: n,
    inserted_count: n,
  };
  const columns = (
    db.prepare('PRAGMA table_info(statements)').all() as {
      name: string;
      notnull: number;
      dflt_value: unknown;
      pk: number;
    }[]
  ).filter((c) => !c.pk && (c.name in known || (c.notnull && c.dflt_value === null)));
  const statementId = Number(
    db
      .prepare(
        `INSERT INTO statements (${columns.map((c) => c.name).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      )
      .run(...columns.map((c) => (c.name in known ? known[c.name] : 0))).lastInsertRowid,
  );
  const ins = db.prepare(
    `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind, description,
     payer_text, raw_json, fingerprint) VALUES (?, ?, ?, ?, ?, 'credit', ?, ?, '{}', ?)`,
  );
  db.transaction(() => {
    s.lines.forEach((l, k) =>
      ins.run(
        statementId,
        s.bankAccountId,
        k + 1,
        l.date,
        l.amountCents,
        l.description,
        l.payerText,
        `c${k}`,
      ),
    );
  })();
  return statementId;
}
