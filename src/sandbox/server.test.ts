import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from './index';
import { basic, client, startTestSandbox } from './testing';

describe('sandbox server: routing, auth, permissions', () => {
  let sb: RunningSandbox;
  let restricted: RunningSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
    restricted = await startTestSandbox({
      members: 10,
      permissions: { branch: ['receivables', 'bankAccounts'], admin: [] },
    });
  });
  afterAll(async () => {
    await sb.close();
    await restricted.close();
  });

  it('answers 401 with the real body and WWW-Authenticate when credentials are missing or wrong', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: basic(sb.username, 'not-the-key') },
      { authorization: basic('another-gym', sb.branchKey) },
      { authorization: 'Bearer abc' },
      { authorization: 'Basic !!!' },
    ];
    for (const headers of cases) {
      const res = await fetch(`${sb.url}/api/v1/bank-accounts`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="Evo-integracao"');
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({ status: 401, error: 'Unauthorized' });
    }
  });

  it('accepts both keys everywhere by default (user and key case-insensitive)', async () => {
    for (const key of [sb.branchKey, sb.adminKey, sb.adminKey.toUpperCase()]) {
      const res = await fetch(`${sb.url}/api/v1/receivables?take=1`, {
        headers: { authorization: basic(sb.username.toUpperCase(), key) },
      });
      expect(res.status).toBe(200);
    }
  });

  it('answers 403 for an endpoint the key was not granted, but always allows states and notifications', async () => {
    const branch = client(restricted);
    const admin = client(restricted, 'admin');
    expect((await branch.get('/api/v1/receivables?take=1')).status).toBe(200);
    const denied = await branch.get('/api/v1/receivables/debtors');
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ status: 403, error: 'Forbidden' });
    expect((await admin.get('/api/v1/bank-accounts')).status).toBe(403);
    expect((await admin.send('PUT', '/api/v1/receivables/mark-received', {})).status).toBe(403);
    expect((await admin.get('/api/v2/states')).status).toBe(200);
    expect((await branch.get('/api/v2/states')).status).toBe(200);
    const member = restricted.data.memberList[0]!.idMember;
    const note = await admin.send('POST', '/api/v1/notifications', {
      idMember: member,
      notificationMessage: 'Oi',
    });
    expect(note.status).toBe(200);
  });

  it('answers 404 for unknown routes and 405 for a known path with another method', async () => {
    const c = client(sb);
    const missing = await c.get('/api/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await missing.json()).toEqual({ status: 404, error: 'Not Found' });
    expect((await fetch(`${sb.url}/`)).status).toBe(404);
    const wrong = await c.send('DELETE', '/api/v1/receivables', '');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('matches paths case-insensitively and ignores a trailing slash', async () => {
    expect((await client(sb).get('/API/V1/Bank-Accounts/')).status).toBe(200);
  });

  it('lists bank accounts with both id and idBankAccount', async () => {
    const accounts = await client(sb).json<Record<string, unknown>[]>('/api/v1/bank-accounts');
    expect(accounts.length).toBe(sb.data.bankAccounts.length);
    for (const a of accounts) {
      expect(a.id).toBe(a.idBankAccount);
      expect(Object.keys(a).sort()).toEqual(
        [
          'id',
          'idBankAccount',
          'description',
          'accountType',
          'bankCode',
          'agency',
          'account',
          'observations',
          'inactive',
          'bankIntegration',
        ].sort(),
      );
      expect(typeof a.bankCode).toBe('number');
      expect(typeof a.inactive).toBe('boolean');
    }
  });

  it('returns the nested states -> cities -> neighbourhoods tree', async () => {
    const states = await client(sb).json<
      {
        idState: number;
        name: string;
        abbreviation: string;
        idCountry: number;
        cities: {
          idCity: number;
          idState: number;
          name: string;
          neighborhoods: { idNeighborhood: number; idCity: number; description: string }[];
        }[];
      }[]
    >('/api/v2/states');
    expect(states).toHaveLength(27);
    const ce = states.find((s) => s.abbreviation === 'CE')!;
    expect(ce.name).toBe('Ceará');
    const fortaleza = ce.cities.find((c) => c.name === 'Fortaleza')!;
    expect(fortaleza.idState).toBe(ce.idState);
    expect(fortaleza.neighborhoods[0]!.idCity).toBe(fortaleza.idCity);
    expect(fortaleza.neighborhoods.map((n) => n.description)).toContain('Aldeota');
  });

  it('switches status and payment type names with a culture header, never the ids', async () => {
    const c = client(sb);
    const pt = await c.json<{ status: { id: number; name: string } }[]>(
      '/api/v1/receivables?accountStatus=4&take=1',
    );
    const enRes = await c.get('/api/v1/receivables?accountStatus=4&take=1', { culture: 'en-US' });
    const en = (await enRes.json()) as { status: { id: number; name: string } }[];
    expect(pt[0]!.status).toEqual({ id: 4, name: 'Vencido' });
    expect(en[0]!.status).toEqual({ id: 4, name: 'Overdue' });
  });
});
