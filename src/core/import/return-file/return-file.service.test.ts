import { matchReturnTitles } from './return-titles.store';
import { storeOfDb } from '../../store/sqlite-store';
/**
 * CNAB return files through the import flow ([K]): detected by content in import.preview / import.commit
 * (read in the worker like any file), stored as a return file with its titles in a real SQLite database, all
 * or nothing; the same file, or a later file repeating titles, adds nothing twice; refusals name what they
 * found. Fixtures: tests/fixtures/cnab (made-up titles at each bank's positions).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rejection } from '../../../../tests/helpers/errors';
import { openDb, type Db } from '../../db/open-db';
import { isAppError } from '../../errors';
import { commitImport, previewImport } from '../import.service';
import { returnFileRepo } from './return-file.repo';
import { listReturnFiles } from './return-file.service';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/cnab');
const file = (name: string) => ({ fileName: name, bytes: readFileSync(join(FIXTURES, name)) });
const count = (db: Db, sql: string, ...args: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...args) as number;

/** Title records counted straight from the bytes: 400 details (type 1, BB's 7), 240 segments T. */
function titlesInFile(bytes: Buffer): number {
  const lines = bytes
    .toString('latin1')
    .replace(/^\uFEFF|^ï»¿/, '')
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== '');
  const is240 = lines[0]!.slice(3, 8) === '00000';
  if (is240) return lines.filter((l) => l[7] === '3' && l[13] === 'T').length;
  const detail = lines[0]!.slice(76, 79) === '001' ? '7' : '1';
  return lines.filter((l) => l[0] === detail).length;
}

// Every return fixture of the first layouts is read now ([S]: Safra 400 included), except itau-240.ret: written
// at FEBRABAN's positions, which are not Itaú's (its own 240 is tests/fixtures/cnab/240/), so it is refused.
const SUPPORTED = readdirSync(FIXTURES).filter((n) => n.endsWith('.ret') && !n.startsWith('itau-240'));

let db: Db;
beforeEach(() => {
  db = openDb(':memory:');
  const add = db.prepare(
    "INSERT INTO bank_accounts (id, description, bank_code, raw_json, fetched_at) VALUES (?, ?, ?, '{}', '2026-06-01T00:00:00Z')",
  );
  add.run(10, 'Itaú cobrança', 341);
  add.run(20, 'Bradesco', 237);
});
afterEach(() => db.close());

async function codeOf(p: Promise<unknown>) {
  const e = await rejection(p);
  if (!isAppError(e)) throw e;
  return { code: e.code, params: e.params, message: e.message };
}

