/**
 * The reconciliation report on both databases ([W] issue 34): what was queued in a period, with its bank line, the
 * match, a return file's title, who approved, queued, sent and confirmed it (the audit log), read in one transaction
 * of the Store; the period by the bank line's day, else the Brasília day it was queued (one SQL per dialect); the
 * same rows on SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { storesForTests } from '../../../tests/helpers/stores';
import { seedViews, VIEWS_WHO } from '../../../tests/helpers/views-seed';
import { enqueuePairs } from '../outbox/outbox.repo';
import type { Store } from '../store/store';
import { reconciliationReport } from './reconciliation.report';

const { open } = storesForTests();
const kinds = process.env.QUITA_TEST_PG_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

async function reports(store: Store) {
  await seedViews(store);
  // Receivable 107, queued by hand without a bank line at 23:00 of 31 October in Brasília (02:00 UTC of 1 November).
  await store.write((tx) =>
    enqueuePairs(tx, [{ receivableId: 107, bankAccountId: 2, amountCents: 17_000 }], VIEWS_WHO, {
      now: '2026-11-01T02:00:00.000Z',
    }),
  );
  return {
    november: await reconciliationReport(store, { from: '2026-11-01', to: '2026-11-30' }),
    october: await reconciliationReport(store, { to: '2026-10-31' }),
    all: await reconciliationReport(store),
  };
}

describe.each(kinds)('the reconciliation report on %s', (kind) => {
  it('rows of the period, who decided each, the Brasília day of an item without a bank line', async () => {
    const { november, october, all } = await reports(await open[kind]());
    expect(
      november.rows.map((r) => [
        r.receivableId,
        r.lineDate,
        r.outboxState,
        r.approvedBy,
        r.queuedBy,
        r.sentAt,
      ]),
    ).toEqual([
      [101, '2026-11-03', 'confirmed', 'ana (test)', 'ana (test)', '2026-11-20T14:10:01.000Z'],
      [106, '2026-11-08', 'queued', 'ana (test)', 'ana (test)', null],
    ]);
    expect(november.rows[0]).toMatchObject({
      payerName: 'JOAO PEREIRA',
      amountCents: 11_000,
      receivableCents: 11_000,
      bankAccountName: 'Conta Itaú',
      statementFile: 'extrato-itau.ofx',
      lineAmountCents: 11_000,
      zone: 'green',
      approvedAt: '2026-11-20T13:30:00.000Z',
      confirmedAt: '2026-11-20T14:11:00.000Z',
    });
    expect(november.count).toBe(2);
    expect(november.totalCents).toBe(27_000);
    expect(november.confirmedCount).toBe(1);
    expect(november.confirmedCents).toBe(11_000);
    // Queued at 02:00 UTC of 1 November: 31 October in Brasília, so October's report has it and November's not.
    expect(october.rows.map((r) => [r.receivableId, r.lineDate, r.bankAccountName, r.matchId])).toEqual([
      [107, null, 'Conta Caixa', null],
    ]);
    expect(all.rows.map((r) => r.receivableId)).toEqual([107, 101, 106]);
  });
});

const pgIt = process.env.QUITA_TEST_PG_URL ? it : it.skip;
describe('the reconciliation report on both databases', () => {
  pgIt('has the same rows on SQLite and on PostgreSQL', async () => {
    const a = await reports(await open.sqlite());
    const b = await reports(await open.postgres());
    expect(b).toEqual(a);
  });
});
