import { afterAll, describe, expect, it } from 'vitest';
import { commandCaller, testCore } from '../helpers/core';
import { testDay, testSandbox } from '../helpers/sandbox';

describe('the audit trail through the core commands', () => {
  const t = testCore();
  afterAll(async () => {
    await t.core.close();
    t.cleanup();
  });
  const call = commandCaller(t.core);

  it('records settings changes, syncs and imports with who did them, never the key, in an intact chain', async () => {
    const sandbox = await testSandbox();
    const key = sandbox.branchKey;
    try {
      await call('profiles.save', {
        name: 'Centro',
        baseUrl: sandbox.url,
        username: sandbox.username,
        password: sandbox.branchKey,
        keyKind: 'branch',
      });
      await call('settings.update', { theme: 'dark' });
      await call('sync.run', { dueFrom: testDay(-50), dueTo: testDay(7), debtors: false });
      const st = sandbox.writeStatement({
        bankAccountId: sandbox.data.bankAccounts[0]!.id,
        from: testDay(-19),
        to: testDay(0),
        format: 'csv',
      });
      const { uploadId } = t.core.ctx.uploads.stage(st.fileName, st.bytes);
      await call('import.commit', { uploadId, bankAccountId: sandbox.data.bankAccounts[0]!.id });
      await call('match.run', {});
    } finally {
      await sandbox.close();
    }
    const { entries } = await call<{ entries: { action: string; actor: string; after: unknown }[] }>(
      'audit.list',
      { limit: 100 },
    );
    const actions = entries.map((e) => e.action).reverse();
    expect(actions).toEqual([
      'settings.changed',
      'settings.changed',
      'sync.completed',
      'import.committed',
      'match.suggested', // by the import itself
      'match.suggested', // by the clerk's match.run
    ]);
    expect(entries.every((e) => /\(browser\)$/.test(e.actor))).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(key);
    expect(entries.filter((e) => e.action === 'match.suggested').map((e) => e.after)).toEqual([
      expect.objectContaining({ trigger: 'manual' }),
      expect.objectContaining({ trigger: 'import' }),
    ]);
    expect(await call('audit.verify', {})).toMatchObject({ ok: true, entries: 6 });
  }, 60_000);
});
