import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/open-db';
import { runMatching } from '../matching/matching.service';
import { sandboxBranch } from '../matching/testing-db';
import { approveGreen } from '../review/review.service';
import { approvedNotQueued } from './approved.repo';
import { storeOfDb } from '../store/sqlite-store';

/**
 * [I] item 5: a receivable the API already has as received or `conciliated` is never marked again, even when a
 * suggestion was approved before the sync that said so.
 */
let db: Db | undefined;
afterEach(() => db?.close());

describe('approved pairs to send', () => {
  it('leave out receivables the last sync found received, cancelled or conciliated', async () => {
    const b = await sandboxBranch();
    db = b.db;
    await runMatching(storeOfDb(db), { statementId: b.statementId });
    await approveGreen(storeOfDb(db), b.statementId, { actor: 'ana', profileId: 'p' });
    const before = (await storeOfDb(db).read(approvedNotQueued)).map((p) => p.receivableId);
    expect(before.length).toBeGreaterThan(3);
    const [conciliated, received, cancelled] = before;
    db.prepare('UPDATE receivables SET conciliated = 1 WHERE id = ?').run(conciliated);
    db.prepare('UPDATE receivables SET status_id = 2 WHERE id = ?').run(received);
    db.prepare('UPDATE receivables SET status_id = 3 WHERE id = ?').run(cancelled);
    const after = (await storeOfDb(db).read(approvedNotQueued)).map((p) => p.receivableId);
    expect(after).toEqual(before.filter((id) => ![conciliated, received, cancelled].includes(id)));
  });

  it('the matcher never proposes an open receivable that is conciliated', async () => {
    const b = await sandboxBranch();
    db = b.db;
    const first = await runMatching(storeOfDb(db), { statementId: b.statementId });
    const proposed = db
      .prepare(
        `SELECT DISTINCT i.receivable_id FROM match_items i JOIN matches m ON m.id = i.match_id
         JOIN receivables r ON r.id = i.receivable_id WHERE m.plan_id = ? AND r.status_id IN (1, 4)`,
      )
      .pluck()
      .all(first.planId) as number[];
    expect(proposed.length).toBeGreaterThan(3);
    db.prepare(`UPDATE receivables SET conciliated = 1 WHERE id IN (SELECT value FROM json_each(?))`).run(
      JSON.stringify(proposed),
    );
    const second = await runMatching(storeOfDb(db), { statementId: b.statementId });
    const again = db
      .prepare(
        `SELECT count(*) FROM match_items i JOIN matches m ON m.id = i.match_id
         WHERE m.plan_id = ? AND i.receivable_id IN (SELECT value FROM json_each(?))`,
      )
      .pluck()
      .get(second.planId, JSON.stringify(proposed)) as number;
    expect(again).toBe(0);
  });
});
