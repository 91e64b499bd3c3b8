/**
 * [W] (issue 34) A line decided by one clerk is not silently re-decided by another (docs/concurrency.md). Two
 * clerks are two connections to one real SQLite file, each sending the versions it saw (`match.lines`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSandboxData } from '../../src/sandbox';
import { appendAudit } from '../../src/core/audit/audit.store';
import { openDb, type Db } from '../../src/core/db/open-db';
import { listMatchLines } from '../../src/core/matching/matching.lines';
import { runMatching } from '../../src/core/matching/matching.service';
import { suggest } from '../../src/core/matching/suggest';
import { cacheSandboxData, importSandboxStatement, NOW, TODAY } from '../../src/core/matching/testing-db';
import { asideRepo } from '../../src/core/review/aside.repo';
import { removeAsideRule, setAside } from '../../src/core/review/aside.service';
import { loginOf } from '../../src/core/review/review-conflicts';
import { applyReview, overrideLine } from '../../src/core/review/review.service';
import { storeOfDb } from '../../src/core/store/sqlite-store';

const maria = { actor: 'maria (desktop)', profileId: 'p1' };
const ana = { actor: 'ana (server)', profileId: 'p1' };
/** 10:42 and 10:43 in Brasília (UTC−3). */
const AT_1042 = new Date('2026-07-15T13:42:00Z');
const AT_1043 = new Date('2026-07-15T13:43:00Z');

