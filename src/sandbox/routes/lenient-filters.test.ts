import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index';
import { client, startTestSandbox, type ApiReceivable, type Client } from '../testing';
import type { IgnorableFilter } from '../types';

describe('lenient query switches', () => {
  let sb: RunningSandbox;
  let c: Client;
  const get = (q: string) => c.get(`/api/v1/receivables?${q}`);
  const list = (q: string) => c.json<ApiReceivable[]>(`/api/v1/receivables?${q}`);
  const errorsOf = async (q: string) => {
    const res = await get(q);
    expect(res.status, q).toBe(400);
    return ((await res.json()) as { errors: Record<string, string[]> }).errors;
  };
  beforeAll(async () => {
    sb = await startTestSandbox({ members: 60 });
    c = client(sb);
  });
  afterEach(() => sb.setLenient({}));
  afterAll(() => sb.close());

  it('idLists: accepts comma lists and repeats for idReceivable, memberId and idSale', async () => {
    const [a, b] = sb.data.receivables;
    const ids = `${a!.idReceivable},${b!.idReceivable}`;
    expect((await get(`idReceivable=${ids}`)).status).toBe(400);
    sb.setLenient({ idLists: true });
    expect((await list(`idReceivable=${ids}`)).map((r) => r.idReceivable)).toEqual([
      a!.idReceivable,
      b!.idReceivable,
    ]);
    expect(await list(`idReceivable=${a!.idReceivable}&idReceivable=${b!.idReceivable}`)).toEqual(
      await list(`idReceivable=${ids}`),
    );
    const members = [a!.idMember, b!.idMember].join(',');
    expect((await list(`memberId=${members}&take=50`)).length).toBeGreaterThan(0);
    expect((await get(`idSale=${a!.idSale ?? 1},${b!.idSale ?? 2}`)).status).toBe(200);
    expect((await c.get(`/api/v1/receivables/debtors?memberId=${members}`)).status).toBe(200);
    // Still integers.
    expect(await errorsOf('idReceivable=1,x')).toEqual({ idReceivable: ["The value '1,x' is not valid."] });
  });

  it('ignoreFilters: the named filters are neither validated nor applied', async () => {
    const r = sb.data.receivables.find((x) => x.status === 2 && x.receivingDate !== null)!;
    const day = r.receivingDate!.slice(0, 10);
    /** A query per ignorable filter, and a row predicate that contradicts it. */
    const cases: [IgnorableFilter, string, (x: ApiReceivable) => boolean][] = [
      ['accountStatus', 'accountStatus=2', (x) => x.status.id !== 2],
      ['paymentTypes', 'paymentTypes=18', (x) => x.paymentType.id !== 18],
      ['idReceivable', `idReceivable=${r.idReceivable}`, (x) => x.idReceivable !== r.idReceivable],
      [
        'receivingDate',
        `receivingDateStart=${day}&receivingDateEnd=${day}`,
        (x) => x.receivingDate?.slice(0, 10) !== day,
      ],
      [
        'updateDate',
        'updateDateStart=2026-07-01&updateDateEnd=2026-07-01',
        (x) => !x.updateDate.startsWith('2026-07-01'),
      ],
      [
        'dueDate',
        'dueDateStart=2026-07-01&dueDateEnd=2026-07-01',
        (x) => !x.dueDate.startsWith('2026-07-01'),
      ],
    ];
    for (const [filter, q, contradicts] of cases) {
      sb.setLenient({});
      expect((await list(`${q}&take=50`)).some(contradicts), `${filter} applied`).toBe(false);
      sb.setLenient({ ignoreFilters: [filter] });
      expect((await list(`${q}&take=50`)).some(contradicts), `${filter} ignored`).toBe(true);
    }
    // Ignored means not even bound: a bad value passes.
    sb.setLenient({ ignoreFilters: ['accountStatus', 'dueDate'] });
    expect((await get('accountStatus=x&dueDateEnd=never')).status).toBe(200);
    // Other filters still apply.
    expect((await list('accountStatus=2&paymentTypes=18')).every((x) => x.paymentType.id === 18)).toBe(true);
  });

  it('singleValueLists: a list in accountStatus / paymentTypes is a 400 naming it; one value works', async () => {
    expect((await get('accountStatus=1,4')).status).toBe(200);
    sb.setLenient({ singleValueLists: true });
    expect(await errorsOf('accountStatus=1,4')).toEqual({ accountStatus: ["The value '1,4' is not valid."] });
    expect(await errorsOf('paymentTypes=18,5')).toEqual({ paymentTypes: ["The value '18,5' is not valid."] });
    const overdue = await list('accountStatus=4');
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.every((x) => x.status.id === 4)).toBe(true);
    // A single-valued parameter binds its first value.
    expect(await list('accountStatus=4&accountStatus=1')).toEqual(overdue);
  });

  it('dateOnlyFilters: a date filter with a time part is a 400 naming it; yyyy-mm-dd works', async () => {
    expect((await get('dueDateStart=2026-07-01T00:00:00')).status).toBe(200);
    sb.setLenient({ dateOnlyFilters: true });
    expect(await errorsOf('dueDateStart=2026-07-01T00:00:00')).toEqual({
      dueDateStart: ["The value '2026-07-01T00:00:00' is not valid."],
    });
    expect(await errorsOf('updateDateEnd=2026-07-01T03:00:00Z')).toEqual({
      updateDateEnd: ["The value '2026-07-01T03:00:00Z' is not valid."],
    });
    expect((await get('dueDateStart=2026-07-01&dueDateEnd=2026-07-02')).status).toBe(200);
  });

  it('is validated, replaced as a whole, and can be set at start', async () => {
    expect(() => sb.setLenient({ markReceivedAnswer: 'xml' as 'html' })).toThrow(/invalid lenient/);
    expect(() => sb.setLenient({ ignoreFilters: ['description' as IgnorableFilter] })).toThrow(
      /invalid lenient/,
    );
    sb.setLenient({ idLists: true });
    sb.setLenient({ singleValueLists: true });
    expect((await get('idReceivable=1,2')).status).toBe(400);
    const other = await startTestSandbox({ members: 5, lenient: { idLists: true } });
    try {
      expect((await client(other).get('/api/v1/receivables?idReceivable=1,2')).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
