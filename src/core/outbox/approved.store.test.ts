/**
 * Enviar's reads on both databases ([W] issue 34): what is approved and not queued, the preview "Marcar como pagos"
 * shows (groups, items, the previous months' lines) and a batch's items, each in one transaction of the Store; the
 * same on SQLite and on PostgreSQL, and what the seed is known to hold (tests/helpers/views-seed.ts).
 */
import { describe, expect, it } from 'vitest';
import { storesForTests } from '../../../tests/helpers/stores';
import { seedViews, VIEWS_WHO } from '../../../tests/helpers/views-seed';
import type { Store } from '../store/store';
import { approvedNotQueued, batchItems, sendPreview } from './approved.repo';
import { enqueuePairs } from './outbox.repo';

const { open } = storesForTests();
const kinds = process.env.QUITA_TEST_PG_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const NOW = new Date('2026-11-20T15:00:00.000Z');

async function reads(store: Store) {
  const seed = await seedViews(store);
  const pairs = await store.read(approvedNotQueued);
  const preview = await sendPreview(store, NOW);
  const otherBranch = await sendPreview(store, NOW, 5); // a branch none of whose accounts is this one's
  const confirmed = await store.read((tx) => batchItems(tx, seed.confirmedBatch));
  // Queued: nothing left to send.
  await store.write((tx) => enqueuePairs(tx, pairs, VIEWS_WHO, { now: NOW.toISOString() }));
  const after = await sendPreview(store, NOW);
  return { seed, pairs, preview, otherBranch, confirmed, after };
}

describe.each(kinds)("Enviar's reads on %s", (kind) => {
  it('the preview: one receivable of a previous month to mark, a batch opened, nothing once queued', async () => {
    const { seed, pairs, preview, otherBranch, confirmed, after } = await reads(await open[kind]());
    // 101 and 106 are queued, 102 was received in the EVO meanwhile: only 100 is left.
    expect(pairs).toEqual([
      {
        receivableId: 100,
        bankAccountId: 1,
        amountCents: 10_000,
        matchId: seed.matchIds[0],
        lineId: seed.lineIds[0],
      },
    ]);
    expect(preview.groups).toEqual([
      { bankAccountId: 1, accountName: 'Conta Itaú', count: 1, totalCents: 10_000 },
    ]);
    expect(preview.count).toBe(1);
    expect(preview.totalCents).toBe(10_000);
    expect(preview.today).toBe('2026-11-20');
    expect(preview.earliestBankDate).toBe('2026-10-28');
    expect(preview.previousMonths).toEqual({
      lineCount: 1,
      receivableCount: 1,
      totalCents: 10_000,
      months: ['2026-10'],
    });
    expect(preview.items).toEqual([
      {
        receivableId: 100,
        payerName: 'MARIA SOUZA',
        description: 'Mensalidade MARIA SOUZA',
        dueDate: '2026-10-27',
        amountCents: 10_000,
        faceCents: 10_000,
        bankAccountId: 1,
        accountName: 'Conta Itaú',
        lineDate: '2026-10-28',
        lineAmountCents: 10_000,
        lineDescription: 'PIX RECEBIDO 0',
      },
    ]);
    expect(otherBranch.count).toBe(0);
    expect(confirmed.map((i) => [i.receivableId, i.amountCents, i.lineDate, i.payerName])).toEqual([
      [101, 11_000, '2026-11-03', 'JOAO PEREIRA'],
    ]);
    expect(after.count).toBe(0);
    expect(after.items).toEqual([]);
    expect(after.earliestBankDate).toBeNull();
  });
});

const pgIt = process.env.QUITA_TEST_PG_URL ? it : it.skip;
describe("Enviar's reads on both databases", () => {
  pgIt('are the same on SQLite and on PostgreSQL', async () => {
    const a = await reads(await open.sqlite());
    const b = await reads(await open.postgres());
    expect(b).toEqual(a);
  });
});
