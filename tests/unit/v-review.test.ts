import { storeOfDb } from '../../src/core/store/sqlite-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { openDb, type Db } from '../../src/core/db/open-db';
import { branchesRepo } from '../../src/core/branches/branches.repo';
import { runSync, type SyncDeps } from '../../src/core/sync/sync.service';
import { addDays } from '../../src/shared/dates';
import { commandCaller, testCore } from '../helpers/core';
import { clientFor, TEST_TODAY, testDay } from '../helpers/sandbox';

/**
 * [V] review: tests that proved bugs found in the network changes of issue 33 (written as `it.fails`, now passing
 * after the fixes in sync.service.ts and client.ts). Each describes
 * the scenario; the report of the review says where and how to fix it.
 */

const status = (db: Db, id: number) =>
  db.prepare('SELECT status_id FROM receivables WHERE id = ?').pluck().get(id) as number | undefined;

describe('[V] review: a branch the office added, read on its own after the network was read whole', () => {
  // The sandbox's clock is moved by hand, so two receivables marked one after the other have distinct updateDates.
  let clock = Date.now();
  let sandbox: RunningSandbox;
  let db: Db;
  let old: number; // branch 3's, due before the later window: paid between the whole read and the per-branch one
  let recent: number; // branch 3's, due inside the later window: paid after `old`
  let other: number; // branch 2's (found in the network's receivables), due before the later window: paid too
  let later: { dueFrom: string; dueTo: string };
  const deps = (): SyncDeps => {
    const { client, requests, limiter } = clientFor(sandbox, { key: sandbox.adminKey });
    return { db, client, limiter, requestCount: requests, network: true, now: () => new Date(clock) };
  };

  beforeAll(async () => {
    sandbox = await startSandbox({
      seed: 5,
      today: TEST_TODAY,
      members: 30,
      rateLimit: false,
      network: { branches: 3 },
      timeSource: () => new Date(clock),
    });
    db = openDb(':memory:');
    // The office adds branch 3 by its id before the first sync (Configurações → Unidades, branches.add).
    await storeOfDb(db).write((tx) => branchesRepo.add(tx, 3, 'Sul', new Date(clock).toISOString()));
    // Every branch chosen: the network is read whole (branch 3's receivables included).
    await runSync(deps(), { today: TEST_TODAY, debtors: false });

    // The oldest overdue receivable of branches 3 and 2 in the first window; the later window starts after both.
    const openOf = (branch: number, from: string, to: string) =>
      sandbox.data.receivables
        .filter(
          (r) =>
            r.idBranchMember === branch &&
            (r.status === 1 || r.status === 4) &&
            r.dueDate.slice(0, 10) >= from &&
            r.dueDate.slice(0, 10) <= to,
        )
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0]!;
    const old3 = openOf(3, testDay(-90), testDay(-2));
    const old2 = openOf(2, testDay(-90), testDay(-2));
    const last = [old3.dueDate, old2.dueDate].sort()[1]!.slice(0, 10);
    later = { dueFrom: addDays(last, 1), dueTo: testDay(7) };
    old = old3.idReceivable;
    other = old2.idReceivable;
    recent = openOf(3, later.dueFrom, later.dueTo).idReceivable;
    const account = (branch: number) => sandbox.data.bankAccounts.find((a) => a.branchId === branch)!.id;
    const { client } = clientFor(sandbox, { key: sandbox.adminKey });
    // Paid in the EVO (another clerk, a webhook...) after the whole read: `old` and branch 2's first, `recent` later.
    clock += 60_000;
    await client.markReceived([old], account(3));
    await client.markReceived([other], account(2));
    clock += 60_000;
    await client.markReceived([recent], account(3));

    // The office stops reconciling branch 1: branches 2 and 3 are read on their own, with idBranch. Time has moved
    // on: the due-date window starts later (the 90-day window slides every day; here it is asked for directly).
    await storeOfDb(db).write((tx) => branchesRepo.update(tx, 1, { chosen: false }));
    clock += 60_000;
    await runSync(deps(), { today: TEST_TODAY, ...later, debtors: false });
    clock += 60_000;
    await runSync(deps(), { today: TEST_TODAY, ...later, debtors: false });
  }, 60_000);
  afterAll(async () => {
    db?.close();
    await sandbox?.close();
  });

  it('the scenario holds: the network was read whole first, then branch by branch; branch 2 is up to date', async () => {
    expect((await storeOfDb(db).read((tx) => branchesRepo.get(tx, 3)))?.seenIn).toBe('office');
    expect((await storeOfDb(db).read((tx) => branchesRepo.get(tx, 2)))?.seenIn).toBe('receivables');
    expect((await storeOfDb(db).write((tx) => branchesRepo.syncState(tx, 3))).highWaterMark).not.toBeNull();
    // Branch 2 started from the network read's mark: its payment made after that read is seen.
    expect(status(db, other)).toBe(2);
    // Branch 3's payment inside the window is seen too.
    expect(status(db, recent)).toBe(2);
  });

  // sync.service.ts, runSync's receivables phase (`covered = await storeOfDb(db).write((tx) => branchesRepo.get(tx, id))?.seenIn === 'receivables' && …`):
  // the whole read covered branch 3's receivables just as much as branch 2's, but branch 3 was first named by the
  // office, so its first own read starts "from the start" — the window only, no updateDateStart — and sets its mark
  // past the payment of a receivable that is cached (open) but now outside the window. No later sync asks for it:
  // the cache says it is still open, for good (a candidate for matching and sending again, an open receivable on
  // Início).
  it('a receivable of that branch paid after the whole read is not missed', () => {
    expect(status(db, old)).toBe(2);
  });
});