let dir: string;
let a: Db; // maria's connection
let b: Db; // ana's connection
afterEach(() => {
  a?.close();
  b?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function twoClerks() {
  dir = mkdtempSync(join(tmpdir(), 'quita-w2-'));
  const file = join(dir, 'quita.db');
  a = openDb(file);
  const data = generateSandboxData({ seed: 5, members: 150, months: 3, today: TODAY });
  await cacheSandboxData(a, data, NOW().toISOString());
  const accountId = data.bankAccounts.find((x) => x.role === 'primary')!.id;
  const statementId = await importSandboxStatement(a, data, accountId, 'ofx');
  await runMatching(storeOfDb(a), { statementId }, { now: NOW });
  b = openDb(file);
  /** What a clerk's screen shows, read on that clerk's connection. */
  const lines = async (db: Db) => (await listMatchLines(db, { statementId, limit: 5000 })).rows;
  const greens = (await lines(a)).filter((l) => l.zone === 'green' && l.state === 'suggested');
  expect(greens.length).toBeGreaterThanOrEqual(3);
  const seenOf = (...ls: typeof greens) =>
    ls.map((l) => ({ matchId: l.matchId, version: l.version, lineId: l.lineId }));
  const row = (db: Db, matchId: number) =>
    db.prepare('SELECT state, version FROM matches WHERE id = ?').get(matchId) as
      { state: string; version: number } | undefined;
  const auditOf = (lineId: number) =>
    a.prepare('SELECT actor, action FROM audit_log WHERE subject = ? ORDER BY seq').all(`line:${lineId}`);
  return { statementId, lines, greens, seenOf, row, auditOf };
}

describe('two clerks on the same line', () => {
  it('the second decision with the same seen version is refused, naming who decided and when', async () => {
    const { greens, seenOf, row, auditOf } = await twoClerks();
    const line = greens[0]!;
    const seen = seenOf(line); // both loaded the list before either clicked
    const first = await applyReview(storeOfDb(a), 'approve', [line.matchId], maria, AT_1042, {}, seen);
    expect(first).toEqual({ changed: 1, skipped: [], conflicts: [] });
    const second = await applyReview(storeOfDb(b), 'reject', [line.matchId], ana, AT_1043, {}, seen);
    expect(second.changed).toBe(0);
    expect(second.conflicts).toEqual([
      {
        matchId: line.matchId,
        lineId: line.lineId,
        by: 'maria',
        at: AT_1042.toISOString(),
        state: 'approved',
      },
    ]);
    expect(row(b, line.matchId)?.state).toBe('approved');
    expect(auditOf(line.lineId)).toEqual([{ actor: 'maria (desktop)', action: 'match.approved' }]);
  });

  it('approving a line someone rejected meanwhile is refused: the rejection stands', async () => {
    const { greens, seenOf, row } = await twoClerks();
    const line = greens[1]!;
    const seen = seenOf(line);
    expect((await applyReview(storeOfDb(b), 'reject', [line.matchId], ana, AT_1042, {}, seen)).changed).toBe(
      1,
    );
    const r = await applyReview(storeOfDb(a), 'approve', [line.matchId], maria, AT_1043, {}, seen);
    expect(r.changed).toBe(0);
    expect(r.conflicts).toMatchObject([{ matchId: line.matchId, by: 'ana', state: 'rejected' }]);
    expect(row(a, line.matchId)?.state).toBe('rejected');
    // Read again, the line shows the new version: deciding on what is now seen goes through.
    const again = await applyReview(storeOfDb(a), 'to_review', [line.matchId], maria, AT_1043, {}, [
      { matchId: line.matchId, version: row(a, line.matchId)!.version },
    ]);
    expect(again).toMatchObject({ changed: 1, conflicts: [] });
  });

  it('choosing receivables by hand for a line someone approved meanwhile changes nothing and learns nothing', async () => {
    const { greens, row, auditOf } = await twoClerks();
    const line = greens[0]!;
    const other = greens[2]!;
    expect(
      (
        await applyReview(storeOfDb(b), 'approve', [line.matchId], ana, AT_1042, {}, [
          { matchId: line.matchId, version: line.version },
        ])
      ).changed,
    ).toBe(1);
    const items = () =>
      a
        .prepare('SELECT receivable_id FROM match_items WHERE match_id = ? ORDER BY 1')
        .pluck()
        .all(line.matchId);
    const itemsBefore = items();
    const aliases = () => a.prepare('SELECT count(*) FROM aliases').pluck().get();
    const aliasesBefore = aliases();
    // Another green line's receivable would be refused as held; pick the line's own, which it already holds.
    const r = await overrideLine(storeOfDb(a), line.lineId, [line.receivables[0]!.id], maria, AT_1043, {
      confirmed: true,
      seenVersion: line.version,
      seenMatchId: line.matchId,
    });
    expect(r).toMatchObject({ applied: false, needsConfirmation: false, aliasesLearned: 0 });
    expect(r.conflicts).toEqual([
      { matchId: line.matchId, lineId: line.lineId, by: 'ana', at: AT_1042.toISOString(), state: 'approved' },
    ]);
    expect(row(a, line.matchId)?.state).toBe('approved');
    expect(items()).toEqual(itemsBefore);
    expect(aliases()).toBe(aliasesBefore);
    expect(auditOf(line.lineId)).toEqual([{ actor: 'ana (server)', action: 'match.approved' }]);
    // Unchanged since seen: the same choice goes through (the other line is untouched by all this).
    const ok = await overrideLine(storeOfDb(a), other.lineId, [other.receivables[0]!.id], maria, AT_1043, {
      seenVersion: other.version,
      seenMatchId: other.matchId,
    });
    expect(ok).toMatchObject({ applied: true, conflicts: [] });
  });

  it('a batch with one line changed meanwhile: the others go through, that one is named and left', async () => {
    const { greens, seenOf, row } = await twoClerks();
    const [g1, g2, g3] = greens as [(typeof greens)[0], (typeof greens)[0], (typeof greens)[0]];
    const seen = seenOf(g1, g2, g3);
    await setAside(
      storeOfDb(b),
      { matchIds: [g2.matchId], reason: 'refund', seen: seenOf(g2) },
      ana,
      AT_1042,
    );
    const r = await applyReview(
      storeOfDb(a),
      'approve',
      [g1.matchId, g2.matchId, g3.matchId],
      maria,
      AT_1043,
      {},
      seen,
    );
    expect(r.changed).toBe(2);
    expect(r.skipped).toEqual([]);
    expect(r.conflicts).toMatchObject([{ matchId: g2.matchId, by: 'ana', state: 'set_aside' }]);
    expect([row(a, g1.matchId)?.state, row(a, g2.matchId)?.state, row(a, g3.matchId)?.state]).toEqual([
      'approved',
      'set_aside',
      'approved',
    ]);
  });

  it('setting aside a line someone approved meanwhile is refused the same way', async () => {
    const { greens, seenOf, row } = await twoClerks();
    const line = greens[0]!;
    await applyReview(storeOfDb(b), 'approve', [line.matchId], ana, AT_1042, {}, seenOf(line));
    const r = await setAside(
      storeOfDb(a),
      { matchIds: [line.matchId], reason: 'interest', seen: seenOf(line) },
      maria,
      AT_1043,
    );
    expect(r).toMatchObject({ changed: 0, conflicts: [{ by: 'ana', state: 'approved' }] });
    expect(row(a, line.matchId)?.state).toBe('approved');
  });

  it('without seen (the CLI, the send policy) nothing is compared: today’s behaviour', async () => {
    const { greens, row } = await twoClerks();
    const line = greens[0]!;
    await applyReview(storeOfDb(b), 'approve', [line.matchId], ana, AT_1042);
    const r = await applyReview(storeOfDb(a), 'to_review', [line.matchId], maria, AT_1043);
    expect(r).toEqual({ changed: 1, skipped: [], conflicts: [] });
    expect(row(a, line.matchId)?.state).toBe('to_review');
    await expect(applyReview(storeOfDb(a), 'approve', [999_999], maria, AT_1043)).rejects.toThrow(
      /no match 999999/,
    );
  });

  it('a re-run that replaced the suggestion the clerk saw: named by who ran it', async () => {
    const { statementId, greens, seenOf, lines } = await twoClerks();
    const line = greens[0]!;
    const seen = seenOf(line);
    const ctx = {
      db: () => b,
      store: () => storeOfDb(b),
      audit: async (
        action: string,
        subject: string | null,
        change: { before?: unknown; after?: unknown },
      ) => {
        await storeOfDb(b).write((tx) =>
          appendAudit(tx, { ...ana, at: AT_1042.toISOString(), action, subject, ...change }),
        );
      },
    };
    await suggest(ctx, statementId, 'manual');
    const now = (await lines(a)).find((l) => l.lineId === line.lineId)!;
    expect(now.matchId).not.toBe(line.matchId); // the suggestion is a new match
    const r = await applyReview(storeOfDb(a), 'approve', [line.matchId], maria, AT_1043, {}, seen);
    expect(r).toMatchObject({
      changed: 0,
      conflicts: [{ matchId: line.matchId, lineId: line.lineId, by: 'ana', state: 'suggested' }],
    });
    // Without the line named, a gone match is skipped, never the whole batch refused.
    const bare = await applyReview(storeOfDb(a), 'approve', [line.matchId, now.matchId], maria, AT_1043, {}, [
      { matchId: line.matchId, version: 0 },
    ]);
    expect(bare).toMatchObject({ changed: 1, skipped: [{ matchId: line.matchId }] });
  });
});

describe('every change of a match moves its version', () => {
  it('each review path, the override, setting aside, a rule releasing its lines, and any other writer', async () => {
    const { greens, row, statementId } = await twoClerks();
    const [g1, g2] = greens as [(typeof greens)[0], (typeof greens)[0]];
    const v = (id: number) => row(a, id)!.version;
    const moves = async (what: string, id: number, fn: () => unknown) => {
      const before = v(id);
      await fn();
      expect(v(id), what).toBeGreaterThan(before);
    };
    await moves(
      'approve',
      g1.matchId,
      async () => await applyReview(storeOfDb(a), 'approve', [g1.matchId], maria, NOW()),
    );
    await moves(
      'reject',
      g1.matchId,
      async () => await applyReview(storeOfDb(a), 'reject', [g1.matchId], maria, NOW()),
    );
    await moves(
      'to_review',
      g1.matchId,
      async () => await applyReview(storeOfDb(a), 'to_review', [g1.matchId], maria, NOW()),
    );
    await moves(
      'unmatch',
      g1.matchId,
      async () => await applyReview(storeOfDb(a), 'unmatch', [g1.matchId], maria, NOW()),
    );
    await moves(
      'override',
      g2.matchId,
      async () =>
        await overrideLine(storeOfDb(a), g2.lineId, [g2.receivables[0]!.id], maria, NOW(), {
          confirmed: true,
        }),
    );
    // The same choice again: state, score and reasons may all read as before; the version still moves.
    await moves(
      'override again',
      g2.matchId,
      async () =>
        await overrideLine(storeOfDb(a), g2.lineId, [g2.receivables[0]!.id], maria, NOW(), {
          confirmed: true,
        }),
    );
    await moves(
      'set aside',
      g1.matchId,
      async () => await setAside(storeOfDb(a), { matchIds: [g1.matchId], reason: 'refund' }, maria, NOW()),
    );

    // A rule's lines handed back to matching when it is removed (aside.repo releaseRuleLines, one UPDATE of many).
    const g3 = greens[2]!;
    const ruleId = await storeOfDb(a).write((tx) =>
      asideRepo.insert(tx, {
        pattern: 'tarifa',
        reason: 'other',
        note: 'teste',
        bankAccountId: null,
        minCents: null,
        maxCents: null,
        at: NOW().toISOString(),
      }),
    );
    a.prepare(
      `UPDATE matches SET state = 'set_aside', aside_reason = 'other', aside_rule_id = ? WHERE id = ?`,
    ).run(ruleId, g3.matchId);
    await moves('rule removed', g3.matchId, () => removeAsideRule(storeOfDb(a), ruleId, maria, NOW()));
    expect(row(a, g3.matchId)?.state).toBe('unmatched');

    // The trigger: any UPDATE of what a clerk sees moves it, even one that forgets to; moving a kept match into a
    // new plan (a re-run) or touching nothing a clerk sees does not.
    await moves('a raw state change', g2.matchId, () =>
      a.prepare(`UPDATE matches SET state = 'to_review' WHERE id = ?`).run(g2.matchId),
    );
    const still = v(g2.matchId);
    a.prepare(`UPDATE matches SET state = 'to_review', updated_at = 'x' WHERE id = ?`).run(g2.matchId);
    expect(v(g2.matchId)).toBe(still);
    await runMatching(storeOfDb(a), { statementId }, { now: NOW }); // g2 is kept (decided): carried into the new plan
    expect(v(g2.matchId)).toBe(still);
  });

  it('the login part of an actor is what the clerk is named by', () => {
    expect(loginOf('maria (desktop)')).toBe('maria');
    expect(loginOf('ana (server)')).toBe('ana');
    expect(loginOf('política de envio v3')).toBe('política de envio v3');
  });
});
