import { storeOfDb } from '../store/sqlite-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateSandboxData, writeStatement, type SandboxData } from '../../sandbox';
import { openDb, type Db } from '../db/open-db';
import { commitImport } from './import.service';
import { parseStatement } from './parse-statement';

/**
 * The sandbox writes statements the way banks do (OFX SGML in CP1252, Itaú-style CSV, XLSX with
 * credit/debit columns) together with the truth of every line: the parser must recover it exactly.
 */
let data: SandboxData;
let db: Db;
beforeEach(() => {
  data ??= generateSandboxData({ seed: 11, members: 80, today: '2026-07-15' });
  db = openDb(':memory:');
  const add = db.prepare(
    "INSERT INTO bank_accounts (id, description, bank_code, raw_json, fetched_at) VALUES (?, ?, ?, '{}', 'now')",
  );
  for (const a of data.bankAccounts) add.run(a.id, a.description, a.bankCode);
});
afterEach(() => db.close());

describe('statements written by the sandbox', () => {
  it.each(['ofx', 'csv', 'xlsx'] as const)(
    '%s: every line, amount, date and kind as the ground truth says',
    (format) => {
      for (const account of data.bankAccounts) {
        const file = writeStatement(data, {
          bankAccountId: account.id,
          from: '2026-06-01',
          to: '2026-06-30',
          format,
          noise: 'high',
        });
        const r = parseStatement(file.bytes);
        expect(r.rejected).toEqual([]);
        // OFX carries its balance in LEDGERBAL, which the ground truth does not list as a line.
        const lines = r.lines.filter((l) => format !== 'ofx' || l.kind !== 'balance');
        expect(lines.map((l) => [l.date, l.amountCents, l.kind === 'balance'])).toEqual(
          file.groundTruth.lines.map((g) => [g.date, g.amountCents, g.kind === 'balance']),
        );
        if (format === 'ofx')
          expect(lines.map((l) => l.fitid)).toEqual(file.groundTruth.lines.map((g) => g.fitid));
        else expect(lines.map((l) => l.position)).toEqual(file.groundTruth.lines.map((g) => g.row));
      }
    },
  );

  it('importing a month, then an overlapping month, leaves each credit once', async () => {
    const account = data.bankAccounts[0]!;
    const june = writeStatement(data, {
      bankAccountId: account.id,
      from: '2026-06-01',
      to: '2026-06-30',
      format: 'ofx',
    });
    const mid = writeStatement(data, {
      bankAccountId: account.id,
      from: '2026-06-15',
      to: '2026-07-14',
      format: 'ofx',
    });
    const a = await commitImport(storeOfDb(db), {
      fileName: june.fileName,
      bytes: june.bytes,
      bankAccountId: account.id,
    });
    const b = await commitImport(storeOfDb(db), {
      fileName: mid.fileName,
      bytes: mid.bytes,
      bankAccountId: account.id,
    });
    const credits = (f: typeof june, from: string) =>
      f.groundTruth.lines.filter((l) => l.amountCents > 0 && l.date >= from).length;
    expect(a.imported).toBe(credits(june, '0000'));
    expect(b.alreadyKnown).toBe(credits(june, '2026-06-15'));
    expect(b.imported + b.alreadyKnown).toBe(credits(mid, '0000'));
    const stored = db.prepare("SELECT count(*) FROM statement_lines WHERE kind = 'credit'").pluck().get();
    expect(stored).toBe(a.imported + b.imported);
  });
});
