import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args';
import type { RunningSandbox } from './index';
import { client, startTestSandbox, type ApiReceivable, type Client } from './testing';

const MARK = '/api/v1/receivables/mark-received';
const LISTS = ['/api/v1/bank-accounts', '/api/v1/receivables', '/api/v1/receivables/debtors'] as const;

interface ApiAccount {
  idBankAccount: number;
  [key: string]: unknown;
}
interface Debtors {
  results: { receivableId: number; branchId: number }[];
  total: number;
}

/** The path with a query parameter added (the routes' own parameters stay). */
const withQuery = (path: string, q: string) => `${path}${path.includes('?') ? '&' : '?'}${q}`;

describe('network mode over HTTP', () => {
  let sb: RunningSandbox;
  let admin: Client;
  let branch: Client;
  const accountsOf = (b: number | null) =>
    sb.data.bankAccounts.filter((a) => a.branchId === b).map((a) => a.id);
  const central = () => accountsOf(null);
  /** Every receivable id the list answers, page by page. */
  const allReceivables = async (c: Client, q = '') => {
    const ids: number[] = [];
    for (let skip = 0; ; skip += 50) {
      const page = await c.json<ApiReceivable[]>(
        withQuery(`/api/v1/receivables?skip=${skip}`, q || 'take=50'),
      );
      ids.push(...page.map((r) => r.idReceivable));
      if (page.length < 50) return ids;
    }
  };
  const branchOf = (id: number) => sb.data.receivables.find((r) => r.idReceivable === id)!.idBranchMember;
  const receivablesOf = (b: number) =>
    sb.data.receivables.filter((r) => r.idBranchMember === b).map((r) => r.idReceivable);
  const overdueOf = (b: number | null) =>
    sb.data.receivables.filter((r) => r.status === 4 && (b === null || r.idBranchMember === b)).length;

  beforeAll(async () => {
    sb = await startTestSandbox({ members: 12, network: { branches: 3 } });
    admin = client(sb, 'admin');
    branch = client(sb, 'branch');
  });
  afterAll(() => sb.close());
  beforeEach(() => {
    sb.setNetwork({ idBranch: 'honoured', adminWithoutBranch: 'all', branchKeyBranch: 1 });
  });

  it('bank-accounts, honoured: a branch plus the central account; all without idBranch; none for an unknown branch', async () => {
    const ids = async (c: Client, q = '') =>
      (await c.json<ApiAccount[]>(`/api/v1/bank-accounts${q}`)).map((a) => a.idBankAccount);
    expect(await ids(admin)).toEqual(sb.data.bankAccounts.map((a) => a.id));
    expect(await ids(admin, '?idBranch=2')).toEqual([...central(), ...accountsOf(2)]);
    expect(await ids(admin, '?IDBRANCH=3')).toEqual([...central(), ...accountsOf(3)]);
    expect(await ids(admin, '?idBranch=99')).toEqual([]);
    // No branch field on the record: the real one has none.
    const [first] = await admin.json<ApiAccount[]>('/api/v1/bank-accounts');
    expect(Object.keys(first!)).not.toContain('branchId');
    // The branch key: its own branch, whatever idBranch says.
    expect(await ids(branch)).toEqual([...central(), ...accountsOf(1)]);
    expect(await ids(branch, '?idBranch=2')).toEqual([...central(), ...accountsOf(1)]);
    const bad = await admin.get('/api/v1/bank-accounts?idBranch=dois');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: object }).errors).toHaveProperty('idBranch');
  });

  it('receivables, honoured: idBranch filters for the admin key; the branch key sees its branch only', async () => {
    const two = await allReceivables(admin, 'idBranch=2');
    expect(two).toEqual(receivablesOf(2));
    expect(await allReceivables(admin)).toHaveLength(sb.data.receivables.length);
    expect(await allReceivables(branch)).toEqual(receivablesOf(1));
    expect(await allReceivables(branch, 'idBranch=2')).toEqual(receivablesOf(1));
    const other = receivablesOf(3)[0]!;
    expect(await branch.json(`/api/v1/receivables?idReceivable=${other}`)).toEqual([]);
    expect(await admin.json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${other}`)).toHaveLength(1);
    expect(await admin.json(`/api/v1/receivables?idReceivable=${other}&idBranch=2`)).toEqual([]);
    const [r] = await admin.json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${other}`);
    expect(r!.idBranchMember).toBe(3);
  });

  it("debtors, honoured: branchId is the member's branch; filtered like the receivables", async () => {
    const two = await admin.json<Debtors>('/api/v1/receivables/debtors?idBranch=2&take=50');
    expect(two.total).toBe(overdueOf(2));
    expect(two.results.every((d) => d.branchId === 2 && branchOf(d.receivableId) === 2)).toBe(true);
    expect((await admin.json<Debtors>('/api/v1/receivables/debtors')).total).toBe(overdueOf(null));
    const own = await branch.json<Debtors>('/api/v1/receivables/debtors?idBranch=3');
    expect(own.total).toBe(overdueOf(1));
    expect(own.results.every((d) => d.branchId === 1)).toBe(true);
    expect((await admin.json<Debtors>('/api/v1/receivables/debtors?idBranch=42')).total).toBe(0);
  });

  it("'ignored': every branch whatever idBranch says (not even validated); the branch key still sees its own", async () => {
    expect(sb.setNetwork({ idBranch: 'ignored' })).toEqual({
      idBranch: 'ignored',
      adminWithoutBranch: 'all',
      branchKeyBranch: 1,
    });
    const accounts = await admin.json<ApiAccount[]>('/api/v1/bank-accounts?idBranch=2');
    expect(accounts).toHaveLength(sb.data.bankAccounts.length);
    expect((await admin.get('/api/v1/bank-accounts?idBranch=dois')).status).toBe(200);
    expect(await allReceivables(admin, 'idBranch=2')).toHaveLength(sb.data.receivables.length);
    expect((await admin.json<Debtors>('/api/v1/receivables/debtors?idBranch=2')).total).toBe(overdueOf(null));
    expect(await allReceivables(branch, 'idBranch=2')).toEqual(receivablesOf(1));
  });

  it("'refused': any idBranch is the framework's 400 on all three lists, from either key; without it, as before", async () => {
    sb.setNetwork({ idBranch: 'refused' });
    for (const path of LISTS) {
      for (const c of [admin, branch]) {
        const res = await c.get(withQuery(path, 'idBranch=2'));
        expect(res.status, path).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
        const body = (await res.json()) as { errors: Record<string, string[]> };
        expect(body.errors.idBranch![0]).toMatch(/idBranch/);
      }
      expect((await admin.get(path)).status, path).toBe(200);
    }
    // Other binding errors are reported beside it, as ModelState collects them.
    const both = await admin.get('/api/v1/receivables?idBranch=2&take=zero');
    expect(Object.keys(((await both.json()) as { errors: object }).errors).sort()).toEqual([
      'idBranch',
      'take',
    ]);
  });

  it("adminWithoutBranch 'refused': the admin key must name a branch ({mensagens}); the branch key need not", async () => {
    sb.setNetwork({ adminWithoutBranch: 'refused' });
    for (const path of LISTS) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { mensagens: string[] };
      expect(body.mensagens[0]).toMatch(/idBranch.*obrigatório/);
      expect((await admin.get(withQuery(path, 'idBranch=2'))).status, path).toBe(200);
      expect((await branch.get(path)).status, path).toBe(200);
    }
    // A server that ignores idBranch never sees it: naming one gets everything, leaving it out the 400.
    sb.setNetwork({ idBranch: 'ignored' });
    expect((await admin.json<ApiAccount[]>('/api/v1/bank-accounts?idBranch=2')).length).toBe(
      sb.data.bankAccounts.length,
    );
    expect((await admin.get('/api/v1/bank-accounts')).status).toBe(400);
  });

  it('mark-received: the branch key only for its branch and the accounts it sees; the admin key network-wide', async () => {
    const open = (b: number) =>
      sb.data.receivables.filter((r) => r.idBranchMember === b && (r.status === 1 || r.status === 4));
    const [mine, mine2] = open(1);
    const theirs = open(2)[0]!;
    const put = (c: Client, ids: number[], account: number) =>
      c.send('PUT', MARK, { idsReceivables: ids, idBankAccount: account });
    const refused = await put(branch, [mine!.idReceivable, theirs.idReceivable], accountsOf(1)[0]!);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { mensagens: string[] };
    expect(body.mensagens.join(' ')).toMatch(new RegExp(`outra unidade.*${theirs.idReceivable}`));
    const status = async (id: number) =>
      (await admin.json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${id}`))[0]!.status.id;
    expect(await status(mine!.idReceivable)).not.toBe(2);
    // Another branch's account is unknown to the branch key; the central account is its too.
    expect((await put(branch, [mine!.idReceivable], accountsOf(2)[0]!)).status).toBe(400);
    expect((await put(branch, [mine!.idReceivable], central()[0]!)).status).toBe(200);
    expect(await status(mine!.idReceivable)).toBe(2);
    // The admin key: a branch 2 receivable into branch 3's account (a member who paid at another unit).
    expect((await put(admin, [theirs.idReceivable, mine2!.idReceivable], accountsOf(3)[0]!)).status).toBe(
      200,
    );
    const [r] = await admin.json<ApiReceivable[]>(`/api/v1/receivables?idReceivable=${theirs.idReceivable}`);
    expect(r!.bankAccount!.id).toBe(accountsOf(3)[0]);
    // Another branch key: setNetwork moves it.
    sb.setNetwork({ branchKeyBranch: 2 });
    const other = open(2).find((x) => x.idReceivable !== theirs.idReceivable)!;
    expect((await put(branch, [other.idReceivable], accountsOf(2)[0]!)).status).toBe(200);
  });

  it('setNetwork validates, and refuses a single-branch sandbox', async () => {
    expect(() => sb.setNetwork({ idBranch: 'sometimes' as never })).toThrow(/idBranch/);
    expect(() => sb.setNetwork({ adminWithoutBranch: 'none' as never })).toThrow(/adminWithoutBranch/);
    expect(() => sb.setNetwork({ branchKeyBranch: 9 })).toThrow(/branchKeyBranch/);
    expect(() => sb.setNetwork({ idBranches: 'x' } as never)).toThrow(/unknown/);
    // Nothing changed by the failed calls.
    expect(sb.setNetwork({})).toEqual({
      idBranch: 'honoured',
      adminWithoutBranch: 'all',
      branchKeyBranch: 1,
    });
    const single = await startTestSandbox({ members: 5 });
    try {
      expect(() => single.setNetwork({ idBranch: 'ignored' })).toThrow(/network mode/);
      // One branch: bank-accounts takes no parameters, as before.
      expect((await client(single, 'admin').get('/api/v1/bank-accounts?idBranch=dois')).status).toBe(200);
    } finally {
      await single.close();
    }
  });
});

describe('network mode with a db file and on the command line', () => {
  it('a restarted sandbox is the same network; server switches given at start replace the stored ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quita-network-'));
    const dbFile = join(dir, 'sandbox.json');
    try {
      const first = await startTestSandbox({
        members: 6,
        dbFile,
        network: { branches: 4, crossBranchRate: 0.2, adminWithoutBranch: 'refused' },
      });
      const data = first.data;
      await first.close();
      const second = await startTestSandbox({ members: 3, dbFile });
      expect(second.data.network).toEqual(data.network);
      expect(second.data.receivables).toEqual(data.receivables);
      expect((await client(second, 'admin').get('/api/v1/bank-accounts')).status).toBe(400);
      await second.close();
      const third = await startTestSandbox({ dbFile, network: { branches: 2, adminWithoutBranch: 'all' } });
      expect(third.data.branches).toHaveLength(4);
      expect((await client(third, 'admin').get('/api/v1/bank-accounts')).status).toBe(200);
      await third.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('parses --branches, --id-branch and --admin-without-branch', () => {
    const cmd = parseCliArgs([
      '--branches',
      '20',
      '--id-branch',
      'ignored',
      '--admin-without-branch',
      'refused',
    ]);
    expect(cmd.kind === 'serve' && cmd.options.network).toEqual({
      branches: 20,
      idBranch: 'ignored',
      adminWithoutBranch: 'refused',
    });
    const plain = parseCliArgs(['--members', '10']);
    expect(plain.kind === 'serve' && plain.options.network).toBeUndefined();
    expect(() => parseCliArgs(['--id-branch', 'ignored'])).toThrow(/--branches/);
    expect(() => parseCliArgs(['--branches', '1'])).toThrow(/--branches/);
    expect(() => parseCliArgs(['--branches', '3', '--id-branch', 'maybe'])).toThrow(/--id-branch/);
    expect(() => parseCliArgs(['--branches', '3', '--admin-without-branch', 'x'])).toThrow(/--admin/);
  });
});
