import { lockWaiters } from '../../../tests/helpers/pg-locks';
/**
 * The automatic cycle on both databases ([W] issue 34): its lease (claimed, busy while fresh, taken over when stale,
 * renewed by its timer through the Store), its row's steps and end, the policy's pairs and the settings. On
 * PostgreSQL, four processes (a pool each) claiming the cycle at once get one lease: the `cycle` advisory lock
 * (cycle-lease.ts). A third connection holds the table until all four wait on a lock, so all are in flight before
 * any commits.
 */
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { storesForTests } from '../../../tests/helpers/stores';
import type { CycleStepResult, CycleSummary } from '../../shared/contract/cycle';
import { enqueuePairs } from '../outbox/outbox.repo';
import { openPgStore } from '../store/pg-store';
import type { Store } from '../store/store';
import { claimCycle, type CycleLease } from './cycle-lease';
import { cycleRepo } from './cycle.repo';
import { DEFAULT_SCHEDULE } from './schedule';

const { open, later } = storesForTests();
const kinds = process.env.QUITA_TEST_PG_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const pgIt = process.env.QUITA_TEST_PG_URL ? it : it.skip;
const T0 = new Date('2026-11-20T10:00:00.000Z');
const at = (ms: number) => () => new Date(T0.getTime() + ms);
/** An owner on another machine: never taken for dead by its pid. */
const elsewhere = (n: number) => `outra-maquina:${n}:abcd`;

const runningRows = (store: Store) =>
  store.read((tx) =>
    tx.selectFrom('cycles').select(['id', 'owner', 'state']).where('state', '=', 'running').execute(),
  );

const SUMMARY: CycleSummary = {
  feeds: [],
  filesImported: 1,
  filesRefused: 0,
  filesWaiting: 0,
  statementsMatched: 1,
  policyVersion: 2,
  approvedByPolicy: 3,
  sent: 3,
  confirmed: 3,
  toDecide: 4,
};

