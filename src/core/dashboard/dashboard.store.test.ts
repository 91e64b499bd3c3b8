/**
 * Início on both databases ([W] issue 34): the summary (every credit line in one bucket, open and overdue
 * receivables, what was sent today, the latest statement's days) read in one transaction of the Store; the same
 * summary on SQLite and on PostgreSQL, and what the seed's lines are known to be (tests/helpers/views-seed.ts).
 */
import { describe, expect, it } from 'vitest';
import { storesForTests } from '../../../tests/helpers/stores';
import { seedViews } from '../../../tests/helpers/views-seed';
import type { Store } from '../store/store';
import { dashboardSummary } from './dashboard.service';

const { open } = storesForTests();
const kinds = process.env.QUITA_TEST_PG_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const NOW = new Date('2026-11-20T15:00:00.000Z');

async function summary(store: Store) {
  await seedViews(store);
  return {
    today: await dashboardSummary(store, NOW),
    nextDay: await dashboardSummary(store, new Date('2026-11-21T15:00:00.000Z')),
  };
}

describe.each(kinds)('Início on %s', (kind) => {
  it('counts every credit line once, in its bucket, with the receivables and what was sent today', async () => {
    const { today, nextDay } = await summary(await open[kind]());
    expect(today.all.lines).toEqual({ count: 8, cents: 137_699 });
    expect(today.all.buckets).toEqual({
      toDecide: { count: 2, cents: 23_999 },
      toSend: { count: 1, cents: 10_000 },
      sentWaiting: { count: 1, cents: 16_000 },
      sentFailed: { count: 0, cents: 0 },
      sentConfirmed: { count: 1, cents: 11_000 },
      recorded: { count: 2, cents: 26_700 },
      setAside: { count: 1, cents: 50_000 },
    });
    expect(today.open).toEqual({ count: 5, cents: 68_000 });
    expect(today.overdue).toEqual({ count: 1, cents: 13_000 });
    expect(today.sentToday).toEqual({ count: 2, cents: 27_000 });
    expect(nextDay.sentToday).toEqual({ count: 0, cents: 0 });
    expect(today.statements).toBe(1);
    expect(today.byBranch).toEqual([]);
    expect(today.statement).toMatchObject({ fileName: 'extrato-itau.ofx', accountName: 'Conta Itaú' });
    expect(today.statement!.days).toEqual([
      { date: '2026-10-28', decidedCents: 10_000, toDecideCents: 0 },
      { date: '2026-11-03', decidedCents: 11_000, toDecideCents: 0 },
      { date: '2026-11-04', decidedCents: 12_000, toDecideCents: 0 },
      { date: '2026-11-05', decidedCents: 0, toDecideCents: 14_000 },
      { date: '2026-11-06', decidedCents: 50_000, toDecideCents: 0 },
      { date: '2026-11-07', decidedCents: 14_700, toDecideCents: 0 },
      { date: '2026-11-08', decidedCents: 16_000, toDecideCents: 0 },
      { date: '2026-11-09', decidedCents: 0, toDecideCents: 9_999 },
    ]);
    expect(today.byStatement).toHaveLength(1);
  });
});

const pgIt = process.env.QUITA_TEST_PG_URL ? it : it.skip;
describe('Início on both databases', () => {
  pgIt('is the same summary on SQLite and on PostgreSQL', async () => {
    const a = await summary(await open.sqlite());
    const b = await summary(await open.postgres());
    expect(b).toEqual(a);
  });
});
