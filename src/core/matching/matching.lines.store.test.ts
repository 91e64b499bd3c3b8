/**
 * Conciliar's list on both databases ([W] issue 34): a plan's page, each line with its bucket, receivables, a return
 * file's title and an acquirer file's sale, read in one transaction of the Store; the same page on SQLite and on
 * PostgreSQL, and what the seed's lines are known to be (tests/helpers/views-seed.ts).
 */
import { describe, expect, it } from 'vitest';
import { storesForTests } from '../../../tests/helpers/stores';
import { seedViews } from '../../../tests/helpers/views-seed';
import type { Store } from '../store/store';
import { lineDetails, listMatchLines } from './matching.lines';

const { open } = storesForTests();
const kinds = process.env.QUITA_TEST_PG_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

async function pages(store: Store) {
  const seed = await seedViews(store);
  const all = await listMatchLines(store, { statementId: seed.statementId });
  const approved = await listMatchLines(store, {
    statementId: seed.statementId,
    state: 'approved',
    limit: 2,
    offset: 1,
  });
  const bare = await listMatchLines(store, { statementId: seed.statementId, details: false });
  const details = await lineDetails(store, seed.lineIds[5]!);
  return { seed, all, approved, bare, details };
}

describe.each(kinds)("Conciliar's list on %s", (kind) => {
  it("a plan's page: buckets, receivables, a return file's title and an acquirer file's sale", async () => {
    const { seed, all, approved, bare, details } = await pages(await open[kind]());
    expect(all.planId).toBe(seed.planId);
    expect(all.total).toBe(7);
    expect(all.rows.map((r) => [r.position, r.state, r.bucket])).toEqual([
      [0, 'approved', 'toSend'],
      [1, 'approved', 'sentConfirmed'],
      [2, 'approved', 'recorded'],
      [3, 'suggested', 'toDecide'],
      [4, 'set_aside', 'setAside'],
      [5, 'recorded', 'recorded'],
      [6, 'approved', 'sentWaiting'],
    ]);
    expect(all.rows[0]!.receivables.map((r) => [r.id, r.amountCents, r.faceCents])).toEqual([
      [100, 10_000, 10_000],
    ]);
    expect(all.rows[4]!.aside).toEqual({ reason: 'own_transfer', note: null, ruleId: null });
    expect(all.rows[3]!.returnTitles).toEqual([
      expect.objectContaining({
        titleId: seed.titleId,
        receivableId: 104,
        nossoNumero: '00012345',
        paidCents: 14_250,
        feeCents: 250,
        differenceCents: 250, // paid 142.50 against a receivable of 140.00
      }),
    ]);
    expect(all.rows[5]!.cardSales).toEqual([
      expect.objectContaining({
        receivableId: 105,
        payerName: 'PEDRO ROCHA',
        grossCents: 15_000,
        feeCents: 300,
        netCents: 14_700,
        feePercent: 2,
      }),
    ]);
    expect(all.rows[3]!.reasons[0]!.text).toContain('arquivo retorno do banco 341');
    // A filtered page: approved lines, the second and third.
    expect(approved.total).toBe(4);
    expect(approved.rows.map((r) => [r.position, r.bucket])).toEqual([
      [1, 'sentConfirmed'],
      [2, 'recorded'],
    ]);
    // Without details: no card sales, the reasons without their sentence; one line's details on their own.
    expect(bare.rows[5]!.cardSales).toBeUndefined();
    expect(bare.rows[3]!.reasons[0]!.text).toBe('');
    expect(details).toEqual({
      lineId: seed.lineIds[5],
      matchId: seed.matchIds[5],
      cardSales: all.rows[5]!.cardSales,
    });
  });
});

const pgIt = process.env.QUITA_TEST_PG_URL ? it : it.skip;
describe("Conciliar's list on both databases", () => {
  pgIt('is the same page on SQLite and on PostgreSQL', async () => {
    const a = await pages(await open.sqlite());
    const b = await pages(await open.postgres());
    expect(b).toEqual(a);
  });
});
