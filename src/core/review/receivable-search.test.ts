import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/open-db';
import { searchNameScore } from '../matching/name-similarity';
import { nameTokens, payerTokens } from '../matching/text';
import { searchReceivables } from './receivable-search';
import { storeOfDb } from '../store/sqlite-store';

let db: Db;
afterEach(() => db?.close());

const names = [
  'Felipe Fernandes Silva Lopes',
  'Felipe Lopes',
  'Fernanda Souza Lopes',
  'Maria Aparecida de Souza Lima',
  'José da Conceição',
  'Lopes & Filhos Ltda',
];

async function seed() {
  db = openDb(':memory:');
  const insert = db.prepare(
    `INSERT INTO receivables (id, payer_name, description, amount_cents, due_date, status_id, member_id, raw_json, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, '{}', '2026-07-15T00:00:00Z')`,
  );
  names.forEach((n, i) =>
    insert.run(i + 1, n, 'Plano mensal', 12990 + i * 1000, `2026-07-0${i + 1}`, 1, 100 + i),
  );
  insert.run(50, 'Felipe Fernandes Silva Lopes', 'Plano anual', 99900, '2026-05-01', 2, 100);
}
const found = async (query: string) =>
  (await searchReceivables(storeOfDb(db), { query, statuses: [1, 4], limit: 100 })).rows.map(
    (r) => r.payerName,
  );

describe('searchNameScore: the bank’s abbreviations find the member', () => {
  const score = (q: string, name: string) => {
    const tokens = nameTokens(q);
    const named = new Set(payerTokens(q));
    return searchNameScore(tokens, nameTokens(name), new Set(tokens.filter((t) => !named.has(t))));
  };
  it('initials and prefixes match words in order, without accents, case or particles', () => {
    expect(score('FELIPE F S LOPES', 'Felipe Fernandes Silva Lopes')).toBeGreaterThan(0.8);
    expect(score('felipe fern lop', 'Felipe Fernandes Silva Lopes')).toBeGreaterThan(0.7);
    expect(score('MARIA A S LIMA', 'Maria Aparecida de Souza Lima')).toBeGreaterThan(0.8);
    expect(score('JOSE DA CONCEICAO', 'José da Conceição')).toBe(1);
    expect(score('PIX RECEBIDO FELIPE F S LOPES', 'Felipe Fernandes Silva Lopes')).toBeGreaterThan(0.8);
  });
  it('a token matching nothing, or initials out of place, is no match', () => {
    expect(score('FELIPE F S LOPES', 'Felipe Lopes')).toBe(0);
    expect(score('FELIPE F S LOPES', 'Fernanda Souza Lopes')).toBe(0);
    expect(score('MARIA C LIMA', 'Maria Aparecida de Souza Lima')).toBe(0);
  });
  it('words out of order still match, far below any in-order match', () => {
    const swapped = score('LOPES FELIPE', 'Felipe Fernandes Silva Lopes');
    expect(swapped).toBeGreaterThan(0);
    expect(swapped).toBeLessThan(score('FELIPE LOPES', 'Felipe Fernandes Silva Lopes'));
  });
});

describe('searchReceivables (review.searchReceivables)', () => {
  it('finds "Felipe Fernandes Silva Lopes" from "FELIPE F S LOPES", best match first', async () => {
    await seed();
    expect(await found('FELIPE F S LOPES')).toEqual(['Felipe Fernandes Silva Lopes']);
    expect(await found('felipe lopes')).toEqual(['Felipe Lopes', 'Felipe Fernandes Silva Lopes']);
    expect((await found('LOPES'))[0]).toBe('Felipe Lopes'); // covers more of its name
    expect(await found('lopes')).toHaveLength(4);
    expect(await found('conceicao')).toEqual(['José da Conceição']);
  });
  it('keeps the status filter (a received receivable is not offered) and finds amounts and numbers', async () => {
    await seed();
    expect(await found('plano anual')).toEqual([]);
    expect(await found('159,90')).toEqual(['Maria Aparecida de Souza Lima']);
    expect(await found('R$ 129,9')).toEqual(['Felipe Fernandes Silva Lopes']);
    expect(await found('3')).toEqual(['Fernanda Souza Lopes']);
    expect(await found('mensal')).toHaveLength(names.length);
    expect(await found('ninguém assim')).toEqual([]);
  });
});
