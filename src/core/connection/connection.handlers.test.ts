import { afterEach, describe, expect, it } from 'vitest';
import { testCore } from '../../../tests/helpers/core';
import { keyBinding } from './key-binding';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

describe('connection profiles', () => {
  const setup = () => {
    const t = testCore();
    cleanup = t.cleanup;
    return t.core;
  };
  const base = {
    name: 'Centro',
    baseUrl: 'https://evo.example.com',
    username: 'gym',
    keyKind: 'branch' as const,
  };

  it('requires a key for a new profile, keeps the stored one when editing without it', async () => {
    const core = setup();
    expect(await core.dispatch('profiles.save', base)).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'password' },
    });
    const created = await core.dispatch('profiles.save', { ...base, password: 'k-1' });
    if (!created.ok) throw new Error(created.error.message);
    const id = (created.value as { id: string }).id;
    const edited = await core.dispatch('profiles.save', {
      ...base,
      id,
      name: 'Centro (nova)',
      rateLimit: { perSecond: 2, perMinute: 30 },
    });
    expect(edited).toMatchObject({
      ok: true,
      value: { id, name: 'Centro (nova)', hasSecret: true, rateLimit: { perSecond: 2, perMinute: 30 } },
    });
    expect(core.ctx.secrets.get(`profile:${id}`, keyBinding(core.ctx.settings.profile(id)!))).toBe('k-1');
    // Limits survive an edit that does not mention them.
    const again = await core.dispatch('profiles.save', { ...base, id });
    expect(again).toMatchObject({ ok: true, value: { rateLimit: { perSecond: 2, perMinute: 30 } } });
  });

  it('refuses to edit a profile that does not exist', async () => {
    const core = setup();
    expect(await core.dispatch('profiles.save', { ...base, id: 'p-nope', password: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });

  it('removing the active profile removes its key and activates another', async () => {
    const core = setup();
    const a = await core.dispatch('profiles.save', { ...base, password: 'a' });
    const b = await core.dispatch('profiles.save', { ...base, name: 'B', password: 'b' });
    const idA = (a as { value: { id: string } }).value.id;
    const idB = (b as { value: { id: string } }).value.id;
    expect(core.ctx.settings.get().activeProfileId).toBe(idB);
    await core.dispatch('profiles.remove', { id: idB });
    expect(core.ctx.settings.get().activeProfileId).toBe(idA);
    expect(core.ctx.secrets.get(`profile:${idB}`)).toBeNull();
  });

  it('removing a connection is audited in its own log and in the log of the branch left in use', async () => {
    const core = setup();
    const a = await core.dispatch('profiles.save', { ...base, password: 'a' });
    const b = await core.dispatch('profiles.save', { ...base, name: 'Filial Norte', password: 'b' });
    const idA = (a as { value: { id: string } }).value.id;
    const idB = (b as { value: { id: string } }).value.id;
    expect(await core.dispatch('profiles.remove', { id: idB })).toMatchObject({
      ok: true,
      value: { removed: true },
    });
    const entries = (id: string) =>
      core.ctx
        .dbFor(id)
        .prepare('SELECT action, subject, before_json, after_json FROM audit_log ORDER BY seq')
        .all() as { action: string; subject: string; before_json: string; after_json: string }[];
    const own = entries(idB).filter((e) => e.action === 'settings.profile_removed');
    expect(own).toHaveLength(1);
    expect(JSON.parse(own[0]!.before_json)).toMatchObject({ name: 'Filial Norte', baseUrl: base.baseUrl });
    expect(own[0]!.before_json + own[0]!.after_json).not.toContain('"b"');
    const inUse = entries(idA).filter((e) => e.action === 'settings.profile_removed');
    expect(inUse).toMatchObject([{ subject: `profile:${idB}` }]);
    // A profile that is not there: nothing removed, nothing recorded.
    expect(await core.dispatch('profiles.remove', { id: 'p-nope' })).toMatchObject({
      value: { removed: false },
    });
    expect(entries(idA).filter((e) => e.action === 'settings.profile_removed')).toHaveLength(1);
  });

  it('saving despite a failed test records what the test said', async () => {
    const core = setup();
    const r = await core.dispatch('profiles.save', {
      ...base,
      password: 'a',
      savedDespite: 'connection.not_api',
    });
    const id = (r as { value: { id: string } }).value.id;
    const row = core.ctx
      .dbFor(id)
      .prepare("SELECT after_json FROM audit_log WHERE action = 'settings.changed'")
      .pluck()
      .get() as string;
    expect(JSON.parse(row)).toMatchObject({ savedDespite: 'connection.not_api', keyReplaced: true });
  });
});
