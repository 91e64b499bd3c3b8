import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listAudit, verifyAudit } from '../audit/audit.store';
import { openPgStore } from '../store/pg-store';
import {
  batchCounts,
  enqueuePairs,
  getBatch,
  listBatches,
  postpone,
  stampPut,
  transition,
} from './outbox.repo';
import { acquireSenderLease } from './sender-lease';
import { seedApprovedLines } from '../store/testing-seed';
import { senderLeaseRepo } from './sender-lease.repo';
import { storesForTests } from '../../../tests/helpers/stores';

/**
 * [W] must-shows 1 and 2: the outbox's repository (queuing, a batch's claim and states, the PUT's stamp, the sender's
 * lease) on both databases, and on PostgreSQL the claims that must hold across office-server processes: several
 * connections claiming the same queue at once send each batch once, and one sender holds the lease.
 */
const { open, later } = storesForTests();

const AT = '2026-11-20T13:00:00.000Z';
const who = { actor: 'ana (server)', profileId: 'p1' };

describe.each(['sqlite', 'postgres'] as const)('the outbox on %s', (dialect) => {
  it('queues approved pairs once, in chunks per account, with their audit entries', async () => {
    const store = await open[dialect]();
    const pairs = await seedApprovedLines(store, 7);
    const first = await store.write((tx) =>
      enqueuePairs(tx, pairs.slice(0, 5), who, { chunkSize: 2, now: AT }),
    );
    expect(first).toEqual({ batchIds: [1, 2, 3], skipped: [] });
    // Queued already, a repeated id in the same press, a line no longer approved: skipped, never queued twice.
    await store.write((tx) =>
      tx.updateTable('matches').set({ state: 'rejected' }).where('id', '=', pairs[6]!.matchId!).execute(),
    );
    const second = await store.write((tx) =>
      enqueuePairs(tx, [pairs[0]!, pairs[5]!, pairs[5]!, pairs[6]!], who, { chunkSize: 2, now: AT }),
    );
    expect(second).toEqual({ batchIds: [4], skipped: [100, 105, 106] });
    const batches = await store.read((tx) => listBatches(tx));
    expect(batches.map((b) => [b.id, b.state, b.receivableIds, b.totalCents, b.accountName])).toEqual([
      [4, 'queued', [105], 1005, 'Conta 1'],
      [3, 'queued', [104], 1004, 'Conta 1'],
      [2, 'queued', [102, 103], 2005, 'Conta 1'],
      [1, 'queued', [100, 101], 2001, 'Conta 1'],
    ]);
    expect(await store.read(batchCounts)).toMatchObject({ queued: 4, sending: 0, confirmed: 0 });
    const audit = await store.read((tx) => listAudit(tx, { action: 'outbox.queued' }));
    expect(audit.total).toBe(4);
    expect(await store.read(verifyAudit)).toMatchObject({ ok: true, entries: 4 });
  });

  it('moves a batch only from the states named, stamps a PUT only for the lease holder, postpones with a reason', async () => {
    const store = await open[dialect]();
    const pairs = await seedApprovedLines(store, 2);
    const [id] = (await store.write((tx) => enqueuePairs(tx, pairs, who, { now: AT }))).batchIds;
    const claim = () =>
      store.write((tx) => transition(tx, id!, 'sending', who, { from: ['queued'], attempt: true, now: AT }));
    expect(await claim()).toBe(true);
    expect(await claim()).toBe(false);
    const lease = await acquireSenderLease(store, { owner: 'here:1:a' });
    expect('busy' in lease).toBe(false);
    expect(await store.write((tx) => stampPut(tx, id!, 'elsewhere:2:b', new Date(AT), 30_000))).toBe(false);
    expect(await store.write((tx) => stampPut(tx, id!, 'here:1:a', new Date(AT), 30_000))).toBe(true);
    expect((await store.read((tx) => getBatch(tx, id!)))?.putAt).toBe(AT);
    await store.write((tx) => postpone(tx, id!, '2026-11-20T14:00:00.000Z', 'a API não respondeu'));
    await store.write((tx) => postpone(tx, id!, '2026-11-20T15:00:00.000Z'));
    expect(await store.read((tx) => getBatch(tx, id!))).toMatchObject({
      state: 'sending',
      attempts: 1,
      nextAttemptAt: '2026-11-20T15:00:00.000Z',
      lastError: 'a API não respondeu',
    });
    expect(
      await store.write((tx) =>
        transition(tx, id!, 'needs_review', who, {
          from: ['sending'],
          reviewReason: 'recusado',
          lastError: 'x',
        }),
      ),
    ).toBe(true);
    expect(await store.read((tx) => getBatch(tx, id!))).toMatchObject({
      state: 'needs_review',
      reviewReason: 'recusado',
      putAt: AT,
      nextAttemptAt: null,
    });
    expect(await store.write((tx) => transition(tx, id!, 'confirmed', who, { now: AT }))).toBe(true);
    expect(await store.read((tx) => getBatch(tx, id!))).toMatchObject({
      confirmedAt: AT,
      reviewReason: null,
    });
    if (!('busy' in lease)) await lease.release();
    expect(await store.read(senderLeaseRepo.current)).toBeNull();
    await expect(store.write((tx) => transition(tx, 999, 'queued', who))).rejects.toThrow(/no outbox batch/);
  });
});

