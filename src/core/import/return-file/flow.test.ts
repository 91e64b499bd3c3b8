import { storeOfDb } from '../../store/sqlite-store';
/**
 * The whole [K] flow on real files and a real database: an Itaú statement (OFX) and the Itaú CNAB 400 return
 * file of the same days (tests/fixtures/cnab/flow-*, made-up bytes; make-flow-fixtures.ts says which quirk each
 * title stands for) imported through commitImport, matched by runMatching, read back by listMatchLines.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../db/open-db';
import { listMatchLines } from '../../matching/matching.lines';
import { runMatching } from '../../matching/matching.service';
import { commitImport } from '../import.service';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/cnab');
const file = (name: string) => ({ fileName: name, bytes: readFileSync(join(FIXTURES, name)) });
const NOW = () => new Date('2026-07-08T15:00:00Z');

let db: Db;
beforeEach(() => {
  db = openDb(':memory:');
  db.prepare(
    "INSERT INTO bank_accounts (id, description, bank_code, raw_json, fetched_at) VALUES (1, 'Itaú cobrança', 341, '{}', ?)",
  ).run(NOW().toISOString());
  const rec = db.prepare(
    `INSERT INTO receivables (id, amount_cents, due_date, status_id, payment_type_id, payer_name, member_id, raw_json, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, '{}', ?)`,
  );
  const at = NOW().toISOString();
  rec.run(5001, 9990, '2026-07-03', 1, 5, 'Ana Lima', 1, at);
  rec.run(5002, 12990, '2026-06-26', 4, 5, 'Bia Nunes', 2, at);
  rec.run(5003, 9990, '2026-07-03', 1, 5, 'Caio Reis', 3, at);
  rec.run(5004, 14990, '2026-07-03', 1, 5, 'Davi Rocha', 4, at);
  rec.run(5010, 14990, '2026-07-03', 1, 5, 'Edu Gomes', 10, at); // same face value and due date as Davi
  rec.run(5007, 9990, '2026-07-06', 1, 5, 'Eva Prado', 7, at);
  rec.run(5008, 9990, '2026-07-07', 1, 18, 'Bruno Sá', 8, at);
});
afterEach(() => db.close());

async function importBoth(order: 'statement-first' | 'return-first') {
  const files = ['flow-itau-extrato.ofx', 'flow-itau-400-day.ret'];
  if (order === 'return-first') files.reverse();
  let statementId = 0;
  for (const f of files) {
    const r = await commitImport(storeOfDb(db), { ...file(f), bankAccountId: 1 }, { now: NOW });
    if (!r.returnFile) statementId = r.statementId;
  }
  await runMatching(storeOfDb(db), { statementId }, { now: NOW });
  return (await listMatchLines(db, { statementId })).rows;
}

describe('statement + return file', () => {
  for (const order of ['statement-first', 'return-first'] as const) {
    it(`${order}: the day's credit is its four titles, the lone net credit its title, the Pix untouched`, async () => {
      const rows = await importBoth(order);
      const byDesc = (d: string) => rows.find((r) => r.description.includes(d))!;
      const lump = byDesc('LIQUIDACAO DE COBRANCA 4 TIT');
      expect(lump.receivables.map((r) => r.id).sort()).toEqual([5001, 5002, 5003, 5004]);
      // Caio Reis paid R$ 10,00 less (the bank's discount): flagged with the difference, red, not forced.
      expect(lump.zone).toBe('red');
      expect(lump.state).toBe('suggested');
      expect(lump.reasons.map((r) => r.text)).toContain(
        'boleto 109000127 pago com R$ 10,00 a menos que o recebível 5003: confira antes de aprovar',
      );
      expect(lump.returnTitles!.map((t) => [t.nossoNumero, t.receivableId, t.differenceCents])).toEqual([
        ['109000101', 5001, 0],
        ['109000119', 5002, 290], // fine + interest of a late payment
        ['109000127', 5003, -1000],
        ['109000135', 5004, 0], // no seu número: face value + due date + name (not Edu Gomes)
      ]);
      const lone = byDesc('LIQ COBRANCA EVA PRADO');
      expect(lone.receivables.map((r) => r.id)).toEqual([5007]);
      expect(lone.zone).toBe('green');
      expect(lone.reasons[0]!.text).toBe(
        'arquivo retorno do banco 341 (CNAB 400): 1 boleto liquidado com crédito em 08/07 dá o valor, líquido das tarifas (R$ 2,50)',
      );
      const pix = byDesc('PIX RECEBIDO BRUNO SA');
      expect(pix.receivables.map((r) => r.id)).toEqual([5008]);
      expect(pix.returnTitles).toBeUndefined();
      // The entry and the baixa are stored and listed, never matched.
      expect(
        db
          .prepare('SELECT occurrence_code FROM return_titles WHERE is_settlement = 0 ORDER BY line')
          .pluck()
          .all(),
      ).toEqual(['02', '09']);
    });
  }
});