describe('[V] review: a server that needs idBranch on every read and then ignores it', () => {
  // docs/sandbox.md, Network mode: "'ignored' with adminWithoutBranch: 'refused': naming a branch gets every
  // branch, naming none the 400". Readable — any one branch's read is the whole network — yet never read.
  let sandbox: RunningSandbox;
  let t: ReturnType<typeof testCore>;
  let call: ReturnType<typeof commandCaller>;
  const window = { dueFrom: testDay(-40), dueTo: testDay(7), debtors: true };
  const tries: { code: string | null }[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({
      seed: 5,
      today: TEST_TODAY,
      members: 15,
      rateLimit: false,
      network: { branches: 3, idBranch: 'ignored', adminWithoutBranch: 'refused' },
    });
    t = testCore();
    call = commandCaller(t.core);
    await call('profiles.save', {
      name: 'Rede',
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: sandbox.adminKey,
      keyKind: 'admin',
      rateLimit: { perSecond: 50, perMinute: 2000 },
    });
    const sync = async () => {
      try {
        await call('sync.run', window);
        tries.push({ code: null });
      } catch (e) {
        tries.push({ code: String((e as { code?: string }).code) });
      }
    };
    // Refused without idBranch, no branch known: the office is asked to add them (as for a server that honours it).
    await sync();
    for (const b of sandbox.data.branches) await call('branches.add', { id: b.id });
    // Then the clerk syncs again, as many times as told to.
    for (let i = 0; i < 4; i++) await sync();
  }, 60_000);
  afterAll(async () => {
    await t?.core.close();
    t?.cleanup();
    await sandbox?.close();
  });

  it('the scenario holds: the first sync asks for the branches by id', () => {
    expect(tries[0]).toEqual({ code: 'branches.ids_needed' });
  });

  // sync.service.ts: the first sync after the branches are added reads branch 1 with idBranch, gets every branch's
  // rows, learns `id-branch-ignored` and aborts to read the network whole (readScope(state, undefined)), which the
  // server refuses: "sync again". From then on perBranch() returns null (id-branch-ignored) and networkAccounts()
  // throws `branches.api_refuses` ("refuses this key both with a branch and without one" — untrue: with a branch it
  // answers everything). No sync of this network ever succeeds again (today: sync_again, then api_refuses × 3).
  it('a later sync reads the network (any one branch’s answer is all of it)', () => {
    expect(tries.slice(1).map((x) => x.code)).toContain(null);
  });
});

describe('[V] review: the office reconciles one branch of the network', () => {
  let sandbox: RunningSandbox;
  let db: Db;

  beforeAll(async () => {
    sandbox = await startSandbox({
      seed: 5,
      today: TEST_TODAY,
      members: 10,
      rateLimit: false,
      network: { branches: 4 },
    });
    db = openDb(':memory:');
    const deps = (): SyncDeps => {
      const { client, requests, limiter } = clientFor(sandbox, { key: sandbox.adminKey });
      return { db, client, limiter, requestCount: requests, network: true };
    };
    await runSync(deps(), { today: TEST_TODAY, debtors: false });
    // Only Centro (branch 1) is reconciled here; the second sync lists its bank accounts with idBranch.
    for (const id of [2, 3, 4])
      await storeOfDb(db).write((tx) => branchesRepo.update(tx, id, { chosen: false }));
    await runSync(deps(), { today: TEST_TODAY, debtors: false });
  }, 60_000);
  afterAll(async () => {
    db?.close();
    await sandbox?.close();
  });

  it('the scenario holds: branch 1’s own accounts are in its list, yet placed by history, not by that one list', async () => {
    const places = await storeOfDb(db).write((tx) => branchesRepo.accountBranches(tx));
    const own = sandbox.data.bankAccounts.filter((a) => a.branchId === 1);
    expect(own.length).toBeGreaterThan(0);
    // One branch's list read cannot tell its own accounts from a central one: none is placed from it (fixed after
    // this review); the received receivables place them.
    for (const a of own) expect(places.get(a.id)?.source).not.toBe('api');
    const primary = own.find((a) => a.role === 'primary')!;
    expect(places.get(primary.id)).toMatchObject({ branchId: 1, source: 'history' });
  });

  // sync.service.ts, networkAccounts(): only the chosen branches' lists are read, and "an account in one branch's
  // list is that branch's". The central account (in every branch's list, docs/sandbox.md) is in the one list read,
  // so it is placed in Centro by the API: its credits are matched against Centro's receivables first, every other
  // branch's member who paid by the central Pix is proposed as "pago na conta da unidade Centro" (never green), and
  // Início/Enviar/reports count the central account as Centro's. An account seen in a single list proves nothing
  // when the other branches' lists were not read.
  it('the central account is not placed in the only branch whose list was read', async () => {
    const central = sandbox.data.bankAccounts.find((a) => a.branchId === null)!;
    expect(
      (await storeOfDb(db).write((tx) => branchesRepo.accountBranches(tx))).get(central.id)?.branchId ?? null,
    ).toBeNull();
  });
});
