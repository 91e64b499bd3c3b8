import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox';
import { clientFor, testSandbox } from '../../../tests/helpers/sandbox';
import type { ApiClient } from '../api/client';
import { queryAudit } from '../audit/audit.repo';
import { verifyAudit } from '../audit/audit-verify';
import { openDb } from '../db/open-db';
import { AppError } from '../errors';
import { drainQueue } from './notify.worker';
import { checkTemplate, renderTemplate } from './template';
import { notifyOn } from './testing';

// Every migration: the drain checks money in flight (statements, matches, outbox, return and acquirer files).
const freshDb = () => openDb(':memory:');
let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('message templates', () => {
  const facts = { name: 'Maria José da Silva', amountCents: 14990, dueDate: '2026-11-05', daysLate: 15 };
  it('fills the placeholders in Brazilian formats', () => {
    expect(
      renderTemplate(
        'Olá {primeiro_nome}, a mensalidade de {valor} venceu em {vencimento} ({dias_atraso} dias).',
        facts,
      ),
    ).toEqual({
      message: 'Olá Maria, a mensalidade de R$ 149,90 venceu em 05/11/2026 (15 dias).',
    });
  });
  it('refuses unknown placeholders before anything is queued', () => {
    expect(() => checkTemplate('Oi {apelido}')).toThrow(/Unknown placeholder\(s\): \{apelido\}/);
  });
  it('explains why a member cannot get the message', () => {
    expect(
      renderTemplate('Oi {nome}', { name: null, amountCents: null, dueDate: null, daysLate: null }),
    ).toEqual({
      problem: 'no data for {nome} for this member (not in the debtors list)',
    });
    expect(renderTemplate('   ', facts)).toEqual({ problem: 'the message is empty' });
    const long = renderTemplate(`{nome} ${'x'.repeat(995)}`, facts);
    expect('problem' in long ? long.problem : '').toMatch(
      /the message has 1015 characters; the limit is 1000/,
    );
  });
});

describe('notification queue against the sandbox', () => {
  const members = (s: RunningSandbox) =>
    s.data.memberList
      .slice(0, 3)
      .map((m) => ({ memberId: m.idMember, memberName: m.name, message: `Olá ${m.name}` }));

  it('sends queued notifications, keeps the API’s ids and audits each one', async () => {
    sandbox = await testSandbox();
    const db = freshDb();
    await notifyOn(db).enqueueNotifications(members(sandbox), '2026-11-20T10:00:00Z');
    const progress: number[] = [];
    const result = await drainQueue({
      db,
      client: clientFor(sandbox).client,
      profileId: 'p-1',
      actor: 'ana (cli)',
      onProgress: (d) => progress.push(d),
    });
    expect(result).toMatchObject({ sent: 3, failed: 0, unknown: 0, waiting: 0 });
    expect(progress).toEqual([1, 2, 3]);
    const { items, counts } = await notifyOn(db).listNotifications(10);
    expect(counts.sent).toBe(3);
    expect(items.every((i) => i.notificationId !== null && i.sentAt !== null)).toBe(true);
    const audit = queryAudit(db, { action: 'notification.sent' });
    expect(audit.total).toBe(3);
    expect(audit.entries[0]).toMatchObject({ actor: 'ana (cli)', profileId: 'p-1' });
    expect(verifyAudit(db).ok).toBe(true);
  });

  it('keeps notifications queued while the API fails, and sends them once it is back', async () => {
    sandbox = await testSandbox({ faults: { errorRate: 1 } });
    const db = freshDb();
    await notifyOn(db).enqueueNotifications(members(sandbox), '2026-11-20T10:00:00Z');
    const first = await drainQueue({ db, client: clientFor(sandbox).client, profileId: 'p-1', actor: 'ana' });
    expect(first).toMatchObject({ sent: 0, waiting: 3 });
    expect(first.retryAt).not.toBeNull();
    expect((await notifyOn(db).listNotifications(10)).items.find((i) => i.lastError)?.lastError).toMatch(
      /HTTP 500/,
    );
    sandbox.setFaults({});
    // Nothing is due before the back-off has passed...
    expect(
      await drainQueue({ db, client: clientFor(sandbox).client, profileId: 'p-1', actor: 'ana' }),
    ).toMatchObject({ sent: 0, waiting: 3 });
    // ...and everything goes once it has.
    const later = new Date(Date.now() + 60 * 60_000);
    expect(
      await drainQueue({
        db,
        client: clientFor(sandbox).client,
        profileId: 'p-1',
        actor: 'ana',
        now: () => later,
      }),
    ).toMatchObject({ sent: 3, waiting: 0 });
  });

  it('marks a notification with no answer as unknown, never resending it by itself', async () => {
    sandbox = await testSandbox({ faults: { timeoutRate: 1 } });
    const db = freshDb();
    await notifyOn(db).enqueueNotifications(members(sandbox).slice(0, 1), '2026-11-20T10:00:00Z');
    expect(
      await drainQueue({ db, client: clientFor(sandbox).client, profileId: 'p-1', actor: 'ana' }),
    ).toMatchObject({ unknown: 1, waiting: 0 });
    expect((await notifyOn(db).listNotifications(10)).items[0]).toMatchObject({
      state: 'unknown',
      attempts: 1,
    });
    expect(queryAudit(db, { action: 'notification.unknown' }).total).toBe(1);
  });

  it('fails a refused notification (unknown member, missing permission) with the API’s reason', async () => {
    sandbox = await testSandbox();
    const db = freshDb();
    await notifyOn(db).enqueueNotifications(
      [{ memberId: 999_999_999, memberName: null, message: 'Oi' }],
      '2026-11-20T10:00:00Z',
    );
    expect(
      await drainQueue({ db, client: clientFor(sandbox).client, profileId: 'p-1', actor: 'ana' }),
    ).toMatchObject({ failed: 1 });
    expect((await notifyOn(db).listNotifications(10)).items[0]?.lastError).toMatch(/não encontrado/);

    const forbidden = {
      notify: async () =>
        Promise.reject(new AppError('forbidden', 'This key has no permission for /api/v1/notifications.')),
    } as unknown as ApiClient;
    await notifyOn(db).enqueueNotifications(
      [{ memberId: 1, memberName: null, message: 'Oi' }],
      '2026-11-20T10:00:00Z',
    );
    expect(await drainQueue({ db, client: forbidden, profileId: 'p-1', actor: 'ana' })).toMatchObject({
      failed: 1,
    });
    const refused = (await notifyOn(db).listNotifications(10)).items[0];
    expect(refused?.state).toBe('failed');
    expect(refused?.lastError).toMatch(/no permission/);
  });

  it('after a crash mid-send, the interrupted notification is unknown, not resent', async () => {
    const db = freshDb();
    const [id] = await notifyOn(db).enqueueNotifications(
      [{ memberId: 1, memberName: null, message: 'Oi' }],
      '2026-11-20T10:00:00Z',
    );
    await notifyOn(db).setState(id!, { state: 'sending', attempt: true });
    expect(await notifyOn(db).recoverInterrupted()).toBe(1);
    expect((await notifyOn(db).listNotifications(10)).items[0]).toMatchObject({
      state: 'unknown',
      lastError: 'interrupted while sending',
    });
  });
});
