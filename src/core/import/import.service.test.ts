import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../errors';
import { openDb } from '../db/open-db';
import type { Db } from '../db/open-db';
import { storeOfDb } from '../store/sqlite-store';
import {
  commitImport,
  listProfiles as listProfilesOf,
  listStatements as listStatementsOf,
  previewImport,
} from './import.service';

const listStatements = (db: Db, id?: number) => storeOfDb(db).read((tx) => listStatementsOf(tx, id));
const listProfiles = (db: Db, id?: number) => storeOfDb(db).read((tx) => listProfilesOf(tx, id));

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/statements');
const file = (name: string) => ({ fileName: name, bytes: readFileSync(join(FIXTURES, name)) });
const count = (db: Db, sql: string, ...args: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...args) as number;

let db: Db;
beforeEach(() => {
  db = openDb(':memory:');
  const add = db.prepare(
    "INSERT INTO bank_accounts (id, description, bank_code, raw_json, fetched_at) VALUES (?, ?, ?, '{}', '2026-06-01T00:00:00Z')",
  );
  add.run(10, 'Itaú conta movimento', 341);
  add.run(20, 'Bradesco', 237);
  add.run(30, 'Conta sem banco', null);
});
afterEach(() => db.close());

async function errorCode(f: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await f();
  } catch (e) {
    if (isAppError(e)) return e.code;
    throw e;
  }
  return undefined;
}

