import { describe, expect, it } from 'vitest';
import { bankAccountSchema, listItems, receivableSchema, stateSchema } from './schemas';

describe('response schemas', () => {
  it('accept the three list envelopes', () => {
    const items = [{ idReceivable: 1 }];
    expect(listItems(items)).toEqual(items);
    expect(listItems({ qtde: 1, list: items })).toEqual(items);
    expect(listItems({ qtde: 1, lista: items, list: null })).toEqual(items);
    expect(listItems({ results: items, total: 1 })).toEqual(items);
    expect(listItems('')).toEqual([]);
    expect(() => listItems({ foo: 1 })).toThrow();
  });

  it('read a receivable with objects or bare ids, numbers or strings, and keep unknown fields', () => {
    const a = receivableSchema.parse({
      idReceivable: 10,
      ammount: 99.9,
      status: { id: 4, name: 'Vencido' },
      paymentType: { id: 18, name: 'Pix' },
      dueDate: '2026-11-10T00:00:00',
      somethingNew: 'kept',
    });
    const b = receivableSchema.parse({
      idReceivable: '10',
      ammount: '99,90',
      status: 4,
      paymentType: '18',
      dueDate: '2026-11-10T03:00:00Z',
    });
    for (const r of [a, b]) {
      expect(r).toMatchObject({
        id: 10,
        amountCents: 9990,
        statusId: 4,
        paymentTypeId: 18,
        dueDate: '2026-11-10',
      });
    }
    expect(a.raw.somethingNew).toBe('kept');
    expect(receivableSchema.safeParse({ idReceivable: 1, status: 1 }).success).toBe(false);
  });

  it('read a bank account named id or idBankAccount', () => {
    expect(bankAccountSchema.parse({ id: 3, description: 'Itaú' }).id).toBe(3);
    expect(bankAccountSchema.parse({ idBankAccount: 4, description: 'BB' }).id).toBe(4);
  });

  it('read states with id/idState and uf/sigla/abbreviation', () => {
    const s = stateSchema.parse({
      id: 35,
      name: 'São Paulo',
      uf: 'SP',
      cities: [{ idCity: 1, name: 'Campinas', neighborhoods: [{ id: 9, description: 'Cambuí' }] }],
    });
    expect(s).toMatchObject({
      id: 35,
      abbreviation: 'SP',
      cities: [{ id: 1, neighborhoods: [{ id: 9, name: 'Cambuí' }] }],
    });
    expect(stateSchema.parse({ idState: 33, name: 'Rio', sigla: 'RJ' }).abbreviation).toBe('RJ');
    expect(stateSchema.parse({ idState: 33, name: 'Rio', initials: 'RJ' }).abbreviation).toBe('RJ');
  });
});
