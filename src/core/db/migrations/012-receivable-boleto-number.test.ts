import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { upsertReceivables } from '../../cache/receivables.repo';
import { storeOfDb } from '../../store/sqlite-store';
import { receivableSchema } from '../../api/schemas';
import { generateSandboxData } from '../../../sandbox';
import { receivableJson } from '../../../sandbox/serialize';
import { matchingRepo } from '../../matching/matching.repo';
import { migrate } from '../migrate';
import { MIGRATIONS } from './index';

const insert = (db: Database.Database, id: number, raw: unknown) =>
  db
    .prepare(
      `INSERT INTO receivables (id, amount_cents, due_date, status_id, raw_json, fetched_at)
       VALUES (?, 9990, '2026-11-10', 1, ?, 'now')`,
    )
    .run(id, typeof raw === 'string' ? raw : JSON.stringify(raw));

describe('migration 012: the boleto number as a column', () => {
  it('back-fills it from the cached records with the same fields as boletoNumberFromRaw, in order', () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS.slice(0, 11));
    insert(db, 1, { nossoNumero: ' 00045 ', barcode: '999' });
    insert(db, 2, { ourNumber: '', bankSlipNumber: 123 });
    insert(db, 3, { barcode: '34191.79001' });
    insert(db, 4, { fees: 2.5 });
    insert(db, 5, 'not json');
    migrate(db, MIGRATIONS);
    expect(db.prepare('SELECT id, boleto_number FROM receivables ORDER BY id').all()).toEqual([
      { id: 1, boleto_number: '00045' },
      { id: 2, boleto_number: '123' },
      { id: 3, boleto_number: '34191.79001' },
      { id: 4, boleto_number: null },
      { id: 5, boleto_number: null },
    ]);
  });

  it('the cache writes it on every sync, and matching reads it (and the fees) from columns', async () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS);
    // A record as the API sends it (the sandbox's serializer), with a boleto number and a fee.
    const data = generateSandboxData({ seed: 3, members: 20 });
    const accounts = new Map(data.bankAccounts.map((a) => [a.id, a]));
    const rec = data.receivables.find((x) => x.status === 1)!;
    const json = { ...receivableJson(rec, accounts, 'pt'), bankSlipNumber: '777', fees: 2.5 };
    const r = receivableSchema.parse(json);
    await storeOfDb(db).write((tx) => upsertReceivables(tx, [r], 'now'));
    const [m] = await storeOfDb(db).read((tx) => matchingRepo.receivables(tx, '2000-01-01', '2100-01-01'));
    expect(m).toMatchObject({ id: rec.idReceivable, boletoNumber: '777', feesCents: 250 });
    const without: Record<string, unknown> = { ...json };
    delete without.bankSlipNumber;
    await storeOfDb(db).write((tx) => upsertReceivables(tx, [receivableSchema.parse(without)], 'later'));
    expect(
      (await storeOfDb(db).read((tx) => matchingRepo.receivables(tx, '2000-01-01', '2100-01-01')))[0]!
        .boletoNumber,
    ).toBeNull();
  });
});
