import { describe, expect, it } from 'vitest';
import { openPgStore } from '../store/pg-store';
import {
  earliestRetry,
  enqueueNotifications,
  getNotification,
  heldBetween,
  heldOf,
  holdNotification,
  listNotifications,
  nextReady,
  notifiedSince,
  pauseQueueUntil,
  queuedCount,
  recoverInterrupted,
  requeue,
  setState,
} from './notify.repo';
import { moneyInFlight } from './in-flight';
import { enqueuePairs } from '../outbox/outbox.repo';
import { seedApprovedLines } from '../store/testing-seed';
import { storesForTests } from '../../../tests/helpers/stores';

/**
 * [W] must-show 1: the notification queue's repository on both databases; on PostgreSQL, two office-server processes
 * draining the same queue never take the same notification (the read of the next one and its `sending` mark are one
 * step under the queue's lock).
 */
const { open, later } = storesForTests();

const AT = '2026-11-20T13:00:00.000Z';
const LATER = '2026-11-20T14:00:00.000Z';
const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ memberId: 10 + i, memberName: `Aluno ${i}`, message: `Olá ${i}` }));

describe.each(['sqlite', 'postgres'] as const)('the notification queue on %s', (dialect) => {
  it('queues, takes the next due, sends, fails, holds, requeues and counts as before', async () => {
    const store = await open[dialect]();
    const ids = await store.write((tx) => enqueueNotifications(tx, items(4), AT));
    expect(ids).toEqual([1, 2, 3, 4]);
    expect(await store.read(queuedCount)).toBe(4);
    const first = await store.write((tx) => nextReady(tx, AT));
    expect(first).toMatchObject({ id: 1, memberId: 10, state: 'queued', purpose: 'debtor', skipHold: false });
    await store.write((tx) => setState(tx, 1, { state: 'sending', attempt: true, nextAttemptAt: null }));
    await store.write((tx) =>
      setState(tx, 1, { state: 'sent', lastError: null, notificationId: 77, createdAt: AT, sentAt: AT }),
    );
    await store.write((tx) =>
      setState(tx, 2, { state: 'queued', lastError: 'offline', nextAttemptAt: LATER }),
    );
    await store.write((tx) => pauseQueueUntil(tx, LATER));
    expect(await store.write((tx) => nextReady(tx, AT))).toBeUndefined();
    expect(await store.read(earliestRetry)).toBe(LATER);
    await store.write((tx) =>
      holdNotification(tx, 3, { reason: 'pix_in_flight', params: { cents: 990 } }, AT),
    );
    expect(
      await store.read((tx) => heldBetween(tx, '2026-11-20T03:00:00.000Z', '2026-11-21T03:00:00.000Z')),
    ).toEqual([
      expect.objectContaining({
        id: 3,
        state: 'held',
        holdReason: 'pix_in_flight',
        holdParams: { cents: 990 },
      }),
    ]);
    await store.write((tx) => setState(tx, 4, { state: 'sending', attempt: true }));
    expect(await store.write(recoverInterrupted)).toBe(1);
    expect(await store.read((tx) => heldOf(tx, [1, 3, 4]))).toEqual([
      { id: 3, memberId: 12, holdReason: 'pix_in_flight' },
    ]);
    expect(await store.write((tx) => requeue(tx, [1, 3, 4]))).toBe(2);
    expect(await store.read((tx) => getNotification(tx, 3))).toMatchObject({
      state: 'queued',
      skipHold: true,
    });
    expect(await store.read((tx) => getNotification(tx, 1))).toMatchObject({
      state: 'sent',
      attempts: 1,
      notificationId: 77,
      sentAt: AT,
    });
    const { counts, items: listed } = await store.read((tx) => listNotifications(tx, 10));
    expect(counts).toEqual({ queued: 3, sending: 0, sent: 1, failed: 0, unknown: 0, held: 0 });
    expect(listed.map((n) => n.id)).toEqual([4, 3, 2, 1]);
    expect(await store.read((tx) => notifiedSince(tx, [10, 11, 12, 13, 99], AT))).toEqual([
      expect.objectContaining({ memberId: 13, state: 'queued' }),
      expect.objectContaining({ memberId: 12, state: 'queued' }),
      expect.objectContaining({ memberId: 11, state: 'queued' }),
      expect.objectContaining({ memberId: 10, state: 'sent', at: AT }),
    ]);
  });
});

describe.each(['sqlite', 'postgres'] as const)('money in flight on %s', (dialect) => {
  it('holds a reminder for a member with an approved pair, and runs every check for one with nothing', async () => {
    const store = await open[dialect]();
    const pairs = await seedApprovedLines(store, 2);
    await store.write((tx) =>
      tx
        .insertInto('receivables')
        .values(
          [100, 101, 102].map((id) => ({
            id,
            amount_cents: 1000,
            status_id: 1,
            member_id: id === 102 ? 20 : 10,
            payer_name: id === 102 ? 'Zeca Nada' : 'Ana Paga',
            raw_json: '{}',
            fetched_at: AT,
          })),
        )
        .execute(),
    );
    const now = new Date(AT);
    expect(await store.read((tx) => moneyInFlight(tx, 10, now))).toEqual({
      reason: 'pair_approved',
      params: { receivableId: pairs[0]!.receivableId, state: 'approved', amountCents: 1000 },
    });
    // Queued for sending: the batch's state is the reason's.
    await store.write((tx) => enqueuePairs(tx, pairs, { actor: 'ana', profileId: 'p1' }, { now: AT }));
    expect(await store.read((tx) => moneyInFlight(tx, 10, now))).toMatchObject({
      params: { state: 'queued' },
    });
    // Every check asked (pair, return title, card sale, undecided credits, names): nothing in flight.
    expect(await store.read((tx) => moneyInFlight(tx, 20, now))).toBeNull();
  });
});

describe('two processes draining one queue (PostgreSQL, READ COMMITTED)', () => {
  it('each notification is taken once', async () => {
    const store = await open.postgres();
    await store.write((tx) => enqueueNotifications(tx, items(40), AT));
    const processes = Array.from({ length: 3 }, () => openPgStore(store.url, { max: 1 }));
    later(...processes.map((p) => () => p.close()));
    const taken = await Promise.all(
      processes.map(async (p) => {
        const mine: number[] = [];
        for (;;) {
          const id = await p.write(async (tx) => {
            const item = await nextReady(tx, AT);
            if (!item) return null;
            await setState(tx, item.id, { state: 'sending', attempt: true, nextAttemptAt: null });
            return item.id;
          });
          if (id === null) return mine;
          mine.push(id);
        }
      }),
    );
    const all = taken.flat().sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(taken.filter((t) => t.length > 0).length).toBeGreaterThan(1);
  });
});
