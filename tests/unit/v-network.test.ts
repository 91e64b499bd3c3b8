import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import type { RunningSandbox } from '../../src/sandbox';
import { startSandbox } from '../../src/sandbox';
import { commandCaller, testCore } from '../helpers/core';
import { TEST_TODAY, testDay } from '../helpers/sandbox';

/**
 * [V] must-show 1: a network of 20 branches on one multi-location ("administrador geral") key, against the
 * sandbox's network mode (docs/sandbox.md, "Network mode"): sync, one statement (CSV) per branch's primary account
 * and the central Pix account's, match, approve what a clerk would (the greens, and each wrong-branch proposal the
 * clerk confirms), send. Every receivable must be marked paid against the account that received it, no green pair
 * may pay another branch's receivable, and each open receivable a member paid into another branch's account (the
 * sandbox's `crossBranchRate`, raised here so every run has several) must be proposed as such, named. The same run
 * against a server that ignores `idBranch` must give the same result.
 */
const BRANCHES = 20;
const network = (idBranch: 'honoured' | 'ignored') =>
  startSandbox({
    seed: 11,
    today: TEST_TODAY,
    members: 25,
    unreconciledDays: 14,
    rateLimit: false,
    network: { branches: BRANCHES, idBranch, crossBranchRate: 0.15 },
  });

interface Row {
  matchId: number;
  lineId: number;
  date: string;
  amountCents: number;
  description: string;
  zone: 'green' | 'yellow' | 'red';
  state: string;
  bucket: string;
  receivables: { id: number }[];
  reasons: { code: string; text: string; params?: Record<string, string | number> }[];
}
type Line = Row & { accountId: number; key: string };

async function reconcileNetwork(sandbox: RunningSandbox) {
  const t = testCore();
  const call = commandCaller(t.core);
  try {
    await call('profiles.save', {
      name: 'Rede Quita Fit',
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: sandbox.adminKey,
      keyKind: 'admin',
      // The sandbox counts no limit here: requests are counted (and timed in bench/), not waited for.
      rateLimit: { perSecond: 50, perMinute: 2000 },
    });
    const window = { dueFrom: testDay(-60), dueTo: testDay(7) };
    type Sync = { requests: number; network: { read: string; branchesRead: number; newBranches: number[] } };
    const first = await call<Sync>('sync.run', { ...window, debtors: true });
    // The office names two branches; the second sync lists each branch's accounts with idBranch.
    await call('branches.update', { id: 1, name: 'Centro' });
    await call('branches.update', { id: 2, name: 'Norte' });
    const second = await call<Sync>('sync.run', { ...window, debtors: false });
    const view = await call<{
      network: boolean;
      branches: { id: number; chosen: boolean }[];
      accounts: { accountId: number; branchId: number | null; placed: boolean; source: string | null }[];
    }>('branches.list', {});

    // The central account first, then each branch's primary account.
    const accounts = sandbox.data.bankAccounts
      .filter((a) => a.role === 'primary' || a.branchId === null)
      .sort((a, b) => (a.branchId ?? 0) - (b.branchId ?? 0));
    const lines: Line[] = [];
    const statements: number[] = [];
    for (const a of accounts) {
      const st = sandbox.writeStatement({
        bankAccountId: a.id,
        from: testDay(-20),
        to: TEST_TODAY,
        format: 'csv',
      });
      const { uploadId } = t.core.ctx.uploads.stage(st.fileName, st.bytes);
      const { statementId } = await call<{ statementId: number }>('import.commit', {
        uploadId,
        bankAccountId: a.id,
      });
      statements.push(statementId);
      const { rows } = await call<{ rows: Row[] }>('match.lines', { statementId, limit: 5000 });
      for (const r of rows) lines.push({ ...r, accountId: a.id, key: `${a.id}|${r.lineId}` });
    }
    return { t, call, first, second, view, lines, accounts, statements };
  } catch (e) {
    await t.core.close();
    t.cleanup();
    throw e;
  }
}

