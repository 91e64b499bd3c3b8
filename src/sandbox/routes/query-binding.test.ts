import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index';
import { client, startTestSandbox, type ApiReceivable, type Client } from '../testing';

interface Problem {
  type: string;
  title: string;
  status: number;
  errors: Record<string, string[]>;
  traceId: string;
}

/** ASP.NET Core's ValidationProblemDetails for one failed parameter. */
const problem = (name: string, raw: string) => ({
  type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  title: 'One or more validation errors occurred.',
  status: 400,
  errors: { [name]: [`The value '${raw}' is not valid.`] },
  traceId: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/) as unknown,
});

describe('strict query binding (default)', () => {
  let sb: RunningSandbox;
  let c: Client;
  const expectProblem = async (path: string, name: string, raw: string) => {
    const res = await c.get(path);
    expect(res.status, path).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const body = (await res.json()) as Problem;
    expect(body, path).toEqual(problem(name, raw));
    // The framework's field order.
    expect(Object.keys(body)).toEqual(['type', 'title', 'status', 'errors', 'traceId']);
  };
  beforeAll(async () => {
    sb = await startTestSandbox({ members: 30 });
    c = client(sb);
  });
  afterAll(() => sb.close());

  it('answers the framework 400 for a list or a non-integer in a single-valued id', async () => {
    await expectProblem('/api/v1/receivables?idReceivable=1,2', 'idReceivable', '1,2');
    await expectProblem('/api/v1/receivables?memberId=a', 'memberId', 'a');
    await expectProblem('/api/v1/receivables?idSale=1001%2C1002', 'idSale', '1001,1002');
    await expectProblem('/api/v1/receivables?idreceivable=12.0', 'idReceivable', '12.0');
  });

  it('rejects an int32 overflow and accepts the int32 maximum', async () => {
    await expectProblem('/api/v1/receivables?idReceivable=2147483648', 'idReceivable', '2147483648');
    await expectProblem('/api/v1/receivables?memberId=99999999999', 'memberId', '99999999999');
    await expectProblem('/api/v1/receivables?take=2147483648', 'take', '2147483648');
    expect(await c.json('/api/v1/receivables?idReceivable=2147483647')).toEqual([]);
  });

  it('finds one receivable by id, and binds the first of a repeated single-valued parameter', async () => {
    const [a, b] = sb.data.receivables;
    const one = await c.json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${a!.idReceivable}`);
    expect(one.map((r) => r.idReceivable)).toEqual([a!.idReceivable]);
    const first = await c.json<ApiReceivable[]>(
      `/api/v1/receivables?idReceivable=${a!.idReceivable}&idReceivable=${b!.idReceivable}`,
    );
    expect(first.map((r) => r.idReceivable)).toEqual([a!.idReceivable]);
    // The first value is what binds, even when a later one would not.
    expect((await c.get(`/api/v1/receivables?idReceivable=${a!.idReceivable}&idReceivable=x`)).status).toBe(
      200,
    );
    await expectProblem(
      `/api/v1/receivables?idReceivable=x&idReceivable=${a!.idReceivable}`,
      'idReceivable',
      'x',
    );
  });

  it('collects every failed parameter in one answer', async () => {
    const res = await c.get('/api/v1/receivables?idReceivable=1,2&take=x&dueDateEnd=2026-13-01&foo=bar');
    const body = (await res.json()) as Problem;
    expect(body.errors).toEqual({
      dueDateEnd: ["The value '2026-13-01' is not valid."],
      idReceivable: ["The value '1,2' is not valid."],
      take: ["The value 'x' is not valid."],
    });
  });

  it('keeps paymentTypes and accountStatus as comma lists', async () => {
    const rows = await c.json<ApiReceivable[]>('/api/v1/receivables?accountStatus=1,4&paymentTypes=18,5');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => [1, 4].includes(r.status.id) && [18, 5].includes(r.paymentType.id))).toBe(true);
  });

  it('applies the same binding to the debtors route', async () => {
    await expectProblem('/api/v1/receivables/debtors?memberId=1001,1002', 'memberId', '1001,1002');
    await expectProblem('/api/v1/receivables/debtors?debtStatus=1,2', 'debtStatus', '1,2');
    await expectProblem('/api/v1/receivables/debtors?memberStatus=Active', 'memberStatus', 'Active');
    await expectProblem('/api/v1/receivables/debtors?skip=x', 'skip', 'x');
    const debt = sb.data.receivables.find((r) => r.status === 4)!;
    const page = await c.json<{ results: { memberId: number }[] }>(
      `/api/v1/receivables/debtors?memberId=${debt.idMember}`,
    );
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((r) => r.memberId === debt.idMember)).toBe(true);
  });
});
