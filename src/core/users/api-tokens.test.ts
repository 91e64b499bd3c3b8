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
  office = openOffice(file);
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
afterEach(() => {
  office.close();
  t.cleanup();
});

describe('personal API tokens', () => {
  it('are shown once, stored only as a hash, listed without the token, and touched when used', () => {
    const made = office.createToken('ana', '  rotina do caixa ', 'admin', T0);
    expect(made.token).toMatch(/^quita_[A-Za-z0-9_-]{43}$/);
    expect(made.info).toEqual({
      id: 1,
      name: 'rotina do caixa',
      createdAt: T0.toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(office.token(made.token, at(MIN))?.user.login).toBe('ana');
    expect(office.tokens('ana')).toEqual([{ ...made.info, lastUsedAt: at(MIN).toISOString() }]);
    expect(office.token(`${made.token.slice(0, -1)}x`)).toBeNull();
    expect(office.token('')).toBeNull();

    const raw = new Database(file, { readonly: true });
    const rows = raw.prepare('SELECT * FROM api_tokens').all() as { token_hash: string }[];
    raw.close();
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file).toString('latin1')).not.toContain(made.token);
    expect(JSON.stringify(office.auditLog())).not.toContain(made.token);
    expect(office.auditLog()[0]).toMatchObject({
      action: 'token.created',
      who: 'admin',
      subject: 'user:ana',
    });
  });

  it('end at a revocation, a role change, a deactivation and a new password, as sessions do', async () => {
    const one = office.createToken('ana', 'um', 'admin', T0);
    const two = office.createToken('ana', 'dois', 'admin', T0);
    expect(office.revokeToken('ana', one.info.id, 'admin', at(MIN)).revokedAt).toBe(at(MIN).toISOString());
    expect(office.token(one.token)).toBeNull();
    expect(office.token(two.token)?.user.login).toBe('ana');
    // Revoking again changes nothing; another person's number is not found.
    expect(office.revokeToken('ana', one.info.id, 'admin', at(2 * MIN)).revokedAt).toBe(
      at(MIN).toISOString(),
    );
    expect(() => office.revokeToken('admin', two.info.id, 'admin')).toThrow(
      expect.objectContaining({ code: 'users.token_not_found' }),
    );

    office.update('ana', { name: 'Ana Souza' }, 'admin');
    expect(office.token(two.token)).not.toBeNull();
    office.update('ana', { role: 'supervisor' }, 'admin');
    expect(office.token(two.token)).toBeNull();

    const three = office.createToken('ana', 'três', 'admin');
    office.update('ana', { active: false }, 'admin');
    expect(office.token(three.token)).toBeNull();
    expect(() => office.createToken('ana', 'x', 'admin')).toThrow(
      expect.objectContaining({ code: 'users.token_inactive' }),
    );
    office.update('ana', { active: true }, 'admin');
    expect(office.token(three.token)).toBeNull();

    const four = office.createToken('ana', 'quatro', 'admin');
    await office.setPassword('ana', 'outra-senha-da-ana-1', 'admin');
    expect(office.token(four.token)).toBeNull();
    const five = office.createToken('ana', 'cinco', 'admin');
    await office.changePassword('ana', 'outra-senha-da-ana-1', 'mais-uma-senha-da-ana', at(MIN));
    expect(office.token(five.token)).toBeNull();
    expect(office.tokens('ana').every((x) => x.revokedAt !== null)).toBe(true);
    expect(
      office
        .auditLog()
        .filter((e) => e.action === 'token.revoked_all')
        .map((e) => e.after),
    ).toEqual([
      { count: 1, because: 'password' },
      { count: 1, because: 'password' },
      { count: 1, because: 'deactivated' },
      { count: 1, because: 'role' },
    ]);
  });

  it('slow an address after wrong tokens as failed logins do, then even a good one waits', () => {
    const good = office.createToken('ana', 'boa', 'admin', T0).token;
    const from = { ip: '10.0.0.9' };
    for (let i = 0; i < 20; i++)
      expect(office.bearer(`quita_${String(i).padStart(43, 'z')}`, from, T0)).toEqual({
        ok: false,
        code: 'token.wrong',
      });
    const held = office.bearer(good, from, T0);
    expect(held).toMatchObject({ ok: false, code: 'token.throttled' });
    expect(held.ok ? 0 : held.retryAfterMs).toBe(1000);
    // Another address is not slowed; this one is free again once the wait is over.
    expect(office.bearer(good, { ip: '10.0.0.10' }, T0)).toMatchObject({ ok: true });
    expect(office.bearer(good, from, at(1000))).toMatchObject({ ok: true, user: { login: 'ana' } });
  });

  it('refuse a name on several lines or too long', () => {
    for (const name of ['a\nb', 'x'.repeat(81)])
      expect(() => office.createToken('ana', name, 'admin')).toThrow(
        expect.objectContaining({ code: 'users.bad_token_name' }),
      );
    expect(office.createToken('ana', undefined, 'admin').info.name).toBe('');
  });
});