/** The clerk approves the greens and confirms each wrong-branch proposal, then sends; what reached the server. */
async function approveAndSend(r: Awaited<ReturnType<typeof reconcileNetwork>>, sandbox: RunningSandbox) {
  for (const statementId of r.statements) await r.call('review.approveGreen', { statementId });
  const wrong = r.lines.filter((l) => l.state === 'suggested' && l.reasons[0]?.code === 'other_branch');
  if (wrong.length) await r.call('review.approve', { matchIds: wrong.map((l) => l.matchId) });
  // One branch's money first (Enviar filtered to Centro sends only what came into Centro's accounts), then the rest.
  const before = sandbox.markReceivedJournal.length;
  await r.call('send.confirm', { chunkSize: 50, wait: true, branch: 1 });
  const centro = sandbox.markReceivedJournal.slice(before);
  const centroAccounts = new Set(sandbox.data.bankAccounts.filter((a) => a.branchId === 1).map((a) => a.id));
  expect(centro.length).toBeGreaterThan(0);
  expect(centro.every((j) => centroAccounts.has(j.idBankAccount))).toBe(true);
  await r.call('send.confirm', { chunkSize: 50, wait: true });
  const sent = sandbox.markReceivedJournal.flatMap((j) =>
    j.ids.map((id) => ({ id, account: j.idBankAccount, outcome: j.outcome })),
  );
  return { sent, wrong };
}

let honoured: RunningSandbox;
let ignored: RunningSandbox;
beforeAll(async () => {
  honoured = await network('honoured');
  ignored = await network('ignored');
}, 60_000);
afterAll(async () => {
  await honoured?.close();
  await ignored?.close();
});

