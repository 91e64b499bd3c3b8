import { afterAll, describe, expect, it, vi } from 'vitest';
import { commandCaller, testCore } from '../helpers/core';
import { TEST_TODAY, testDay, testSandbox, TO_RECONCILE } from '../helpers/sandbox';

describe('optional notification after a confirmed send', () => {
  const t = testCore();
  afterAll(async () => {
    await t.core.close();
    t.cleanup();
  });
  const call = commandCaller(t.core);

  it('is off by default, and when on, tells each member whose payment was confirmed', async () => {
    const sandbox = await testSandbox({ ...TO_RECONCILE, members: 120 });
    try {
      const base = {
        name: 'Centro',
        baseUrl: sandbox.url,
        username: sandbox.username,
        keyKind: 'branch' as const,
      };
      const profile = await call<{ id: string; notifyAfterSend?: unknown }>('profiles.save', {
        ...base,
        password: sandbox.branchKey,
      });
      expect(profile.notifyAfterSend).toBeUndefined();
      await call('profiles.save', {
        ...base,
        id: profile.id,
        notifyAfterSend: { enabled: true, template: 'Olá {primeiro_nome}, recebemos {valor}. Obrigado!' },
      });
      await call('sync.run', { dueFrom: testDay(-80), dueTo: testDay(7), debtors: false });
      const account =
        sandbox.data.bankAccounts.find((a) => a.bankCode !== 1) ?? sandbox.data.bankAccounts[0]!;
      const st = sandbox.writeStatement({
        bankAccountId: account.id,
        from: testDay(-50),
        to: TEST_TODAY,
        format: 'ofx',
      });
      const { uploadId } = t.core.ctx.uploads.stage(st.fileName, st.bytes);
      await call('import.commit', { uploadId, bankAccountId: account.id });
      await call('match.run', {});
      const approved = await call<{ changed: number }>('review.approveGreen', {});
      expect(approved.changed).toBeGreaterThan(0);
      const sent = await call<{ summary: { confirmed: number } }>('send.confirm', { wait: true });
      expect(sent.summary.confirmed).toBeGreaterThan(0);

      let queue = await call<{ items: { state: string; message: string }[]; counts: Record<string, number> }>(
        'notify.queue',
        {},
      );
      // Until the notification worker has sent one (its queue, polled; no fixed number of tries).
      await vi.waitFor(
        async () => {
          queue = await call('notify.queue', {});
          expect(queue.counts.sent).toBeGreaterThan(0);
        },
        { timeout: 50_000, interval: 100 },
      );
      expect(queue.counts.sent).toBeGreaterThan(0);
      expect(queue.items[0]!.message).toMatch(/^Olá \S+, recebemos R\$ [\d.,]+\. Obrigado!$/);
    } finally {
      await sandbox.close();
    }
  }, 90_000);
});
