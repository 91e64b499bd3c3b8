import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index';
import { client, startTestSandbox, TEST_TODAY, type ApiReceivable, type Client } from '../testing';

/** The test-only control route that puts received receivables back to open, as if not reconciled yet. */
describe('POST /__sandbox/reopen', () => {
  let sb: RunningSandbox;
  let admin: Client;
  let branch: Client;
  const read = async (id: number) =>
    (await branch.json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${id}`))[0]!;

  beforeAll(async () => {
    sb = await startTestSandbox({ members: 80 });
    admin = client(sb, 'admin');
    branch = client(sb);
  });
  afterAll(() => sb.close());

  it('reopens received receivables: overdue when due before today, no receiving date, account or amount paid', async () => {
    const received = sb.data.receivables.filter((r) => r.status === 2 && r.dueDate.slice(0, 10) < TEST_TODAY);
    const [a, b] = [received[0]!.idReceivable, received[1]!.idReceivable];
    const res = await admin.send('POST', '/__sandbox/reopen', { ids: [a, b, a] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reopened: 2 });
    for (const id of [a, b]) {
      const r = await read(id);
      expect(r.status.id).toBe(4);
      expect(r.receivingDate).toBeNull();
      expect(r.ammountPaid).toBeNull();
      expect(r.bankAccount).toBeNull();
    }
    // Reopened, it can be marked received again through the real route.
    const put = await branch.send('PUT', '/api/v1/receivables/mark-received', {
      idsReceivables: [a],
      idBankAccount: 1,
    });
    expect(put.status).toBe(200);
  });

  it('all or nothing: an unknown id or one not received changes nothing and is named', async () => {
    const received = sb.data.receivables.find((r) => r.status === 2)!.idReceivable;
    const open = sb.data.receivables.find((r) => r.status === 1)!.idReceivable;
    const res = await admin.send('POST', '/__sandbox/reopen', { ids: [received, open, 99999999] });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toMatch(
      new RegExp(`não encontrado.*99999999[^]*não recebido.*${open}`),
    );
    expect((await read(received)).status.id).toBe(2);
    // A body the route does not take: 400, nothing changed.
    for (const body of [{ ids: [] }, { ids: ['x'] }, 'not json'])
      expect((await admin.send('POST', '/__sandbox/reopen', body, 'application/json')).status).toBe(400);
    expect((await read(received)).status.id).toBe(2);
  });

  it('needs the admin key: the branch key is forbidden, no key unauthorized', async () => {
    const id = sb.data.receivables.find((r) => r.status === 2)!.idReceivable;
    expect((await branch.send('POST', '/__sandbox/reopen', { ids: [id] })).status).toBe(403);
    const res = await fetch(`${sb.url}/__sandbox/reopen`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [id] }),
    });
    expect(res.status).toBe(401);
    expect((await read(id)).status.id).toBe(2);
  });
});
