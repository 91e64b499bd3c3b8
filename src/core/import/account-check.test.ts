import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/open-db';
import { checkAccount, hintKey } from './account-check';
import { compareAccount } from './account-hint';
import { importRepo } from './import.repo';
import type { AccountHint } from './types';
import { storeOfDb } from '../store/sqlite-store';

const check = (db: Db, hint: AccountHint | null, chosen: number | null) =>
  storeOfDb(db).read((tx) => checkAccount(tx, hint, chosen));

/**
 * A file of another account must never go in silently ([L] item 2: an Itaú file imported into a Banco do Brasil
 * account produced yellow suggestions against older unpaid receivables).
 */
const itau: AccountHint = { bankCode: 341, agency: '1234', account: '56789-0', source: 'ofx' };

function branch(): Db {
  const db = openDb(':memory:');
  const add = db.prepare(
    `INSERT INTO bank_accounts (id, description, bank_code, agency, account, inactive, raw_json, fetched_at)
     VALUES (?, ?, ?, ?, ?, 0, '{}', '2026-11-24')`,
  );
  add.run(1, 'Itaú Centro', 341, '1234', '56789-0');
  add.run(2, 'BB Movimento', 1, '4321-5', '112233-4');
  add.run(3, 'Nubank (sem dados)', null, null, null);
  return db;
}

describe('compareAccount', () => {
  it('agrees across the ways banks print agency and account', () => {
    const known = { bankCode: 341, agency: '01234', account: '567890' };
    expect(compareAccount(itau, known)).toBe('same'); // check digit with or without a dash
    expect(compareAccount({ ...itau, account: '56789' }, known)).toBe('same'); // without the check digit
    expect(compareAccount({ ...itau, agency: '1234-9' }, known)).toBe('same'); // agency with its check digit
    expect(compareAccount({ ...itau, bankCode: 1 }, known)).toBe('different');
    expect(compareAccount({ ...itau, account: '11111-1' }, known)).toBe('different');
    expect(compareAccount({ ...itau, agency: '9999' }, known)).toBe('different');
    expect(compareAccount(itau, { bankCode: null, agency: null, account: null })).toBe('unknown');
    expect(compareAccount({ bankCode: 341, agency: null, account: null, source: 'preamble' }, known)).toBe(
      'unknown',
    );
  });
});

describe('checkAccount', () => {
  it('suggests the account the file names, and calls another one different', async () => {
    const db = branch();
    expect(await check(db, itau, null)).toMatchObject({ verdict: 'no_account', suggestedBankAccountId: 1 });
    expect(await check(db, itau, 1)).toMatchObject({ verdict: 'same', basis: 'bank_data' });
    expect(await check(db, itau, 2)).toMatchObject({ verdict: 'different', basis: 'bank_data' });
    // The account without bank data: another account matches the file exactly, so this one is not it.
    expect(await check(db, itau, 3)).toMatchObject({ verdict: 'different', suggestedBankAccountId: 1 });
  });

  it('an account the API gives no data for: unknown until a file is imported into it, then remembered', async () => {
    const db = branch();
    const nubank: AccountHint = { bankCode: 260, agency: '0001', account: '9876543-2', source: 'ofx' };
    expect(await check(db, nubank, 3)).toMatchObject({ verdict: 'unknown', suggestedBankAccountId: null });
    await storeOfDb(db).write((tx) =>
      importRepo.rememberHint(tx, {
        hintKey: hintKey(nubank)!,
        bankAccountId: 3,
        bankCode: 260,
        agency: '0001',
        account: '9876543-2',
        at: '2026-11-24T10:00:00Z',
        by: 'ana',
      }),
    );
    expect(await check(db, nubank, 3)).toMatchObject({ verdict: 'same', basis: 'remembered' });
    expect(await check(db, nubank, null)).toMatchObject({ suggestedBankAccountId: 3 });
    // Into another account later: the remembered owner says no.
    expect(await check(db, nubank, 1)).toMatchObject({ verdict: 'different', basis: 'remembered' });
  });

  it('a file that names no account: nothing to compare', async () => {
    const db = branch();
    expect(await check(db, null, 1)).toEqual({
      fileAccount: null,
      verdict: 'unknown',
      basis: null,
      suggestedBankAccountId: null,
    });
    expect(hintKey({ bankCode: 341, agency: '1234', account: null, source: 'preamble' })).toBeNull();
  });
});
