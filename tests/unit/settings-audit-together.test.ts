/**
 * A settings change and its audit entry commit together ([R] nothing lies): when the entry cannot be written, the
 * change is not made either. Before, the branch handlers wrote the change, then the entry in a second transaction:
 * a failure (or the process ending) between the two left a branch added or renamed with no entry in Auditoria.
 * The entry is made to fail here by a trigger on the log, on the core's own SQLite connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { commandCaller, testCore } from '../helpers/core';
import { TEST_TODAY } from '../helpers/sandbox';

let sandbox: RunningSandbox;
let t: ReturnType<typeof testCore>;
let call: ReturnType<typeof commandCaller>;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, today: TEST_TODAY, members: 5, rateLimit: false });
  t = testCore();
  call = commandCaller(t.core);
  await call('profiles.save', {
    name: 'Unidade',
    baseUrl: sandbox.url,
    username: sandbox.username,
    password: sandbox.adminKey,
    keyKind: 'admin',
  });
});
afterAll(async () => {
  await t.core.close();
  t.cleanup();
  await sandbox.close();
});

type View = { branches: { id: number; name: string | null; chosen: boolean }[] };
const refuseAuditEntries = () =>
  t.core.ctx
    .db()
    .exec(
      "CREATE TEMP TRIGGER refuse_audit BEFORE INSERT ON main.audit_log BEGIN SELECT RAISE(ABORT, 'the log refuses entries'); END",
    );
const acceptAuditEntries = () => t.core.ctx.db().exec('DROP TRIGGER temp.refuse_audit');
const auditCount = () =>
  (t.core.ctx.db().prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n;

describe('a branch change and its audit entry', () => {
  it('commit together: an entry that cannot be written leaves the branch as it was', async () => {
    await call('branches.add', { id: 41, name: 'Centro' });
    const entries = auditCount();

    refuseAuditEntries();
    try {
      await expect(call('branches.add', { id: 42, name: 'Norte' })).rejects.toThrow();
      await expect(call('branches.update', { id: 41, name: 'Sul' })).rejects.toThrow();
    } finally {
      acceptAuditEntries();
    }
    const view = await call<View>('branches.list', {});
    expect(view.branches.find((b) => b.id === 42)).toBeUndefined();
    expect(view.branches.find((b) => b.id === 41)?.name).toBe('Centro');
    expect(auditCount()).toBe(entries);

    // With the log writable again, the same change is made and recorded once.
    await call('branches.update', { id: 41, name: 'Sul' });
    expect((await call<View>('branches.list', {})).branches.find((b) => b.id === 41)?.name).toBe('Sul');
    expect(auditCount()).toBe(entries + 1);
  });
});
