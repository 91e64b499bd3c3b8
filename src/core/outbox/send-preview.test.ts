import { join } from 'node:path';
import { storeOfDb } from '../store/sqlite-store';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/tmp';
import { sendCommands } from '../../shared/contract/send';
import { openDb, type Db } from '../db/open-db';
import { batchItems, sendPreview } from './approved.repo';
import { outboxOn } from './testing';

const who = { actor: 'ana (test)', profileId: 'p-1' };
let cleanup: (() => void) | undefined;
let db: Db | undefined;
afterEach(() => {
  db?.close();
  cleanup?.();
  db = undefined;
  cleanup = undefined;
});

/** A profile database on disk with every migration, as the app opens it. */
function freshDb(): Db {
  const t = tempDir();
  cleanup = t.cleanup;
  db = openDb(join(t.dir, 'profiles', 'p-1', 'quita.db'));
  return db;
}

/**
 * One statement of account 10 with a plan whose matches are approved or not; `lines` are the credit lines by
 * bank date, each paying the receivables listed (a line may pay several: many-to-one).
 */
function seed(
  d: Db,
  lines: { date: string; receivables: [id: number, cents: number][]; state?: string }[],
): { lineIds: number[]; statementId: number } {
  d.prepare(
    `INSERT INTO bank_accounts (id, description, bank_code, raw_json, fetched_at)
     VALUES (10, 'Itaú Centro 1234-5', 341, '{}', '2026-11-01T12:00:00.000Z')`,
  ).run();
  const statementId = Number(
    d
      .prepare(
        `INSERT INTO statements (bank_account_id, file_name, sha256, byte_size, format, mapping_json, mapping_source,
         imported_at, period_from, period_to, line_count, credit_count, debit_count, balance_count, inserted_count,
         known_count, rejected_count) VALUES (10, 'extrato.ofx', 'abc', 1000, 'ofx', '{}', 'detected',
         '2026-11-20T13:00:00.000Z', '2026-09-01', '2026-11-30', ?, ?, 0, 0, ?, 0, 0)`,
      )
      .run(lines.length, lines.length, lines.length).lastInsertRowid,
  );
  const planId = Number(
    d
      .prepare(
        `INSERT INTO match_plans (statement_id, created_at, engine_version, settings_json) VALUES (?, ?, '1', '{}')`,
      )
      .run(statementId, '2026-11-20T13:01:00.000Z').lastInsertRowid,
  );
  const lineIds = lines.map((l, pos) => {
    const cents = l.receivables.reduce((s, [, c]) => s + c, 0);
    const lineId = Number(
      d
        .prepare(
          `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind,
           description, raw_json, fingerprint) VALUES (?, 10, ?, ?, ?, 'credit', 'PIX RECEBIDO', '{}', ?)`,
        )
        .run(statementId, pos, l.date, cents, `fp-${pos}`).lastInsertRowid,
    );
    const matchId = Number(
      d
        .prepare(
          `INSERT INTO matches (plan_id, line_id, score, zone, reasons_json, state, updated_at)
           VALUES (?, ?, 95, 'green', '[]', ?, '2026-11-20T13:05:00.000Z')`,
        )
        .run(planId, lineId, l.state ?? 'approved').lastInsertRowid,
    );
    for (const [receivableId, c] of l.receivables)
      d.prepare(
        'INSERT INTO match_items (match_id, plan_id, receivable_id, amount_cents) VALUES (?, ?, ?, ?)',
      ).run(matchId, planId, receivableId, c);
    return lineId;
  });
  return { lineIds, statementId };
}

const NOV_24 = new Date('2026-11-24T15:00:00.000Z');

