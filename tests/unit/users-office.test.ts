import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOffice, type Office } from '../../src/core/users/office';
import { hashPassword, verifyPassword } from '../../src/core/users/passwords';
import { tempDir } from '../helpers/tmp';

/**
 * [W] The office's users, passwords, sessions and login throttle, on a real office.sqlite in a temporary folder.
 * Time is given (`now`), never waited for: the throttle's delays and the sessions' timeouts are checked at chosen
 * instants.
 */
const T0 = new Date('2026-03-02T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const S = 1000;
const MIN = 60 * S;
const FROM = { ip: '10.0.0.5', userAgent: 'test' };
const ADMIN_PASSWORD = 'senha-do-admin-1';
const ANA_PASSWORD = 'ana-conferente-2026';

let t: { dir: string; cleanup: () => void };
let file = '';
let office: Office;

beforeEach(async () => {
  t = tempDir('quita-office-');
  file = join(t.dir, 'office.sqlite');
  office = await openOffice({ file });
  await office.addUser(
    { login: 'Admin', name: 'Administração', role: 'administrador', password: ADMIN_PASSWORD },
    'it (cli)',
    T0,
  );
  await office.addUser(
    { login: 'ana', name: 'Ana', role: 'conferente', password: ANA_PASSWORD },
    'admin',
    T0,
  );
});
afterEach(async () => {
  await office.close();
  t.cleanup();
});

const raw = () => new Database(file, { readonly: true });

describe('passwords', () => {
  it('are stored as one self-describing scrypt string and verified against it', async () => {
    const h = await hashPassword('uma senha longa');
    expect(h).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('uma senha longa', h)).toBe(true);
    expect(await verifyPassword('uma senha longA', h)).toBe(false);
    // Two hashes of one password differ (random salt).
    expect(await hashPassword('uma senha longa')).not.toBe(h);
    expect(await verifyPassword('uma senha longa', 'scrypt$30$8$1$AAAA$BBBB')).toBe(false);
  });

  it('keeps only the hash in office.sqlite, with the login lower-cased', () => {
    const db = raw();
    const rows = db.prepare('SELECT login, password_hash FROM users ORDER BY login').all() as {
      login: string;
      password_hash: string;
    }[];
    db.close();
    expect(rows.map((r) => r.login)).toEqual(['admin', 'ana']);
    for (const r of rows) expect(r.password_hash.startsWith('scrypt$15$8$1$')).toBe(true);
    const bytes = readFileSync(file).toString('latin1') + readFileSync(`${file}-wal`).toString('latin1');
    expect(bytes).not.toContain(ANA_PASSWORD);
    expect(bytes).not.toContain(ADMIN_PASSWORD);
  });

  it('refuses a short, a long, or the login as password, with a code the catalogue words', async () => {
    const add = (login: string, password: string) =>
      office.addUser({ login, name: 'X', role: 'conferente', password }, 'admin', T0);
    await expect(add('bia', 'curta')).rejects.toMatchObject({ code: 'users.password_short' });
    await expect(add('bia', 'x'.repeat(201))).rejects.toMatchObject({ code: 'users.password_long' });
    await expect(add('bia.santos1', 'Bia.Santos1')).rejects.toMatchObject({
      code: 'users.password_is_login',
    });
    await expect(add('ANA', 'outra-senha-longa')).rejects.toMatchObject({ code: 'users.exists' });
    await expect(add('a b', 'outra-senha-longa')).rejects.toMatchObject({ code: 'users.bad_login' });
    expect(await office.userCount()).toBe(2);
  });
});