describe('import service', () => {
  it('applies the real migrations: the three tables exist', () => {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['statements', 'statement_lines', 'mapping_profiles']));
  });

  it('imports every line with its kind; imported counts the new credits only', async () => {
    const r = await commitImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 10 });
    expect(r).toMatchObject({
      imported: 4,
      alreadyKnown: 0,
      rejected: [],
      inserted: { credits: 4, debits: 2, balances: 4 },
      sameFile: false,
      profileSaved: true,
    });
    expect(count(db, 'SELECT count(*) FROM statement_lines WHERE statement_id = ?', r.statementId)).toBe(10);
    const line = db
      .prepare("SELECT * FROM statement_lines WHERE kind = 'credit' ORDER BY position LIMIT 1")
      .get();
    expect(line).toMatchObject({
      position: 8,
      date: '2026-06-01',
      amount_cents: 9990,
      payer_text: 'JOÃO P ASSUNÇÃO',
    });
    const [s] = await listStatements(db, 10);
    expect(s).toMatchObject({
      format: 'csv',
      periodFrom: '2026-06-01',
      periodTo: '2026-06-03',
      lineCount: 10,
      insertedCount: 10,
    });
  });

  it('the same file again adds nothing, reuses its statement and says all lines were known', async () => {
    const first = await commitImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 10 });
    const preview = await previewImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 10 });
    expect(preview).toMatchObject({ newCredits: 0, knownCredits: 4, sameFileStatementId: first.statementId });
    expect(preview.lines.every((l) => l.known)).toBe(true);
    const again = await commitImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 10 });
    expect(again).toMatchObject({
      statementId: first.statementId,
      imported: 0,
      alreadyKnown: 4,
      sameFile: true,
    });
    expect(count(db, 'SELECT count(*) FROM statements')).toBe(1);
    expect(count(db, 'SELECT count(*) FROM statement_lines')).toBe(10);
  });

  it('the same file in other bytes (LF, UTF-8, trailing blank lines) is the same statement, not an empty second one', async () => {
    // itau.csv is Itaú's export as the bank writes it: ISO-8859-1, CRLF. The clerk's copy went through an editor.
    const first = await commitImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 10 });
    const text = readFileSync(join(FIXTURES, 'itau.csv'), 'latin1');
    const variants = [
      Buffer.from(text.replace(/\r\n/g, '\n'), 'latin1'),
      Buffer.from(text, 'utf8'),
      Buffer.from(`${text}\r\n\r\n`, 'latin1'),
    ];
    for (const bytes of variants) {
      const preview = await previewImport(storeOfDb(db), {
        fileName: 'itau (1).csv',
        bytes,
        bankAccountId: 10,
      });
      expect(preview.sameFileStatementId).toBe(first.statementId);
      const again = await commitImport(storeOfDb(db), { fileName: 'itau (1).csv', bytes, bankAccountId: 10 });
      expect(again).toMatchObject({ statementId: first.statementId, imported: 0, sameFile: true });
    }
    expect(count(db, 'SELECT count(*) FROM statements')).toBe(1);
    expect(count(db, 'SELECT count(*) FROM statement_lines')).toBe(10);
  });

  it('an overlapping period adds only the new lines, and both R$ 99,90 of one day survive', async () => {
    await commitImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 10 });
    const r = await commitImport(storeOfDb(db), { ...file('itau-overlap.csv'), bankAccountId: 10 });
    expect(r).toMatchObject({ imported: 1, alreadyKnown: 2, sameFile: false });
    expect(count(db, "SELECT count(*) FROM statement_lines WHERE kind = 'credit'")).toBe(5);
    expect(
      count(db, "SELECT count(*) FROM statement_lines WHERE kind = 'credit' AND amount_cents = 9990"),
    ).toBe(2);
    expect(count(db, 'SELECT count(*) FROM statements')).toBe(2);
  });

  it('the same file into another bank account needs the clerk’s confirmation, and is then another set of lines', async () => {
    // bb.ofx names its account (Banco do Brasil): not the Itaú account's statement.
    expect(await errorCode(() => commitImport(storeOfDb(db), { ...file('bb.ofx'), bankAccountId: 10 }))).toBe(
      'import.account_mismatch',
    );
    await commitImport(storeOfDb(db), { ...file('bb.ofx'), bankAccountId: 30 });
    // Imported into account 30 once, the file's account is remembered as 30's.
    expect(await errorCode(() => commitImport(storeOfDb(db), { ...file('bb.ofx'), bankAccountId: 20 }))).toBe(
      'import.account_mismatch',
    );
    const r = await commitImport(storeOfDb(db), {
      ...file('bb.ofx'),
      bankAccountId: 20,
      confirmAccount: true,
    });
    expect(r).toMatchObject({ imported: 3, alreadyKnown: 0, accountCheck: { verdict: 'different' } });
  });

  it('a file with two statements is previewed with both listed, and imported only with one chosen', async () => {
    const two = file('ofx-bb-two-accounts.ofx');
    const p = await previewImport(storeOfDb(db), { ...two, bankAccountId: 30 });
    expect(p.statements.map((c) => c.accountHint?.account)).toEqual(['56789-0', '99999-1']);
    expect(p.statementIndex).toBeNull();
    expect(p.counts.lines).toBe(0);
    expect(await errorCode(() => commitImport(storeOfDb(db), { ...two, bankAccountId: 30 }))).toBe(
      'import.several_statements',
    );
    const r = await commitImport(storeOfDb(db), { ...two, bankAccountId: 30, statementIndex: 1 });
    expect(r.imported).toBe(2);
  });

  it('repeated FITIDs (Banco do Brasil) never merge distinct lines', async () => {
    const r = await commitImport(storeOfDb(db), { ...file('bb.ofx'), bankAccountId: 30 });
    expect(r.imported).toBe(3);
    expect((await commitImport(storeOfDb(db), { ...file('bb.ofx'), bankAccountId: 30 })).alreadyKnown).toBe(
      3,
    );
  });

  it('commits whole or not at all: a failure on the 5th line leaves nothing behind', async () => {
    db.exec(`CREATE TRIGGER boom BEFORE INSERT ON statement_lines WHEN NEW.position = 12
             BEGIN SELECT RAISE(ABORT, 'disk full'); END;`);
    await expect(commitImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 10 })).rejects.toThrow(
      /disk full/,
    );
    expect(count(db, 'SELECT count(*) FROM statements')).toBe(0);
    expect(count(db, 'SELECT count(*) FROM statement_lines')).toBe(0);
    expect(count(db, 'SELECT count(*) FROM mapping_profiles')).toBe(0);
  });

  it('refuses an unknown bank account, telling the clerk to sync first', async () => {
    expect(
      await errorCode(() => commitImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 99 })),
    ).toBe('import.unknown_bank_account');
    await expect(previewImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 99 })).rejects.toThrow(
      /Sincronizar/,
    );
  });

  it('a file-level problem imports nothing', async () => {
    for (const name of ['encrypted.xlsx', 'truncated.ofx', 'empty.csv', 'empty-sheet.xlsx']) {
      expect(
        await errorCode(() => commitImport(storeOfDb(db), { ...file(name), bankAccountId: 10 })),
      ).toMatch(/^import\./);
    }
    expect(count(db, 'SELECT count(*) FROM statements')).toBe(0);
  });

  it('rejected rows are reported and kept on the statement; a file of only rejects is an error', async () => {
    const r = await commitImport(storeOfDb(db), { ...file('serial-dates.csv'), bankAccountId: 30 });
    expect(r.rejected.map((x) => x.line)).toEqual([4, 5]);
    expect(
      JSON.parse(db.prepare('SELECT rejected_json FROM statements').pluck().get() as string),
    ).toHaveLength(2);
    const detected = (await previewImport(storeOfDb(db), file('itau.csv'))).mapping;
    if (detected.kind !== 'table') throw new Error('expected a table');
    const wrong = { ...detected, amountColumn: 1, balanceColumn: null };
    expect(
      await errorCode(() =>
        commitImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 30, mapping: wrong }),
      ),
    ).toBe('import.all_rejected');
  });

  it('starter profile for the account’s bank first, then the saved profile next time', async () => {
    const p1 = await previewImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 10 });
    expect(p1).toMatchObject({ mappingSource: 'starter', profileName: 'Itaú — extrato CSV' });
    const p0 = await previewImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 30 });
    expect(p0.mappingSource).toBe('detected');
    await commitImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 30 });
    const p2 = await previewImport(storeOfDb(db), { ...file('itau-overlap.csv'), bankAccountId: 30 });
    expect(p2).toMatchObject({ mappingSource: 'saved', confidence: 1 });
    const profiles = await listProfiles(db, 30);
    expect(profiles[0]).toMatchObject({
      source: 'saved',
      bankAccountId: 30,
      headers: ['data', 'lancamento', 'ag origem', 'valor', 'saldos'],
    });
    expect(profiles[0]!.mapping).toMatchObject({ kind: 'table', encoding: null, delimiter: ';' });
  });

  it('the clerk’s corrected mapping is saved as given and used next time', async () => {
    const detected = (await previewImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 30 })).mapping;
    if (detected.kind !== 'table') throw new Error('expected a table');
    const mapping = { ...detected, balanceColumn: null };
    await commitImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 30, mapping });
    const next = await previewImport(storeOfDb(db), { ...file('itau-overlap.csv'), bankAccountId: 30 });
    expect(next.mappingSource).toBe('saved');
    expect(next.mapping).toMatchObject({ balanceColumn: null });
    expect(next.lines.some((l) => l.description === 'SALDO DO DIA')).toBe(false);
  });

  it('warns when an overlapping statement came from another kind of file', async () => {
    await commitImport(storeOfDb(db), { ...file('bradesco.ofx'), bankAccountId: 20 });
    const p = await previewImport(storeOfDb(db), { ...file('itau.csv'), bankAccountId: 20 });
    expect(p.notices.map((n) => n.code)).toContain('import.overlap_other_format');
  });

  it('lists starter profiles with their notes', async () => {
    const all = await listProfiles(db);
    expect(all.filter((p) => p.source === 'starter').map((p) => p.bankCode)).toEqual(
      expect.arrayContaining([341, 237, 1, 104, 33, 260, 77]),
    );
    expect((await listProfiles(db, 20)).map((p) => p.name)).toEqual(['Bradesco — OFX']);
  });

  it('preview without a bank account writes nothing and knows nothing', async () => {
    const p = await previewImport(storeOfDb(db), file('santander.xlsx'));
    expect(p).toMatchObject({
      format: 'xlsx',
      newCredits: null,
      knownCredits: null,
      sameFileStatementId: null,
    });
    expect(p.counts).toEqual({
      lines: 4,
      credits: 3,
      debits: 1,
      balances: 0,
      rejected: 0,
      creditCents: 133470,
    });
    expect(count(db, 'SELECT count(*) FROM statements')).toBe(0);
  });
});
