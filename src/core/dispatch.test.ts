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