describe('login', () => {
  it('opens a session for the right password, any case of the login', async () => {
    const r = await office.login('ANA', ANA_PASSWORD, FROM, T0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.user).toMatchObject({ login: 'ana', role: 'conferente', lastLoginAt: T0.toISOString() });
    expect(await office.session(r.sessionId, at(S))).toEqual({
      user: expect.objectContaining({ login: 'ana' }) as unknown,
      csrf: r.csrf,
    });
    // Only the sha256 of the id is stored.
    const db = raw();
    const ids = db.prepare('SELECT id_hash FROM sessions').all() as { id_hash: string }[];
    db.close();
    expect(ids).toHaveLength(1);
    expect(ids[0]!.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(ids[0]!.id_hash).not.toContain(r.sessionId);
  });

  it('refuses a wrong password, and an unknown login the same way', async () => {
    expect(await office.login('ana', 'not-the-password', FROM, T0)).toEqual({
      ok: false,
      code: 'login.wrong',
    });
    expect(await office.login('ninguem', 'not-the-password', FROM, T0)).toEqual({
      ok: false,
      code: 'login.wrong',
    });
  });

  it('slows a login after 5 failures, doubling the wait, without checking the password meanwhile', async () => {
    for (let i = 0; i < 4; i++)
      expect(await office.login('ana', 'errada', FROM, at(i * S))).toEqual({
        ok: false,
        code: 'login.wrong',
      });
    // The fifth failure starts the wait: 1 s.
    expect(await office.login('ana', 'errada', FROM, at(4 * S))).toMatchObject({
      code: 'login.wrong',
      retryAfterMs: S,
    });
    // During the wait even the right password is refused, unchecked, and the refusal does not lengthen it.
    expect(await office.login('ana', ANA_PASSWORD, FROM, at(4 * S + 400))).toEqual({
      ok: false,
      code: 'login.throttled',
      retryAfterMs: 600,
    });
    // Each further failure doubles it: 2 s, 4 s, 8 s.
    let when = 5 * S;
    for (const wait of [2 * S, 4 * S, 8 * S]) {
      expect(await office.login('ana', 'errada', FROM, at(when))).toMatchObject({ retryAfterMs: wait });
      expect(await office.login('ana', ANA_PASSWORD, FROM, at(when + wait - 1))).toMatchObject({
        code: 'login.throttled',
        retryAfterMs: 1,
      });
      when += wait;
    }
    // Once the wait has passed, the right password opens a session and the count starts again.
    expect((await office.login('ana', ANA_PASSWORD, FROM, at(when))).ok).toBe(true);
    expect(await office.login('ana', 'errada', FROM, at(when + S))).toEqual({
      ok: false,
      code: 'login.wrong',
    });
  });

  it('caps the wait at 15 minutes', async () => {
    let when = 0;
    let last: unknown;
    for (let i = 0; i < 16; i++) {
      last = await office.login('ana', 'errada', { ip: `10.1.0.${i}` }, at(when));
      when += 15 * MIN;
    }
    expect(last).toEqual({ ok: false, code: 'login.wrong', retryAfterMs: 15 * MIN });
  });

  it('counts an unknown login as failures of that name (same refusal, same wait)', async () => {
    for (let i = 0; i < 5; i++) await office.login('fantasma', 'errada', FROM, at(i * S));
    expect(await office.login('fantasma', 'errada', FROM, at(4 * S + 10))).toMatchObject({
      code: 'login.throttled',
    });
    // Another login from another address is not slowed by it.
    expect((await office.login('ana', ANA_PASSWORD, { ip: '10.0.0.9' }, at(5 * S))).ok).toBe(true);
  });

  it('costs an unknown login the same scrypt as a known one', async () => {
    // Not a timing test (machine load decides timings): the unknown login's refusal must wait for a full scrypt,
    // which is at least tens of milliseconds; a refusal that skipped it would come back in well under one.
    const started = process.hrtime.bigint();
    await office.login('ninguem.aqui', 'qualquer-coisa', { ip: '10.9.9.9' }, T0);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(ms).toBeGreaterThan(5);
  });

  it('slows an address after 20 failures in 15 minutes, whatever the logins', async () => {
    const ip = { ip: '192.0.2.7' };
    for (let i = 0; i < 19; i++)
      expect(await office.login(`nome${i}`, 'errada', ip, at(i * S))).toEqual({
        ok: false,
        code: 'login.wrong',
      });
    expect(await office.login('nome19', 'errada', ip, at(19 * S))).toMatchObject({ retryAfterMs: S });
    expect(await office.login('ana', ANA_PASSWORD, ip, at(19 * S + 500))).toMatchObject({
      code: 'login.throttled',
    });
    // Another address is free.
    expect((await office.login('ana', ANA_PASSWORD, FROM, at(19 * S + 500))).ok).toBe(true);
    // 15 minutes after those failures, the address is free again.
    expect((await office.login('ana', ANA_PASSWORD, ip, at(19 * S + 15 * MIN))).ok).toBe(true);
  });

  it('refuses an inactive user only once the password is right', async () => {
    await office.update('ana', { active: false }, 'admin', T0);
    expect(await office.login('ana', 'errada', FROM, T0)).toEqual({ ok: false, code: 'login.wrong' });
    expect(await office.login('ana', ANA_PASSWORD, FROM, T0)).toEqual({ ok: false, code: 'login.inactive' });
  });

  it('serialises parallel attempts on one login, so they cannot all slip past the throttle', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => office.login('ana', 'errada', { ip: '198.51.100.1' }, T0)),
    );
    expect(results.filter((r) => !r.ok && r.code === 'login.wrong')).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.code === 'login.throttled')).toHaveLength(3);
  });
});

