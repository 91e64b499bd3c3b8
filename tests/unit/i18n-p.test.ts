import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupDebtors, type DebtorRow } from '../../src/core/cache/debtors.repo';
import {
  listCities,
  listStates,
  replaceGeography,
  searchGeography,
} from '../../src/core/cache/geography.repo';
import { openDb } from '../../src/core/db/open-db';
import { storeOfDb } from '../../src/core/store/sqlite-store';
import { isoToDmy, parseDmy } from '../../src/renderer/src/format';
import { resources } from '../../src/shared/i18n/resources';
import { storedMessageText } from '../../src/shared/i18n/stored-message';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';

const flat = (o: object, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v as object, `${prefix}${k}.`),
  );

describe('pt-BR texts without “(s)” plurals', () => {
  it('has no item(ns) / recebível(is) / (s) / (ões) outside Conciliar’s own file', () => {
    const offenders = [...flat({ ...ptBR, reconcile: {} }), ...flat({ ...en, reconcile: {} })].filter(
      ([, v]) => /\p{L}\((s|ns|is|ões|es)\)/u.test(v),
    );
    expect(offenders).toEqual([]);
  });

  it('gives every _one form a base (other) form in both languages', () => {
    for (const lang of [ptBR, en]) {
      // Conciliar's texts belong to another change in progress; they are checked by tests/unit/i18n.test.ts.
      const keys = new Set(flat({ ...lang, reconcile: {} }).map(([k]) => k));
      for (const k of keys) if (k.endsWith('_one')) expect(keys, k).toContain(k.slice(0, -4));
    }
  });

  it('picks the singular and the plural in Portuguese', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
    expect(i18n.t('home.lines', { count: 1 })).toBe('1 lançamento');
    expect(i18n.t('home.lines', { count: 3 })).toBe('3 lançamentos');
    expect(i18n.t('home.lines', { count: 0 })).toBe('0 lançamentos');
    expect(i18n.t('workspace.aside.ruleMade', { count: 1 })).toMatch(/mais 1 lançamento deste extrato foi/);
    expect(i18n.t('notify.send', { count: 0 })).toBe('Enviar 0 notificações');
    expect(
      i18n.t('audit.recon.totals', { count: 1, amount: 'R$ 1,00', confirmed: 0, confirmedAmount: 'R$ 0,00' }),
    ).toMatch(/^1 recebível,/);
    expect(i18n.t('notify.title', { count: 1 })).toBe('Notificar 1 aluno');
    expect(i18n.t('import.nGreen', { count: 1 })).toBe('1 verde');
    expect(i18n.t('import.nYellow', { count: 2 })).toBe('2 amarelas');
    expect(
      i18n.t('debtors.totals', { count: 2, debts: i18n.t('debtors.debts', { count: 3 }), amount: 'R$ 9,00' }),
    ).toBe('2 alunos inadimplentes, com 3 dívidas, somando R$ 9,00');
  });
});

describe('a sync’s stored English error, in Portuguese', () => {
  const i18n = i18next.createInstance();
  const describeStoredMessage = (m: string) => storedMessageText(i18n.t.bind(i18n), m);
  beforeAll(async () => {
    await i18n.init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
  });
  it('words the known core messages through their error code', () => {
    expect(
      describeStoredMessage(
        'Cannot reach the API at 127.0.0.1:1. Check the internet connection and the address.',
      ),
    ).toBe('Não foi possível alcançar a API em 127.0.0.1:1. Verifique a internet e o endereço.');
    expect(describeStoredMessage('The API failed (HTTP 503). Try again later.')).toBe(
      'A API falhou (HTTP 503). Tente mais tarde.',
    );
    expect(
      describeStoredMessage(
        'The API at x.test did not answer in time. Check the internet connection and try again.',
      ),
    ).toContain('não respondeu a tempo');
    expect(describeStoredMessage('unexpected error')).toMatch(/^erro inesperado/);
    expect(describeStoredMessage('something new')).toBe('something new');
  });
});

describe('dates typed as dd/mm/aaaa', () => {
  it('reads real days only', () => {
    expect(parseDmy('31/01/2026')).toBe('2026-01-31');
    expect(parseDmy('1/2/26')).toBe('2026-02-01');
    expect(parseDmy('31012026')).toBe('2026-01-31');
    expect(parseDmy('31-12-2025')).toBe('2025-12-31');
    expect(parseDmy('31/02/2026')).toBeNull();
    expect(parseDmy('2026-01-31')).toBeNull();
    expect(parseDmy('13/13/2026')).toBeNull();
    expect(parseDmy('')).toBeNull();
    expect(isoToDmy('2026-01-31')).toBe('31/01/2026');
  });
});

