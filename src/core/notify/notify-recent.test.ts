import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox';
import { commandCaller, testCore } from '../../../tests/helpers/core';
import { testSandbox } from '../../../tests/helpers/sandbox';

/** [P] item 6: when each debtor was last notified, and who was notified within the branch's period. */
describe('debtors.list lastNotifiedAt and notify.recent', () => {
  const t = testCore();
  const call = commandCaller(t.core);
  let sandbox: RunningSandbox;
  type Member = { memberId: number | null; lastNotifiedAt: string | null; lastNotifiedState: string | null };
  const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
  const notified = (memberId: number, state: string, at: string) =>
    t.core.ctx
      .db()
      .prepare(
        `INSERT INTO notification_queue (member_id, member_name, message, state, created_at, queued_at, sent_at)
         VALUES (?, 'Fulano', 'Olá', ?, ?, ?, ?)`,
      )
      .run(memberId, state, at, at, state === 'sent' ? at : null);

  beforeAll(async () => {
    sandbox = await testSandbox();
    await call('profiles.save', {
      name: 'Centro',
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: sandbox.branchKey,
      keyKind: 'branch',
    });
    await call('sync.run', { dueFrom: '2026-08-01', dueTo: '2026-11-27' });
  }, 60_000);
  afterAll(async () => {
    await sandbox.close();
    await t.core.close();
    t.cleanup();
  });

  it('gives every member their latest notification, a failed one only when nothing else was; recent ones within the period', async () => {
    const { members } = await call<{ members: Member[] }>('debtors.list', {});
    const [a, b, c] = members.filter((m) => m.memberId !== null).map((m) => m.memberId!) as [
      number,
      number,
      number,
    ];
    notified(a, 'sent', daysAgo(20));
    notified(a, 'sent', daysAgo(3));
    notified(a, 'failed', daysAgo(1));
    notified(b, 'failed', daysAgo(2));
    notified(c, 'sent', daysAgo(10));

    const after = (await call<{ members: Member[] }>('debtors.list', {})).members;
    const of = (id: number) => after.find((m) => m.memberId === id)!;
    expect(of(a)).toMatchObject({ lastNotifiedState: 'sent', lastNotifiedAt: expect.any(String) as string });
    expect(Date.parse(of(a).lastNotifiedAt!)).toBeGreaterThan(Date.parse(daysAgo(4)));
    expect(of(b)).toMatchObject({ lastNotifiedState: 'failed' });
    expect(of(c).lastNotifiedState).toBe('sent');

    // Default period: 7 days. A is recent (3 days ago); B's only one failed; C's was 10 days ago.
    const recent = await call<{ days: number; items: { memberId: number; state: string }[] }>(
      'notify.recent',
      {
        memberIds: [a, b, c],
      },
    );
    expect(recent).toMatchObject({ days: 7, items: [{ memberId: a, state: 'sent' }] });
    // A period of 14 days takes C in too; 0 never asks.
    await call('profiles.setPrefs', { renotifyDays: 14 });
    expect(
      (await call<{ items: { memberId: number }[] }>('notify.recent', { memberIds: [a, b, c] })).items.map(
        (i) => i.memberId,
      ),
    ).toEqual([a, c]);
    await call('profiles.setPrefs', { renotifyDays: 0 });
    expect(await call('notify.recent', { memberIds: [a, b, c] })).toEqual({ days: 0, items: [] });
    // The change of period is audited.
    const { entries } = await call<{ entries: { action: string; after: unknown }[] }>('audit.list', {
      limit: 3,
    });
    expect(entries[0]).toMatchObject({ action: 'settings.changed', after: { renotifyDays: 0 } });
    // Refused out of range.
    expect(await t.core.dispatch('profiles.setPrefs', { renotifyDays: 400 })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    });
  }, 60_000);

  it('notify.send refuses members notified within the period unless told to notify them again (every front door)', async () => {
    await call('profiles.setPrefs', { renotifyDays: 7 });
    const { members } = await call<{ members: Member[] }>('debtors.list', {});
    const [a, , c] = members.filter((m) => m.memberId !== null).map((m) => m.memberId!) as [
      number,
      number,
      number,
    ];
    const queued = () =>
      t.core.ctx.db().prepare('SELECT count(*) FROM notification_queue').pluck().get() as number;
    const before = queued();
    // A was notified 3 days ago (the test above): refused, with a code the screen words and nothing queued.
    const refused = await t.core.dispatch('notify.send', {
      template: 'Olá {primeiro_nome}',
      memberIds: [a, c],
      wait: true,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'conflict', code: 'notify.recently_notified', params: { count: 1, days: 7 } },
    });
    expect(queued()).toBe(before);
    // C alone (10 days ago) goes; A goes once the clerk said "notify again".
    expect(
      (await call<{ queued: number[] }>('notify.send', { template: 'Olá', memberIds: [c], wait: true }))
        .queued,
    ).toHaveLength(1);
    const again = await call<{ queued: number[]; items: { state: string }[] }>('notify.send', {
      template: 'Olá {primeiro_nome}',
      memberIds: [a],
      wait: true,
      again: true,
    });
    expect(again.queued).toHaveLength(1);
    expect(again.items[0]!.state).toBe('sent');
    expect(queued()).toBe(before + 2);
  }, 60_000);
});
