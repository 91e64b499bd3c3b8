import { describe, expect, it } from 'vitest';
import { generateSandboxData } from '../../sandbox';
import { bankAccountJson, receivableJson } from '../../sandbox/serialize';
import { bankAccountSchema, debtorSchema, receivableSchema, type ApiReceivable } from '../api/schemas';
import type { Store } from '../store/store';
import { listBankAccounts, replaceBankAccounts } from './bank-accounts.repo';
import {
  countDebtors,
  distinctMemberStatuses,
  memberFacts,
  notifiedSince,
  queryDebtors,
  replaceDebtors,
} from './debtors.repo';
import {
  geographyCounts,
  listCities,
  listNeighborhoods,
  listStates,
  replaceGeography,
  searchGeography,
} from './geography.repo';
import {
  countDueBetween,
  countReceivables,
  countReceivablesByStatus,
  dueDateRange,
  queryReceivables,
  upsertReceivables,
} from './receivables.repo';
import { getSyncState, saveSyncState } from './sync-state.repo';
import { storesForTests } from '../../../tests/helpers/stores';

/**
 * [W] must-show 1: the cache's repositories (receivables, bank accounts, debtors, geography, sync state) run the same
 * suite on both databases, and each scenario's answers are compared between them, so a dialect difference (text
 * order, integer types, LIKE, a sum arriving as text) shows up as a difference rather than as a silent change.
 */
const { open } = storesForTests();

const AT = '2026-07-15T15:00:00.000Z';
const data = generateSandboxData({ seed: 3, members: 60, months: 3, today: '2026-07-15' });
const accountsById = new Map(data.bankAccounts.map((a) => [a.id, a]));
const receivables: ApiReceivable[] = data.receivables.map((r) =>
  receivableSchema.parse(receivableJson(r, accountsById, 'pt')),
);

const debtor = (over: Record<string, unknown>) =>
  debtorSchema.parse({
    memberId: 1,
    name: 'Ana',
    receivableId: 1,
    dueDate: '2026-07-01',
    originalDueDate: '2026-07-01',
    daysLate: 14,
    debtAmount: 100,
    paymentType: 'Boleto',
    idPaymentType: 3,
    debtStatus: 'Open',
    memberStatus: 'Active',
    branchId: 1,
    ...over,
  });
const DEBTORS = [
  debtor({ memberId: 7, receivableId: 70, name: 'João São Pedro', debtAmount: 149.9, daysLate: 30 }),
  debtor({
    memberId: 7,
    receivableId: 71,
    name: 'João São Pedro',
    debtAmount: 99.9,
    daysLate: 3,
    dueDate: '2026-07-12',
  }),
  debtor({
    memberId: 8,
    receivableId: 80,
    name: 'Sérgio Álvares',
    debtAmount: 75.5,
    memberStatus: 'Inactive',
  }),
  debtor({
    memberId: 9,
    receivableId: 90,
    name: 'Paula 100% Fit',
    debtAmount: 60,
    idPaymentType: 1,
    paymentType: 'Pix',
  }),
  debtor({ memberId: 10, receivableId: 100, name: 'Saulo', debtAmount: 10, branchId: 2 }),
  debtor({ memberId: null, receivableId: 110, name: null, debtAmount: 5, memberStatus: null }),
];

const GEO = [
  { id: 1, name: 'Paraná', abbreviation: 'PR', countryId: 1, cities: [] },
  { id: 2, name: 'Paraíba', abbreviation: 'PB', countryId: 1, cities: [] },
  {
    id: 5,
    name: 'São Paulo',
    abbreviation: 'SP',
    countryId: 1,
    cities: [
      { id: 10, name: 'Santos', neighborhoods: [{ id: 100, name: 'Gonzaga' }] },
      {
        id: 11,
        name: 'Campinas',
        neighborhoods: [
          { id: 110, name: 'Cambuí' },
          { id: 111, name: 'Barão Geraldo' },
          { id: 112, name: 'barão geraldo' },
        ],
      },
      { id: 12, name: 'Álvares Machado', neighborhoods: [] },
      // The API repeats an id: the last entry is kept, once.
      { id: 10, name: 'Santos', neighborhoods: [{ id: 100, name: 'Gonzaga' }] },
    ],
  },
  { id: 3, name: 'Pará', abbreviation: 'PA', countryId: 1, cities: [] },
  { id: null, name: 'sem id', abbreviation: null, countryId: null, cities: [] },
];

