import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox';
import { commandCaller, testCore } from '../../../tests/helpers/core';
import { testSandbox } from '../../../tests/helpers/sandbox';
import { bankAccountsIn, bodyKind, looksLikeGuid } from './connection-test';

/** A loopback server answering every request with the given status, content type and body. */
async function fakeServer(
  answer: (path: string) => { status?: number; type: string; body: string },
): Promise<{ url: string; paths: string[]; server: Server }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    const a = answer(req.url ?? '');
    res.writeHead(a.status ?? 200, { 'Content-Type': a.type });
    res.end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, server };
}

const HTML = '<!DOCTYPE html><html><head><title>Bem-vindo</title></head><body><h1>Portal</h1></body></html>';

let sandbox: RunningSandbox;
let cleanup: () => void = () => {};
beforeAll(async () => {
  sandbox = await testSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(() => cleanup());

const core = () => {
  const t = testCore();
  cleanup = t.cleanup;
  return t.core;
};

describe('what counts as the API’s bank accounts', () => {
  it('accepts an array of account records (empty too), the {qtde, list|lista} envelope and Swagger’s single record', () => {
    expect(bankAccountsIn([{ idBankAccount: 1 }, { id: '2', description: 'x' }])).toBe(2);
    expect(bankAccountsIn([])).toBe(0);
    expect(bankAccountsIn({ qtde: 1, list: [{ idBankAccount: 3 }] })).toBe(1);
    expect(bankAccountsIn({ qtde: 1, lista: [{ idBankAccount: 3 }] })).toBe(1);
    expect(bankAccountsIn({ idBankAccount: 9, description: 'Conta' })).toBe(1);
  });
  it('refuses a page, text, other JSON, and lists of something else', () => {
    for (const body of [HTML, 'OK', null, {}, { status: 'ok' }, [1, 2], [{ name: 'x' }], true, 42])
      expect(bankAccountsIn(body)).toBeNull();
    expect(bodyKind(HTML)).toBe('html');
    expect(bodyKind('OK')).toBe('text');
    expect(bodyKind(null)).toBe('empty');
    expect(bodyKind({ a: 1 })).toBe('json');
  });
  it('knows a GUID when it sees one, braces and capitals too', () => {
    expect(looksLikeGuid(sandbox.branchKey)).toBe(true);
    expect(looksLikeGuid(`{${sandbox.branchKey.toUpperCase()}}`)).toBe(true);
    expect(looksLikeGuid('academia-centro')).toBe(false);
    expect(looksLikeGuid('minhasenha123')).toBe(false);
  });
});

describe('connection.test and profiles.test against the sandbox over loopback', () => {
  it('counts the sandbox’s bank accounts with either key, without a remark', async () => {
    const call = commandCaller(core());
    for (const [password, keyKind] of [
      [sandbox.branchKey, 'branch'],
      [sandbox.adminKey, 'admin'],
    ] as const) {
      const r = await call<{ bankAccounts: number; notices: unknown[] }>('connection.test', {
        baseUrl: sandbox.url,
        username: sandbox.username,
        password,
        keyKind,
      });
      expect(r.bankAccounts).toBe(sandbox.data.bankAccounts.length);
      expect(r.notices).toEqual([]);
    }
  });

  it('a refused GUID is api.unauthorized; a refused key that is no GUID says that too', async () => {
    const c = core();
    const refused = await c.dispatch('connection.test', {
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: '00000000-0000-0000-0000-000000000000',
      keyKind: 'branch',
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'auth', code: 'api.unauthorized' } });
    const notGuid = await c.dispatch('connection.test', {
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: sandbox.username,
      keyKind: 'admin',
    });
    expect(notGuid).toMatchObject({
      ok: false,
      error: { kind: 'auth', code: 'connection.key_not_guid', params: { keyKind: 'admin' } },
    });
  });

  it('tests a saved profile with its stored key', async () => {
    const call = commandCaller(core());
    const p = await call<{ id: string }>('profiles.save', {
      name: 'Centro',
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: sandbox.branchKey,
      keyKind: 'branch',
    });
    const r = await call<{ bankAccounts: number }>('profiles.test', { id: p.id });
    expect(r.bankAccounts).toBe(sandbox.data.bankAccounts.length);
  });
});

describe('an address that is not the API', () => {
  it('a web page answering 200 fails the test (connection.not_api, received html), for a new and a saved connection', async () => {
    const page = await fakeServer(() => ({ type: 'text/html; charset=utf-8', body: HTML }));
    try {
      const c = core();
      const creds = {
        baseUrl: page.url,
        username: 'academia',
        password: sandbox.branchKey,
        keyKind: 'branch' as const,
      };
      const r = await c.dispatch('connection.test', creds);
      expect(r).toMatchObject({
        ok: false,
        error: { kind: 'external', code: 'connection.not_api', params: { received: 'html' } },
      });
      if (!r.ok) expect(r.error.message).not.toContain(sandbox.branchKey);
      const saved = await commandCaller(c)<{ id: string }>('profiles.save', { ...creds, name: 'Portal' });
      expect(await c.dispatch('profiles.test', { id: saved.id })).toMatchObject({
        ok: false,
        error: { code: 'connection.not_api' },
      });
      // Only the bank-accounts call was made: nothing else was asked of a server that is not the API.
      expect(page.paths.every((p) => p === '/api/v1/bank-accounts')).toBe(true);
    } finally {
      page.server.close();
    }
  });

  it('plain text, an empty body and JSON of another shape fail the same way, naming what came', async () => {
    for (const [type, body, received] of [
      ['text/plain', 'It works!', 'text'],
      ['application/json', '', 'empty'],
      ['application/json', '{"status":"ok"}', 'json'],
      ['application/json', '[{"name":"x"}]', 'json'],
    ] as const) {
      const s = await fakeServer(() => ({ type, body }));
      try {
        const r = await core().dispatch('connection.test', {
          baseUrl: s.url,
          username: 'a',
          password: sandbox.branchKey,
          keyKind: 'admin',
        });
        expect(r).toMatchObject({ ok: false, error: { code: 'connection.not_api', params: { received } } });
      } finally {
        s.server.close();
      }
    }
  });
});

describe('a key of the wrong kind', () => {
  it('a “branch” key whose debtors come from several branches is reported; the same key saved as admin is not', async () => {
    const api = await fakeServer((path) =>
      path.startsWith('/api/v1/bank-accounts')
        ? { type: 'application/json', body: '[{"idBankAccount":1,"description":"Conta"}]' }
        : {
            type: 'application/json',
            body: JSON.stringify({
              results: [
                { memberId: 1, branchId: 12 },
                { memberId: 2, branchId: 7 },
                { memberId: 3, branchId: 12 },
              ],
              total: 3,
            }),
          },
    );
    try {
      const call = commandCaller(core());
      const creds = { baseUrl: api.url, username: 'rede', password: sandbox.adminKey };
      const asBranch = await call<{ notices: unknown[] }>('connection.test', { ...creds, keyKind: 'branch' });
      expect(asBranch.notices).toEqual([
        { code: 'connection.key_sees_branches', params: { count: 2, branches: '7, 12' } },
      ]);
      const asAdmin = await call<{ notices: unknown[] }>('connection.test', { ...creds, keyKind: 'admin' });
      expect(asAdmin.notices).toEqual([]);
    } finally {
      api.server.close();
    }
  });

  it('debtors refused to the key leave the test passing, without a remark', async () => {
    const api = await fakeServer((path) =>
      path.startsWith('/api/v1/bank-accounts')
        ? { type: 'application/json', body: '[]' }
        : { status: 403, type: 'application/json', body: '{"status":403}' },
    );
    try {
      const r = await commandCaller(core())<{ bankAccounts: number; notices: unknown[] }>('connection.test', {
        baseUrl: api.url,
        username: 'a',
        password: sandbox.branchKey,
        keyKind: 'branch',
      });
      expect(r).toMatchObject({ bankAccounts: 0, notices: [] });
    } finally {
      api.server.close();
    }
  });

  it('a key accepted by the server but not shaped like a GUID passes with a remark', async () => {
    const api = await fakeServer(() => ({ type: 'application/json', body: '[{"idBankAccount":5}]' }));
    try {
      const r = await commandCaller(core())<{ notices: { code: string }[] }>('connection.test', {
        baseUrl: api.url,
        username: 'a',
        password: 'senha-do-evo',
        keyKind: 'admin',
      });
      expect(r.notices.map((n) => n.code)).toEqual(['connection.key_not_guid']);
    } finally {
      api.server.close();
    }
  });
});