describe('send.preview: the date the EVO will record', () => {
  it('gives today in Brasília, the oldest bank date, and the approved lines of earlier months', async () => {
    const d = freshDb();
    const { lineIds } = seed(d, [
      { date: '2026-09-15', receivables: [[1, 10000]] },
      // One October credit paying two receivables.
      {
        date: '2026-10-28',
        receivables: [
          [2, 15000],
          [3, 5000],
        ],
      },
      { date: '2026-10-31', receivables: [[4, 7000]] },
      { date: '2026-11-03', receivables: [[5, 9000]] },
      // Not approved: not sent, so not counted.
      { date: '2026-08-01', receivables: [[6, 1000]], state: 'suggested' },
      // Approved but already queued: not sent again, so not counted.
      { date: '2026-07-10', receivables: [[7, 2000]] },
    ]);
    await outboxOn(d).enqueuePairs(
      [{ receivableId: 7, bankAccountId: 10, amountCents: 2000, lineId: lineIds[5]! }],
      who,
      {
        now: '2026-11-20T14:00:00.000Z',
      },
    );

    const p = await sendPreview(storeOfDb(d), NOV_24);
    expect(p).toMatchObject({
      count: 5,
      totalCents: 46000,
      today: '2026-11-24',
      earliestBankDate: '2026-09-15',
    });
    expect(p.previousMonths).toEqual({
      lineCount: 3,
      receivableCount: 4,
      totalCents: 37000,
      months: ['2026-09', '2026-10'],
    });
    // Exactly what will be marked, each with the bank line it pays ([M] item 5).
    expect(p.items).toHaveLength(5);
    expect(p.items.map((i) => i.receivableId).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(p.items.every((i) => i.lineDate !== null && i.accountName !== null)).toBe(true);
    expect(p.items.reduce((s, i) => s + i.amountCents, 0)).toBe(p.totalCents);
    // What crosses the bridge is what the contract says.
    expect(sendCommands['send.preview'].output.parse(p)).toEqual(p);
    // Once queued, a batch opens to the same kind of list (the one already queued above: receivable 7).
    const batchId = (await outboxOn(d).listBatches())[0]!.id;
    const queued = await storeOfDb(d).read((tx) => batchItems(tx, batchId));
    expect(queued.map((i) => [i.receivableId, i.amountCents, i.lineDate])).toEqual([[7, 2000, '2026-07-10']]);
  });

  it('counts months by Brasília’s calendar: 02:00 UTC on 1 December is still 30 November', async () => {
    const d = freshDb();
    seed(d, [
      { date: '2026-11-02', receivables: [[1, 10000]] },
      { date: '2026-10-30', receivables: [[2, 5000]] },
    ]);
    const lateNight = await sendPreview(storeOfDb(d), new Date('2026-12-01T02:00:00.000Z'));
    expect(lateNight.today).toBe('2026-11-30');
    expect(lateNight.previousMonths).toMatchObject({ lineCount: 1, months: ['2026-10'] });
    const nextMorning = await sendPreview(storeOfDb(d), new Date('2026-12-01T12:00:00.000Z'));
    expect(nextMorning.today).toBe('2026-12-01');
    expect(nextMorning.previousMonths).toMatchObject({ lineCount: 2, months: ['2026-10', '2026-11'] });
  });

  it('a new year: December’s lines sent in January are of a previous month too', async () => {
    const d = freshDb();
    seed(d, [{ date: '2026-12-30', receivables: [[1, 10000]] }]);
    expect((await sendPreview(storeOfDb(d), new Date('2027-01-04T12:00:00.000Z'))).previousMonths).toEqual({
      lineCount: 1,
      receivableCount: 1,
      totalCents: 10000,
      months: ['2026-12'],
    });
  });

  it('nothing approved, or everything of this month: no warning', async () => {
    const d = freshDb();
    expect(await sendPreview(storeOfDb(d), NOV_24)).toEqual({
      items: [],
      groups: [],
      count: 0,
      totalCents: 0,
      today: '2026-11-24',
      earliestBankDate: null,
      previousMonths: { lineCount: 0, receivableCount: 0, totalCents: 0, months: [] },
    });
    seed(d, [{ date: '2026-11-01', receivables: [[1, 10000]] }]);
    const p = await sendPreview(storeOfDb(d), NOV_24);
    expect(p).toMatchObject({ count: 1, earliestBankDate: '2026-11-01' });
    expect(p.previousMonths.lineCount).toBe(0);
  });
});