describe('names in Brazilian order', () => {
  it('sorts states, cities and search results with the pt-BR collation', async () => {
    const db = openDb(':memory:');
    const store = storeOfDb(db);
    const city = (id: number, name: string) => ({ id, name, neighborhoods: [] });
    const states = [
      { id: 1, name: 'Paraná', abbreviation: 'PR', countryId: 1, cities: [] },
      { id: 2, name: 'Paraíba', abbreviation: 'PB', countryId: 1, cities: [] },
      { id: 3, name: 'Pará', abbreviation: 'PA', countryId: 1, cities: [] },
      { id: 4, name: 'Sergipe', abbreviation: 'SE', countryId: 1, cities: [] },
      {
        id: 5,
        name: 'São Paulo',
        abbreviation: 'SP',
        countryId: 1,
        cities: [
          city(10, 'Santos'),
          city(11, 'São Carlos'),
          city(12, 'Sertãozinho'),
          city(13, 'Álvares Machado'),
        ],
      },
    ] as never;
    await store.write((tx) => replaceGeography(tx, states));
    expect((await store.read(listStates)).map((s) => s.name)).toEqual([
      'Pará',
      'Paraíba',
      'Paraná',
      'São Paulo',
      'Sergipe',
    ]);
    expect((await store.read((tx) => listCities(tx, 5))).map((c) => c.name)).toEqual([
      'Álvares Machado',
      'Santos',
      'São Carlos',
      'Sertãozinho',
    ]);
    expect((await store.read((tx) => searchGeography(tx, 'par', 10))).map((h) => h.name)).toEqual([
      'Pará',
      'Paraíba',
      'Paraná',
    ]);
    db.close();
  });
});

describe('debtors grouped by member', () => {
  const row = (
    rowId: number,
    memberId: number | null,
    name: string,
    cents: number,
    days: number,
    due: string,
  ) =>
    ({
      rowId,
      memberId,
      receivableId: rowId + 100,
      name,
      dueDate: due,
      originalDueDate: due,
      daysLate: days,
      debtAmountCents: cents,
      paymentTypeId: 5,
      paymentType: 'Boleto',
      memberStatus: 'Active',
    }) satisfies DebtorRow;
  const rows = [
    row(1, 7, 'Sérgio Lima', 1000, 40, '2026-10-01'),
    row(2, 8, 'Sara Alves', 5000, 10, '2026-11-01'),
    row(3, 7, 'Sérgio Lima', 2000, 70, '2026-09-01'),
    row(4, null, 'Sem Cadastro', 300, 5, '2026-11-10'),
    row(5, 7, 'Sérgio Lima', 500, 10, '2026-11-01'),
  ];

  it('makes one entry per member with the count, the sum and the debts, oldest first', () => {
    const members = groupDebtors(
      rows,
      { sort: 'daysLate', dir: 'desc' },
      new Map([[7, { notifiedAt: '2026-11-24T12:00:00.000Z', notifiedState: 'sent' as const }]]),
    );
    expect(members.map((m) => [m.name, m.debtCount, m.totalCents, m.maxDaysLate])).toEqual([
      ['Sérgio Lima', 3, 3500, 70],
      ['Sara Alves', 1, 5000, 10],
      ['Sem Cadastro', 1, 300, 5],
    ]);
    expect(members[0]!.debts.map((d) => d.rowId)).toEqual([3, 1, 5]);
    expect(members[0]!.oldestDueDate).toBe('2026-09-01');
    expect(members[0]!.notifiedState).toBe('sent');
    expect(members[1]!.notifiedAt).toBeNull();
  });

  it('orders names with the pt-BR collation', () => {
    expect(groupDebtors(rows, { sort: 'name', dir: 'asc' }).map((m) => m.name)).toEqual([
      'Sara Alves',
      'Sem Cadastro',
      'Sérgio Lima',
    ]);
    expect(groupDebtors(rows, { sort: 'amount', dir: 'desc' }).map((m) => m.totalCents)).toEqual([
      5000, 3500, 300,
    ]);
  });
});

it('keeps this test honest about the files it covers', () => {
  for (const f of ['pt-BR', 'en', 'audit.pt-BR', 'audit.en'])
    expect(readFileSync(`src/shared/i18n/${f}.ts`, 'utf8')).not.toMatch(/\(ns\)|\(is\)|\(ões\)/);
});
