import { afterEach, describe, expect, it } from 'vitest';
import { testCore } from '../../../tests/helpers/core';

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
    expect(core.ctx.secrets.get(`profile:${id}`)).toBe('k-1');
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
});
