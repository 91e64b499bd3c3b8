/**
 * [W] `quita usuarios mover --banco postgres://…`: an office that began with its users in the server folder's
 * office.sqlite moves them into its PostgreSQL database, as they are — passwords (hashes), tokens, roles, who is
 * deactivated, and the history of changes. Sessions are not moved (everyone logs in again). Refused with nothing
 * written when the database already has users or a `quita server` runs on it; the CLI says so in Portuguese and
 * never prints the database's address. A real office.sqlite, a real PostgreSQL (scripts/pg-cluster.mjs).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { markServerRunning } from '../../src/core/store/server-running';
import { createTestDatabase } from '../../src/core/store/testing-pg';
import { officeFile, openOffice, type OfficePlace } from '../../src/core/users/office';
import { OFFICE_PG_SCHEMA } from '../../src/core/users/users.repo';
import { codes, englishWords } from '../helpers/clerk-text';
import { tempDir } from '../helpers/tmp';

const pgDescribe = process.env.QUITA_TEST_PG_URL ? describe : describe.skip;

const MARIA = 'senha-longa-da-maria-1';
const JOAO = 'senha-longa-do-joao-1';

let t: { dir: string; cleanup: () => void };
let db: { url: string; drop: () => Promise<void> } | undefined;

async function quita(dataDir: string, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['--data-dir', dataDir, ...args], {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    env: { QUITA_KEY_FILE: join(t.dir, 'keys', 'master.key') },
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

async function withOffice<T>(
  place: OfficePlace,
  fn: (o: Awaited<ReturnType<typeof openOffice>>) => Promise<T>,
) {
  const office = await openOffice(place);
  try {
    return await fn(office);
  } finally {
    await office.close();
  }
}

pgDescribe('quita usuarios mover: the office’s users from office.sqlite into PostgreSQL', () => {
  beforeAll(async () => {
    t = tempDir('quita-users-move-');
    db = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
    t?.cleanup();
  });

  it('moves users, passwords, tokens and history as they are; sessions stay behind; the old file is kept apart', async () => {
    const dir = join(t.dir, 'server');
    const file = { file: officeFile(dir) };
    // The office as it was kept on SQLite: an administrator with a token and an open session, a clerk promoted and
    // then deactivated (four entries of history).
    const before = await withOffice(file, async (o) => {
      await o.addUser({ login: 'maria', name: 'Maria Souza', role: 'administrador', password: MARIA }, 'ti');
      await o.addUser({ login: 'joao', name: 'João Lima', role: 'conferente', password: JOAO }, 'ti');
      await o.update('joao', { role: 'supervisor' }, 'maria');
      const token = (await o.createToken('maria', 'rotina do caixa', 'maria')).token;
      const login = await o.login('maria', MARIA, { ip: '127.0.0.1' });
      if (!login.ok) throw new Error('maria could not log in');
      await o.update('joao', { active: false }, 'maria');
      return { users: await o.list(), audit: await o.auditLog(), token, session: login.sessionId };
    });

    // Without a database's address: said, nothing done.
    const bare = await quita(dir, ['usuarios', 'mover']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('Diga para qual banco levar os usuários');
    expect(existsSync(officeFile(dir))).toBe(true);

    const r = await quita(dir, ['usuarios', 'mover', '--banco', db!.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^Usuários do escritório levados para o PostgreSQL .+: 2 usuários, 1 token e 5 registros do histórico\./,
    );
    expect(r.stdout).not.toContain(db!.url);
    // The database is named by its server (host:port/name) and the old file by its path, names the office chose and
    // the operator needs: the rest is Portuguese, with no code.
    expect(r.stdout).toContain(`ficou guardado como ${join(dir, 'office.sqlite.levado-para-postgresql')}.`);
    const words = r.stdout
      .replace(/PostgreSQL \S+:/, 'PostgreSQL:')
      .replace(/como \S+\. /, 'como o arquivo. ');
    expect([...englishWords(words), ...codes(words)]).toEqual([]);

    // The folder's file is kept under another name: nothing reads its users by mistake.
    expect(existsSync(officeFile(dir))).toBe(false);
    expect(readdirSync(dir)).toContain('office.sqlite.levado-para-postgresql');

    await withOffice({ url: db!.url }, async (o) => {
      expect(await o.list()).toEqual(before.users);
      // The history as it was, and the move on top.
      const audit = await o.auditLog();
      expect(audit[0]).toMatchObject({
        action: 'office.moved_to_database',
        after: { users: 2, tokens: 1, auditEntries: 5 },
      });
      expect(audit.slice(1)).toEqual(before.audit);
      // The same passwords; a deactivated user stays out; the script's token still works; the session does not.
      expect((await o.login('maria', MARIA, { ip: '127.0.0.1' })).ok).toBe(true);
      expect(await o.login('joao', JOAO, { ip: '127.0.0.1' })).toMatchObject({
        ok: false,
        code: 'login.inactive',
      });
      expect((await o.token(before.token))?.user.login).toBe('maria');
      expect(await o.session(before.session)).toBeNull();
      // New rows get new ids after the moved ones.
      const ana = await o.addUser(
        { login: 'ana', name: 'Ana', role: 'conferente', password: 'senha-longa-da-ana' },
        't',
      );
      expect(ana.id).toBeGreaterThan(Math.max(...before.users.map((u) => u.id)));
    });
  }, 120_000);

  it('is refused, with nothing written, when the database already has users or a server runs on it', async () => {
    // Another folder's office.sqlite, into the database that now has maria, joão and ana.
    const dir = join(t.dir, 'other');
    await withOffice({ file: officeFile(dir) }, (o) =>
      o.addUser({ login: 'bia', name: 'Bia', role: 'administrador', password: 'senha-longa-da-bia' }, 'ti'),
    );
    const full = await quita(dir, ['usuarios', 'mover', '--banco', db!.url]);
    expect(full.code).toBe(1);
    expect(full.stderr).toMatch(/já tem 3 usuários: nada foi levado/);
    expect(full.stderr).not.toContain(db!.url);
    expect(existsSync(officeFile(dir))).toBe(true);
    await withOffice({ url: db!.url }, async (o) =>
      expect((await o.list()).map((u) => u.login)).not.toContain('bia'),
    );

    // A server running on the office's database (its running mark): refused before anything is read.
    const empty = await createTestDatabase();
    const mark = await markServerRunning(empty.url, () => undefined);
    try {
      const running = await quita(dir, ['usuarios', 'mover', '--banco', empty.url]);
      expect(running.code).toBe(1);
      expect(running.stderr).toContain('O quita server está rodando');
      expect(existsSync(officeFile(dir))).toBe(true);
    } finally {
      await mark.release();
    }
    // Once it stopped, the same move goes through.
    expect((await quita(dir, ['usuarios', 'mover', '--banco', empty.url])).code).toBe(0);
    await withOffice({ url: empty.url }, async (o) =>
      expect((await o.list()).map((u) => u.login)).toEqual(['bia']),
    );
    await empty.drop();
  }, 120_000);

  it('a copy that reads back differently is taken out again, and office.sqlite stays as it was', async () => {
    // A database that does not store what it is given: a trigger someone left on the users' table rewrites each
    // name as it is inserted (here upper-cased). The insert succeeds; only reading the copy back shows it.
    const dir = join(t.dir, 'third');
    await withOffice({ file: officeFile(dir) }, async (o) => {
      await o.addUser({ login: 'caio', name: 'Caio Prado', role: 'administrador', password: MARIA }, 'ti');
      await o.addUser({ login: 'duda', name: 'Duda Reis', role: 'conferente', password: JOAO }, 'caio');
    });
    const lying = await createTestDatabase();
    try {
      // The office's schema, made as a server makes it at first use.
      await withOffice({ url: lying.url }, async (o) => expect(await o.list()).toEqual([]));
      const client = new pg.Client({ connectionString: lying.url });
      await client.connect();
      try {
        await client.query(`CREATE FUNCTION ${OFFICE_PG_SCHEMA}.shout() RETURNS trigger AS $$
          BEGIN NEW.name := upper(NEW.name); RETURN NEW; END $$ LANGUAGE plpgsql`);
        await client.query(`CREATE TRIGGER shout BEFORE INSERT ON ${OFFICE_PG_SCHEMA}.users
          FOR EACH ROW EXECUTE FUNCTION ${OFFICE_PG_SCHEMA}.shout()`);

        const moved = await quita(dir, ['usuarios', 'mover', '--banco', lying.url]);
        expect(moved.code).toBe(1);
        expect(moved.stderr).toContain('A cópia lida de volta do banco não conferiu (users)');
        expect(moved.stderr).toContain('o office.sqlite continua como estava');
        expect(moved.stderr).not.toContain(lying.url);
        expect(englishWords(moved.stderr)).toEqual([]);
        // The file is named as the operator knows it; the rest is Portuguese, with no code.
        expect(codes(moved.stderr, ['office.sqlite'])).toEqual([]);
        // Nothing of the copy is left in the database; the file is where it was, with its users.
        for (const table of ['users', 'api_tokens', 'office_audit', 'sessions']) {
          const { rows } = await client.query<{ n: string }>(
            `SELECT count(*) AS n FROM ${OFFICE_PG_SCHEMA}.${table}`,
          );
          expect(Number(rows[0]!.n), table).toBe(0);
        }
        expect(readdirSync(dir).filter((f) => f.includes('levado-para-postgresql'))).toEqual([]);
        await withOffice({ file: officeFile(dir) }, async (o) =>
          expect((await o.list()).map((u) => [u.login, u.name])).toEqual([
            ['caio', 'Caio Prado'],
            ['duda', 'Duda Reis'],
          ]),
        );

        // The trigger taken away, the same move goes through.
        await client.query(`DROP TRIGGER shout ON ${OFFICE_PG_SCHEMA}.users`);
        expect((await quita(dir, ['usuarios', 'mover', '--banco', lying.url])).code).toBe(0);
      } finally {
        await client.end();
      }
      await withOffice({ url: lying.url }, async (o) =>
        expect((await o.list()).map((u) => [u.login, u.name])).toEqual([
          ['caio', 'Caio Prado'],
          ['duda', 'Duda Reis'],
        ]),
      );
    } finally {
      await lying.drop();
    }
  }, 120_000);
});