describe('the outbox across office-server processes (PostgreSQL, READ COMMITTED)', () => {
  it('connections claiming the same queue at once: every batch claimed exactly once', async () => {
    const store = await open.postgres();
    const pairs = await seedApprovedLines(store, 60);
    const { batchIds } = await store.write((tx) => enqueuePairs(tx, pairs, who, { chunkSize: 2, now: AT }));
    expect(batchIds).toHaveLength(30);
    // Four "processes": four pools of their own on the same database, each claiming every batch in its own order.
    const senders = Array.from({ length: 4 }, () => openPgStore(store.url, { max: 2 }));
    later(...senders.map((s) => () => s.close()));
    const claims = await Promise.all(
      senders.map(async (s, k) => {
        const mine: number[] = [];
        const order = k % 2 ? [...batchIds].reverse() : batchIds;
        for (const id of order)
          if (await s.write((tx) => transition(tx, id, 'sending', who, { from: ['queued'], attempt: true })))
            mine.push(id);
        return mine;
      }),
    );
    const all = claims.flat().sort((a, b) => a - b);
    expect(all).toEqual([...batchIds].sort((a, b) => a - b));
    expect(await store.read(batchCounts)).toMatchObject({ queued: 0, sending: 30 });
    // One audit entry per claim, one chain.
    expect((await store.read((tx) => listAudit(tx, { action: 'outbox.sending' }))).total).toBe(30);
    expect(await store.read(verifyAudit)).toMatchObject({ ok: true, entries: 60 });
  });

  it('two supervisors pressing "Marcar como pagos" at once: each receivable queued once', async () => {
    const store = await open.postgres();
    const pairs = await seedApprovedLines(store, 40);
    const presses = Array.from({ length: 3 }, () => openPgStore(store.url, { max: 1 }));
    later(...presses.map((s) => () => s.close()));
    const results = await Promise.all(
      presses.map((s) => s.write((tx) => enqueuePairs(tx, pairs, who, { chunkSize: 5, now: AT }))),
    );
    expect(results.map((r) => r.batchIds.length).sort()).toEqual([0, 0, 8]);
    const items = await store.read((tx) =>
      tx
        .selectFrom('outbox_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    expect(items.n).toBe(40);
  });

  it('sender leases asked for at once by several processes: one holder', async () => {
    const store = await open.postgres();
    const procs = Array.from({ length: 4 }, () => openPgStore(store.url, { max: 1 }));
    later(...procs.map((s) => () => s.close()));
    const leases = await Promise.all(procs.map((s, k) => acquireSenderLease(s, { owner: `host:${k}:x` })));
    const held = leases.filter((l) => !('busy' in l));
    expect(held).toHaveLength(1);
    for (const l of leases) if ('busy' in l) expect(l.busy.owner).toBe((held[0] as { owner: string }).owner);
    for (const l of held) if (!('busy' in l)) await l.release();
  });

  it('the outbox’s lock is held to the commit, keyed within the branch’s schema', async () => {
    const store = await open.postgres();
    // A write holding the outbox's lock on one connection, and the same key tried from another: taken (same
    // schema), and free once the first commits.
    const other = openPgStore(store.url, { max: 1 });
    later(() => other.close());
    const tryOutbox = () =>
      other.write(
        async (tx) =>
          (
            await sql<{
              got: boolean;
            }>`select pg_try_advisory_xact_lock(hashtext(current_schema() || ':outbox')) as got`.execute(tx)
          ).rows[0]?.got,
      );
    const pairs = await seedApprovedLines(store, 2);
    await store.write(async (tx) => {
      await enqueuePairs(tx, pairs, who, { now: AT });
      expect(await tryOutbox()).toBe(false);
    });
    expect(await tryOutbox()).toBe(true);
  });
});
