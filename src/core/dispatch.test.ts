import { describe, expect, it, vi } from 'vitest';
import { createDispatch } from './dispatch';
import { AppError } from './errors';
import type { Handlers } from './handlers';

const handlers = (overrides: Partial<Handlers>) => overrides as Handlers;

describe('dispatch', () => {
  it('refuses an unknown command', async () => {
    const r = await createDispatch(handlers({}))('nope.nothing', {});
    expect(r).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('returns a validation error naming the field, without calling the handler', async () => {
    const test = vi.fn();
    const r = await createDispatch(handlers({ 'connection.test': test }))('connection.test', {
      baseUrl: 'not a url',
      username: 'gym',
      password: 'secret',
      keyKind: 'branch',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('validation');
    expect(r.error.field).toBe('baseUrl');
    expect(r.error.message).toMatch(/^baseUrl: /);
    expect(test).not.toHaveBeenCalled();
  });

  it('names nested and missing fields too', async () => {
    const r = await createDispatch(handlers({}))('settings.update', { locale: 'fr' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'validation', field: 'locale' } });
    const missing = await createDispatch(handlers({}))('profiles.activate', {});
    expect(missing).toMatchObject({ ok: false, error: { kind: 'validation', field: 'id' } });
  });

  it('passes an AppError through as data', async () => {
    const r = await createDispatch(
      handlers({
        'settings.get': async () => {
          throw new AppError('offline', 'No network.', { code: 'api.unreachable', params: { host: 'x' } });
        },
      }),
    )('settings.get', {});
    expect(r).toEqual({
      ok: false,
      error: { kind: 'offline', message: 'No network.', code: 'api.unreachable', params: { host: 'x' } },
    });
  });

  it('hides unexpected errors behind a generic message and logs them without the input', async () => {
    const log = vi.fn();
    const r = await createDispatch(
      handlers({
        'connection.test': async () => {
          throw new Error('boom');
        },
      }),
      log,
    )('connection.test', {
      baseUrl: 'https://x.example',
      username: 'gym',
      password: 'TOP-SECRET-KEY',
      keyKind: 'branch',
    });
    expect(r).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(r)).not.toContain('boom');
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[0])).not.toContain('TOP-SECRET-KEY');
  });

  it('checks the handler output against the contract', async () => {
    const log = vi.fn();
    const r = await createDispatch(
      handlers({ 'settings.get': async () => ({ locale: 'xx' }) as never }),
      log,
    )('settings.get', {});
    expect(r).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });
});

describe('the office server’s door (roles)', () => {
  const door = (role: 'conferente' | 'supervisor' | 'administrador' | null) => {
    const reached: string[] = [];
    const all = new Proxy({} as Handlers, {
      get: (_t, name: string) => () => {
        reached.push(name);
        return Promise.resolve({});
      },
    });
    const dispatch = createDispatch(
      all,
      () => {},
      undefined,
      () => (role ? { role } : null),
    );
    return { dispatch, reached };
  };

  it('refuses every command when nobody is signed in', async () => {
    const { dispatch, reached } = door(null);
    const r = await dispatch('app.info', {});
    expect(r).toMatchObject({ ok: false, error: { kind: 'auth', code: 'access.no_session' } });
    expect(reached).toEqual([]);
  });

  it('refuses a role below the command’s before reading the input, and names the role it needs', async () => {
    const { dispatch, reached } = door('conferente');
    // Invalid input: the refusal is still the role's, so a clerk learns nothing about the command's input.
    const r = await dispatch('send.confirm', { nonsense: true, branch: 'not a branch' });
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'forbidden',
        code: 'access.forbidden',
        params: { role: 'conferente', need: 'supervisor' },
      },
    });
    expect(reached).toEqual([]);
  });

  it('lets the role through to the handler, and raises it where the input makes a rule', async () => {
    const { dispatch, reached } = door('conferente');
    await dispatch('review.setAside', { matchIds: [1], reason: 'interest' });
    expect(reached).toEqual(['review.setAside']);
    const r = await dispatch('review.setAside', {
      matchIds: [1],
      reason: 'interest',
      rule: { pattern: 'RENDIMENTO' },
    });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'access.forbidden', params: { need: 'supervisor' } },
    });
    const boss = door('supervisor');
    await boss.dispatch('review.setAside', {
      matchIds: [1],
      reason: 'interest',
      rule: { pattern: 'RENDIMENTO' },
    });
    expect(boss.reached).toEqual(['review.setAside']);
  });

  it('is not there outside the server: the desk’s owner runs everything', async () => {
    const reached: string[] = [];
    const all = new Proxy({} as Handlers, {
      get: (_t, name: string) => () => {
        reached.push(name);
        return Promise.resolve({});
      },
    });
    await createDispatch(all, () => {})('send.run', {});
    expect(reached).toEqual(['send.run']);
  });
});