describe('sessions', () => {
  async function loginAna(now = T0) {
    const r = await office.login('ana', ANA_PASSWORD, FROM, now);
    if (!r.ok) throw new Error(`login refused: ${r.code}`);
    return r;
  }

  it('end after 30 idle minutes, and each use pushes that back', async () => {
    const { sessionId } = await loginAna();
    expect(await office.session(sessionId, at(29 * MIN))).not.toBeNull();
    expect(await office.session(sessionId, at(58 * MIN))).not.toBeNull();
    expect(await office.session(sessionId, at(88 * MIN + 1))).toBeNull();
    // The expired row is gone: going back in time does not revive it.
    expect(await office.session(sessionId, at(60 * MIN))).toBeNull();
  });

  it('end 12 hours after login however busy', async () => {
    const { sessionId } = await loginAna();
    for (let m = 20; m < 12 * 60; m += 20)
      expect(await office.session(sessionId, at(m * MIN))).not.toBeNull();
    expect(await office.session(sessionId, at(12 * 60 * MIN + 1))).toBeNull();
  });

  it('take the idle timeout given to openOffice', async () => {
    await office.close();
    office = await openOffice({ file }, { idleMs: 5 * MIN });
    const { sessionId } = await loginAna();
    expect(await office.session(sessionId, at(5 * MIN))).not.toBeNull();
    expect(await office.session(sessionId, at(10 * MIN + 1))).toBeNull();
  });

  it('end at logout', async () => {
    const { sessionId } = await loginAna();
    await office.logout(sessionId);
    expect(await office.session(sessionId, at(S))).toBeNull();
  });

  it('are new at every login (fixation): the old one lasts until its logout, a made-up id is nothing', async () => {
    const first = await loginAna();
    const second = await loginAna(at(S));
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(second.csrf).not.toBe(first.csrf);
    expect(await office.session(first.sessionId, at(2 * S))).not.toBeNull();
    await office.logout(first.sessionId);
    expect(await office.session(first.sessionId, at(3 * S))).toBeNull();
    expect(await office.session(second.sessionId, at(3 * S))).not.toBeNull();
    expect(await office.session('A'.repeat(43), at(3 * S))).toBeNull();
    expect(await office.session('', at(3 * S))).toBeNull();
  });

  it('are purged when the office opens', async () => {
    await loginAna(new Date(Date.now() - 13 * 60 * MIN));
    await office.close();
    office = await openOffice({ file });
    const db = raw();
    expect((db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n).toBe(0);
    db.close();
  });

  it('end when the user is deactivated, their role changes or their password changes', async () => {
    const a = await loginAna();
    await office.update('ana', { name: 'Ana Souza' }, 'admin', at(S));
    expect((await office.session(a.sessionId, at(2 * S)))?.user.name).toBe('Ana Souza');

    await office.update('ana', { role: 'supervisor' }, 'admin', at(3 * S));
    expect(await office.session(a.sessionId, at(4 * S))).toBeNull();

    const b = await loginAna(at(5 * S));
    await office.update('ana', { active: false }, 'admin', at(6 * S));
    expect(await office.session(b.sessionId, at(7 * S))).toBeNull();
    await office.update('ana', { active: true }, 'admin', at(8 * S));
    expect(await office.session(b.sessionId, at(9 * S))).toBeNull();

    const c = await loginAna(at(10 * S));
    await office.setPassword('ana', 'nova-senha-da-ana', 'admin', at(11 * S));
    expect(await office.session(c.sessionId, at(12 * S))).toBeNull();
    expect((await office.login('ana', ANA_PASSWORD, FROM, at(13 * S))).ok).toBe(false);
    const d = await office.login('ana', 'nova-senha-da-ana', FROM, at(14 * S));
    expect(d.ok).toBe(true);

    await expect(
      office.changePassword('ana', 'errada-errada', 'outra-senha-1', at(15 * S)),
    ).rejects.toMatchObject({
      code: 'users.current_wrong',
    });
    if (d.ok) expect(await office.session(d.sessionId, at(16 * S))).not.toBeNull();
    await office.changePassword('ana', 'nova-senha-da-ana', 'mais-uma-senha', at(17 * S));
    if (d.ok) expect(await office.session(d.sessionId, at(18 * S))).toBeNull();
    expect((await office.login('ana', 'mais-uma-senha', FROM, at(19 * S))).ok).toBe(true);
  });
});

describe('administrators', () => {
  it('keep at least one active administrator', async () => {
    await expect(office.update('admin', { role: 'supervisor' }, 'admin', T0)).rejects.toThrow(
      expect.objectContaining({ code: 'users.last_admin' }),
    );
    await expect(office.update('admin', { active: false }, 'admin', T0)).rejects.toThrow(
      expect.objectContaining({ code: 'users.last_admin' }),
    );
    expect(await office.user('admin')).toMatchObject({ role: 'administrador', active: true });
    // With a second administrator, the first may step down.
    await office.update('ana', { role: 'administrador' }, 'admin', T0);
    expect((await office.update('admin', { role: 'supervisor' }, 'admin', T0)).role).toBe('supervisor');
    await expect(office.update('ana', { active: false }, 'ana', T0)).rejects.toThrow(
      expect.objectContaining({ code: 'users.last_admin' }),
    );
  });
});

describe('office_audit', () => {
  it('records every change with who, before and after, and never a password or its hash', async () => {
    await office.update('ana', { role: 'supervisor', name: 'Ana S.' }, 'admin', at(S));
    await office.setPassword('ana', 'senha-trocada-pelo-admin', 'admin', at(2 * S));
    await office.changePassword('ana', 'senha-trocada-pelo-admin', 'senha-escolhida-pela-ana', at(3 * S));
    const log = await office.auditLog();
    expect(log.map((e) => [e.action, e.who, e.subject])).toEqual([
      ['user.password_changed', 'ana', 'user:ana'],
      ['user.password_set', 'admin', 'user:ana'],
      ['user.updated', 'admin', 'user:ana'],
      ['user.added', 'admin', 'user:ana'],
      ['user.added', 'it (cli)', 'user:admin'],
    ]);
    expect(log[2]).toMatchObject({
      before: { login: 'ana', name: 'Ana', role: 'conferente', active: true },
      after: { login: 'ana', name: 'Ana S.', role: 'supervisor', active: true },
    });
    const db = raw();
    const text = JSON.stringify(db.prepare('SELECT * FROM office_audit').all());
    db.close();
    for (const secret of [
      ANA_PASSWORD,
      ADMIN_PASSWORD,
      'senha-trocada-pelo-admin',
      'senha-escolhida-pela-ana',
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toContain('scrypt$');
  });
});

describe('what a wrong login leaves behind', () => {
  it('keeps the failure counters under the login’s hash: a password typed into the login field is not stored', async () => {
    const typo = 'Ana-Conferente-2026-Senha';
    expect((await office.login(typo, 'qualquer-coisa', FROM, at(S))).ok).toBe(false);
    // The counters still count that name (case and spaces alike): five failures slow it.
    for (let i = 0; i < 5; i++) await office.login(` ${typo.toUpperCase()} `, 'x', FROM, at(2 * S));
    expect(await office.login(typo, 'x', FROM, at(2 * S + 100))).toMatchObject({ code: 'login.throttled' });
    // Closed: the write-ahead log is folded into the file, which is read whole, free pages included.
    await office.close();
    const bytes = readFileSync(file).toString('latin1');
    expect(bytes.toLowerCase()).not.toContain(typo.toLowerCase());
    office = await openOffice({ file });
  });
});