describe('return files in the import flow', () => {
  it('every fixture layout: titles parsed = title records in the file, all stored (measure for [K])', async () => {
    const table: string[] = [];
    const seen = new Set<string>();
    for (const name of SUPPORTED) {
      const f = file(name);
      const inFile = titlesInFile(f.bytes);
      const r = await commitImport(storeOfDb(db), { ...f, bankAccountId: 20 });
      expect(r.returnFile, name).toBeDefined();
      const rf = r.returnFile!;
      table.push(
        `${name.padEnd(30)} ${rf.variant.padEnd(14)} in file ${inFile}  parsed ${rf.titles}  settlements ${rf.settlements}`,
      );
      expect(rf.titles, name).toBe(inFile);
      // A stripped + LF copy of a fixture (or the fixture after its copy) is that file again: nothing stored.
      const base = name.replace('-stripped-lf', '');
      expect(rf.sameFile, name).toBe(seen.has(base));
      seen.add(base);
      if (!rf.sameFile)
        expect(count(db, 'SELECT count(*) FROM return_titles WHERE return_file_id = ?', rf.id)).toBe(
          rf.inserted,
        );
    }
    console.log(`titles per layout (fixtures):\n${table.join('\n')}`);
    expect(count(db, 'SELECT count(*) FROM statements')).toBe(0);
  });

  it('preview: format cnab, the settlements as lines, the other occurrences in a notice; writes nothing', async () => {
    const p = await previewImport(storeOfDb(db), { ...file('itau-400.ret'), bankAccountId: 10 });
    expect(p.format).toBe('cnab');
    expect(p.returnFile).toMatchObject({
      id: null,
      bankCode: '341',
      layout: '400',
      variant: 'itau-400',
      titles: 5,
      settlements: 3,
      paidCents: 9990 + 15440 + 10800,
      inserted: 5,
      known: 0,
      sameFile: false,
    });
    expect(p.lines.map((l) => [l.date, l.amountCents, l.payerText])).toEqual([
      ['2026-06-10', 9990, 'JOÃO PEDRO ASSUNÇÃO'],
      ['2026-06-15', 15440, 'MARIA SOUZA LIMA'],
      ['2026-06-19', 10800, 'ACADEMIA PARCEIRA LTDA'],
    ]);
    expect(p.counts).toMatchObject({ lines: 5, credits: 3, creditCents: 36230 });
    expect(p.notices.map((n) => n.code)).toEqual(['cnab.other_occurrences']);
    expect(count(db, 'SELECT count(*) FROM return_files')).toBe(0);
  });

  it('commit stores each title with every field; only settlements carry money', async () => {
    const r = await commitImport(storeOfDb(db), { ...file('bradesco-240.ret'), bankAccountId: 20 });
    expect(r).toMatchObject({ statementId: 0, imported: 3, alreadyKnown: 0, sameFile: false });
    const rows = await storeOfDb(db).read((tx) => returnFileRepo.titlesOfFile(tx, r.returnFile!.id!));
    expect(rows).toHaveLength(5);
    expect(rows[1]).toMatchObject({
      occurrenceCode: '06',
      isSettlement: true,
      seuNumero: 'MENS-0612',
      payerName: 'MARIA SOUZA LIMA',
      payerDocument: '52998224725',
      dueDate: '2026-06-05',
      faceCents: 14990,
      paidCents: 15440,
      interestFineCents: 450,
      feeCents: 250,
      paidDate: '2026-06-12',
      creditDate: '2026-06-15',
    });
    expect(
      rows.filter((t) => !t.isSettlement).every((t) => t.paidCents === null && t.creditDate === null),
    ).toBe(true);
    expect(
      await storeOfDb(db).read((tx) => matchReturnTitles(tx, 20, '2026-06-01', '2026-06-30')),
    ).toHaveLength(3);
  });

  it('a settlement without a credit date (Sicoob 240) is stored as such and matched on its payment date', async () => {
    const bytes = readFileSync(join(FIXTURES, '240/sicoob-756-no-credit-date.ret'));
    const r = await commitImport(storeOfDb(db), { fileName: 'sicoob.ret', bytes, bankAccountId: 20 });
    const rows = await storeOfDb(db).read((tx) => returnFileRepo.titlesOfFile(tx, r.returnFile!.id!));
    expect(rows.map((t) => [t.paidCents, t.paidDate, t.creditDate])).toEqual([
      [15440, '2026-06-12', '2026-06-15'],
      [10800, '2026-06-18', null],
      [null, '2026-06-19', null],
    ]);
    expect(r.returnFile).toMatchObject({ settlements: 2 });
    expect(
      (await storeOfDb(db).read((tx) => matchReturnTitles(tx, 20, '2026-06-01', '2026-06-30'))).map((t) => [
        t.paidCents,
        t.creditDate,
      ]),
    ).toEqual([
      [15440, '2026-06-15'],
      [10800, '2026-06-18'],
    ]);
  });

  it('the same file twice is one return file; a later file repeating the titles adds nothing twice', async () => {
    const first = await commitImport(storeOfDb(db), { ...file('itau-400.ret'), bankAccountId: 10 });
    const again = await commitImport(storeOfDb(db), { ...file('itau-400.ret'), bankAccountId: 10 });
    expect(again.returnFile).toMatchObject({
      id: first.returnFile!.id,
      sameFile: true,
      inserted: 0,
      known: 5,
    });
    expect(again).toMatchObject({ imported: 0, alreadyKnown: 3 });
    // The same return downloaded again, its trailing spaces stripped and LF line ends (another SHA-256): the
    // same titles, so the same file — its row is returned, nothing stored, and the clerk is told when.
    const resent = await commitImport(storeOfDb(db), {
      ...file('itau-400-stripped-lf.ret'),
      bankAccountId: 10,
    });
    expect(resent.returnFile).toMatchObject({
      id: first.returnFile!.id,
      sameFile: true,
      inserted: 0,
      known: 5,
    });
    expect(resent.notices[0]).toMatchObject({
      code: 'cnab.already_imported',
      params: { fileName: 'itau-400.ret' },
    });
    expect(resent.notices[0]!.message).toMatch(/^This file was already imported on \d\d\/\d\d\/\d{4} /);
    expect(count(db, 'SELECT count(*) FROM return_titles')).toBe(5);
    expect(count(db, 'SELECT count(*) FROM return_files')).toBe(1);
    // import.returnFiles: newest first, with what each file added.
    const listed = await storeOfDb(db).read((tx) => listReturnFiles(tx, 10));
    expect(listed.map((f) => [f.fileName, f.inserted, f.known, f.paidCents])).toEqual([
      ['itau-400.ret', 5, 0, 36230],
    ]);
  });

  it('all or nothing: a failure on a middle title rolls the file back', async () => {
    db.exec(`CREATE TRIGGER boom BEFORE INSERT ON return_titles WHEN NEW.line = 4
             BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    await expect(commitImport(storeOfDb(db), { ...file('itau-400.ret'), bankAccountId: 10 })).rejects.toThrow(
      'disk full',
    );
    expect(count(db, 'SELECT count(*) FROM return_files')).toBe(0);
    expect(count(db, 'SELECT count(*) FROM return_titles')).toBe(0);
  });

  it('refusals name the bank code and layout found, and nothing is imported', async () => {
    const bytes = (name: string) => readFileSync(join(FIXTURES, name));
    const cut = (b: Buffer) => b.subarray(0, b.lastIndexOf('\r\n9') + 2); // the trailer (record 9) is gone
    const damaged = Buffer.from(bytes('bradesco-400.ret'));
    damaged.write('12X4', 400 + 2 + 400 + 2 + 253, 'latin1'); // letters in the second title's amount paid
    const cases: [string, Buffer, string, Record<string, unknown>][] = [
      ['remessa', bytes('bradesco-400-remessa.rem'), 'cnab.remessa', { bankCode: '237', layout: '400' }],
      ['remessa 240', bytes('bradesco-240-remessa.rem'), 'cnab.remessa', { bankCode: '237', layout: '240' }],
      // Mercantil (389) publishes no 400 return layout Quita could follow (tests/fixtures/cnab/400/make-400.ts).
      [
        'Mercantil 400',
        bytes('400/mercantil-389-unsupported.ret'),
        'cnab.unsupported_bank',
        { bankCode: '389', layout: '400' },
      ],
      ['no trailer', cut(bytes('bradesco-400.ret')), 'cnab.truncated', { bankCode: '237', layout: '400' }],
      ['bad amount', damaged, 'cnab.bad_line', { bankCode: '237', layout: '400', line: 3 }],
    ];
    for (const [what, b, code, params] of cases) {
      const e = await codeOf(commitImport(storeOfDb(db), { fileName: 'x.ret', bytes: b, bankAccountId: 20 }));
      expect(e.code, what).toBe(code);
      expect(e.params, what).toMatchObject(params);
    }
    expect(count(db, 'SELECT count(*) FROM return_files')).toBe(0);
    expect(count(db, 'SELECT count(*) FROM statements')).toBe(0);
  });
});
