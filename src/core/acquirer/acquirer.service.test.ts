import { storeOfDb } from '../store/sqlite-store';
/**
 * Acquirer settlement files through the import flow ([J]): detected by content in import.preview /
 * import.commit (read in the worker like any file), stored with their payments and sales in a real SQLite
 * database, all or nothing; the same file, or a payments file repeating a sales file's rows, adds nothing
 * twice; refusals name what they found. Fixtures: tests/fixtures/acquirer (made-up sales at the layouts'
 * positions, with the quirks named in the parser's tests).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rejection } from '../../../tests/helpers/errors';
import { tempDir } from '../../../tests/helpers/tmp';
import { openDb, type Db } from '../db/open-db';
import { isAppError } from '../errors';
import { commitImport, previewImport } from '../import/import.service';
import { acquirerPaymentsFor } from './acquirer.match';
import { listAcquirerFiles, paymentsOfFile } from './acquirer.service';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/acquirer');
const file = (name: string) => ({ fileName: name, bytes: readFileSync(join(FIXTURES, name)) });
const count = (db: Db, sql: string) => db.prepare(sql).pluck().get() as number;

/** Sale records counted straight from the bytes, per layout (the measure: sales parsed vs sales in the file). */
function salesInFile(name: string): number {
  const text = readFileSync(join(FIXTURES, name), 'latin1').replace(/^ï»¿/, '');
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '');
  // Cielo's 250-position layout: each CV, and each RO listed without its CVs (one row of its own).
  if (/^cielo-1[34]/.test(name))
    return lines.filter((l, i) => l[0] === '2' || (l[0] === '1' && lines[i + 1]?.[0] !== '2')).length;
  if (name.startsWith('cielo')) return lines.filter((l) => l[0] === 'E').length;
  // Getnet v10: CVs (2) and adjustments (3), and each RV listed without its CVs.
  if (name.startsWith('getnet'))
    return lines.filter((l, i) => /^[23]/.test(l) || (l[0] === '1' && lines[i + 1]?.[0] !== '2')).length;
  if (name.startsWith('rede-eevc')) return lines.filter((l) => /^(008|014)/.test(l)).length;
  if (name.startsWith('rede-eevd')) return lines.filter((l) => l.startsWith('05,')).length;
  if (name.startsWith('rede-eefi')) return lines.filter((l) => /^(034|035|036|038)/.test(l)).length;
  // PagBank JSON: the movements of the events read (1 sale, 2/3 adjustments, 5 chargeback, 6 cancellation).
  if (name.startsWith('pagbank')) return (text.match(/"tipo_evento":\s*"[12356]"/g) ?? []).length;
  // Stone: installments of captures and of payments, and financial events.
  return (text.match(/<Installment>/g) ?? []).length + (text.match(/<Event>/g) ?? []).length;
}

const READABLE = readdirSync(FIXTURES).filter(
  (n) => !n.endsWith('.ts') && !/saldo|truncated|doctype|refused/.test(n),
);

let db: Db;
beforeEach(() => {
  db = openDb(':memory:');
  db.prepare(
    "INSERT INTO bank_accounts (id, description, bank_code, raw_json, fetched_at) VALUES (10, 'Itaú', 341, '{}', '2026-06-01T00:00:00Z')",
  ).run();
});
afterEach(() => db.close());

