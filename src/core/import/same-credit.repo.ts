import type { Db } from '../db/open-db';

export interface CandidateRow {
  id: number;
  payer_text: string | null;
  payer_document: string | null;
}

/** The SQL of the cross-source identity (same-credit.ts): lines of the other source, and the aliases. */
export function sameCreditRepo(db: Db, bankAccountId: number, source: 'feed' | 'file') {
  const other = source === 'file' ? "s.format = 'pix'" : "s.format <> 'pix'";
  const existing = db
    .prepare('SELECT id FROM statement_lines WHERE bank_account_id = ? AND fingerprint = ?')
    .pluck();
  const alias = db
    .prepare('SELECT line_id FROM line_aliases WHERE bank_account_id = ? AND fingerprint = ?')
    .pluck();
  const byFitid = db
    .prepare(
      `SELECT l.id FROM statement_lines l JOIN statements s ON s.id = l.statement_id
       WHERE l.bank_account_id = ? AND l.fitid = ? AND ${other}`,
    )
    .pluck();
  // A file line naming this endToEndId anywhere in what was read of it.
  const naming = db
    .prepare(
      `SELECT l.id FROM statement_lines l JOIN statements s ON s.id = l.statement_id
       WHERE l.bank_account_id = ? AND l.date = ? AND l.amount_cents = ? AND ${other}
         AND instr(l.description || ' ' || coalesce(l.fitid, '') || ' ' || coalesce(l.document, '') || ' ' || l.raw_json, ?) > 0`,
    )
    .pluck();
  const candidates = db.prepare(
    `SELECT l.id, l.payer_text, l.payer_document FROM statement_lines l JOIN statements s ON s.id = l.statement_id
     WHERE l.bank_account_id = ? AND l.kind = ? AND l.date = ? AND l.amount_cents = ? AND ${other}
       AND NOT EXISTS (SELECT 1 FROM line_aliases a WHERE a.line_id = l.id)`,
  );
  const record = db.prepare(
    'INSERT OR IGNORE INTO line_aliases (bank_account_id, fingerprint, line_id, basis, created_at) VALUES (?, ?, ?, ?, ?)',
  );

  return {
    existing: (fingerprint: string) => existing.get(bankAccountId, fingerprint) as number | undefined,
    alias: (fingerprint: string) => alias.get(bankAccountId, fingerprint) as number | undefined,
    byFitid: (fitid: string) => byFitid.get(bankAccountId, fitid) as number | undefined,
    naming: (date: string, amountCents: number, id: string) =>
      naming.get(bankAccountId, date, amountCents, id) as number | undefined,
    candidates: (kind: string, date: string, amountCents: number) =>
      candidates.all(bankAccountId, kind, date, amountCents) as CandidateRow[],
    record: (fingerprint: string, lineId: number, basis: 'end_to_end_id' | 'single_candidate', at: string) =>
      void record.run(bankAccountId, fingerprint, lineId, basis, at),
  };
}
