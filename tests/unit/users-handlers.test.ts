import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreContext } from '../../src/core/context';
import { createDispatch, type Dispatch } from '../../src/core/dispatch';
import { createHandlers } from '../../src/core/handlers';
import { officeFile, openOffice, type Office, type Role } from '../../src/core/users/office';
import { testCore } from '../helpers/core';

/**
 * [W] The users.* commands through the real handlers and dispatch (validation, envelopes), on a real core and a
 * real office.sqlite. Who is asking is given the way the office server gives it (ctx.requester()); the server's
 * own door (roles in dispatch, cookies, CSRF) is tested with the server.
 */
const ADMIN_PASSWORD = 'senha-da-chefe-2026';
let t: ReturnType<typeof testCore>;
let office: Office;
let who: { login: string; name: string; role: Role } | null = null;
let serve: Dispatch;
const logLines: string[] = [];

beforeAll(async () => {
  t = testCore('browser');
  office = await openOffice({ file: officeFile(t.dataDir) });
  await office.addUser(
    { login: 'chefe', name: 'Chefe', role: 'administrador', password: ADMIN_PASSWORD },
    'it',
  );
  const ctx: CoreContext = { ...t.core.ctx, office, requester: () => who };
  serve = createDispatch(createHandlers(ctx), (m) => {
    logLines.push(m);
    t.core.ctx.log.error(m);
  });
});
afterAll(async () => {
  await office.close();
  await t.core.close();
  t.cleanup();
});

const as = (login: string, role: Role) => (who = { login, name: login, role });

describe('users commands outside the office server', () => {
  it('answer users.me with null and refuse the rest in a sentence', async () => {
    expect(await t.core.dispatch('users.me', {})).toEqual({ ok: true, value: null });
    const r = await t.core.dispatch('users.list', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'users.no_server' } });
  });
});

describe('users commands on the office server', () => {
  it('say who is logged in', async () => {
    who = null;
    expect(await serve('users.me', {})).toEqual({ ok: true, value: null });
    as('chefe', 'administrador');
    expect(await serve('users.me', {})).toEqual({
      ok: true,
      value: { login: 'chefe', name: 'chefe', role: 'administrador' },
    });
  });

  it('let an administrator add and list users, never showing a hash', async () => {
    as('chefe', 'administrador');
    const added = await serve('users.add', {
      login: ' Ana.Souza ',
      name: 'Ana Souza',
      role: 'conferente',
      password: 'senha-da-ana-123',
    });
    expect(added).toMatchObject({
      ok: true,
      value: { login: 'ana.souza', role: 'conferente', active: true },
    });
    const list = await serve('users.list', {});
    expect(list.ok && list.value).toEqual([
      expect.objectContaining({ login: 'ana.souza' }),
      expect.objectContaining({ login: 'chefe' }),
    ]);
    expect(JSON.stringify(list)).not.toContain('scrypt');
    expect((await office.auditLog())[0]).toMatchObject({
      who: 'chefe',
      action: 'user.added',
      subject: 'user:ana.souza',
    });
  });

  it('refuse a bad login or a short password with the field named', async () => {
    as('chefe', 'administrador');
    expect(
      await serve('users.add', { login: 'ab', name: 'X', role: 'conferente', password: 'senha-longa-1' }),
    ).toMatchObject({ ok: false, error: { kind: 'validation', field: 'login' } });
    expect(
      await serve('users.add', { login: 'bia', name: 'Bia', role: 'conferente', password: 'curta' }),
    ).toMatchObject({ ok: false, error: { code: 'users.password_short', field: 'password' } });
  });

  it('keep users to administrators', async () => {
    as('ana.souza', 'conferente');
    for (const [name, input] of [
      ['users.list', {}],
      ['users.add', { login: 'bia', name: 'Bia', role: 'administrador', password: 'senha-da-bia-1' }],
      ['users.update', { login: 'chefe', active: false }],
      ['users.setPassword', { login: 'chefe', password: 'senha-tomada-1' }],
    ] as const)
      expect(await serve(name, input), name).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await office.user('bia')).toBeNull();
    who = null;
    expect(await serve('users.changePassword', { current: 'x', next: 'y' })).toMatchObject({
      ok: false,
      error: { kind: 'auth' },
    });
  });

  it('refuse the last administrator demoting or deactivating themselves', async () => {
    as('chefe', 'administrador');
    for (const change of [{ role: 'supervisor' }, { active: false }])
      expect(await serve('users.update', { login: 'chefe', ...change })).toMatchObject({
        ok: false,
        error: { kind: 'conflict', code: 'users.last_admin' },
      });
    expect(await office.user('chefe')).toMatchObject({ role: 'administrador', active: true });
  });

  it('let anyone change their own password, checking the current one', async () => {
    as('ana.souza', 'conferente');
    expect(
      await serve('users.changePassword', { current: 'nao-e-esta', next: 'outra-senha-123' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'users.current_wrong', field: 'current' },
    });
    expect(
      await serve('users.changePassword', { current: 'senha-da-ana-123', next: 'outra-senha-123' }),
    ).toMatchObject({ ok: true, value: { login: 'ana.souza' } });
    expect((await office.login('ana.souza', 'outra-senha-123', { ip: '127.0.0.1' })).ok).toBe(true);
    as('chefe', 'administrador');
    expect(
      await serve('users.setPassword', { login: 'ana.souza', password: 'reposta-pela-chefe' }),
    ).toMatchObject({ ok: true });
    expect((await office.login('ana.souza', 'reposta-pela-chefe', { ip: '127.0.0.1' })).ok).toBe(true);
  });

  it('never write a password in the log nor in office_audit', async () => {
    const log = join(t.dataDir, 'logs', 'quita.log');
    const text = [
      existsSync(log) ? readFileSync(log, 'utf8') : '',
      ...logLines,
      JSON.stringify(await office.auditLog()),
    ].join('\n');
    for (const p of [
      ADMIN_PASSWORD,
      'senha-da-ana-123',
      'outra-senha-123',
      'reposta-pela-chefe',
      'nao-e-esta',
      'curta',
    ])
      expect(text).not.toContain(p);
    expect((await office.auditLog()).map((e) => e.action)).toContain('user.password_set');
  });
});
