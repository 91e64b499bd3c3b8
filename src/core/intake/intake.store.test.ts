import { describe, expect, it } from 'vitest';
import { intakeRepo } from './intake.repo';
import { storesForTests } from '../../../tests/helpers/stores';

/** [W] must-show 1: the intake folder's record (what became of each file dropped there) on both databases. */
const { open } = storesForTests();

const file = (name: string, over: Partial<Parameters<typeof intakeRepo.record>[1]> = {}) => ({
  cycleId: null,
  fileName: name,
  sha256: `sha-${name}`,
  size: 10,
  state: 'waiting' as const,
  kind: 'ofx',
  bankAccountId: null,
  newItems: 0,
  knownItems: 0,
  sameFile: false,
  reason: null,
  movedTo: null,
  at: '2026-11-20T06:00:00.000Z',
  ...over,
});

describe.each(['sqlite', 'postgres'] as const)('the intake record on %s', (dialect) => {
  it('keeps one waiting row per file, replaces it when the file is handled, and lists the rest newest first', async () => {
    const store = await open[dialect]();
    const a = await store.write((tx) => intakeRepo.record(tx, file('itau.ofx')));
    await store.write((tx) => intakeRepo.record(tx, file('caixa.csv')));
    expect(await store.read((tx) => intakeRepo.waitingOf(tx, 'itau.ofx', 'sha-itau.ofx'))).toBe(a);
    expect(await store.read((tx) => intakeRepo.waitingOf(tx, 'itau.ofx', 'other bytes'))).toBeUndefined();
    // The next cycle imports it: the waiting row becomes the imported one.
    await store.write((tx) =>
      intakeRepo.record(
        tx,
        file('itau.ofx', { state: 'imported', bankAccountId: 7, newItems: 12, sameFile: true }),
        a,
      ),
    );
    await store.write((tx) =>
      intakeRepo.record(
        tx,
        file('boleto.pdf', {
          state: 'refused',
          kind: null,
          reason: { kind: 'validation', code: 'import.pdf', message: 'PDF' },
          movedTo: '/intake/recusados/boleto.pdf',
        }),
      ),
    );
    expect(await store.read((tx) => intakeRepo.get(tx, a))).toMatchObject({
      fileName: 'itau.ofx',
      state: 'imported',
      bankAccountId: 7,
      newItems: 12,
      sameFile: true,
      sha256: 'sha-itau.ofx',
    });
    expect((await store.read(intakeRepo.waiting)).map((f) => f.fileName)).toEqual(['caixa.csv']);
    expect(
      (await store.read((tx) => intakeRepo.recent(tx, 10))).map((f) => [f.fileName, f.state, f.reason?.code]),
    ).toEqual([
      ['boleto.pdf', 'refused', 'import.pdf'],
      ['itau.ofx', 'imported', undefined],
    ]);
    // A person took the waiting file away: dropped; an imported row is never dropped that way.
    const waiting = (await store.read(intakeRepo.waiting))[0]!.id;
    await store.write((tx) => intakeRepo.forget(tx, waiting));
    await store.write((tx) => intakeRepo.forget(tx, a));
    expect(await store.read(intakeRepo.waiting)).toEqual([]);
    expect(await store.read((tx) => intakeRepo.get(tx, a))).toBeDefined();
  });
});
