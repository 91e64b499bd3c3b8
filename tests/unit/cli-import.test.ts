import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { TEST_TODAY, testDay, testSandbox } from '../helpers/sandbox';
import { quitaCli } from '../helpers/cli';
import { tempDir } from '../helpers/tmp';

const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
let sandbox: RunningSandbox;
let file: string;
let account: number;
let expectedCredits: number;

const quita = quitaCli(dataDir, { QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') });

beforeAll(async () => {
  sandbox = await testSandbox();
  account = sandbox.data.bankAccounts[0]!.id;
  const st = sandbox.writeStatement({
    bankAccountId: account,
    from: testDay(-31),
    to: TEST_TODAY,
    format: 'csv',
  });
  file = join(tmp.dir, st.fileName);
  writeFileSync(file, st.bytes);
  // Credits are every line with a positive amount that is not a balance row.
  expectedCredits = st.groundTruth.lines.filter((l) => l.kind !== 'balance' && l.amountCents > 0).length;
  await quita(
    ['connect', '--base-url', sandbox.url, '--username', sandbox.username, '--key-kind', 'branch'],
    { QUITA_PASSWORD: sandbox.branchKey },
  );
  await quita(['sync', '--no-debtors']);
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  tmp.cleanup();
});

describe('quita import', () => {
  it('imports the credits of an Itaú-style CSV and prints the summary as JSON', async () => {
    const r = await quita(['import', file, '--bank-account', String(account), '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      statementId: number;
      imported: number;
      alreadyKnown: number;
      rejected: unknown[];
    };
    expect(out.statementId).toBeGreaterThan(0);
    expect(out.imported).toBe(expectedCredits);
    expect(out.alreadyKnown).toBe(0);
    expect(out.rejected).toEqual([]);
  });

  it('imports nothing twice: the same file again only counts known lines', async () => {
    const r = await quita(['import', file, '--bank-account', String(account), '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ imported: 0, alreadyKnown: expectedCredits });
  });

  it('refuses a bank account the cache does not know, and a missing file', async () => {
    const unknown = await quita(['import', file, '--bank-account', '999999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    const missing = await quita(['import', join(tmp.dir, 'nope.ofx'), '--bank-account', String(account)]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/File not found/);
    expect((await quita(['import', file])).code).toBe(2);
  });

  it('[J] says an acquirer settlement file is one, with its sales and payments, not a statement', async () => {
    const cielo = join(import.meta.dirname, '../fixtures/acquirer/cielo-04-pagamentos-crlf-stripped.txt');
    const r = await quita(['import', cielo, '--bank-account', String(account)]);
    expect(r.code).toBe(0);
    // [S] item 6: the kind of file and its own result, by the card company's name (fixture: 5 sales, R$ 549,90
    // gross, R$ 13,00 fee, two payments on 03/11/2026 — tests/fixtures/acquirer/make-fixtures.ts).
    expect(r.stdout.split('\n')[0]).toBe(
      'Card sales file from Cielo: 5 sales, gross R$ 549,90, fee R$ 13,00, net R$ 536,90; 2 payments 03/11/2026. Stored: 5 sales new, 0 already known.',
    );
  });

  it('[S] says a boleto return file is one — bank by name, boletos paid, fees, credit days — in --dry-run and on import', async () => {
    // Itaú CNAB 400 of one day (tests/fixtures/cnab/make-flow-fixtures.ts): 7 titles, 5 settlements.
    const ret = join(import.meta.dirname, '../fixtures/cnab/flow-itau-400-day.ret');
    const dry = await quita(['import', ret, '--bank-account', String(account), '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout.split('\n')[0]).toBe(
      'flow-itau-400-day.ret: Boleto return file from Itaú (341), written on 08/07/2026: 7 boletos, 5 paid (R$ 572,40), bank fees R$ 12,50, credited 06/07/2026 to 08/07/2026.',
    );
    expect(dry.stdout).not.toMatch(/credits \(|debits|balance rows|mapping/);
    expect(dry.stdout).toMatch(/Nothing was imported/);
    const r = await quita(['import', ret, '--bank-account', String(account)]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(
      /^Boleto return file from Itaú \(341\).* Stored: 5 paid boletos new, 0 already known\.$/,
    );
    // The statement's words are not borrowed.
    expect(r.stdout).not.toMatch(/credits to reconcile|debits and/);
  });

  it('[S] the help names the three kinds of file it takes', async () => {
    const r = await quita(['import', '--help']);
    expect(r.stdout).toMatch(/bank statement/);
    expect(r.stdout).toMatch(/boleto return file/);
    expect(r.stdout).toMatch(/card sales file/);
  });
});
