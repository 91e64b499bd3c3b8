import { describe, expect, it } from 'vitest';
import { contradiction, dayOnly, filterQuery, splitLists } from './filters';
import type { ApiReceivable } from './schemas';

const row = (over: Partial<ApiReceivable>): ApiReceivable =>
  ({
    id: 10,
    statusId: 2,
    paymentTypeId: 18,
    dueDate: '2026-11-10',
    receivingDate: '2026-11-24',
    updateDate: '2026-11-24T10:05:00',
    ...over,
  }) as ApiReceivable;

describe('receivable filters, as the API documents them', () => {
  it('sends idReceivable as one id and the documented lists comma-separated', () => {
    expect(filterQuery({ idReceivable: 7, accountStatus: [1, 4], paymentTypes: [] })).toMatchObject({
      idReceivable: 7,
      accountStatus: '1,4',
      paymentTypes: undefined,
    });
  });

  it('names the filter a returned row contradicts (a server that ignored it)', () => {
    expect(contradiction({ idReceivable: 11 }, row({}))).toBe('idReceivable');
    expect(contradiction({ accountStatus: [1, 4] }, row({}))).toBe('accountStatus');
    expect(contradiction({ paymentTypes: [5] }, row({}))).toBe('paymentTypes');
    expect(contradiction({ paymentTypes: [5] }, row({ paymentTypeId: null }))).toBe('paymentTypes');
    expect(contradiction({ dueDateStart: '2026-11-11' }, row({}))).toBe('dueDate');
    expect(contradiction({ dueDateEnd: '2026-11-09' }, row({}))).toBe('dueDate');
    expect(contradiction({ receivingDateStart: '2026-11-24' }, row({ receivingDate: null }))).toBe(
      'receivingDate',
    );
    // A timed bound is compared by day with one day of slack (the server may read it in another zone).
    expect(contradiction({ updateDateStart: '2026-11-25T09:00:00' }, row({}))).toBeNull();
    expect(contradiction({ updateDateStart: '2026-11-26T09:00:00' }, row({}))).toBe('updateDate');
    expect(
      contradiction(
        {
          idReceivable: 10,
          accountStatus: [2],
          receivingDateStart: '2026-11-24',
          receivingDateEnd: '2026-11-24',
          dueDateStart: '2026-11-01',
        },
        row({}),
      ),
    ).toBeNull();
  });

  it('splits only the lists this server refuses, into every single-value combination', () => {
    const f = { accountStatus: [1, 4], paymentTypes: [2, 3], dueDateStart: '2026-11-01' };
    expect(splitLists(f, new Set(['accountStatus']))).toEqual([
      { ...f, accountStatus: [1] },
      { ...f, accountStatus: [4] },
    ]);
    expect(splitLists(f, new Set(['accountStatus', 'paymentTypes']))).toHaveLength(4);
    expect(splitLists(f, new Set())).toEqual([f]);
  });

  it('cuts timed date bounds to their day (a superset: an end day is inclusive)', () => {
    expect(dayOnly({ updateDateStart: '2026-11-24T10:05:00', dueDateEnd: '2026-11-30' })).toEqual({
      updateDateStart: '2026-11-24',
      dueDateEnd: '2026-11-30',
    });
  });
});
