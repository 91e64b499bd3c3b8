import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index';
import { client, startTestSandbox, type ApiReceivable, type Client } from '../testing';

const PATH = '/api/v1/receivables/mark-received';

describe('lenient markReceivedAnswer', () => {
  let sb: RunningSandbox;
  let c: Client;
  let open: number[];
  const statusOf = async (id: number) =>
    (await c.json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${id}`))[0]!.status.id;
  const mark = (id: number) => c.send('PUT', PATH, { idsReceivables: [id], idBankAccount: 1 });
  beforeAll(async () => {
    sb = await startTestSandbox({ members: 40 });
    c = client(sb);
    open = sb.data.receivables.filter((r) => r.status === 1 || r.status === 4).map((r) => r.idReceivable);
  });
  afterAll(() => sb.close());

  it("'empty' (default): 200 without a body", async () => {
    const res = await mark(open[0]!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('0');
    expect(await res.text()).toBe('');
    expect(await statusOf(open[0]!)).toBe(2);
  });

  it("'true' and 'object': 200 with JSON, change applied", async () => {
    sb.setLenient({ markReceivedAnswer: 'true' });
    const t = await mark(open[1]!);
    expect(t.status).toBe(200);
    expect(t.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await t.text()).toBe('true');
    expect(await statusOf(open[1]!)).toBe(2);
    sb.setLenient({ markReceivedAnswer: 'object' });
    const o = await mark(open[2]!);
    expect(await o.json()).toEqual({ success: true });
    expect(await statusOf(open[2]!)).toBe(2);
    // Business errors keep the vendor's model.
    const again = await mark(open[2]!);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { mensagens: string[] }).mensagens.length).toBe(1);
  });

  it("'html': a maintenance page answers 200 and the change is not applied (nor reset)", async () => {
    sb.setLenient({ markReceivedAnswer: 'html' });
    sb.setFaults({ resetAfterApplyRate: 1 });
    const res = await mark(open[3]!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('<html><body>Manutenção programada</body></html>');
    sb.setFaults({});
    expect(await statusOf(open[3]!)).not.toBe(2);
    // Even a malformed body gets the page: the API never saw the request.
    expect((await c.send('PUT', PATH, 'not json')).status).toBe(200);
    sb.setLenient({});
    expect((await mark(open[3]!)).status).toBe(200);
    expect(await statusOf(open[3]!)).toBe(2);
  });
});