/** Every scenario's answers, in one object: the same on both databases. */
async function scenario(store: Store) {
  const out: Record<string, unknown> = {};

  // Receivables: written in two pages, the second changing some of the first page's records.
  const half = Math.floor(receivables.length / 2);
  await store.write((tx) => upsertReceivables(tx, receivables.slice(0, half + 10), AT));
  const changed = receivables
    .slice(half - 5, half + 5)
    .map((r) => ({ ...r, statusId: 2, amountPaidCents: 1 }));
  await store.write((tx) => upsertReceivables(tx, [...changed, ...receivables.slice(half + 10)], AT));
  out.count = await store.read(countReceivables);
  out.byStatus = await store.read(countReceivablesByStatus);
  out.page = await store.read((tx) => queryReceivables(tx, { statuses: [1, 2], limit: 7, offset: 3 }));
  out.branch = await store.read((tx) => queryReceivables(tx, { branchId: 1, limit: 3 }));
  const ids = receivables.map((r) => r.id);
  out.range = await store.read((tx) => dueDateRange(tx, ids));
  out.none = await store.read((tx) => dueDateRange(tx, []));
  out.dueBetween = await store.read((tx) => countDueBetween(tx, [1, 4], '2026-06-01', '2026-07-31'));

  // Bank accounts: the API's list replaces the cached one; inactive last, then by description as text.
  const accounts = data.bankAccounts.map((a) => bankAccountSchema.parse(bankAccountJson(a)));
  await store.write((tx) => replaceBankAccounts(tx, accounts, AT));
  await store.write((tx) =>
    replaceBankAccounts(
      tx,
      [
        ...accounts.slice(1),
        bankAccountSchema.parse({ idBankAccount: 999, description: 'caixa pequeno', inactive: true }),
        bankAccountSchema.parse({ idBankAccount: 998, description: 'Caixa Grande', bankIntegration: false }),
      ],
      AT,
    ),
  );
  out.accounts = await store.read(listBankAccounts);

  // Sync state: nothing yet, then saved, then saved again.
  out.stateBefore = await store.read((tx) => getSyncState(tx, 'debtors'));
  await store.write((tx) =>
    saveSyncState(tx, {
      kind: 'debtors',
      lastSuccessAt: null,
      lastAttemptAt: AT,
      lastError: 'A API recusou',
      highWaterMark: null,
      windowFrom: '2026-04-01',
      windowTo: '2026-08-14',
      itemCount: 3,
    }),
  );
  await store.write(async (tx) =>
    saveSyncState(tx, { ...(await getSyncState(tx, 'debtors')), lastSuccessAt: AT, lastError: null }),
  );
  out.stateAfter = await store.read((tx) => getSyncState(tx, 'debtors'));

  // Debtors: a snapshot replaced whole; searched on the folded name or the member id; facts per member.
  await store.write((tx) => replaceDebtors(tx, DEBTORS.slice(0, 2), AT));
  await store.write((tx) => replaceDebtors(tx, DEBTORS, AT));
  out.debtorCount = await store.read(countDebtors);
  const names = async (q: Parameters<typeof queryDebtors>[1]) =>
    (await store.read((tx) => queryDebtors(tx, q))).rows.map((r) => r.name);
  out.searchSao = await names({ search: 'SAO pedro' });
  out.searchAccent = await names({ search: 'álvares' });
  out.searchPercent = await names({ search: '100%' });
  out.searchPercentOnly = await names({ search: '%' });
  out.searchId = await names({ search: '8' });
  out.byName = await names({ sort: 'name', dir: 'asc' });
  out.byDays = await names({ sort: 'daysLate', dir: 'desc' });
  out.filtered = await store.read((tx) =>
    queryDebtors(tx, { minDaysLate: 10, paymentTypeIds: [3], memberStatus: 'Active', branchId: 1 }),
  );
  out.statuses = await store.read(distinctMemberStatuses);
  out.facts = [...(await store.read((tx) => memberFacts(tx, [7, 8, 404])))];
  await store.write(async (tx) => {
    const row = { member_name: null, message: 'Olá', queued_at: AT, created_at: AT };
    await tx
      .insertInto('notification_queue')
      .values([
        { ...row, member_id: 7, state: 'sent', sent_at: '2026-07-15T12:00:00.000Z' },
        { ...row, member_id: 7, state: 'failed', sent_at: '2026-07-15T13:00:00.000Z' },
        { ...row, member_id: 8, state: 'failed', sent_at: '2026-07-14T13:00:00.000Z' },
      ])
      .execute();
  });
  out.notified = [...(await store.read((tx) => notifiedSince(tx, [7, 8, 9], '2026-07-15T03:00:00.000Z')))];
  out.notifiedEver = [...(await store.read((tx) => notifiedSince(tx, [7, 8, 9], '')))];

  // Geography: replaced whole, listed in Brazilian order, searched across the three levels.
  out.geoCounts = await store.write((tx) => replaceGeography(tx, GEO as never));
  out.geoStored = await store.read(geographyCounts);
  out.states = await store.read(listStates);
  out.cities = await store.read((tx) => listCities(tx, 5));
  out.neighborhoods = await store.read((tx) => listNeighborhoods(tx, 11));
  out.searchPar = await store.read((tx) => searchGeography(tx, 'par', 10));
  out.searchBarao = await store.read((tx) => searchGeography(tx, 'BARAO', 10));
  out.searchUnderscore = await store.read((tx) => searchGeography(tx, '_', 10));
  return out;
}