describe.each(kinds)('the cycle on %s', (kind) => {
  it('one lease at a time: busy while fresh, taken over when stale, renewed by its timer', async () => {
    const store = await open[kind]();
    const first = (await claimCycle(store, 'schedule', { now: at(0), owner: elsewhere(1) })) as CycleLease;
    later(() => first.release());
    expect(first.cycleId).toBeGreaterThan(0);
    expect(await claimCycle(store, 'manual', { now: at(59_000), owner: elsewhere(2) })).toEqual({
      busy: true,
    });
    // A minute without a renewal: the next claim writes the first `interrupted` and starts its own.
    first.release();
    const second = (await claimCycle(store, 'manual', {
      now: at(60_000),
      owner: elsewhere(2),
    })) as CycleLease;
    later(() => second.release());
    expect(await runningRows(store)).toEqual([{ id: second.cycleId, owner: elsewhere(2), state: 'running' }]);
    const old = await store.read((tx) => cycleRepo.get(tx, first.cycleId));
    expect(old).toMatchObject({ state: 'interrupted', finishedAt: at(60_000)().toISOString() });
    second.release();

    // The timer renews the heartbeat through the Store (every 200 ms with a 600 ms lease).
    let clock = 120_000;
    const third = (await claimCycle(store, 'manual', { now: () => at(clock)(), staleMs: 600 })) as CycleLease;
    later(() => third.release());
    clock = 130_000;
    await vi.waitFor(
      async () => {
        const r = await store.read((tx) =>
          tx
            .selectFrom('cycles')
            .select('heartbeat_at')
            .where('id', '=', third.cycleId)
            .executeTakeFirstOrThrow(),
        );
        expect(r.heartbeat_at).toBe(at(130_000)().toISOString());
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(third.held()).toBe(true);
    // Taken over behind its back: the next renewal finds the row no longer its own.
    await store.write((tx) => cycleRepo.interrupt(tx, third.cycleId, at(131_000)().toISOString()));
    await vi.waitFor(() => expect(third.held()).toBe(false), { timeout: 10_000, interval: 50 });
  });

  it("a cycle's steps, its end, the history, the policy's pairs and the settings", async () => {
    const store = await open[kind]();
    const lease = (await claimCycle(store, 'manual', { now: at(0), owner: elsewhere(1) })) as CycleLease;
    lease.release();
    const id = lease.cycleId;
    const steps: CycleStepResult[] = [
      { step: 'sync', state: 'done', error: null, ms: 10 },
      { step: 'feeds', state: 'skipped', error: null, ms: 0 },
    ];
    await store.write((tx) => cycleRepo.saveSteps(tx, id, steps));
    expect((await store.read((tx) => cycleRepo.get(tx, id)))!.steps).toEqual(steps);
    await store.write((tx) => cycleRepo.finish(tx, id, 'done', steps, SUMMARY, at(5_000)().toISOString()));
    const second = (await claimCycle(store, 'schedule', {
      now: at(6_000),
      owner: elsewhere(2),
    })) as CycleLease;
    second.release();
    const history = await store.read((tx) => cycleRepo.list(tx, 10));
    expect(history.map((c) => [c.id, c.trigger, c.state])).toEqual([
      [second.cycleId, 'schedule', 'running'],
      [id, 'manual', 'done'],
    ]);
    expect(history[1]).toMatchObject({ summary: SUMMARY, startedAt: at(0)().toISOString() });

    // The policy's pairs: kept once each, and only those not in the outbox yet are read back.
    await store.write(async (tx) => {
      await tx
        .insertInto('bank_accounts')
        .values({ id: 1, description: 'Conta', raw_json: '{}', fetched_at: T0.toISOString() })
        .execute();
      await cycleRepo.addPolicyPairs(tx, id, [
        { receivableId: 7, lineId: 70 },
        { receivableId: 5, lineId: 50 },
      ]);
      await cycleRepo.addPolicyPairs(tx, id, [{ receivableId: 7, lineId: 70 }]);
      await cycleRepo.addPolicyPairs(tx, second.cycleId, [{ receivableId: 9, lineId: 90 }]);
    });
    expect(await store.read(cycleRepo.policyPairsNotQueued)).toEqual([
      { receivableId: 5, lineId: 50 },
      { receivableId: 7, lineId: 70 },
      { receivableId: 9, lineId: 90 },
    ]);
    await store.write((tx) =>
      enqueuePairs(tx, [{ receivableId: 7, bankAccountId: 1, amountCents: 100 }], {
        actor: 'ana (test)',
        profileId: 'p',
      }),
    );
    expect(await store.read(cycleRepo.policyPairsNotQueued)).toEqual([
      { receivableId: 5, lineId: 50 },
      { receivableId: 9, lineId: 90 },
    ]);

    // The settings: none at first; saved, then saved again (one row); an unreadable schedule reads as none.
    expect(await store.read(cycleRepo.settingsOf)).toEqual({ schedule: null, intakeFolder: null });
    await store.write((tx) => cycleRepo.saveSettings(tx, DEFAULT_SCHEDULE, '/srv/entrada', T0.toISOString()));
    const every15 = { ...DEFAULT_SCHEDULE, everyMinutes: 15 };
    await store.write((tx) => cycleRepo.saveSettings(tx, every15, null, T0.toISOString()));
    expect(await store.read(cycleRepo.settingsOf)).toEqual({ schedule: every15, intakeFolder: null });
    await store.write((tx) =>
      tx.updateTable('cycle_settings').set({ schedule_json: '{"enabled":1}' }).execute(),
    );
    expect(await store.read(cycleRepo.settingsOf)).toEqual({ schedule: null, intakeFolder: null });
  });
});

describe('the cycle across office-server processes (PostgreSQL, READ COMMITTED)', () => {
  pgIt('four processes claiming the cycle at once: one lease, three told it is busy', async () => {
    const base = await open.postgres();
    const pools = [0, 1, 2, 3].map(() => {
      const s = openPgStore(base.url, { max: 2 });
      later(() => s.close());
      return s;
    });
    // Each process connected first (a pool's first connection is made on its first transaction).
    await Promise.all(pools.map((s) => s.read(cycleRepo.settingsOf)));
    const blocker = new pg.Client({ connectionString: base.url });
    await blocker.connect();
    later(() => blocker.end());
    // The table held: every claim is in flight (waiting on the table, or on the cycle's lock) before any commits.
    await blocker.query('begin');
    await blocker.query('lock table cycles in exclusive mode');
    const claims = Promise.all(
      pools.map((s, k) => claimCycle(s, 'schedule', { now: at(0), owner: elsewhere(k) })),
    );
    await lockWaiters(blocker, pools.length);
    await blocker.query('commit');
    const results = await claims;
    for (const r of results) if (!('busy' in r)) r.release();
    const leases = results.filter((r): r is CycleLease => !('busy' in r));
    expect(leases).toHaveLength(1);
    expect(results.filter((r) => 'busy' in r)).toHaveLength(3);
    expect(await runningRows(base)).toEqual([
      { id: leases[0]!.cycleId, owner: leases[0]!.owner, state: 'running' },
    ]);
  });
});
