import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quitaCli } from '../helpers/cli';
import { tempDir } from '../helpers/tmp';

/**
 * `quita connect` stops where the screen asks (ConnectionForm, BLOCKING_NOTICES): a key saved as a branch key
 * whose debtors come from several branches is a general administrator's. The sandbox serves one branch, so a
 * loopback server stands in for a network's API here: its bank accounts, and debtors of branches 7 and 12.
 */
const tmp = tempDir();
let server: Server;
let url: string;
const KEY = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      req.url?.startsWith('/api/v1/bank-accounts')
        ? '[{"idBankAccount":1,"description":"Conta"}]'
        : JSON.stringify({
            results: [
              { memberId: 1, branchId: 12 },
              { memberId: 2, branchId: 7 },
            ],
            total: 2,
          }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  tmp.cleanup();
});

describe('quita connect with a key the test warns about', () => {
  const quita = quitaCli(join(tmp.dir, 'data'), { QUITA_KEY_FILE: join(tmp.dir, 'master.key') });
  const connect = (...extra: string[]) =>
    quita(['connect', '--base-url', url, '--username', 'rede', '--key-kind', 'branch', ...extra], {
      QUITA_PASSWORD: KEY,
    });

  it('saves nothing without --anyway, and says why and how', async () => {
    const r = await connect();
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /esta chave enxerga 2 filiais \(códigos 7, 12\): parece uma chave de administrador geral.*Nada foi salvo; para salvar mesmo assim, acrescente --anyway\.$/m,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    // The same refusal in English; the clerk's name of the key kind (unidade) is taken as branch.
    const en = await quita(
      ['--lang', 'en', 'connect', '--base-url', url, '--username', 'rede', '--key-kind', 'unidade'],
      { QUITA_PASSWORD: KEY },
    );
    expect(en.code).toBe(1);
    expect(en.stderr).toMatch(/this key sees 2 branches \(codes 7, 12\).*Nothing was saved.*add --anyway/);
    expect(r.stderr).not.toContain(KEY);
    const list = await quita(['profiles', '--json']);
    expect((JSON.parse(list.stdout) as { profiles: unknown[] }).profiles).toEqual([]);
  });

  it('refuses what the connection form refuses, in its words, before any request (exit 2)', async () => {
    const r = await quita(
      ['connect', '--base-url', 'evo.example', '--username', 'rede', '--key-kind', 'filial'],
      {
        QUITA_PASSWORD: KEY,
      },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^quita: --base-url: Endereço inválido: use https:\/\/…/);
    const kind = await quita(['connect', '--base-url', url, '--username', 'rede', '--key-kind', 'gerente'], {
      QUITA_PASSWORD: KEY,
    });
    expect(kind.code).toBe(2);
    expect(kind.stderr).toMatch(/^quita: --key-kind aceita unidade ou administrador\n/);
  });

  it('with --anyway saves it and audits what the test said, as the screen does', async () => {
    const r = await connect('--anyway');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^Conectado a http:\/\/127\.0\.0\.1:\d+ como rede \(chave da unidade\): 1 conta bancária\. A conexão “rede” passou a ser a usada\.\nAtenção: esta chave enxerga 2 filiais/,
    );
    const out = join(tmp.dir, 'audit.csv');
    const exported = await quita(['audit', 'export', '--format', 'csv', '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    const csv = readFileSync(out, 'utf8');
    expect(csv).toContain('savedDespite');
    expect(csv).toContain('connection.key_sees_branches');
    expect(csv).not.toContain(KEY);
  });
});
