import { storeOfDb } from '../store/sqlite-store';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxData } from '../../sandbox';
import { openDb, type Db } from '../db/open-db';
import { isAppError } from '../errors';
import { listMatchLines } from './matching.lines';
import { getMatchSettings, recordOverride, runMatching, updateMatchSettings } from './matching.service';
import { importSandboxStatement, insertOneLineStatement, NOW, sandboxBranch } from './testing-db';

let db: Db;
afterEach(() => db?.close());

async function branch(format: 'ofx' | 'csv' = 'ofx') {
  const b = await sandboxBranch(format);
  db = b.db;
  return b;
}
const importStatement = (data: SandboxData, accountId: number, format: 'ofx' | 'csv') =>
  importSandboxStatement(db, data, accountId, format);
const insertStatement = (accountId: number, l: Parameters<typeof insertOneLineStatement>[2]) =>
  insertOneLineStatement(db, accountId, l);

const liveItems = () =>
  db.prepare('SELECT receivable_id AS id, match_id AS matchId FROM match_items WHERE active = 1').all() as {
    id: number;
    matchId: number;
  }[];
const code = async (f: () => unknown) => {
  try {
    await f();
  } catch (e) {
    if (isAppError(e)) return e.code;
    throw e;
  }
  return undefined;
};

describe('matching service on a real SQLite file with the real migrations', () => {
  it('persists one match per credit line, exactly as the plan reads back', async () => {
    const { statementId } = await branch();
    const s = await runMatching(storeOfDb(db), {}, { now: NOW });
    const credits = db
      .prepare("SELECT count(*) FROM statement_lines WHERE statement_id = ? AND kind = 'credit'")
      .pluck()
      .get(statementId);
    expect(s).toMatchObject({ statementId, lines: credits, kept: 0, engineVersion: 'quita-match/1' });
    expect(s.green + s.yellow + s.red + s.unmatched + s.recorded + s.setAside).toBe(credits);
    expect(s.green).toBeGreaterThan(0);
    // Lines whose money the gym system already records are decided ("recorded"), not gaps.
    expect(s.recorded).toBeGreaterThan(0);
    const page = await listMatchLines(db, { limit: 5000 });
    expect(page).toMatchObject({ statementId, planId: s.planId, total: credits });
    for (const row of page.rows) {
      expect(row.reasons.length).toBeGreaterThan(0);
      expect(row.reasons.every((r) => r.text.length > 0)).toBe(true);
      if (row.state === 'unmatched' || row.state === 'recorded') expect(row.receivables).toEqual([]);
      else
        expect(row.receivables.reduce((t, r) => t + r.amountCents, 0)).toBeLessThanOrEqual(row.amountCents);
    }
    const ids = liveItems().map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(JSON.parse(db.prepare('SELECT settings_json FROM match_plans').pluck().get() as string)).toEqual(
      (await storeOfDb(db).read(getMatchSettings)).settings,
    );
  });

  it('a re-run replaces only unreviewed suggestions and never gives a kept receivable to another line', async () => {
    await branch();
    const first = await runMatching(storeOfDb(db), {}, { now: NOW });
    const [approved, rejected] = (await listMatchLines(db, { state: 'suggested', limit: 2 })).rows;
    db.prepare("UPDATE matches SET state = 'approved' WHERE id = ?").run(approved!.matchId);
    db.prepare("UPDATE matches SET state = 'rejected' WHERE id = ?").run(rejected!.matchId);
    // A rejected proposal lets go of its receivables (a trigger keeps match_items.active in step).
    expect(liveItems().some((i) => i.matchId === rejected!.matchId)).toBe(false);
    const second = await runMatching(storeOfDb(db), {}, { now: NOW });
    expect(second.planId).not.toBe(first.planId);
    expect(second.kept).toBe(2);
    // The other suggestions are proposed again, not blocked by the plan they replace.
    const proposed = (x: typeof first) => x.green + x.yellow + x.red;
    expect(proposed(second)).toBeGreaterThanOrEqual(proposed(first) - 2);
    expect(db.prepare('SELECT count(*) FROM match_plans').pluck().get()).toBe(1);
    const rows = (await listMatchLines(db, { limit: 5000 })).rows;
    const kept = rows.find((r) => r.matchId === approved!.matchId)!;
    expect(kept).toMatchObject({ state: 'approved', receivables: approved!.receivables });
    expect(rows.find((r) => r.matchId === rejected!.matchId)?.state).toBe('rejected');
    const holders = liveItems().filter((i) => approved!.receivables.some((r) => r.id === i.id));
    expect(holders.every((i) => i.matchId === approved!.matchId)).toBe(true);
  });

  it('the database itself refuses one receivable in two live matches of a plan', async () => {
    await branch();
    await runMatching(storeOfDb(db), {}, { now: NOW });
    const [a, b] = db.prepare('SELECT id, plan_id FROM matches LIMIT 2').all() as {
      id: number;
      plan_id: number;
    }[];
    db.prepare(
      'INSERT INTO match_items (match_id, plan_id, receivable_id, amount_cents) VALUES (?, ?, 999999, 1)',
    ).run(a!.id, a!.plan_id);
    expect(() =>
      db
        .prepare(
          'INSERT INTO match_items (match_id, plan_id, receivable_id, amount_cents) VALUES (?, ?, 999999, 1)',
        )
        .run(b!.id, b!.plan_id),
    ).toThrow(/UNIQUE/);
  });

  it('the same period imported again from another kind of file: its lines are reported as duplicates, nothing is proposed twice', async () => {
    const { data, accountId } = await branch('ofx');
    await runMatching(storeOfDb(db), {}, { now: NOW });
    const second = await importStatement(data, accountId, 'csv');
    const s = await runMatching(storeOfDb(db), { statementId: second }, { now: NOW });
    expect(s.green + s.yellow + s.red).toBe(0);
    const ids = liveItems().map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const reasons = (await listMatchLines(db, { statementId: second, limit: 5000 })).rows.flatMap(
      (r) => r.reasons,
    );
    expect(new Set(reasons.map((x) => x.code))).toEqual(new Set(['duplicate_import']));
    // The earlier statement by its days, never by its id ([T] item 6).
    expect(reasons[0]!.text).toMatch(
      /^mesma transação já importada no extrato de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4} desta conta /,
    );
    expect(reasons[0]!.text).not.toContain('#');
  });

  it('learns from a manual choice and uses it next time, visibly', async () => {
    const { data, accountId } = await branch();
    await runMatching(storeOfDb(db), {}, { now: NOW });
    const stranger = (await listMatchLines(db, { state: 'unmatched', limit: 5000 })).rows.find((r) =>
      r.reasons.some((x) => x.code === 'name_mismatch'),
    )!;
    // A member with two unpaid receivables: the clerk gives the first to the stranger's line.
    const unpaid = data.receivables.filter(
      (r) => (r.status === 1 || r.status === 4) && r.payment === null && r.idMemberPayer !== null,
    );
    const [first, next] = unpaid
      .map((r) => unpaid.filter((x) => x.idMemberPayer === r.idMemberPayer))
      .find((group) => group.length >= 2)!;
    const result = await storeOfDb(db).write((tx) =>
      recordOverride(tx, stranger.lineId, [first!.idReceivable], NOW()),
    );
    expect(result).toMatchObject({ aliasesLearned: 1 });
    const row = (await listMatchLines(db, { state: 'overridden' })).rows[0]!;
    expect(row.receivables.map((r) => r.id)).toEqual([first!.idReceivable]);
    expect(row.reasons[0]!.text).toBe('escolhido manualmente em 15/07');
    // Kept by a re-run, and the receivable is not proposed to any other line.
    await runMatching(storeOfDb(db), {}, { now: NOW });
    expect((await listMatchLines(db, { state: 'overridden' })).rows[0]!.matchId).toBe(row.matchId);
    expect(liveItems().filter((i) => i.id === first!.idReceivable)).toHaveLength(1);
    // Next month the same payer text pays the member's next receivable: proposed, "aprendido em 15/07".
    const later = insertStatement(accountId, {
      date: next!.dueDate.slice(0, 10),
      amountCents: next!.ammountCents,
      description: stranger.description,
      payerText: stranger.payerText,
    });
    await runMatching(storeOfDb(db), { statementId: later }, { now: NOW });
    const proposal = (await listMatchLines(db, { statementId: later })).rows[0]!;
    expect(proposal.receivables.map((r) => r.id)).toEqual([next!.idReceivable]);
    expect(proposal.reasons[0]!.text).toBe('pagador reconhecido: aprendido em 15/07');
    expect(db.prepare('SELECT times_used FROM aliases').pluck().all()).toEqual([1]);
    expect(
      await code(() => storeOfDb(db).write((tx) => recordOverride(tx, stranger.lineId, [424242], NOW()))),
    ).toBe('match.receivable_not_open');
  });

  it('refuses a receivable another line holds', async () => {
    await branch();
    await runMatching(storeOfDb(db), {}, { now: NOW });
    const [a, b] = (await listMatchLines(db, { state: 'suggested', limit: 2 })).rows;
    expect(
      await code(() =>
        storeOfDb(db).write((tx) => recordOverride(tx, b!.lineId, [a!.receivables[0]!.id], NOW())),
      ),
    ).toBe('match.receivable_taken');
  });

  it('settings: defaults, a validated change, a reset', async () => {
    await branch();
    expect((await storeOfDb(db).read(getMatchSettings)).isDefault).toBe(true);
    const changed = await updateMatchSettings(storeOfDb(db), {
      thresholds: { green: 90, yellow: 70, propose: 50 },
      lag: { '5': { min: 1, max: 2, business: true, early: 5, late: 20 } },
    });
    expect(changed.isDefault).toBe(false);
    expect(changed.settings.thresholds.green).toBe(90);
    expect(changed.settings.lag['5']!.max).toBe(2);
    expect(changed.settings.lag['18']).toBeDefined();
    expect(
      await code(() =>
        updateMatchSettings(storeOfDb(db), { thresholds: { green: 50, yellow: 70, propose: 40 } }),
      ),
    ).toBe('match.settings_invalid');
    expect((await updateMatchSettings(storeOfDb(db), { reset: true })).isDefault).toBe(true);
  });

  it('says what to do when there is nothing to match', async () => {
    db = openDb(':memory:');
    expect(await code(() => runMatching(storeOfDb(db), {}))).toBe('match.no_statement');
    expect(await code(() => runMatching(storeOfDb(db), { statementId: 9 }))).toBe(
      'match.statement_not_found',
    );
  });
});