describe('a network of branches on one administrator key ([V])', () => {
  let firstRun: { lines: Line[]; sent: { id: number; account: number }[] } | undefined;

  it('every receivable paid against the account that received it, no cross-branch green, each wrong-branch payment named', async () => {
    const sandbox = honoured;
    const r = await reconcileNetwork(sandbox);
    try {
      const recs = new Map(sandbox.data.receivables.map((x) => [x.idReceivable, x]));
      const branchOfAccount = new Map(sandbox.data.bankAccounts.map((a) => [a.id, a.branchId]));

      // Sync: the first read the network whole and found its 20 branches; the second listed each branch's accounts
      // with idBranch, which placed every branch's accounts in it and the central account in the network.
      expect(r.first.network.read).toBe('network');
      expect(r.first.network.newBranches.sort((a, b) => a - b)).toEqual(
        sandbox.data.branches.map((b) => b.id),
      );
      expect(r.view.network).toBe(true);
      expect(r.view.branches).toHaveLength(BRANCHES);
      for (const a of sandbox.data.bankAccounts) {
        const place = r.view.accounts.find((x) => x.accountId === a.id)!;
        expect(place, `account ${a.id}`).toMatchObject({ placed: true, branchId: a.branchId, source: 'api' });
      }

      // No green pays a receivable of a branch other than its account's (the central account has no branch).
      const crossGreens = r.lines.filter(
        (l) =>
          l.zone === 'green' &&
          branchOfAccount.get(l.accountId) !== null &&
          l.receivables.some((x) => recs.get(x.id)!.idBranchMember !== branchOfAccount.get(l.accountId)),
      );
      expect(crossGreens).toEqual([]);

      // Every open receivable paid into another branch's account (the ground truth) whose line was proposed is
      // proposed as a wrong-branch payment, in words; and at least most of them were proposed at all.
      const crossTruth = sandbox.data.receivables.filter((x) => {
        const to = x.payment ? branchOfAccount.get(x.payment.bankAccountId) : undefined;
        return (
          (x.status === 1 || x.status === 4) &&
          x.payment !== null &&
          x.payment.creditDate >= testDay(-20) &&
          to != null &&
          to !== x.idBranchMember &&
          r.accounts.some((a) => a.id === x.payment!.bankAccountId)
        );
      });
      expect(crossTruth.length).toBeGreaterThanOrEqual(5);
      const proposedFor = (id: number) => r.lines.find((l) => l.receivables.some((x) => x.id === id));
      const truthOf = new Map(sandbox.data.receivables.map((x) => [x.idReceivable, x]));
      const proposed = crossTruth.filter((x) => proposedFor(x.idReceivable));
      // The ones not proposed are credits the engine would not give that receivable wherever it belonged (the
      // candidate list says it does not fit: e.g. a boleto paid by Pix days before it falls due), or credits that
      // name nobody (a cash deposit, "DP DINHEIRO"): across a network the amount alone has tens of candidates, so
      // only a named payer is proposed in another branch (docs/branches.md). Either way never green.
      let namedInSearch = 0;
      for (const x of crossTruth.filter((c) => !proposedFor(c.idReceivable))) {
        const p = x.payment!;
        // The credit's line: same account, day and amount. Two credits can share all three (seen 2026-11-28: Luiz
        // Ribeiro's cash deposit and Cecília Dias Lima's TED, R$ 99,90 each on 16 Nov): a line that pays another
        // receivable whose own payment is that same credit is that receivable's, rightly green, not this one's.
        const sameCredit = (l: (typeof r.lines)[number]) =>
          l.accountId === p.bankAccountId && l.date === p.creditDate && l.amountCents === p.amountCents;
        const anothersOwn = (l: (typeof r.lines)[number]) =>
          l.receivables.some((rr) => {
            const own = truthOf.get(rr.id)?.payment;
            return (
              rr.id !== x.idReceivable &&
              own != null &&
              own.bankAccountId === p.bankAccountId &&
              own.creditDate === p.creditDate &&
              own.amountCents === p.amountCents
            );
          });
        const line = r.lines.find((l) => sameCredit(l) && !anothersOwn(l));
        expect(line, `the credit of receivable ${x.idReceivable}`).toBeDefined();
        expect(line!.zone, `receivable ${x.idReceivable}`).not.toBe('green');
        const { rows } = await r.call<{
          rows: {
            receivable: { id: number; memberId: number | null };
            fits: boolean;
            zone: string;
            otherBranch?: { id: number } | null;
            reasons: { code: string }[];
          }[];
        }>('match.candidates', { lineId: line!.lineId, limit: 50 });
        const candidate = rows.find((c) => c.receivable.id === x.idReceivable);
        const fits = candidate?.fits ?? false;
        // Listed for the clerk's search, it says whose it is (another branch's).
        if (candidate) {
          expect(candidate.otherBranch?.id).toBe(x.idBranchMember);
          expect(candidate.zone).not.toBe('green');
          namedInSearch++;
        }
        // Or only the surname agrees (a spouse paying: “PIX REM: MARCELO NUNES” for Gabriela … Nunes, another
        // branch's): the weakest identity, never proposed across branches (docs/branches.md). Seen on the run pinned to
        // 2026-12-31 (npm run test:dates), where the sandbox's data has such a payment in the window.
        const surnameOnly = candidate?.reasons.some((why) => why.code === 'surname') ?? false;
        // Or the member owes two receivables of that amount that fit alike: the engine never chooses between one
        // member's debts (a tie, in any branch), and the line says so, and in which branch they are; the clerk picks
        // in the candidate list. Seen pinned to Tiradentes 2027-04-21: "CRED TED GABRIELA C ANDRA" (the bank cut the
        // name) for Gabriela Cecília Andrade, overdue 25 days and due again in 6, both in branch 13.
        const tie = line!.state === 'unmatched' && line!.reasons.some((why) => why.code === 'tie');
        if (tie && fits) {
          expect(line!.reasons[0]).toMatchObject({
            code: 'other_branch',
            params: { receivableBranchId: x.idBranchMember },
          });
          const sameMember = rows.filter(
            (c) => c.fits && c.receivable.memberId === candidate!.receivable.memberId,
          );
          expect(sameMember.length).toBeGreaterThanOrEqual(2);
        }
        expect(
          !fits || p.channel === 'deposit' || surnameOnly || tie,
          `receivable ${x.idReceivable}: ${line!.description}`,
        ).toBe(true);
      }
      expect(proposed.length).toBeGreaterThanOrEqual(crossTruth.length / 2);
      expect(namedInSearch).toBeGreaterThan(0);
      for (const x of proposed) {
        const l = proposedFor(x.idReceivable)!;
        expect(l.accountId, `receivable ${x.idReceivable}`).toBe(x.payment!.bankAccountId);
        expect(l.zone).not.toBe('green');
        expect(l.reasons[0]).toMatchObject({
          code: 'other_branch',
          params: { accountBranchId: branchOfAccount.get(l.accountId), receivableBranchId: x.idBranchMember },
        });
        expect(l.reasons[0]!.text).toMatch(
          /^pago na conta da unidade .+; o recebível é da unidade .+: confira/,
        );
      }
      // Named branches are said by their names.
      const named = r.lines.find(
        (l) =>
          l.reasons[0]?.code === 'other_branch' &&
          [1, 2].includes(Number(l.reasons[0].params!.accountBranchId)),
      );
      if (named) expect(named.reasons[0]!.text).toMatch(/unidade (Centro|Norte)/);

      // quita match --branch: the latest statement of that branch's accounts, run by the CLI on this data folder.
      const out: string[] = [];
      const code = await runCli(['--data-dir', r.t.dataDir, 'match', '--branch', 'Norte', '--json'], {
        stdout: (x) => out.push(x),
        stderr: () => undefined,
        env: { QUITA_KEY_FILE: join(dirname(r.t.dataDir), 'keys', 'master.key') },
      });
      expect(code).toBe(0);
      const norteLines = new Set(
        r.lines.filter((l) => branchOfAccount.get(l.accountId) === 2).map((l) => l.lineId),
      );
      const matched = JSON.parse(out.join('')) as { lineId: number }[];
      expect(matched.length).toBeGreaterThan(0);
      expect(matched.every((l) => norteLines.has(l.lineId))).toBe(true);

      // Send: each receivable once, against the account whose statement holds its credit — the account that
      // received the money, as the sandbox's ground truth says.
      const { sent, wrong } = await approveAndSend(r, sandbox);
      expect(wrong.length).toBeGreaterThanOrEqual(proposed.length);
      expect(sent.length).toBeGreaterThan(50);
      expect(new Set(sent.map((s) => s.id)).size).toBe(sent.length);
      for (const s of sent) {
        const truth = recs.get(s.id)!.payment;
        expect(truth, `receivable ${s.id} was paid`).not.toBeNull();
        expect(s.account, `receivable ${s.id}`).toBe(truth!.bankAccountId);
      }
      // The wrong-branch ones the clerk confirmed went too, against the account that received them.
      for (const x of proposed)
        expect(sent.find((s) => s.id === x.idReceivable)?.account).toBe(x.payment!.bankAccountId);
      // Reports per branch: the money that came into each branch's accounts; the network's own (the central
      // account's); the rows of all of them add up to everything sent. The file of one branch says so.
      type Recon = { rows: { receivableId: number; bankAccountId: number; branchId?: number | null }[] };
      const all = await r.call<Recon>('reports.reconciliation', {});
      expect(all.rows.length).toBe(sent.length);
      let perBranch = 0;
      for (const b of [...sandbox.data.branches.map((x) => x.id as number | 'network'), 'network' as const]) {
        const one = await r.call<Recon>('reports.reconciliation', { branch: b });
        for (const row of one.rows)
          expect(branchOfAccount.get(row.bankAccountId) ?? 'network', `receivable ${row.receivableId}`).toBe(
            b,
          );
        perBranch += one.rows.length;
      }
      expect(perBranch).toBe(all.rows.length);
      const file = await r.call<{ base64: string; fileName: string }>('audit.export', {
        kind: 'reconciliation',
        format: 'csv',
        branch: 1,
      });
      const csv = Buffer.from(file.base64, 'base64').toString('utf8');
      expect(csv).toContain('Unidade da conta');
      expect(csv).toContain('Só as contas da unidade Centro.');
      const verified = await r.call<{ ok: boolean }>('audit.verify', {});
      expect(verified.ok).toBe(true);
      console.log(
        `[V] network run: ${r.lines.length} credit lines, ${crossTruth.length} open receivables paid into another branch's account, ${proposed.length} proposed as such, ${wrong.length} wrong-branch proposals approved, ${sent.length} receivables sent; sync requests ${r.first.requests} + ${r.second.requests}`,
      );
      firstRun = { lines: r.lines, sent };
    } finally {
      await r.t.core.close();
      r.t.cleanup();
    }
  }, 240_000);

  it('gives the same result when the server ignores idBranch: accounts placed by history, the same proposals and sends', async () => {
    expect(firstRun).toBeDefined();
    const r = await reconcileNetwork(ignored);
    try {
      // The per-branch account lists all came back whole: learned, nothing placed from them; history placed them.
      expect(r.view.accounts.every((a) => a.source !== 'api')).toBe(true);
      for (const a of ignored.data.bankAccounts.filter((x) => x.role === 'primary' || x.branchId === null)) {
        const place = r.view.accounts.find((x) => x.accountId === a.id)!;
        expect(place, `account ${a.id}`).toMatchObject({
          placed: true,
          branchId: a.branchId,
          source: 'history',
        });
      }
      const same = (ls: Line[]) =>
        ls
          .map(
            (l) =>
              `${l.accountId}|${l.date}|${l.amountCents}|${l.zone}|${l.receivables.map((x) => x.id).join(',')}|${l.reasons[0]?.code ?? ''}`,
          )
          .sort();
      expect(same(r.lines)).toEqual(same(firstRun!.lines));
      const { sent } = await approveAndSend(r, ignored);
      const pairs = (s: { id: number; account: number }[]) => s.map((x) => `${x.id}→${x.account}`).sort();
      expect(pairs(sent)).toEqual(pairs(firstRun!.sent));
    } finally {
      await r.t.core.close();
      r.t.cleanup();
    }
  }, 240_000);

  /** A small network and a core connected to it with the administrator key. */
  async function small(opts: {
    idBranch?: 'honoured' | 'ignored' | 'refused';
    adminWithoutBranch?: 'all' | 'refused';
  }) {
    const sandbox = await startSandbox({
      seed: 5,
      today: TEST_TODAY,
      members: 15,
      unreconciledDays: 14,
      rateLimit: false,
      network: { branches: 5, ...opts },
    });
    const t = testCore();
    const call = commandCaller(t.core);
    await call('profiles.save', {
      name: 'Rede',
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: sandbox.adminKey,
      keyKind: 'admin',
      rateLimit: { perSecond: 50, perMinute: 2000 },
    });
    const cached = () =>
      t.core.ctx
        .db()
        .prepare('SELECT branch_member_id AS b, count(*) AS n FROM receivables GROUP BY 1 ORDER BY 1')
        .all();
    const close = async () => {
      await t.core.close();
      t.cleanup();
      await sandbox.close();
    };
    return { sandbox, call, cached, close, ctx: t.core.ctx };
  }
  const window = { dueFrom: testDay(-40), dueTo: testDay(7), debtors: true };
  type Sync = { network: { read: string; branchesRead: number } };

  it('a server that refuses idBranch: learned from its 400, the network read whole and split, accounts placed by history', async () => {
    const n = await small({ idBranch: 'refused' });
    const ref = await small({});
    try {
      await n.call('sync.run', window);
      await ref.call('sync.run', window);
      const again = await n.call<Sync>('sync.run', window);
      // The reference syncs twice too: a second sync also reads what changed since the first, whatever its due date
      // (receivables registered in the last days, due beyond the window: the run pinned to 2026-12-31 had five).
      await ref.call('sync.run', window);
      expect(again.network.read).toBe('network');
      expect(n.cached()).toEqual(ref.cached());
      const quirks = n.ctx.db().prepare('SELECT quirk FROM api_quirks').pluck().all();
      expect(quirks).toContain('id-branch-refused');
      const view = await n.call<{ accounts: { source: string | null; placed: boolean }[] }>(
        'branches.list',
        {},
      );
      expect(view.accounts.filter((a) => a.placed).every((a) => a.source === 'history')).toBe(true);
    } finally {
      await n.close();
      await ref.close();
    }
  }, 120_000);

  it('the office reconciles some branches: each is read on its own with idBranch, from the network read’s mark', async () => {
    const n = await small({});
    try {
      await n.call('sync.run', window);
      await n.call('branches.update', { id: 4, chosen: false });
      await n.call('branches.update', { id: 5, chosen: false });
      const second = await n.call<Sync>('sync.run', window);
      expect(second.network).toMatchObject({ read: 'branches', branchesRead: 3 });
      // The office cannot stop reconciling every branch: the last chosen one stays.
      await n.call('branches.update', { id: 1, chosen: false });
      await n.call('branches.update', { id: 2, chosen: false });
      await expect(n.call('branches.update', { id: 3, chosen: false })).rejects.toMatchObject({
        code: 'branches.last_chosen',
      });
      const third = await n.call<Sync & { debtors: number | null }>('sync.run', window);
      expect(third.network).toMatchObject({ read: 'branches', branchesRead: 1 });
      // Debtors asked for: branch 3's only, read with idBranch.
      const branch3 = n.sandbox.data.receivables
        .filter((r) => r.idBranchMember === 3)
        .map((r) => r.idReceivable);
      const debtorsOf3 = n.ctx.db().prepare('SELECT receivable_id FROM debtors').pluck().all() as number[];
      expect(third.debtors).toBe(debtorsOf3.length);
      expect(debtorsOf3.length).toBeGreaterThan(0);
      expect(debtorsOf3.every((id) => branch3.includes(id))).toBe(true);
      // Inadimplentes of one branch (debtors.list's branchId), and of another: none here.
      const listed = await n.call<{ count: number }>('debtors.list', { branchId: 3 });
      expect(listed.count).toBe(debtorsOf3.length);
      expect((await n.call<{ count: number }>('debtors.list', { branchId: 2 })).count).toBe(0);
      // Not asked for, and read less than six hours ago: a network's sync leaves them (a whole network's debtors are
      // hundreds of requests).
      const fourth = await n.call<Sync & { debtors: number | null }>('sync.run', {
        dueFrom: window.dueFrom,
        dueTo: window.dueTo,
      });
      expect(fourth.debtors).toBeNull();
      // Início per branch adds up to every line, a branch left out included (its account's statement: branch 1's).
      const primary1 = n.sandbox.data.bankAccounts.find((a) => a.branchId === 1 && a.role === 'primary')!;
      const st = n.sandbox.writeStatement({
        bankAccountId: primary1.id,
        from: testDay(-20),
        to: TEST_TODAY,
        format: 'csv',
      });
      // The office says whose account it is (a small branch's history is too short to tell, and one branch's list
      // read proves nothing).
      await n.call('branches.placeAccount', { accountId: primary1.id, branchId: 1 });
      const { uploadId } = n.ctx.uploads.stage(st.fileName, st.bytes);
      await n.call('import.commit', { uploadId, bankAccountId: primary1.id });
      const home = await n.call<{
        all: { lines: { count: number } };
        byBranch: { branchId: number | null; lines: { count: number } }[];
      }>('dashboard.summary', {});
      expect(home.all.lines.count).toBeGreaterThan(0);
      expect(home.byBranch.reduce((sum, b) => sum + b.lines.count, 0)).toBe(home.all.lines.count);
      expect(home.byBranch.find((b) => b.branchId === 1)?.lines.count).toBeGreaterThan(0);
    } finally {
      await n.close();
    }
  }, 120_000);

  it('an administrator key refused without idBranch: the office adds the branches by id, then each is read on its own', async () => {
    const n = await small({ adminWithoutBranch: 'refused' });
    const ref = await small({});
    try {
      await expect(n.call('sync.run', window)).rejects.toMatchObject({ code: 'branches.ids_needed' });
      for (const b of n.sandbox.data.branches) await n.call('branches.add', { id: b.id });
      const done = await n.call<Sync>('sync.run', window);
      expect(done.network).toMatchObject({ read: 'branches', branchesRead: 5 });
      await ref.call('sync.run', window);
      expect(n.cached()).toEqual(ref.cached());
      const debtors = (db: typeof n.ctx) => db.db().prepare('SELECT count(*) FROM debtors').pluck().get();
      expect(debtors(n.ctx)).toBe(debtors(ref.ctx));
    } finally {
      await n.close();
      await ref.close();
    }
  }, 120_000);
});
