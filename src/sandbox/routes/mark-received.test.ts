import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index';
import { client, startTestSandbox, TEST_TODAY, type ApiReceivable, type Client } from '../testing';

const PATH = '/api/v1/receivables/mark-received';

describe('PUT /api/v1/receivables/mark-received', () => {
  let sb: RunningSandbox;
  let c: Client;
  let open: number[];
  const read = async (id: number) =>
    (await c.json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${id}`))[0]!;
  const idsWithStatus = (status: number) =>
    sb.data.receivables.filter((r) => r.status === status).map((r) => r.idReceivable);

  beforeAll(async () => {
    sb = await startTestSandbox({ members: 80 });
    c = client(sb);
    open = [...idsWithStatus(1), ...idsWithStatus(4)];
  });
  afterAll(() => sb.close());

  it('marks open and overdue receivables received: 200, empty body, fields updated', async () => {
    const [a, b] = [idsWithStatus(1)[0]!, idsWithStatus(4)[0]!];
    const res = await c.send('PUT', PATH, { idsReceivables: [a, b], idBankAccount: 1 });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    for (const id of [a, b]) {
      const r = await read(id);
      expect(r.status).toEqual({ id: 2, name: 'Recebido' });
      expect(r.receivingDate!.startsWith(TEST_TODAY)).toBe(true);
      expect(r.updateDate).toBe(r.receivingDate);
      expect(r.ammountPaid).toBe(r.ammount);
      expect(r.bankAccount).toEqual({ id: 1, name: sb.data.bankAccounts[0]!.description });
    }
    // The change is visible to an updateDate high-water-mark sync.
    const changed = await c.json<ApiReceivable[]>(`/api/v1/receivables?updateDateStart=${TEST_TODAY}`);
    expect(changed.map((r) => r.idReceivable).sort()).toEqual([a, b].sort());
  });

  it('accepts every JSON content type of the spec and rejects others with 415', async () => {
    const types = [
      'application/json',
      'text/json',
      'application/*+json',
      'application/vnd.api+json',
      'application/json; charset=utf-8',
    ];
    for (const [i, type] of types.entries()) {
      const res = await c.send('PUT', PATH, { idsReceivables: [open[10 + i]!], idBankAccount: 1 }, type);
      expect(res.status, type).toBe(200);
    }
    const res = await c.send('PUT', PATH, { idsReceivables: [open[20]!], idBankAccount: 1 }, 'text/plain');
    expect(res.status).toBe(415);
    expect((await read(open[20]!)).status.id).not.toBe(2);
  });

  it('is atomic: one bad id (unknown, cancelled, already received) changes nothing and names it', async () => {
    const fresh = open.slice(30, 33);
    const cancelled = idsWithStatus(3)[0]!;
    const received = idsWithStatus(2)[0]!;
    const cases: [number[], number, RegExp][] = [
      [[...fresh, 999999], 1, /999999/],
      [[...fresh, cancelled], 1, new RegExp(`cancelado.*${cancelled}`)],
      [[...fresh, received], 1, new RegExp(`já recebido.*${received}`)],
      [fresh, 424242, /idBankAccount.*424242/],
    ];
    for (const [ids, account, message] of cases) {
      const res = await c.send('PUT', PATH, { idsReceivables: ids, idBankAccount: account });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { mensagens: string[] };
      expect(body.mensagens.join(' ')).toMatch(message);
    }
    for (const id of fresh) expect((await read(id)).status.id).not.toBe(2);
  });

  it('refuses an inactive bank account when there is one', async () => {
    const inactive = sb.data.bankAccounts.find((a) => a.inactive);
    if (!inactive) return;
    const res = await c.send('PUT', PATH, { idsReceivables: [open[40]!], idBankAccount: inactive.id });
    expect(res.status).toBe(400);
  });

  it('answers 400 naming the field for malformed JSON, wrong types and missing fields', async () => {
    const cases: [unknown, RegExp][] = [
      ['{"idsReceivables": [1,', /JSON malformado/],
      ['', /vazio/],
      [[1, 2], /corpo/],
      [{ idBankAccount: 1 }, /idsReceivables: campo obrigatório/],
      [{ idsReceivables: [open[41]] }, /idBankAccount: campo obrigatório/],
      [{ idsReceivables: [], idBankAccount: 1 }, /idsReceivables/],
      [{ idsReceivables: ['12'], idBankAccount: 1 }, /idsReceivables\[0\]/],
      [{ idsReceivables: [1.5], idBankAccount: 1 }, /idsReceivables\[0\]/],
      [{ idsReceivables: [open[41]], idBankAccount: 'um' }, /idBankAccount/],
      [{ idsReceivables: [-3], idBankAccount: 1 }, /idsReceivables\[0\]/],
    ];
    for (const [body, message] of cases) {
      const res = await c.send('PUT', PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { mensagens: string[] }).mensagens.join(' ')).toMatch(message);
    }
    expect((await read(open[41]!)).status.id).not.toBe(2);
  });
});

describe('mark-received with a db file', () => {
  it('keeps marked-received state across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quita-sandbox-'));
    const dbFile = join(dir, 'sandbox.json');
    try {
      const first = await startTestSandbox({ members: 30, dbFile });
      const id = first.data.receivables.find((r) => r.status === 4)!.idReceivable;
      const res = await client(first).send('PUT', PATH, { idsReceivables: [id], idBankAccount: 1 });
      expect(res.status).toBe(200);
      await first.close();
      // Different generation options are ignored: the file's parameters win.
      const second = await startTestSandbox({ members: 5, seed: 1, dbFile });
      expect(second.data.members).toBe(30);
      const [r] = await client(second).json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${id}`);
      expect(r!.status.id).toBe(2);
      expect(r!.bankAccount?.id).toBe(1);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
