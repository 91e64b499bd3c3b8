import { afterAll, describe, expect, it } from 'vitest';
import { appendAudit as appendAuditSync } from '../../src/core/audit/audit.repo';
import { verifyAudit } from '../../src/core/audit/audit.store';
import { commandCaller, testCore } from '../helpers/core';
import { testDay, testSandbox } from '../helpers/sandbox';

describe('the audit trail through the core commands', () => {
  const t = testCore();
  afterAll(async () => {
    await t.core.close();
    t.cleanup();
  });
  const call = commandCaller(t.core);

  it('records connection changes, syncs and imports with who did them, never the key, in an intact chain', async () => {
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
      // [T] item 4: the theme (and the language) is how this computer shows Quita, not an act on the branch's
      // money or data: no longer audited (this list expected a second 'settings.changed' for it before).
      await call('settings.update', { theme: 'dark' });
      await call('settings.update', { locale: 'en' });
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
    const { entries } = await call<{
      entries: {
        action: string;
        actor: string;
        subject: string | null;
        subjectName: string | null;
        after: unknown;
      }[];
    }>('audit.list', { limit: 100 });
    const actions = entries.map((e) => e.action).reverse();
    expect(actions).toEqual([
      'settings.changed', // the connection saved (profile:…), not the theme
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
    expect(entries.map((e) => e.subject)).not.toContain('settings');
    // What each entry is about, by name, beside the subject as stored.
    const imported = entries.find((e) => e.action === 'import.committed')!;
    expect(imported.subject).toMatch(/^statement:\d+$/);
    expect(imported.subjectName).toMatch(/\.csv$/);
    expect(entries.find((e) => e.subject?.startsWith('profile:'))!.subjectName).toBe('Centro');
    const verified = await call<{ lastAt: string | null }>('audit.verify', {});
    expect(verified).toMatchObject({ ok: true, entries: 5 });
    expect(verified.lastAt).toBe((entries[0] as unknown as { at: string }).at);
  }, 60_000);

  it('says the scheduled cycle did what it audits, not the front door', async () => {
    const ctx = t.core.ctx;
    expect(ctx.actor()).toMatch(/ \(browser\)$/);
    expect(await ctx.asRoutine(async () => ctx.actor())).toMatch(/ \(schedule\)$/);
    await ctx.asRoutine(async () => ctx.audit('cycle.finished', 'cycle 1', { after: {} }));
    const { entries } = await call<{ entries: { action: string; actor: string }[] }>('audit.list', {
      limit: 1,
    });
    expect(entries[0]!.action).toBe('cycle.finished');
    expect(entries[0]!.actor).toMatch(/ \(schedule\)$/);
    expect(ctx.actor()).toMatch(/ \(browser\)$/);
  });

  it('[W] appends from every door, some at once, leave one chain that verifies', async () => {
    const ctx = t.core.ctx;
    const before = (await call<{ entries: number }>('audit.verify', {})).entries;
    const { rows } = await call<{ rows: { matchId: number; state: string; description: string }[] }>(
      'match.lines',
      { limit: 500 },
    );
    const open = rows.filter((r) => ['suggested', 'unmatched'].includes(r.state));
    expect(open.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = open as [(typeof open)[0], (typeof open)[0], (typeof open)[0]];
    await Promise.all([
      // ctx.audit (its own Store transaction), from a command and from the routine.
      call('db.backup', {}),
      ctx.asRoutine(async () => ctx.audit('cycle.finished', 'cycle 2', { after: {} })),
      ...Array.from({ length: 5 }, (_, i) => ctx.audit('test.tick', null, { after: { i } })),
      // A decision and a set-aside, each audited inside the transaction of its change.
      call('review.unmatch', { matchIds: [a.matchId] }),
      call('review.setAside', { matchIds: [b.matchId], reason: 'refund' }),
    ]);
    // A rule made and removed (its entries in its own transactions), then one through the synchronous repo (what
    // every append was before the Store; the tests still seed logs with it).
    const made = await call<{ ruleId: number | null }>('review.setAside', {
      matchIds: [c.matchId],
      reason: 'other',
      note: 'teste',
      rule: { pattern: 'zzzqqq inexistente', thisAccountOnly: true },
    });
    expect(made.ruleId).not.toBeNull();
    await call('review.removeAsideRule', { id: made.ruleId });
    appendAuditSync(ctx.db(), {
      actor: ctx.actor(),
      profileId: ctx.activeProfileId(),
      action: 'cycle.finished',
      subject: 'cycle 3',
    });
    // backup 1 + routine 1 + ticks 5 + unmatch 1 (when the line was suggested) + set aside 1 + (set aside, rule created)
    // 2 + rule removed 1 + sync 1, and the re-suggestions the rule and the freed receivables start (match.suggested):
    // which lines are open depends on the day's data (the old fixed 13 held today by one missing and one extra
    // cancelling out; pinned to Saturday 2027-03-06 it was 14), so what depends on it is read, not assumed.
    const after = await call<{ ok: boolean; entries: number }>('audit.verify', {});
    expect(after.ok).toBe(true);
    const { entries: added } = await call<{ entries: { action: string }[] }>('audit.list', {
      limit: after.entries - before,
    });
    const known = added.map((e) => e.action).filter((a) => a !== 'match.suggested');
    expect(known.sort()).toEqual(
      [
        'db.backup',
        'cycle.finished',
        ...Array.from({ length: 5 }, () => 'test.tick'),
        // Unmatching a line that was only unmatched changes nothing and records nothing.
        ...(a.state === 'unmatched' ? [] : ['match.unmatched']),
        'match.set_aside',
        'match.set_aside',
        'aside_rule.created',
        'aside_rule.removed',
        'cycle.finished',
      ].sort(),
    );
    expect(added.length - known.length).toBeLessThanOrEqual(2);
    expect(await ctx.store().read(verifyAudit)).toMatchObject({ ok: true, entries: after.entries });
  }, 60_000);
});
