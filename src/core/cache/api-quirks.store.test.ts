/**
 * [W] The API's learned quirks on both databases: a quirk learned by one client is known to it at once (the request
 * that found it does not wait for the database), is in the database once its write settles, and is known to the next
 * client made for the profile; learned twice (two clients, two processes), it keeps the first evidence.
 */
import { describe, expect, it } from 'vitest';
import { storesForTests } from '../../../tests/helpers/stores';
import { listQuirks, storeQuirks } from './api-quirks.repo';

const { open } = storesForTests();
const at = (s: string) => () => new Date(s);

describe.each(['sqlite', 'postgres'] as const)('API quirks on %s', (dialect) => {
  it('learned at once, kept in the database, known to the next client, first evidence kept', async () => {
    const store = await open[dialect]();
    const first = await storeQuirks(store, { now: at('2026-11-20T10:00:00.000Z') });
    const second = await storeQuirks(store, { now: at('2026-11-20T11:00:00.000Z') });
    expect(first.has('date-only-filters')).toBe(false);
    first.learn('date-only-filters', 'updateDateStart: hora não aceita');
    // Known before anything is written: the next request of this client already asks right.
    expect(first.has('date-only-filters')).toBe(true);
    first.learn('date-only-filters', 'again'); // nothing more to write
    second.learn('date-only-filters', 'from the other process');
    second.learn('single-value:accountStatus', 'accountStatus');
    await Promise.all([first.settled(), second.settled()]);
    expect(await store.read(listQuirks)).toEqual([
      {
        quirk: 'date-only-filters',
        evidence: 'updateDateStart: hora não aceita',
        learnedAt: '2026-11-20T10:00:00.000Z',
      },
      {
        quirk: 'single-value:accountStatus',
        evidence: 'accountStatus',
        learnedAt: '2026-11-20T11:00:00.000Z',
      },
    ]);
    const next = await storeQuirks(store);
    expect(next.has('single-value:accountStatus')).toBe(true);
    expect(next.has('coarse-update-date')).toBe(false);
  });

  it('a write that fails is reported, and the client goes on with what it learned', async () => {
    const store = await open[dialect]();
    const errors: unknown[] = [];
    const quirks = await storeQuirks(store, { onError: (e) => errors.push(e) });
    await store.close();
    quirks.learn('coarse-update-date', 'missed');
    await quirks.settled();
    expect(quirks.has('coarse-update-date')).toBe(true);
    expect(errors).toHaveLength(1);
  });
});
