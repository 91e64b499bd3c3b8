import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { openOffice } from '../../src/core/users/office';
import { createTestDatabase } from '../../src/core/store/testing-pg';
import { signIn, spawnServer } from '../helpers/office-server';
import { tempDir } from '../helpers/tmp';

/**
 * [W] The office's IT points the logins at PostgreSQL (docs/server.md, "The office's users in PostgreSQL"): `quita
 * usuarios --banco` creates the first administrator in the quita_office schema, `quita server` started with
 * QUITA_DATABASE_URL signs her in from there (no office.sqlite in the folder), and neither prints the password the
 * address holds. The test cluster trusts its user, so a password in the address is carried and never checked.
 */
const SECRET = 's3gredo-do-banco';
const FIRST = 'primeira-senha-da-maria';
let t: { dir: string; cleanup: () => void };
let dataDir = '';
let url = '';
let drop = async () => {};
let env: Record<string, string> = {};

beforeAll(async () => {
  t = tempDir('quita-users-pg-');
  dataDir = join(t.dir, 'data');
  const db = await createTestDatabase();
  drop = db.drop;
  const u = new URL(db.url);
  u.password = SECRET;
  url = u.toString();
  env = { QUITA_KEY_FILE: join(t.dir, 'keys', 'master.key') };
});
afterAll(async () => {
  await drop();
  t.cleanup();
});

async function quita(args: string[], extraEnv: Record<string, string> = {}, stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['--data-dir', dataDir, ...args], {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    env: { ...env, ...extraEnv },
    readStdin: async () => stdin,
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('the office users in PostgreSQL, from the command line', () => {
  it('quita usuarios --banco adds and lists users there, and QUITA_DATABASE_URL does the same', async () => {
    const added = await quita(
      ['usuarios', 'adicionar', 'Maria', '--nome', 'Maria Souza', '--papel', 'administrador', '--banco', url],
      {},
      `${FIRST}\n`,
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('maria');
    const listed = await quita(['usuarios', 'listar'], { QUITA_DATABASE_URL: url });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Maria Souza');
    // Without the address, the folder's own office.sqlite: empty, and not where she is.
    expect((await quita(['usuarios', 'listar', '--json'])).stdout).toContain('[]');
    const office = await openOffice({ url });
    try {
      expect(await office.user('MARIA')).toMatchObject({ role: 'administrador', active: true });
    } finally {
      await office.close();
    }
    const wrong = await quita(['usuarios', 'listar', '--banco', 'mysql://x:y@z/w']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('postgres://');
    for (const r of [added, listed, wrong]) expect(r.stdout + r.stderr).not.toContain(SECRET);
  }, 60_000);

  it('quita server signs people in from the quita_office schema and prints only host, port and database', async () => {
    const folder = join(t.dir, 'server');
    const server = await spawnServer(folder, { ...process.env, ...env, QUITA_DATABASE_URL: url });
    try {
      const shown = new URL(url);
      expect(server.output()).toContain(
        `Usuários do escritório: PostgreSQL ${shown.hostname}:${shown.port}${shown.pathname}, esquema quita_office.`,
      );
      expect(server.output()).toContain('1 usuário cadastrado.');
      const ca = readFileSync(join(folder, 'server-tls', 'server-cert.pem'), 'utf8');
      const maria = await signIn(server, ca, 'maria', FIRST);
      const me = await maria.command<{ login: string; role: string }>('users.me', {});
      expect(me).toMatchObject({ ok: true, value: { login: 'maria', role: 'administrador' } });
      maria.close();
      expect(existsSync(join(folder, 'office.sqlite'))).toBe(false);
    } finally {
      await server.stop();
    }
    expect(server.output()).not.toContain(SECRET);
    const log = join(folder, 'logs', 'quita.log');
    expect(existsSync(log) ? readFileSync(log, 'utf8') : '').not.toContain(SECRET);
  }, 120_000);
});
