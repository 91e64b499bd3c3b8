import { afterAll, describe, expect, it } from 'vitest';
import { commandCaller, testCore } from '../helpers/core';
import { testDay, testSandbox } from '../helpers/sandbox';

describe('offline-first through the core commands', () => {
  const t = testCore();
  afterAll(async () => {
    await t.core.close();
    t.cleanup();
  });
  const call = commandCaller(t.core);

  it('keeps serving the cache, with its age, when the API is gone; the failed sync changes nothing', async () => {
    const sandbox = await testSandbox();
    await call('profiles.save', {
      name: 'Centro',
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: sandbox.branchKey,
      keyKind: 'branch',
    });
    await call('sync.run', { dueFrom: testDay(-80), dueTo: testDay(7) });
    const before = await call('cache.receivables', { limit: 5000 });
    expect(before.total).toBeGreaterThan(50);
    await sandbox.close();

    const failed = await t.core.dispatch('sync.run', { dueFrom: testDay(-80), dueTo: testDay(7) });
    expect(failed).toMatchObject({ ok: false, error: { kind: 'offline' } });

    const after = await call('cache.receivables', { limit: 5000 });
    expect(after.total).toBe(before.total);
    expect(after.syncedAt).toBe(before.syncedAt);
    const status = await call('sync.status', {});
    const accounts = (
      status.kinds as { kind: string; lastError: string | null; lastSuccessAt: string | null }[]
    ).find((k) => k.kind === 'bank_accounts');
    expect(accounts?.lastError).toMatch(/Cannot reach the API/);
    expect(accounts?.lastSuccessAt).not.toBeNull();
  }, 60_000);
});
