import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index';
import { client, startTestSandbox, type ApiReceivable, type Client } from '../testing';

describe('GET /api/v1/receivables', () => {
  let sb: RunningSandbox;
  let c: Client;
  const list = (q: string) => c.json<ApiReceivable[]>(`/api/v1/receivables?${q}`);
  /** Reads every page of a query (take 50). */
  const all = async (q: string) => {
    const out: ApiReceivable[] = [];
    for (let skip = 0; ; skip += 50) {
      const page = await list(`${q}&take=50&skip=${skip}`);
      out.push(...page);
      if (page.length < 50) return out;
    }
  };
  beforeAll(async () => {
    sb = await startTestSandbox({ members: 80 });
    c = client(sb);
  });
  afterAll(() => sb.close());

  it('returns a plain array of full records, ordered by idReceivable, 50 by default', async () => {
    const page = await list('');
    expect(page).toHaveLength(50);
    const ids = page.map((r) => r.idReceivable);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const fields = [
      'idReceivable',
      'description',
      'registrationDate',
      'dueDate',
      'receivingDate',
      'competenceDate',
      'cancellationDate',
      'ammount',
      'ammountPaid',
      'status',
      'currentInstallment',
      'totalInstallments',
      'authorization',
      'payerName',
      'idMemberPayer',
      'idProspectPayer',
      'idBranchMember',
      'idSale',
      'bankAccount',
      'paymentType',
      'invoiceDetails',
      'fees',
      'conciliated',
      'logTef',
      'tid',
      'nsu',
      'updateDate',
      'chargeDate',
      'idReceivableFrom',
      'cardAcquirer',
      'cardFlag',
      'creditDetails',
      'cancellationDescription',
      'source',
      'saleDate',
    ];
    expect(Object.keys(page[0]!).sort()).toEqual([...fields].sort());
    expect(typeof page[0]!.ammount).toBe('number');
    expect(page[0]!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('pages deterministically with take/skip and clamps take to 50', async () => {
    const everything = await all('');
    expect(everything).toHaveLength(sb.data.receivables.length);
    expect(new Set(everything.map((r) => r.idReceivable)).size).toBe(everything.length);
    expect(await list('take=10&skip=20')).toEqual(everything.slice(20, 30));
    expect(await list('take=500')).toHaveLength(50);
    expect(await list(`skip=${everything.length}`)).toEqual([]);
  });

  it('filters by inclusive due-date range, comma-separated status and payment types', async () => {
    const rows = await all(
      'dueDateStart=2026-07-01&dueDateEnd=2026-07-10&accountStatus=1,4&paymentTypes=18,5',
    );
    const expected = sb.data.receivables.filter(
      (r) =>
        r.dueDate >= '2026-07-01' &&
        r.dueDate.slice(0, 10) <= '2026-07-10' &&
        [1, 4].includes(r.status) &&
        [18, 5].includes(r.paymentType),
    );
    expect(rows.map((r) => r.idReceivable)).toEqual(expected.map((r) => r.idReceivable));
    expect(rows.length).toBeGreaterThan(0);
    // Repeated parameters are the same as a comma list.
    expect(
      await all(
        'accountStatus=1&accountStatus=4&paymentTypes=18&paymentTypes=5&dueDateStart=2026-07-01&dueDateEnd=2026-07-10',
      ),
    ).toEqual(rows);
  });

  it('accepts ISO date-times (with or without offset) as bounds', async () => {
    const day = await all('dueDateStart=2026-07-01&dueDateEnd=2026-07-01');
    expect(await all('dueDateStart=2026-07-01T00:00:00&dueDateEnd=2026-07-01T23:59:59')).toEqual(day);
    // 03:00Z is midnight in Brasília.
    expect(await all('dueDateStart=2026-07-01T03:00:00Z&dueDateEnd=2026-07-02T02:59:59Z')).toEqual(day);
    expect(await all('dueDateStart=2026-07-01T00:00:01&dueDateEnd=2026-07-01')).toEqual([]);
  });

  it('filters every other documented field', async () => {
    const sample = sb.data.receivables.find((r) => r.status === 2 && r.payment !== null)!;
    const rec = sample.receivingDate!.slice(0, 10);
    expect(
      (await all(`receivingDateStart=${rec}&receivingDateEnd=${rec}`)).every((r) =>
        r.receivingDate!.startsWith(rec),
      ),
    ).toBe(true);
    const upd = await all('updateDateStart=2026-07-01&updateDateEnd=2026-07-14');
    expect(upd.length).toBeGreaterThan(0);
    expect(upd.every((r) => r.updateDate >= '2026-07-01' && r.updateDate < '2026-07-15')).toBe(true);
    expect((await list(`idReceivable=${sample.idReceivable}`)).map((r) => r.idReceivable)).toEqual([
      sample.idReceivable,
    ]);
    expect((await all(`idSale=${sample.idSale}`)).every((r) => r.idSale === sample.idSale)).toBe(true);
    const amounts = await all('ammountStart=99.90&ammountEnd=99,90');
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.every((r) => r.ammount === 99.9)).toBe(true);
    expect((await all('description=MATRICULA')).every((r) => r.description === 'Taxa de matrícula')).toBe(
      true,
    );
    expect((await all('cancellationDateStart=2020-01-01')).every((r) => r.status.id === 3)).toBe(true);
    expect(await list('invoiceDateStart=2020-01-01')).toEqual([]);
    for (const f of ['registrationDate', 'competenceDate', 'chargeDate', 'saleDate', 'invoiceCanceledDate']) {
      expect((await c.get(`/api/v1/receivables?${f}Start=2026-01-01&${f}End=2026-12-31&take=1`)).status).toBe(
        200,
      );
    }
  });

  it("finds a child member's receivables through memberId, paid by the parent", async () => {
    const child = sb.data.memberList.find(
      (m) => m.payerKind === 'parent' && sb.data.receivables.some((r) => r.idMember === m.idMember),
    )!;
    const rows = await all(`memberId=${child.idMember}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((r) => r.payerName === child.payerName && r.idMemberPayer === child.idMemberPayer),
    ).toBe(true);
  });

  it("answers the framework's 400 naming the parameter for bad input, never 500", async () => {
    const bad: [string, string, string][] = [
      ['take=-1', 'take', 'The field take must be between 1 and 2147483647.'],
      ['take=abc', 'take', "The value 'abc' is not valid."],
      ['take=0', 'take', 'The field take must be between 1 and 2147483647.'],
      ['skip=-5', 'skip', 'The field skip must be between 0 and 2147483647.'],
      ['skip=1e3', 'skip', "The value '1e3' is not valid."],
      ['dueDateStart=2026-02-30', 'dueDateStart', "The value '2026-02-30' is not valid."],
      ['dueDateEnd=15/07/2026', 'dueDateEnd', "The value '15/07/2026' is not valid."],
      [
        'updateDateStart=2026-07-01T25:00:00',
        'updateDateStart',
        "The value '2026-07-01T25:00:00' is not valid.",
      ],
      ['accountStatus=1,x', 'accountStatus', "The value '1,x' is not valid."],
      ['paymentTypes=pix', 'paymentTypes', "The value 'pix' is not valid."],
      ['ammountStart=R$10', 'ammountStart', "The value 'R$10' is not valid."],
      ['idReceivable=1.5', 'idReceivable', "The value '1.5' is not valid."],
      ['idBranch=one', 'idBranch', "The value 'one' is not valid."],
    ];
    for (const [q, field, message] of bad) {
      const res = await c.get(`/api/v1/receivables?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(body.errors, q).toEqual({ [field]: [message] });
    }
    const both = (await (await c.get('/api/v1/receivables?take=x&dueDateEnd=2026-13-01')).json()) as {
      errors: Record<string, string[]>;
    };
    expect(Object.keys(both.errors).sort()).toEqual(['dueDateEnd', 'take']);
  });

  it('ignores unknown and empty parameters, and parameter names are case-insensitive', async () => {
    expect(await list('foo=bar&dueDateStart=&take=5')).toEqual(await list('take=5'));
    expect(await list('ACCOUNTSTATUS=4&Take=3')).toEqual(await list('accountStatus=4&take=3'));
  });
});
