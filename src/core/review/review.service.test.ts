import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/open-db';
import { listMatchLines } from '../matching/matching.lines';
import { runMatching } from '../matching/matching.service';
import { insertOneLineStatement, NOW, sandboxBranch } from '../matching/testing-db';
import { addDays } from '../../shared/dates';
import { listAliases, overrideLine, removeAlias } from './review.service';
import { storeOfDb } from '../store/sqlite-store';

let db: Db;
afterEach(() => db?.close());
const who = { actor: 'test', profileId: 'p1' };
const aliasCount = () => db.prepare('SELECT count(*) FROM aliases').pluck().get() as number;
const audit = (action: string) =>
  db.prepare('SELECT after_json, before_json FROM audit_log WHERE action = ?').all(action) as {
    after_json: string | null;
    before_json: string | null;
  }[];

async function setup() {
  const b = await sandboxBranch();
  db = b.db;
  await runMatching(storeOfDb(db), {}, { now: NOW });
  const rows = (await listMatchLines(db, { limit: 5000 })).rows;
  const green = rows.find((r) => r.zone === 'green' && r.receivables.length === 1 && r.payerText)!;
  const taken = new Set(rows.flatMap((r) => r.receivables.map((x) => x.id)));
  // An open receivable nobody holds, of another payer and another amount: a poor choice for the line.
  const other = db
    .prepare(
      `SELECT id FROM receivables WHERE status_id IN (1, 4) AND amount_cents <> ? AND payer_name <> ? ORDER BY id`,
    )
    .pluck()
    .all(green.amountCents, green.receivables[0]!.payerName) as number[];
  return { green, wrong: other.find((id) => !taken.has(id))! };
}

describe('overrideLine: low-score choices are confirmed first, aliases only from applied choices', () => {
  it('a low-score pick changes nothing and learns nothing until confirmed', async () => {
    const { green, wrong } = await setup();
    const state = () => db.prepare('SELECT state, score FROM matches WHERE id = ?').get(green.matchId);
    const before = state();
    const r = await overrideLine(storeOfDb(db), green.lineId, [wrong], who, NOW());
    expect(r).toMatchObject({
      applied: false,
      needsConfirmation: true,
      score: 0,
      zone: 'red',
      aliasesLearned: 0,
    });
    expect(state()).toEqual(before);
    expect(aliasCount()).toBe(0);
    expect(audit('match.overridden')).toHaveLength(0);

    // Confirmed, but "só desta vez": applied, nothing learned, and the score is not lifted by an alias.
    const once = await overrideLine(storeOfDb(db), green.lineId, [wrong], who, NOW(), {
      confirmed: true,
      learn: false,
    });
    expect(once).toMatchObject({ applied: true, needsConfirmation: false, aliasesLearned: 0, score: 0 });
    expect(state()).toEqual({ state: 'overridden', score: 0 });
    expect(aliasCount()).toBe(0);
    expect(JSON.parse(audit('match.overridden')[0]!.after_json!)).toMatchObject({
      learned: null,
      confirmedLowScore: 0,
    });
  });

  it('a good choice applies at once and learns; learned names are listed and removable, audited', async () => {
    const { green } = await setup();
    const r = await overrideLine(storeOfDb(db), green.lineId, [green.receivables[0]!.id], who, NOW());
    expect(r).toMatchObject({ applied: true, needsConfirmation: false, aliasesLearned: 1 });
    expect(r.score).toBeGreaterThanOrEqual(60);
    const { rows } = await listAliases(storeOfDb(db));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      payerText: green.payerText,
      memberName: green.receivables[0]!.payerName,
      timesUsed: 1,
    });
    expect(await removeAlias(storeOfDb(db), rows[0]!.id, who, NOW())).toEqual({ removed: 1 });
    expect((await listAliases(storeOfDb(db))).rows).toEqual([]);
    expect(JSON.parse(audit('alias.removed')[0]!.before_json!)).toMatchObject({ payerText: green.payerText });
    await expect(removeAlias(storeOfDb(db), rows[0]!.id, who, NOW())).rejects.toThrow(/no learned name/);
  });

  it('validation still speaks before a confirmation is asked (a received receivable is refused)', async () => {
    const { green } = await setup();
    const received = db
      .prepare('SELECT id FROM receivables WHERE status_id = 2 LIMIT 1')
      .pluck()
      .get() as number;
    await expect(overrideLine(storeOfDb(db), green.lineId, [received], who, NOW())).rejects.toThrow(
      /Not open or overdue/,
    );
  });
});

describe('a deposit partly explained by receivables already received', () => {
  it('re-choosing the engine’s own proposal scores what the engine scored, not 0 (found on 2027-01-01 by test:dates)', async () => {
    const b = await sandboxBranch();
    db = b.db;
    // A bank's aggregated boleto credit ("LIQUIDACAO DE COBRANCA 2 TIT", two titles in one credit): one title is
    // already received in EVO on this account, the other is open. The engine proposes the open one and says the
    // rest is received (lump_received); the clerk opens the picker and keeps that choice.
    const boletos = db
      .prepare(
        `SELECT id, amount_cents AS amountCents, due_date AS dueDate FROM receivables
          WHERE status_id IN (1, 4) AND payment_type_id = 5 AND due_date BETWEEN '2026-06-20' AND '2026-07-14'
          ORDER BY due_date, id`,
      )
      .all() as { id: number; amountCents: number; dueDate: string }[];
    const open = boletos[0]!;
    const done = boletos.find((r) => r.id !== open.id && r.amountCents !== open.amountCents)!;
    expect(done).toBeDefined();
    const day = addDays(open.dueDate, 1);
    db.prepare(
      `UPDATE receivables SET status_id = 2, receiving_date = ?, bank_account_id = ?, amount_paid_cents = amount_cents
        WHERE id = ?`,
    ).run(day, b.accountId, done.id);
    const statementId = insertOneLineStatement(db, b.accountId, {
      date: day,
      amountCents: open.amountCents + done.amountCents,
      description: 'LIQUIDACAO DE COBRANCA 2 TIT',
      payerText: null,
    });
    await runMatching(storeOfDb(db), { statementId }, { now: NOW });
    const row = (await listMatchLines(db, { statementId, limit: 10 })).rows[0]!;
    expect(row.receivables.map((r) => r.id)).toEqual([open.id]);
    expect(row.reasons.map((r) => r.code)).toContain('lump_received');
    expect(row.score).toBeGreaterThan(0);

    const r = await overrideLine(storeOfDb(db), row.lineId, [open.id], who, NOW(), {
      confirmed: true,
      learn: false,
    });
    expect(r.score).toBe(row.score);
    expect(r.zone).toBe(row.zone);
  });
});
