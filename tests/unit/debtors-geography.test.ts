import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { commandCaller, testCore } from '../helpers/core';
import { testDay, testSandbox } from '../helpers/sandbox';

const t = testCore();
let sandbox: RunningSandbox;
const call = commandCaller(t.core);

beforeAll(async () => {
  sandbox = await testSandbox();
  await call('profiles.save', {
    name: 'Centro',
    baseUrl: sandbox.url,
    username: sandbox.username,
    password: sandbox.branchKey,
    keyKind: 'branch',
  });
  await call('sync.run', { dueFrom: testDay(-80), dueTo: testDay(7), geography: true });
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  await t.core.close();
  t.cleanup();
});

interface Debtor {
  name: string;
  daysLate: number;
  debtAmountCents: number;
}

describe('debtors from the cache', () => {
  it('lists, sorts and totals them', async () => {
    const all = await call<{ rows: Debtor[]; count: number; totalCents: number }>('debtors.list', {
      sort: 'amount',
      dir: 'asc',
    });
    expect(all.count).toBeGreaterThan(5);
    const amounts = all.rows.map((r) => r.debtAmountCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(all.totalCents).toBe(amounts.reduce((s, a) => s + a, 0));
    const late = await call<{ rows: Debtor[] }>('debtors.list', { minDaysLate: 30 });
    expect(late.rows.length).toBeLessThan(all.rows.length);
    expect(late.rows.every((r) => r.daysLate >= 30)).toBe(true);
  });

  it('finds a name without its accents', async () => {
    const all = await call<{ rows: Debtor[] }>('debtors.list', {});
    const accented = all.rows.find((r) => /[áéíóúãõç]/i.test(r.name));
    expect(accented).toBeDefined();
    const plain = accented!.name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase();
    const found = await call<{ rows: Debtor[] }>('debtors.list', { search: plain });
    expect(found.rows.map((r) => r.name)).toContain(accented!.name);
  });

  it('exports exactly the filtered rows as CSV and XLSX', async () => {
    const late = await call<{ rows: Debtor[] }>('debtors.list', {
      minDaysLate: 10,
      sort: 'name',
      dir: 'asc',
    });
    const csv = await call<{ fileName: string; base64: string }>('debtors.export', {
      minDaysLate: 10,
      sort: 'name',
      dir: 'asc',
      format: 'csv',
    });
    expect(csv.fileName).toMatch(/^inadimplentes-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = Buffer.from(csv.base64, 'base64').toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(late.rows.length + 1);
    expect(lines[1]).toContain(late.rows[0]!.name);
    const xlsx = await call<{ base64: string }>('debtors.export', { minDaysLate: 10, format: 'xlsx' });
    const sheet = XLSX.read(Buffer.from(xlsx.base64, 'base64')).Sheets['Inadimplentes']!;
    expect(XLSX.utils.sheet_to_json(sheet)).toHaveLength(late.rows.length);
  });
});

describe('geography from the cache', () => {
  it('has the 27 states with their cities and neighbourhoods', async () => {
    const r = await call<{
      states: { abbreviation: string; cities: number }[];
      counts: { states: number; neighborhoods: number };
    }>('geo.states', {});
    expect(r.counts.states).toBe(27);
    expect(r.states.every((s) => s.cities > 0)).toBe(true);
    expect(r.counts.neighborhoods).toBeGreaterThan(27);
  });

  it('searches every level without accents or case', async () => {
    const a = await call<{ hits: { level: string; name: string; path: string }[] }>('geo.search', {
      query: 'SAO PAULO',
    });
    const b = await call<{ hits: { level: string; name: string }[] }>('geo.search', { query: 'são paulo' });
    expect(a.hits).toEqual(b.hits);
    expect(a.hits.some((h) => h.level === 'state' && h.name === 'São Paulo')).toBe(true);
    expect(a.hits.some((h) => h.level === 'city' && h.name === 'São Paulo')).toBe(true);
    const n = await call<{ hits: { level: string; path: string }[] }>('geo.search', { query: 'copacabana' });
    expect(n.hits.some((h) => h.level === 'neighborhood' && h.path.includes('Rio de Janeiro'))).toBe(true);
  });

  it('rejects an empty search before touching anything', async () => {
    expect(await t.core.dispatch('geo.search', { query: '   ' })).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'query' },
    });
  });
});