describe.each(['sqlite', 'postgres'] as const)('the cache on %s', (dialect) => {
  it('writes, replaces and reads receivables, accounts, sync state, debtors and geography', async () => {
    const store = await open[dialect]();
    const out = await scenario(store);
    expect(out.count).toBe(receivables.length);
    expect(Object.values(out.byStatus as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(
      receivables.length,
    );
    expect((out.byStatus as Record<number, number>)[2]).toBeGreaterThanOrEqual(10);
    const page = out.page as Awaited<ReturnType<typeof queryReceivables>>;
    expect(page.rows).toHaveLength(7);
    // What the cache holds after the second page: the changed records now have status 2.
    const half = Math.floor(receivables.length / 2);
    const final = receivables.map((r, i) => (i >= half - 5 && i < half + 5 ? 2 : r.statusId));
    expect(page.total).toBe(final.filter((s) => s === 1 || s === 2).length);
    const dues = page.rows.map((r) => `${r.dueDate}|${String(r.id).padStart(9, '0')}`);
    expect(dues).toEqual([...dues].sort());
    expect(out.none).toEqual({ lo: null, hi: null, n: 0 });
    const accounts = out.accounts as Awaited<ReturnType<typeof listBankAccounts>>;
    expect(accounts.map((a) => a.inactive)).toEqual([...accounts.map((a) => a.inactive)].sort());
    expect(accounts.find((a) => a.id === 999)).toMatchObject({
      inactive: true,
      description: 'caixa pequeno',
    });
    expect(accounts.find((a) => a.id === 998)).toMatchObject({ inactive: false, bankIntegration: false });
    expect(accounts.some((a) => a.id === data.bankAccounts[0]!.id)).toBe(false);
    expect(out.stateBefore).toMatchObject({ kind: 'debtors', lastSuccessAt: null, itemCount: 0 });
    expect(out.stateAfter).toMatchObject({
      lastSuccessAt: AT,
      lastError: null,
      windowFrom: '2026-04-01',
      itemCount: 3,
    });
    expect(out.debtorCount).toBe(DEBTORS.length);
    expect(out.searchSao).toEqual(['João São Pedro', 'João São Pedro']);
    expect(out.searchAccent).toEqual(['Sérgio Álvares']);
    expect(out.searchPercent).toEqual(['Paula 100% Fit']);
    // "%" is a character searched for, not a wildcard: only the name that has one.
    expect(out.searchPercentOnly).toEqual(['Paula 100% Fit']);
    expect(out.searchId).toEqual(['Sérgio Álvares']);
    expect(out.byName).toEqual([
      null,
      'João São Pedro',
      'João São Pedro',
      'Paula 100% Fit',
      'Saulo',
      'Sérgio Álvares',
    ]);
    const filtered = out.filtered as Awaited<ReturnType<typeof queryDebtors>>;
    expect(filtered.rows.map((r) => r.receivableId)).toEqual([70]);
    expect(filtered.totalCents).toBe(14990);
    expect(out.statuses).toEqual(['Active', 'Inactive']);
    expect(out.facts).toEqual([
      [7, { name: 'João São Pedro', amountCents: 24980, dueDate: '2026-07-01', daysLate: 30 }],
      [8, { name: 'Sérgio Álvares', amountCents: 7550, dueDate: '2026-07-01', daysLate: 14 }],
    ]);
    // Today's: member 7's sent one stands (a later failure does not replace it); member 8's failure was yesterday.
    expect(out.notified).toEqual([[7, { notifiedAt: '2026-07-15T12:00:00.000Z', notifiedState: 'sent' }]]);
    expect(out.geoCounts).toEqual({ states: 4, cities: 3, neighborhoods: 4 });
    expect(out.geoStored).toEqual(out.geoCounts);
    const states = out.states as Awaited<ReturnType<typeof listStates>>;
    expect(states.map((s) => s.name)).toEqual(['Pará', 'Paraíba', 'Paraná', 'São Paulo']);
    expect(states.find((s) => s.id === 5)).toMatchObject({ cities: 3, neighborhoods: 4 });
    expect((out.cities as { name: string }[]).map((c) => c.name)).toEqual([
      'Álvares Machado',
      'Campinas',
      'Santos',
    ]);
    expect((out.neighborhoods as { name: string }[]).map((n) => n.name)).toEqual([
      'Barão Geraldo',
      'barão geraldo',
      'Cambuí',
    ]);
    expect((out.searchPar as { path: string }[]).map((h) => h.path)).toEqual([
      'Pará — PA',
      'Paraíba — PB',
      'Paraná — PR',
    ]);
    expect(out.searchBarao).toEqual([
      {
        level: 'neighborhood',
        id: 111,
        name: 'Barão Geraldo',
        path: 'Barão Geraldo, Campinas — SP',
        stateId: 5,
        cityId: 11,
      },
      {
        level: 'neighborhood',
        id: 112,
        name: 'barão geraldo',
        path: 'barão geraldo, Campinas — SP',
        stateId: 5,
        cityId: 11,
      },
    ]);
    expect(out.searchUnderscore).toEqual([]);
  });

  it('a list of 40,000 ids is one parameter, under both databases’ caps on parameters', async () => {
    const store = await open[dialect]();
    await store.write((tx) => upsertReceivables(tx, receivables, AT));
    const ids = [
      ...receivables.map((r) => r.id),
      ...Array.from({ length: 40_000 }, (_, i) => 10_000_000 + i),
    ];
    const range = await store.read((tx) => dueDateRange(tx, ids));
    expect(range.n).toBe(receivables.filter((r) => r.dueDate !== null).length);
    const statuses = [...new Set(receivables.map((r) => r.statusId))];
    expect(await store.read((tx) => countDueBetween(tx, statuses, '0000-01-01', '9999-12-31'))).toBe(range.n);
  });

  it('a failed write leaves the cache as it was (the page and its branches commit together or not at all)', async () => {
    const store = await open[dialect]();
    await store.write((tx) => upsertReceivables(tx, receivables.slice(0, 5), AT));
    await expect(
      store.write(async (tx) => {
        await upsertReceivables(tx, receivables.slice(5), AT);
        throw new Error('the API dropped the connection');
      }),
    ).rejects.toThrow(/dropped/);
    expect(await store.read(countReceivables)).toBe(5);
  });
});

/**
 * A replaced snapshot's row ids are the one expected difference: SQLite gives a emptied table's next row the id 1
 * again, PostgreSQL's identity goes on counting. They are keys, never shown nor compared with anything else.
 */
const withoutRowIds = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(withoutRowIds)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v).flatMap(([k, x]) => (k === 'rowId' ? [] : [[k, withoutRowIds(x)]])),
        )
      : v;

it('both databases give the same answers to the same writes', async () => {
  const [a, b] = [await scenario(await open.sqlite()), await scenario(await open.postgres())];
  expect(withoutRowIds(b)).toEqual(withoutRowIds(a));
  expect(JSON.stringify(a).length).toBeGreaterThan(5_000);
});
