import { appendAudit } from '../audit/audit.repo';
import { openDb, type Db } from '../db/open-db';
import { outboxOn } from '../outbox/testing';

/**
 * A branch after one month of work, written straight into a real database (all migrations): a November
 * statement of account 10 with four credit lines, approved matches, and three outbox batches (confirmed,
 * needs review, and one queued before the audit log existed, with no audit entry and an uncached receivable).
 */
export const ANA = { actor: 'ana (desktop)', profileId: 'p-centro' };
export const BETO = { actor: 'beto (browser)', profileId: 'p-centro' };
export const INJECTION = '=HYPERLINK("http://evil.example","clique")';
export const UNICODE_NAME = 'Zoë Łukasz 😀';

export interface Scenario {
  db: Db;
  lines: { maria: number; formula: number; zoe: number; october: number };
  matches: { maria: number; formula: number; zoe: number; october: number };
}

export async function buildScenario(): Promise<Scenario> {
  const db = openDb(':memory:');
  const now = '2026-11-01T12:00:00.000Z';
  const account = db.prepare(
    `INSERT INTO bank_accounts (id, description, bank_code, raw_json, fetched_at) VALUES (?, ?, 341, '{}', ?)`,
  );
  account.run(10, 'Itaú Centro 1234-5', now);
  account.run(20, 'Bradesco Filial', now);
  const receivable = db.prepare(
    `INSERT INTO receivables (id, amount_cents, due_date, status_id, payer_name, member_id, raw_json, fetched_at)
     VALUES (?, ?, ?, 1, ?, ?, '{}', ?)`,
  );
  receivable.run(101, 15000, '2026-11-05', 'Maria José da Silva', 501, now);
  receivable.run(102, 9990, '2026-11-05', INJECTION, 502, now);
  receivable.run(103, 12000, '2026-11-08', UNICODE_NAME, 503, now);
  // 104 is deliberately not cached: the report must still list it, with blanks.

  const statementId = Number(
    db
      .prepare(
        `INSERT INTO statements (bank_account_id, file_name, sha256, byte_size, format, mapping_json, mapping_source,
         imported_at, period_from, period_to, line_count, credit_count, debit_count, balance_count, inserted_count,
         known_count, rejected_count) VALUES (10, 'extrato-itau-novembro.ofx', 'abc', 1000, 'ofx', '{}', 'detected',
         '2026-11-20T13:00:00.000Z', '2026-10-28', '2026-11-19', 4, 4, 0, 0, 4, 0, 0)`,
      )
      .run().lastInsertRowid,
  );
  const line = db.prepare(
    `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind, description,
     raw_json, fingerprint) VALUES (?, 10, ?, ?, ?, 'credit', ?, '{}', ?)`,
  );
  const addLine = (pos: number, date: string, cents: number, desc: string) =>
    Number(line.run(statementId, pos, date, cents, desc, `fp-${pos}`).lastInsertRowid);
  const lines = {
    october: addLine(1, '2026-10-30', 5000, 'PIX RECEBIDO CARLOS'),
    maria: addLine(2, '2026-11-06', 15000, 'PIX RECEBIDO MARIA JOSE DA SILVA'),
    formula: addLine(3, '2026-11-07', 9990, '-PIX RECEBIDO SEM NOME'),
    zoe: addLine(4, '2026-11-10', 12000, 'TED ZOE LUKASZ'),
  };
  appendAudit(db, {
    ...ANA,
    at: '2026-11-20T13:00:00.000Z',
    action: 'import.committed',
    subject: `statement:${statementId}`,
    after: { fileName: 'extrato-itau-novembro.ofx', inserted: 4 },
  });

  const planId = Number(
    db
      .prepare(
        `INSERT INTO match_plans (statement_id, created_at, engine_version, settings_json) VALUES (?, ?, '1', '{}')`,
      )
      .run(statementId, '2026-11-20T13:01:00.000Z').lastInsertRowid,
  );
  const match = db.prepare(
    `INSERT INTO matches (plan_id, line_id, score, zone, reasons_json, state, updated_at)
     VALUES (?, ?, ?, ?, '[]', 'approved', '2026-11-20T13:05:00.000Z')`,
  );
  const item = db.prepare(
    'INSERT INTO match_items (match_id, plan_id, receivable_id, amount_cents) VALUES (?, ?, ?, ?)',
  );
  const addMatch = (lineId: number, score: number, zone: string, receivableId: number, cents: number) => {
    const id = Number(match.run(planId, lineId, score, zone).lastInsertRowid);
    item.run(id, planId, receivableId, cents);
    return id;
  };
  const matches = {
    october: addMatch(lines.october, 60, 'red', 104, 5000),
    maria: addMatch(lines.maria, 96, 'green', 101, 15000),
    formula: addMatch(lines.formula, 81, 'yellow', 102, 9990),
    zoe: addMatch(lines.zoe, 74, 'yellow', 103, 12000),
  };
  // Approvals as the review service writes them (subject line:<id>), one as match:<id>, none for October.
  appendAudit(db, {
    ...ANA,
    at: '2026-11-20T13:05:00.000Z',
    action: 'match.approved',
    subject: `line:${lines.maria}`,
    before: { matchId: matches.maria, state: 'suggested' },
    after: { matchId: matches.maria, state: 'approved' },
  });
  appendAudit(db, {
    ...BETO,
    at: '2026-11-20T13:06:00.000Z',
    action: 'match.approved',
    subject: `match:${matches.formula}`,
    after: { state: 'approved' },
  });
  appendAudit(db, {
    ...BETO,
    at: '2026-11-20T13:07:00.000Z',
    action: 'match.approved',
    subject: `line:${lines.zoe}`,
    after: { matchId: matches.zoe, state: 'approved' },
  });
  appendAudit(db, {
    ...ANA,
    at: '2026-11-20T13:08:00.000Z',
    action: 'settings.changed',
    subject: 'profile:p-centro',
    before: { apiKey: 'old-secret', timeoutMs: 5000 },
    after: { apiKey: 'new-secret', timeoutMs: 8000 },
  });

  // October's receivable was queued by an older version: no match id, no audit entry.
  db.prepare(
    `INSERT INTO outbox_batches (id, bank_account_id, state, created_at, created_by) VALUES (1, 10, 'queued', ?, 'carla (cli)')`,
  ).run('2026-10-31T10:00:00.000Z');
  db.prepare(
    `INSERT INTO outbox_items (receivable_id, batch_id, match_id, line_id, amount_cents, queued_at)
     VALUES (104, 1, NULL, ?, 5000, '2026-10-31T10:00:00.000Z')`,
  ).run(lines.october);

  const { batchIds } = await outboxOn(db).enqueuePairs(
    [
      {
        receivableId: 101,
        bankAccountId: 10,
        amountCents: 15000,
        matchId: matches.maria,
        lineId: lines.maria,
      },
      {
        receivableId: 102,
        bankAccountId: 10,
        amountCents: 9990,
        matchId: matches.formula,
        lineId: lines.formula,
      },
    ],
    ANA,
    { now: '2026-11-20T13:10:00.000Z' },
  );
  const confirmed = batchIds[0]!;
  await outboxOn(db).transition(confirmed, 'sending', ANA, {
    attempt: true,
    now: '2026-11-20T13:11:00.000Z',
  });
  await outboxOn(db).transition(confirmed, 'sent', ANA, { now: '2026-11-20T13:11:05.000Z' });
  await outboxOn(db).transition(confirmed, 'confirmed', ANA, { now: '2026-11-20T13:12:00.000Z' });
  // The read-back that confirms a batch refreshes the cache: received, on the day the EVO recorded.
  db.prepare(
    `UPDATE receivables SET status_id = 2, receiving_date = '2026-11-20' WHERE id IN (101, 102)`,
  ).run();

  const review = (
    await outboxOn(db).enqueuePairs(
      [{ receivableId: 103, bankAccountId: 10, amountCents: 12000, matchId: matches.zoe, lineId: lines.zoe }],
      BETO,
      { now: '2026-11-20T13:15:00.000Z' },
    )
  ).batchIds[0]!;
  await outboxOn(db).transition(review, 'sending', BETO, { attempt: true, now: '2026-11-20T13:16:00.000Z' });
  await outboxOn(db).transition(review, 'needs_review', BETO, {
    now: '2026-11-20T13:16:03.000Z',
    reviewReason: 'a API recusou: recebível já recebido',
  });
  return { db, lines, matches };
}
