import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox';
import { commandCaller, testCore } from '../../../tests/helpers/core';
import { testDay, testSandbox, TO_RECONCILE } from '../../../tests/helpers/sandbox';

/** [P] item 5: an imported statement none of whose lines was sent can be removed (audited); one that was cannot. */
describe('import.remove through the core, against the sandbox', () => {
  const t = testCore();
  const call = commandCaller(t.core);
  let sandbox: RunningSandbox;
  const account = () => sandbox.data.bankAccounts[0]!.id;
  const importStatement = async (from: string, to: string) => {
    const st = sandbox.writeStatement({ bankAccountId: account(), from, to, format: 'csv' });
    const { uploadId } = t.core.ctx.uploads.stage(st.fileName, st.bytes);
    return call<{ statementId: number; imported: number }>('import.commit', {
      uploadId,
      bankAccountId: account(),
    });
  };
  const count = (sql: string, ...args: unknown[]) =>
    t.core.ctx
      .db()
      .prepare(sql)
      .pluck()
      .get(...args) as number;

  beforeAll(async () => {
    sandbox = await testSandbox(TO_RECONCILE);
    await call('profiles.save', {
      name: 'Centro',
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: sandbox.branchKey,
      keyKind: 'branch',
    });
    await call('sync.run', { dueFrom: testDay(-50), dueTo: testDay(7), debtors: false });
  }, 60_000);
  afterAll(async () => {
    await sandbox.close();
    await t.core.close();
    t.cleanup();
  });

  it('removes a statement with approved but unsent lines, its suggestions with it, and records what went', async () => {
    const imported = await importStatement(testDay(-19), testDay(0));
    expect(imported.imported).toBeGreaterThan(0);
    const approved = await call<{ changed: number }>('review.approveGreen', {
      statementId: imported.statementId,
    });
    expect(approved.changed).toBeGreaterThan(0);
    const r = await call<Record<string, unknown>>('import.remove', { statementId: imported.statementId });
    expect(r).toMatchObject({
      statementId: imported.statementId,
      bankAccountId: account(),
      credits: imported.imported,
      approvedDiscarded: approved.changed,
      overlapping: [],
    });
    expect(r.matchesDiscarded).toBeGreaterThanOrEqual(imported.imported);
    expect(count('SELECT COUNT(*) FROM statements WHERE id = ?', imported.statementId)).toBe(0);
    expect(count('SELECT COUNT(*) FROM statement_lines WHERE statement_id = ?', imported.statementId)).toBe(
      0,
    );
    expect(count('SELECT COUNT(*) FROM match_plans WHERE statement_id = ?', imported.statementId)).toBe(0);
    expect(count('SELECT COUNT(*) FROM match_items')).toBe(0);

    const { entries } = await call<{ entries: { action: string; subject: string; before: unknown }[] }>(
      'audit.list',
      { limit: 5 },
    );
    expect(entries[0]).toMatchObject({
      action: 'import.removed',
      subject: `statement:${imported.statementId}`,
      before: { credits: imported.imported },
    });
    expect(await call('audit.verify', {})).toMatchObject({ ok: true });

    // The same file can be imported again afterwards: its lines come back as new.
    const again = await importStatement(testDay(-19), testDay(0));
    expect(again.imported).toBe(imported.imported);
    await call('import.remove', { statementId: again.statementId });
  }, 60_000);

  it('refuses, in one sentence naming the file, once any of its lines was queued to be marked as paid', async () => {
    // The last twelve days: payments the sandbox's clerk has not reconciled yet (TO_RECONCILE), so there are green
    // lines to approve and send on any day (an older month holds only payments already in EVO, and some days none).
    const imported = await importStatement(testDay(-12), testDay(0));
    await call('review.approveGreen', { statementId: imported.statementId });
    const listed = async () =>
      (
        await call<{ statements: { id: number; sentCount: number }[] }>('import.statements', {})
      ).statements.find((s) => s.id === imported.statementId)!.sentCount;
    expect(await listed()).toBe(0);
    const queued = await call<{ batchIds: number[] }>('send.confirm', { wait: false });
    expect(queued.batchIds.length).toBeGreaterThan(0);
    // The list says so in advance (Importar shows it instead of "Remover…").
    expect(await listed()).toBeGreaterThan(0);
    const before = count('SELECT COUNT(*) FROM statement_lines WHERE statement_id = ?', imported.statementId);
    const r = await t.core.dispatch('import.remove', { statementId: imported.statementId });
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'conflict', code: 'import.statement_sent' },
    });
    // Nothing went: not a line, not an audit entry.
    expect(count('SELECT COUNT(*) FROM statement_lines WHERE statement_id = ?', imported.statementId)).toBe(
      before,
    );
    expect(count("SELECT COUNT(*) FROM audit_log WHERE action = 'import.removed'")).toBe(2);
  }, 60_000);

  it('a statement that is not there is not_found', async () => {
    expect(await t.core.dispatch('import.remove', { statementId: 99999 })).toMatchObject({
      ok: false,
      error: { kind: 'not_found', code: 'import.statement_not_found' },
    });
  });
});