describe('acquirer files in the import flow', () => {
  it('every layout: rows parsed = rows in the file, all stored (measure for [J])', async () => {
    const seen: string[] = [];
    for (const name of READABLE) {
      const r = await commitImport(storeOfDb(db), { ...file(name), bankAccountId: 10 });
      const af = r.acquirerFile!;
      expect(af.sales + af.otherRows, name).toBe(salesInFile(name));
      seen.push(`${af.layout}:${af.sales + af.otherRows}/${salesInFile(name)}`);
    }
    expect(seen.map((s) => s.split(':')[0])).toEqual(
      expect.arrayContaining([
        'cielo-edi-13',
        'cielo-edi-14',
        'cielo-edi-15',
        'rede-eevc',
        'rede-eevd',
        'rede-eefi',
        'stone-xml-2.2',
        'getnet-v10',
        'pagseguro-edi-json',
      ]),
    );
    expect(count(db, 'SELECT COUNT(*) FROM acquirer_files')).toBe(READABLE.length);
  });

  it('preview stores nothing; commit stores the file once; the payments file after the sales file adds only what is new', async () => {
    const p = await previewImport(storeOfDb(db), { ...file('cielo-03-vendas-lf.txt'), bankAccountId: 10 });
    expect(p.format).toBe('acquirer');
    expect(p.acquirerFile).toMatchObject({
      acquirer: 'cielo',
      sales: 5,
      otherRows: 1,
      payments: 2,
      inserted: 6,
    });
    expect(p.lines[0]!.description).toContain('NSU 000101');
    expect(count(db, 'SELECT COUNT(*) FROM acquirer_sales')).toBe(0);

    const sales = await commitImport(storeOfDb(db), { ...file('cielo-03-vendas-lf.txt'), bankAccountId: 10 });
    expect(sales.acquirerFile).toMatchObject({ inserted: 6, known: 0, sameFile: false, settledPayments: 0 });
    const again = await commitImport(storeOfDb(db), { ...file('cielo-03-vendas-lf.txt'), bankAccountId: 10 });
    expect(again.acquirerFile).toMatchObject({ sameFile: true });
    expect(count(db, 'SELECT COUNT(*) FROM acquirer_sales')).toBe(6);

    // The payments file (04) repeats the same rows of the same URs: nothing twice, the URs now paid.
    const paid = await commitImport(storeOfDb(db), {
      ...file('cielo-04-pagamentos-crlf-stripped.txt'),
      bankAccountId: 10,
    });
    expect(paid.acquirerFile).toMatchObject({ inserted: 0, known: 6 });
    expect(count(db, 'SELECT COUNT(*) FROM acquirer_payments')).toBe(2);
    expect(count(db, 'SELECT COUNT(*) FROM acquirer_payments WHERE settled = 1')).toBe(2);

    const files = await storeOfDb(db).read((tx) => listAcquirerFiles(tx, 10));
    expect(files).toHaveLength(2);
    const first = files.find((f) => f.fileName === 'cielo-03-vendas-lf.txt')!;
    const batches = await storeOfDb(db).read((tx) => paymentsOfFile(tx, first.id));
    expect(batches.map((b) => [b.paymentDate, b.netCents, b.rows.length])).toEqual([
      ['2026-11-03', 33890, 3],
      ['2026-11-03', 10810, 3],
    ]);
  });

  it('refuses an unsupported or incomplete file in one sentence, storing nothing', async () => {
    for (const [name, code, words] of [
      ['cielo-09-saldo.txt', 'acquirer.cielo_open_balance', 'open balance statement'],
      ['getnet-v9-refused.txt', 'acquirer.unsupported_version', 'version “9”'],
      ['cielo-04-truncated.txt', 'acquirer.truncated', 'incomplete'],
      ['stone-doctype.xml', 'acquirer.unsafe_xml', 'DOCTYPE'],
    ] as const) {
      const e = await rejection(commitImport(storeOfDb(db), { ...file(name), bankAccountId: 10 }));
      if (!isAppError(e)) throw e;
      expect(e.code, name).toBe(code);
      expect(e.message, name).toContain(words);
      expect(e.message.split(/[.;] /).length, name).toBeLessThanOrEqual(2);
    }
    expect(count(db, 'SELECT COUNT(*) FROM acquirer_files')).toBe(0);
  });

  it('says when the payments go to another bank than the chosen account', async () => {
    const p = await previewImport(storeOfDb(db), { ...file('stone-2.2-bom.xml'), bankAccountId: 10 });
    expect(p.notices.map((n) => n.code)).toContain('acquirer.other_bank');
  });

  it('a Rede EEFI credit is read as the EEVC sales of the summary it pays (installment 1 of 3 included)', async () => {
    await commitImport(storeOfDb(db), { ...file('rede-eevc-crlf-stripped.txt'), bankAccountId: 10 });
    await commitImport(storeOfDb(db), { ...file('rede-eefi-latin1.txt'), bankAccountId: 10 });
    const eefi = (
      await storeOfDb(db).read((tx) => acquirerPaymentsFor(tx, 10, '2026-11-04', '2026-11-04'))
    ).filter((p) => p.layout === 'rede-eefi');
    expect(
      eefi.map((p) => [p.netCents, p.rows.map((r) => [r.kind, r.nsu, r.installment, r.netCents])]),
    ).toEqual([
      [
        33940,
        [
          ['sale', '000000555001', null, 19400],
          ['sale', '000000555002', null, 14540],
        ],
      ],
      [
        6620,
        [
          ['sale', '000000555003', 1, 9620],
          ['adjustment', '000000554999', null, -3000],
        ],
      ],
    ]);
  });

  it('Cielo v13 sales then v14 payments, Getnet v10 and PagBank, through the real service on a SQLite file: stored, listed, matched by payment', async () => {
    const dir = tempDir('quita-acq-');
    const fileDb = openDb(join(dir.dir, 'quita.sqlite'));
    try {
      fileDb
        .prepare(
          "INSERT INTO bank_accounts (id, description, bank_code, raw_json, fetched_at) VALUES (10, 'Itaú', 341, '{}', '2026-06-01T00:00:00Z')",
        )
        .run();
      const v13 = await commitImport(storeOfDb(fileDb), {
        ...file('cielo-13-vendas.txt'),
        bankAccountId: 10,
      });
      expect(v13.acquirerFile).toMatchObject({
        acquirer: 'cielo',
        layout: 'cielo-edi-13',
        fileKind: '03 vendas',
        sales: 3,
        otherRows: 1,
        // The sales' sums (the RO of installment 2/3, listed without its sale, is one of the other rows).
        grossCents: 15000 + 10000 + 9000,
        feeCents: 450 + 300 + 315,
        netCents: 14550 + 9700 + 8685,
        payments: 3,
        settledPayments: 0,
        inserted: 4,
        known: 0,
      });
      expect(v13.notices.map((n) => n.code)).toEqual(
        expect.arrayContaining(['acquirer.fee_apportioned', 'acquirer.summary_without_sales']),
      );
      const v14 = await commitImport(storeOfDb(fileDb), {
        ...file('cielo-14-pagamentos-stripped-lf.txt'),
        bankAccountId: 10,
      });
      expect(v14.acquirerFile).toMatchObject({
        layout: 'cielo-edi-14',
        fileKind: '04 pagamentos',
        sales: 2,
        otherRows: 2,
        netCents: 11820 + 7880,
        settledPayments: 3,
        paymentsCents: 19700 - 5000 - 8990,
      });
      const getnet = await commitImport(storeOfDb(fileDb), { ...file('getnet-v10.txt'), bankAccountId: 10 });
      expect(getnet.acquirerFile).toMatchObject({
        acquirer: 'getnet',
        layout: 'getnet-v10',
        merchant: '000000012345678',
        sales: 3,
        otherRows: 1,
        payments: 2,
        settledPayments: 1,
        paymentsCents: 24250 + 11580,
      });
      expect(getnet.notices.map((n) => n.code)).toEqual(
        expect.arrayContaining(['acquirer.getnet_product_codes', 'acquirer.rows_skipped']),
      );
      expect(
        (await storeOfDb(fileDb).read((tx) => listAcquirerFiles(tx, 10))).map((f) => f.layout).sort(),
      ).toEqual(['cielo-edi-13', 'cielo-edi-14', 'getnet-v10']);
      // The payments of 04/11: Cielo's three ROs and Getnet's paid RV, each with the rows that make its amount.
      const day = await storeOfDb(fileDb).read((tx) =>
        acquirerPaymentsFor(tx, 10, '2026-11-04', '2026-11-04'),
      );
      expect(
        day
          .filter((p) => p.layout !== 'cielo-edi-13')
          .map((p) => [p.layout, p.netCents, p.rows.map((r) => [r.kind, r.nsu, r.netCents])]),
      ).toEqual([
        [
          'cielo-edi-14',
          19700,
          [
            ['sale', '000601', 11820],
            ['sale', '000602', 7880],
          ],
        ],
        ['cielo-edi-14', -5000, [['cancellation', '000504', -5000]]],
        ['cielo-edi-14', -8990, [['rent', null, -8990]]],
        [
          'getnet-v10',
          24250,
          [
            ['sale', '000000880001', 14550],
            ['sale', '000000880002', 9700],
            ['adjustment', '000000870001', -1990],
          ],
        ],
      ]);
      // PagBank's financial movement: the day's settlement, one batch of its rows.
      const pagbank = await commitImport(storeOfDb(fileDb), {
        ...file('pagbank-edi-financeiro.json'),
        bankAccountId: 10,
      });
      expect(pagbank.acquirerFile).toMatchObject({
        acquirer: 'pagseguro',
        layout: 'pagseguro-edi-json',
        fileKind: 'financeiro',
        sales: 2,
        otherRows: 1,
        payments: 1,
        settledPayments: 1,
        paymentsCents: 8811 + 19402 - 3000,
      });
      expect(
        (await storeOfDb(fileDb).read((tx) => acquirerPaymentsFor(tx, 10, '2026-11-04', '2026-11-04')))
          .filter((p) => p.layout === 'pagseguro-edi-json')
          .map((p) => [p.netCents, p.rows.map((r) => [r.kind, r.nsu, r.netCents])]),
      ).toEqual([
        [
          25213,
          [
            ['sale', '123457', 8811],
            ['sale', '122001', 19402],
            ['cancellation', '122050', -3000],
          ],
        ],
      ]);
      // The same Getnet file again stores nothing.
      const again = await commitImport(storeOfDb(fileDb), { ...file('getnet-v10.txt'), bankAccountId: 10 });
      expect(again.acquirerFile).toMatchObject({ sameFile: true });
      expect(count(fileDb, 'SELECT COUNT(*) FROM acquirer_files')).toBe(4);
    } finally {
      fileDb.close();
      dir.cleanup();
    }
  });
});
