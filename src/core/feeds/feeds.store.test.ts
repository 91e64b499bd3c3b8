import { describe, expect, it } from 'vitest';
import { seedApprovedLines } from '../store/testing-seed';
import { feedsRepo, type NewFeed } from './feeds.repo';
import { storesForTests } from '../../../tests/helpers/stores';

/** [W] must-show 1: the bank feeds' repository (feeds, their runs, their statements' counts) on both databases. */
const { open } = storesForTests();

const AT = '2026-11-20T13:00:00.000Z';
const feed = (over: Partial<NewFeed> = {}): NewFeed => ({
  kind: 'pix-api',
  label: 'Pix do Itaú',
  bank_account_id: 1,
  preset: null,
  token_url: 'https://sts.itau.example/token',
  base_url: 'https://api.itau.example/pix',
  client_id: 'cli',
  scope: 'pix.read',
  ca_pem: null,
  certificate_json: null,
  enabled: 1,
  start_date: '2026-11-13',
  ...over,
});

describe.each(['sqlite', 'postgres'] as const)('bank feeds on %s', (dialect) => {
  it('keeps feeds, their runs and what a run adds to its day’s statement', async () => {
    const store = await open[dialect]();
    await seedApprovedLines(store, 2);
    const a = await store.write((tx) => feedsRepo.insert(tx, feed(), AT));
    const b = await store.write((tx) => feedsRepo.insert(tx, feed({ label: 'Pix parado', enabled: 0 }), AT));
    expect((await store.read(feedsRepo.all)).map((f) => f.label)).toEqual(['Pix do Itaú', 'Pix parado']);
    expect((await store.read(feedsRepo.enabled)).map((f) => f.id)).toEqual([a]);
    await store.write((tx) =>
      feedsRepo.update(tx, b, feed({ label: 'Pix do Inter' }), '2026-11-20T14:00:00.000Z'),
    );
    expect(await store.read((tx) => feedsRepo.get(tx, b))).toMatchObject({
      label: 'Pix do Inter',
      enabled: 1,
      created_at: AT,
      updated_at: '2026-11-20T14:00:00.000Z',
    });
    await store.write((tx) => feedsRepo.markRead(tx, a, AT, '2026-11-20'));
    await store.write((tx) => feedsRepo.markRead(tx, a, '2026-11-20T15:00:00.000Z', null));
    expect(await store.read((tx) => feedsRepo.get(tx, a))).toMatchObject({
      read_through: '2026-11-20T15:00:00.000Z',
      refunds_checked: '2026-11-20',
    });
    const run = await store.write((tx) =>
      feedsRepo.startRun(tx, { feedId: a, trigger: 'cycle', at: AT, from: AT, to: AT }),
    );
    await store.write((tx) =>
      feedsRepo.finishRun(tx, run, {
        at: AT,
        fetched: 5,
        added: 3,
        known: 2,
        rejected: 0,
        requests: 2,
        error: { kind: 'offline', code: 'api.offline', message: 'sem rede' },
      }),
    );
    expect(await store.read((tx) => feedsRepo.lastRun(tx, a))).toMatchObject({
      id: run,
      trigger: 'cycle',
      fetched: 5,
      added: 3,
      error_json: JSON.stringify({ kind: 'offline', code: 'api.offline', message: 'sem rede' }),
    });
    expect(await store.read((tx) => feedsRepo.bankAccountExists(tx, 1))).toBe(true);
    expect(await store.read((tx) => feedsRepo.bankAccountExists(tx, 99))).toBe(false);
    // The day's statement (seeded with sha256 'x' and 2 lines) grows by what a run adds.
    const statementId = (await store.read((tx) => feedsRepo.statementBySha(tx, 1, 'x')))!;
    expect(await store.read((tx) => feedsRepo.linesInStatement(tx, statementId))).toBe(2);
    await store.write((tx) => feedsRepo.addToStatement(tx, statementId, { credit: 2, debit: 1 }, 4));
    const st = await store.read((tx) =>
      tx.selectFrom('statements').selectAll().where('id', '=', statementId).executeTakeFirstOrThrow(),
    );
    expect(st).toMatchObject({
      line_count: 5,
      credit_count: 4,
      debit_count: 1,
      inserted_count: 5,
      known_count: 4,
    });
    expect(await store.write((tx) => feedsRepo.remove(tx, b))).toBe(true);
    expect(await store.write((tx) => feedsRepo.remove(tx, b))).toBe(false);
  });
});
