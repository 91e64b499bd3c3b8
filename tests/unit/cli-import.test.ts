import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
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
    expect(missing.stderr).toBe(
      `quita: O arquivo ${join(tmp.dir, 'nope.ofx')} não existe; confira o caminho.\n`,
    );
    const noAccount = await quita(['import', file]);
    expect(noAccount.code).toBe(2);
    expect(noAccount.stderr).toMatch(/^quita: --bank-account NÚMERO é obrigatório/);
  });

  it("[T] says a bank statement is one, in the clerk's words: no encoding, confidence or mapping jargon", async () => {
    const dry = await quita(['import', file, '--bank-account', String(account), '--dry-run']);
    expect(dry.code).toBe(0);
    const [first, ...rest] = dry.stdout.trim().split('\n');
    expect(first).toBe(`${basename(file)} — Extrato do banco (CSV).`);
    expect(rest.join('\n')).toMatch(
      /^\d+ créditos a conciliar \(R\$ [\d.]+,\d{2}\), \d+ débitos e \d+ linhas de saldo/m,
    );
    expect(dry.stdout).not.toMatch(/encoding|confidence|mapping|utf-8|windows-1252|\(s\)/i);
    expect(dry.stdout.trim().split('\n').at(-1)).toBe('Nada foi importado (--dry-run).');
    const en = await quita(['--lang', 'en', 'import', file, '--bank-account', String(account), '--dry-run']);
    expect(en.stdout.split('\n')[0]).toBe(`${basename(file)} — Bank statement (CSV).`);
    expect(en.stdout).toMatch(/Nothing was imported \(--dry-run\)\./);
  });

  it("[T] names the lines it cannot read, and why, in the clerk's words (Importar's)", async () => {
    const bad = join(tmp.dir, 'recusadas.csv');
    writeFileSync(
      bad,
      [
        'Data;Descrição;Valor',
        '01/11/2026;PIX RECEBIDO ANA;10,00',
        '32/13/2026;PIX RECEBIDO BIA;5,00',
        '02/11/2026;PIX RECEBIDO CAU;abc',
        '03/11/2026;PIX RECEBIDO DUDA;7,00',
        '04/11/2026;PIX RECEBIDO EVA;8,00',
        '',
      ].join('\n'),
    );
    const dry = await quita(['import', bad, '--bank-account', String(account), '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      [
        '2 linhas não puderam ser lidas',
        '  Linha 3: “32/13/2026” não é uma data que exista no calendário',
        '  Linha 4: “abc” não é um valor',
      ].join('\n'),
    );
    expect(dry.stdout).not.toMatch(/is not|calendar|amount/);
  });

  it('[J] says an acquirer settlement file is one, with its sales and payments, not a statement', async () => {
    const cielo = join(import.meta.dirname, '../fixtures/acquirer/cielo-04-pagamentos-crlf-stripped.txt');
    const r = await quita(['import', cielo, '--bank-account', String(account)]);
    expect(r.code).toBe(0);
    // [S] item 6: the kind of file and its own result, by the card company's name (fixture: 5 sales, R$ 549,90
    // gross, R$ 13,00 fee, two payments on 03/11/2026 — tests/fixtures/acquirer/make-fixtures.ts).
    expect(r.stdout.split('\n').slice(0, 5)).toEqual([
      'cielo-04-pagamentos-crlf-stripped.txt — Arquivo de vendas do cartão: Cielo.',
      expect.stringMatching(/^Arquivo de pagamentos da Cielo · .* · gerado em 03\/11\/2026$/),
      expect.stringMatching(
        /^5 vendas · .* · Bruto R\$ 549,90 · taxa R\$ 13,00 \(2,36\s?%\) · líquido R\$ 536,90$/,
      ),
      '2 pagamentos em 03/11/2026, R$ 447,00 · 2 já pagos',
      'Arquivo de vendas importado: 5 vendas guardadas; 0 já conhecidos.',
    ]);
  });

  it('[S] says a boleto return file is one — bank by name, boletos paid, fees, credit days — in --dry-run and on import', async () => {
    // Itaú CNAB 400 of one day (tests/fixtures/cnab/make-flow-fixtures.ts): 7 titles, 5 settlements.
    const ret = join(import.meta.dirname, '../fixtures/cnab/flow-itau-400-day.ret');
    const dry = await quita(['import', ret, '--bank-account', String(account), '--dry-run']);
    expect(dry.code).toBe(0);
    // Importar's words for a return file (fileKinds.isReturnFile, fileKinds.returnFile.*).
    expect(dry.stdout.split('\n').slice(0, 2)).toEqual([
      'flow-itau-400-day.ret — Arquivo retorno de boletos: Itaú (341).',
      'gerado pelo banco em 08/07/2026 · 7 boletos no arquivo · 5 pagos, R$ 572,40 no total · tarifas do banco R$ 12,50 · créditos na conta de 06/07/2026 a 08/07/2026',
    ]);
    expect(dry.stdout).not.toMatch(/créditos a conciliar|débitos|linhas de saldo|colunas/i);
    expect(dry.stdout.trim().split('\n').at(-1)).toBe('Nada foi importado (--dry-run).');
    const r = await quita(['import', ret, '--bank-account', String(account)]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('flow-itau-400-day.ret — Arquivo retorno de boletos: Itaú (341).');
    expect(r.stdout).toContain('\nArquivo retorno importado: 5 boletos pagos guardados; 0 já conhecidos.\n');
    // The statement's words are not borrowed.
    expect(r.stdout).not.toMatch(/a conciliar;|débitos e/);
    const en = await quita(['--lang', 'en', 'import', ret, '--bank-account', String(account), '--dry-run']);
    expect(en.stdout.split('\n')[0]).toBe('flow-itau-400-day.ret — Boleto return file: Itaú (341).');
  });

  it('[S] the help names the three kinds of file it takes', async () => {
    const r = await quita(['import', '--help']);
    expect(r.stdout).toContain('Extrato do banco — OFX, XLSX, XLS, ODS ou CSV');
    expect(r.stdout).toContain(
      'Arquivo retorno de boletos (CNAB 240 ou 400) — o arquivo “retorno” que o banco devolve com os boletos pagos',
    );
    expect(r.stdout).toContain(
      'Arquivo de vendas do cartão — o extrato eletrônico da maquininha: Cielo, Rede, Stone, Getnet ou PagBank',
    );
    expect(r.stdout).toMatch(/^quita import ARQUIVO --bank-account NÚMERO /);
    for (const option of ['--bank-account', '--statement', '--confirm-account', '--dry-run'])
      expect(r.stdout).toMatch(new RegExp(`^  ${option}`, 'm'));
    const en = await quita(['--lang', 'en', 'import', '--help']);
    expect(en.stdout).toMatch(
      /Bank statement — .*Boleto return file \(CNAB 240 or 400\) — .*Card sales file — /s,
    );
  });
});
