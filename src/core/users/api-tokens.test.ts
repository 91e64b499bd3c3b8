import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/tmp';
import { openOffice, type Office } from './office';

/**
 * [W] Personal API tokens on a real office.sqlite: made once, kept as a hash, ended by a revocation and by what ends
 * sessions (a role change, a deactivation, a new password); a wrong one slows its address as a failed login does.
 * Time is given, never waited for.
 */
const T0 = new Date('2026-03-02T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;

let t: { dir: string; cleanup: () => void };
let file = '';
let office: Office;

beforeEach(async () => {
  t = tempDir('quita-tokens-');
  file = join(t.dir, 'office.sqlite');
  office = await openOffice({ file });
  await office.addUser(
    { login: 'admin', name: 'Admin', role: 'administrador', password: 'senha-do-admin-1' },
    'it',
    T0,
  );
  await office.addUser(
    { login: 'ana', name: 'Ana', role: 'conferente', password: 'ana-conferente-2026' },
    'admin',
    T0,
  );
});
afterEach(async () => {
  await office.close();
  t.cleanup();
});

describe('personal API tokens', () => {
  it('are shown once, stored only as a hash, listed without the token, and touched when used', async () => {
    const made = await office.createToken('ana', '  rotina do caixa ', 'admin', T0);
    expect(made.token).toMatch(/^quita_[A-Za-z0-9_-]{43}$/);
    expect(made.info).toEqual({
      id: 1,
      name: 'rotina do caixa',
      createdAt: T0.toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect((await office.token(made.token, at(MIN)))?.user.login).toBe('ana');
    expect(await office.tokens('ana')).toEqual([{ ...made.info, lastUsedAt: at(MIN).toISOString() }]);
    expect(await office.token(`${made.token.slice(0, -1)}x`)).toBeNull();
    expect(await office.token('')).toBeNull();

    const raw = new Database(file, { readonly: true });
    const rows = raw.prepare('SELECT * FROM api_tokens').all() as { token_hash: string }[];
    raw.close();
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file).toString('latin1')).not.toContain(made.token);
    expect(JSON.stringify(await office.auditLog())).not.toContain(made.token);
    expect((await office.auditLog())[0]).toMatchObject({
      action: 'token.created',
      who: 'admin',
      subject: 'user:ana',
    });
  });

  it('end at a revocation, a role change, a deactivation and a new password, as sessions do', async () => {
    const one = await office.createToken('ana', 'um', 'admin', T0);
    const two = await office.createToken('ana', 'dois', 'admin', T0);
    expect((await office.revokeToken('ana', one.info.id, 'admin', at(MIN))).revokedAt).toBe(
      at(MIN).toISOString(),
    );
    expect(await office.token(one.token)).toBeNull();
    expect((await office.token(two.token))?.user.login).toBe('ana');
    // Revoking again changes nothing; another person's number is not found.
    expect((await office.revokeToken('ana', one.info.id, 'admin', at(2 * MIN))).revokedAt).toBe(
      at(MIN).toISOString(),
    );
    await expect(office.revokeToken('admin', two.info.id, 'admin')).rejects.toThrow(
      expect.objectContaining({ code: 'users.token_not_found' }),
    );

    await office.update('ana', { name: 'Ana Souza' }, 'admin');
    expect(await office.token(two.token)).not.toBeNull();
    await office.update('ana', { role: 'supervisor' }, 'admin');
    expect(await office.token(two.token)).toBeNull();

    const three = await office.createToken('ana', 'três', 'admin');
    await office.update('ana', { active: false }, 'admin');
    expect(await office.token(three.token)).toBeNull();
    await expect(office.createToken('ana', 'x', 'admin')).rejects.toThrow(
      expect.objectContaining({ code: 'users.token_inactive' }),
    );
    await office.update('ana', { active: true }, 'admin');
    expect(await office.token(three.token)).toBeNull();

    const four = await office.createToken('ana', 'quatro', 'admin');
    await office.setPassword('ana', 'outra-senha-da-ana-1', 'admin');
    expect(await office.token(four.token)).toBeNull();
    const five = await office.createToken('ana', 'cinco', 'admin');
    await office.changePassword('ana', 'outra-senha-da-ana-1', 'mais-uma-senha-da-ana', at(MIN));
    expect(await office.token(five.token)).toBeNull();
    expect((await office.tokens('ana')).every((x) => x.revokedAt !== null)).toBe(true);
    expect(
      (await office.auditLog()).filter((e) => e.action === 'token.revoked_all').map((e) => e.after),
    ).toEqual([
      { count: 1, because: 'password' },
      { count: 1, because: 'password' },
      { count: 1, because: 'deactivated' },
      { count: 1, because: 'role' },
    ]);
  });

  it('slow an address after wrong tokens as failed logins do, then even a good one waits', async () => {
    const good = (await office.createToken('ana', 'boa', 'admin', T0)).token;
    const from = { ip: '10.0.0.9' };
    for (let i = 0; i < 20; i++)
      expect(await office.bearer(`quita_${String(i).padStart(43, 'z')}`, from, T0)).toEqual({
        ok: false,
        code: 'token.wrong',
      });
    const held = await office.bearer(good, from, T0);
    expect(held).toMatchObject({ ok: false, code: 'token.throttled' });
    expect(held.ok ? 0 : held.retryAfterMs).toBe(1000);
    // Another address is not slowed; this one is free again once the wait is over.
    expect(await office.bearer(good, { ip: '10.0.0.10' }, T0)).toMatchObject({ ok: true });
    expect(await office.bearer(good, from, at(1000))).toMatchObject({ ok: true, user: { login: 'ana' } });
  });

  it('refuse a name on several lines or too long', async () => {
    for (const name of ['a\nb', 'x'.repeat(81)])
      await expect(office.createToken('ana', name, 'admin')).rejects.toThrow(
        expect.objectContaining({ code: 'users.bad_token_name' }),
      );
    expect((await office.createToken('ana', undefined, 'admin')).info.name).toBe('');
  });
});
