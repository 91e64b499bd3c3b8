import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index';
import { client, startTestSandbox, type Client } from '../testing';

describe('POST /api/v1/notifications', () => {
  let sb: RunningSandbox;
  let c: Client;
  beforeAll(async () => {
    sb = await startTestSandbox({ members: 20 });
    c = client(sb);
  });
  afterAll(() => sb.close());

  it("creates a notification and answers the seed's object", async () => {
    const idMember = sb.data.memberList[3]!.idMember;
    for (const type of ['application/json-patch+json', 'application/json']) {
      const res = await c.send(
        'POST',
        '/api/v1/notifications',
        { idMember, notificationMessage: 'Sua mensalidade venceu 💪' },
        type,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([
        'dataCriacao',
        'id',
        'idFuncionario',
        'idMember',
        'idProspect',
        'mensagem',
      ]);
      expect(body.idMember).toBe(idMember);
      expect(body.mensagem).toBe('Sua mensalidade venceu 💪');
      expect(body.dataCriacao).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });

  it('answers 400 for an unknown member, missing fields or wrong types', async () => {
    const cases: [unknown, RegExp][] = [
      [{ idMember: 1, notificationMessage: 'x' }, /idMember: cliente 1 não encontrado/],
      [{ idMember: sb.data.memberList[0]!.idMember }, /notificationMessage: campo obrigatório/],
      [{ idMember: '1001', notificationMessage: 'x' }, /idMember/],
      [{ idMember: sb.data.memberList[0]!.idMember, notificationMessage: '   ' }, /notificationMessage/],
      ['not json', /JSON malformado/],
    ];
    for (const [body, message] of cases) {
      const res = await c.send('POST', '/api/v1/notifications', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { mensagens: string[] }).mensagens.join(' ')).toMatch(message);
    }
    const res = await c.send(
      'POST',
      '/api/v1/notifications',
      { idMember: 1, notificationMessage: 'x' },
      'text/plain',
    );
    expect(res.status).toBe(415);
  });
});

describe('GET /api/v1/receivables/debtors', () => {
  let sb: RunningSandbox;
  let c: Client;
  interface Page {
    results: Record<string, unknown>[];
    total: number;
  }
  beforeAll(async () => {
    sb = await startTestSandbox({ members: 150 });
    c = client(sb);
  });
  afterAll(() => sb.close());

  it('lists overdue receivables as {results, total} with take/skip paging', async () => {
    const overdue = sb.data.receivables.filter((r) => r.status === 4);
    expect(overdue.length).toBeGreaterThan(50);
    const first = await c.json<Page>('/api/v1/receivables/debtors');
    expect(first.total).toBe(overdue.length);
    expect(first.results).toHaveLength(50);
    const second = await c.json<Page>('/api/v1/receivables/debtors?take=500&skip=50');
    expect(second.results).toHaveLength(Math.min(50, overdue.length - 50));
    expect(second.results[0]!.receivableId).toBe(overdue[50]!.idReceivable);
    const row = first.results[0]!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'memberId',
        'name',
        'receivableId',
        'dueDate',
        'originalDueDate',
        'paymentDate',
        'registerDate',
        'chargeDate',
        'daysLate',
        'debtAmount',
        'paymentType',
        'idPaymentType',
        'debtStatus',
        'memberStatus',
        'checkoutLink',
        'checkoutLinkFullDebt',
        'paymentOrigin',
        'idMemberMembership',
        'chargeAttemptsCount',
        'lastAcquirerDeclineReason',
        'receivableIdOrigin',
        'branchId',
      ].sort(),
    );
    expect(row.daysLate).toBeGreaterThan(0);
    expect(typeof row.debtAmount).toBe('number');
  });

  it('accepts debtStatus, memberStatus and idBranch filters', async () => {
    const all = await c.json<Page>('/api/v1/receivables/debtors?debtStatus=1&idBranch=1');
    const active = await c.json<Page>('/api/v1/receivables/debtors?memberStatus=1');
    expect(all.total).toBeGreaterThan(0);
    expect(active.total).toBeLessThanOrEqual(all.total);
    expect(active.results.every((r) => r.memberStatus === 'Active')).toBe(true);
    expect((await c.json<Page>('/api/v1/receivables/debtors?idBranch=99')).total).toBe(0);
    expect((await c.json<Page>('/api/v1/receivables/debtors?debtStatus=2')).total).toBe(0);
    const bad = await c.get('/api/v1/receivables/debtors?take=-1');
    expect(bad.status).toBe(400);
  });

  it('drops a debt once it is marked received', async () => {
    const before = await c.json<Page>('/api/v1/receivables/debtors?take=1');
    const id = before.results[0]!.receivableId as number;
    expect(
      (await c.send('PUT', '/api/v1/receivables/mark-received', { idsReceivables: [id], idBankAccount: 1 }))
        .status,
    ).toBe(200);
    const after = await c.json<Page>('/api/v1/receivables/debtors?take=1');
    expect(after.total).toBe(before.total - 1);
    expect(after.results[0]!.receivableId).not.toBe(id);
  });
});
