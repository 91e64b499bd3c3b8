import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/open-db';
import { listMatchLines } from '../matching/matching.lines';
import { runMatching } from '../matching/matching.service';
import { NOW, sandboxBranch } from '../matching/testing-db';
import { listAliases, overrideLine, removeAlias } from './review.service';

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
  runMatching(db, {}, { now: NOW });
  const rows = listMatchLines(db, { limit: 5000 }).rows;
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
    const r = overrideLine(db, green.lineId, [wrong], who, NOW());
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
    const once = overrideLine(db, green.lineId, [wrong], who, NOW(), { confirmed: true, learn: false });
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
    const r = overrideLine(db, green.lineId, [green.receivables[0]!.id], who, NOW());
    expect(r).toMatchObject({ applied: true, needsConfirmation: false, aliasesLearned: 1 });
    expect(r.score).toBeGreaterThanOrEqual(60);
    const { rows } = listAliases(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      payerText: green.payerText,
      memberName: green.receivables[0]!.payerName,
      timesUsed: 1,
    });
    expect(removeAlias(db, rows[0]!.id, who, NOW())).toEqual({ removed: 1 });
    expect(listAliases(db).rows).toEqual([]);
    expect(JSON.parse(audit('alias.removed')[0]!.before_json!)).toMatchObject({ payerText: green.payerText });
    expect(() => removeAlias(db, rows[0]!.id, who, NOW())).toThrow(/no learned name/);
  });

  it('validation still speaks before a confirmation is asked (a received receivable is refused)', async () => {
    const { green } = await setup();
    const received = db
      .prepare('SELECT id FROM receivables WHERE status_id = 2 LIMIT 1')
      .pluck()
      .get() as number;
    expect(() => overrideLine(db, green.lineId, [received], who, NOW())).toThrow(/Not open or overdue/);
  });
});
