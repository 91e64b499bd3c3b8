import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { verifyAnchored } from '../../src/core/audit/audit-anchor.store';
import { verifyAudit } from '../../src/core/audit/audit.store';
import { keyBinding } from '../../src/core/connection/key-binding';
import { inOfficeDatabaseFile } from '../../src/core/db/profile-dbs';
import { sourceTables, tableCounts, tableDigests } from '../../src/core/migrate-server/migrate-server.repo';
import { pgTableDigests } from '../../src/core/migrate-server/pg-copy.store';
import { type MigrationDestination } from '../../src/core/migrate-server/destination';
import { migrateToServer } from '../../src/core/migrate-server/migrate-server';
import { pgDestination, pgServerName } from '../../src/core/migrate-server/pg-destination';
import { fileSecretStore } from '../../src/core/secrets/file-secret-store';
import { openConfStore } from '../../src/core/settings/conf-store';
import { createSettingsService } from '../../src/core/settings/settings.service';
import { branchSchema, openPgStore } from '../../src/core/store/pg-store';
import type { Store } from '../../src/core/store/store';
import { applyPgSchema } from '../../src/core/store/pg-schema';
import { createTestDatabase } from '../../src/core/store/testing-pg';
import { openOffice } from '../../src/core/users/office';
import { codes, englishWords } from '../helpers/clerk-text';
import { tempDir } from '../helpers/tmp';

/**
 * [W] issue 34, must-show 4 on PostgreSQL: `quita migrate-to-server --banco postgres://…`. The demo branch is
 * worked on a desk as in migrate-to-server.test.ts (started, synced, the sample statement imported, matched, the
 * greens approved, sent), then moved into its own schema of an office's PostgreSQL database through the real CLI,
 * with the settings entry, the key and the anchor in the server's data folder. Then, read on PostgreSQL: every
 * table's count and rows equal to the desk's, the audit log equal and verifying against the server's anchor, and
 * identity sequences past the copied ids. Then each refusal, and a copy that does not check out undone. Each test
 * has its own database on the throwaway cluster (QUITA_TEST_PG_URL).
 */
let t: { dir: string; cleanup: () => void };
let desk = '';
let deskKey = '';
let serverKey = '';
const databases: { url: string; drop: () => Promise<void> }[] = [];
const SCHEMA = branchSchema('demo');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function quita(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['--data-dir', dataDir, ...args], {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    env: { QUITA_KEY_FILE: deskKey, ...env },
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const ok = async (dataDir: string, args: string[]) => {
  const r = await quita(dataDir, args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
};

const deskDb = (dir: string) => join(dir, 'profiles', 'demo', 'quita.db');
function onDesk<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(deskDb(desk), { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** A fresh office server's data folder: its users' database with its first administrator, as IT makes it. */
async function serverFolder(name: string): Promise<string> {
  const dir = join(t.dir, name);
  mkdirSync(dir, { recursive: true });
  const office = await openOffice({ file: join(dir, 'office.sqlite') });
  await office.addUser(
    { login: 'caio', name: 'Caio Martins', role: 'administrador', password: 'senha-longa-do-caio-1' },
    'test',
  );
  await office.close();
  return dir;
}

/** A new database of the throwaway cluster, dropped after the file's tests. */
async function database(): Promise<string> {
  const d = await createTestDatabase();
  databases.push(d);
  return d.url;
}

/** The URL with a user and password in it, as an office's would be (the cluster trusts, so any password works). */
function withPassword(url: string, password: string, user = 'quita'): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const schemas = (url: string) =>
  admin(url, async (c) =>
    (
      await c.query<{ nspname: string }>(
        "select nspname from pg_namespace where nspname like 'quita\\_%' order by 1",
      )
    ).rows.map((r) => r.nspname),
  );

beforeAll(async () => {
  t = tempDir('quita-migrate-pg-');
  desk = join(t.dir, 'desk');
  deskKey = join(t.dir, 'desk-keys', 'master.key');
  serverKey = join(t.dir, 'server-keys', 'master.key');
  await ok(desk, ['demo', 'start']);
  await ok(desk, ['sync']);
  const st = JSON.parse((await ok(desk, ['demo', 'statement', '--json'])).stdout) as {
    path: string;
    bankAccountId: number;
  };
  await ok(desk, ['import', st.path, '--bank-account', String(st.bankAccountId)]);
  await ok(desk, ['match']);
  await ok(desk, ['approve', '--green']);
  await ok(desk, ['send']);
}, 180_000);

afterAll(async () => {
  for (const d of databases) await d.drop();
  t?.cleanup();
});

describe('quita migrate-to-server into PostgreSQL', () => {
  it('moves the demo branch into its schema: every table equal, the audit log verified, the anchor too', async () => {
    const url = await database();
    const server = await serverFolder('server');
    const countsBefore = onDesk(tableCounts);
    const digestsBefore = onDesk(tableDigests);
    const tables = onDesk(sourceTables);
    const deskAudit = onDesk((db) =>
      db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC').get(),
    ) as {
      seq: number;
      hash: string;
    };
    expect(countsBefore.receivables).toBeGreaterThan(0);
    expect(countsBefore.matches).toBeGreaterThan(0);
    expect(countsBefore.outbox_items).toBeGreaterThan(0);

    const secret = 'senha-do-banco-9f3';
    const r = await quita(desk, [
      'migrate-to-server',
      '--destino',
      server,
      '--chave-destino',
      serverKey,
      '--banco',
      withPassword(url, secret),
    ]);
    expect(r.code, r.stderr).toBe(0);
    const where = pgServerName(url)!;
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(
      `Filial "Filial de demonstração" (demo) levada para o servidor em ${server} e conferida.`,
    );
    expect(lines[1]).toBe(`Dados da filial: banco PostgreSQL em ${where}, esquema ${SCHEMA}.`);
    const rows = Object.values(countsBefore).reduce((a, b) => a + b, 0);
    expect(lines[2]).toBe(
      `Tabelas: ${Object.keys(countsBefore).length}, ${rows.toLocaleString('pt-BR')} linhas copiadas, iguais aqui e no banco (contagem e conteúdo de cada tabela).`,
    );
    expect(lines[3]).toBe(
      `Auditoria: ${deskAudit.seq.toLocaleString('pt-BR')} registros, verificada aqui e no banco, com o mesmo último registro.`,
    );
    expect(r.stdout).toContain('Âncora da auditoria: confere no servidor.');
    expect(r.stdout).not.toContain(secret);
    expect([...englishWords(r.stdout, [server, where]), ...codes(r.stdout, [server, where, SCHEMA])]).toEqual(
      [],
    );
    console.log(`[summary for the demo branch]\n${r.stdout}`);

    const store = openPgStore(url, { schema: SCHEMA });
    try {
      await checkMoved(store, url, { countsBefore, digestsBefore, tables, deskAudit });
    } finally {
      await store.close();
    }

    // The folder got the settings entry and the key, sealed by the server's key file, never in clear; no SQLite
    // copy of the branch's data, only the note of where it went (server and schema, never the password), which keeps
    // anything but a server on that database from starting an empty file there.
    expect(createSettingsService(openConfStore(server)).profile('demo')?.name).toBe('Filial de demonstração');
    expect(existsSync(join(server, 'profiles', 'demo', 'quita.db'))).toBe(false);
    const note = readFileSync(inOfficeDatabaseFile(server, 'demo'), 'utf8');
    expect(JSON.parse(note)).toEqual({ server: where, schema: SCHEMA });
    expect(note).not.toContain(secret);
    const profile = createSettingsService(openConfStore(desk)).profile('demo')!;
    const key = fileSecretStore({ file: join(desk, 'secrets.local.json'), keyFile: deskKey }).get(
      'profile:demo',
      keyBinding(profile),
    )!;
    const serverSecrets = fileSecretStore({ file: join(server, 'secrets.local.json'), keyFile: serverKey });
    expect(serverSecrets.get('profile:demo', keyBinding(profile))).toBe(key);
    expect(readFileSync(join(server, 'secrets.local.json'), 'utf8')).not.toContain(key);
    expect(readFileSync(join(server, 'secrets.local.json'), 'utf8')).not.toContain(secret);
    expect(readFileSync(join(server, 'settings.json'), 'utf8')).not.toContain(secret);
    // The desk's log notes the move, naming the folder; never the database's password.
    const last = onDesk(
      (db) =>
        db.prepare('SELECT action, after_json FROM audit_log ORDER BY seq DESC').get() as {
          action: string;
          after_json: string;
        },
    );
    expect(last.action).toBe('profile.moved_to_server');
    expect(last.after_json).not.toContain(secret);
  }, 120_000);

  it('refuses an address that is not postgres:// and a database it cannot get into, never showing the password', async () => {
    const server = await serverFolder('server-refusals');
    const secret = 'segredo-7c1';
    const move = (args: string[], env: Record<string, string> = {}) =>
      quita(desk, ['migrate-to-server', '--destino', server, '--chave-destino', serverKey, ...args], env);
    const notUrl =
      'quita: O endereço do banco do escritório não é um endereço postgres:// válido: confira --banco ou QUITA_DATABASE_URL.';
    for (const bad of [`mysql://quita:${secret}@127.0.0.1/escritorio`, `postgres://quita:${secret}@[nada`]) {
      const r = await move(['--banco', bad]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(notUrl);
    }

    // A database that is not there (as a wrong password or a server that is down: no way in).
    const missing = new URL(await database());
    missing.pathname = '/quita_nao_existe';
    const unreachable = withPassword(missing.toString(), secret);
    const noWayIn = `quita: Não foi possível entrar no banco do escritório em ${pgServerName(unreachable)}: confira se o PostgreSQL está no ar, o endereço, o usuário e a senha (--banco ou QUITA_DATABASE_URL); nada foi copiado.`;
    const r = await move(['--banco', unreachable]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(noWayIn);
    expect(pgServerName(unreachable)).toMatch(/^127\.0\.0\.1:\d+\/quita_nao_existe$/);

    // Something answering on the port that is not a PostgreSQL taking this login (it hangs up at once).
    const hangUp = createServer((socket) => socket.destroy());
    await new Promise<void>((done) => hangUp.listen(0, '127.0.0.1', done));
    try {
      const port = (hangUp.address() as AddressInfo).port;
      const down = `postgres://quita:${secret}@127.0.0.1:${port}/escritorio`;
      const r2 = await move(['--banco', down]);
      expect(r2.code).toBe(1);
      expect(r2.stderr).toBe(
        `quita: Não foi possível entrar no banco do escritório em 127.0.0.1:${port}/escritorio: confira se o PostgreSQL está no ar, o endereço, o usuário e a senha (--banco ou QUITA_DATABASE_URL); nada foi copiado.`,
      );
    } finally {
      await new Promise((done) => hangUp.close(done));
    }

    // QUITA_DATABASE_URL is read when --banco is not given; --banco wins over it.
    expect((await move([], { QUITA_DATABASE_URL: unreachable })).stderr).toBe(noWayIn);
    expect((await move(['--banco', unreachable], { QUITA_DATABASE_URL: 'mysql://x' })).stderr).toBe(noWayIn);
    expect((await move([], { QUITA_DATABASE_URL: `mysql://quita:${secret}@h/x` })).stderr).toBe(notUrl);

    // Nothing was written to the folder, and the password was never printed.
    expect(existsSync(join(server, 'settings.json'))).toBe(false);
    expect(existsSync(join(server, 'secrets.local.json'))).toBe(false);
  }, 60_000);

  it('refuses a database user that may not create the branch schema', async () => {
    const url = await database();
    const server = await serverFolder('server-rights');
    const role = `quita_fraco_${Math.random().toString(36).slice(2, 10)}`;
    await admin(url, (c) => c.query(`create role ${role} login`));
    try {
      const r = await quita(desk, [
        'migrate-to-server',
        '--destino',
        server,
        '--chave-destino',
        serverKey,
        '--banco',
        withPassword(url, 'senha-do-fraco', role),
      ]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `quita: O usuário do banco do escritório em ${pgServerName(url)} não tem permissão para criar o esquema ${SCHEMA}: peça ao responsável pelo banco a permissão de criar esquemas nele; nada foi copiado.`,
      );
      expect(await schemas(url)).toEqual([]);
      expect(existsSync(join(server, 'settings.json'))).toBe(false);
    } finally {
      await admin(url, (c) => c.query(`drop role ${role}`));
    }
  }, 60_000);

  it('never overwrites a branch whose schema is already there with data', async () => {
    const url = await database();
    const first = await serverFolder('server-first');
    const args = (dir: string) => ['migrate-to-server', '--destino', dir, '--chave-destino', serverKey];
    expect((await quita(desk, [...args(first), '--banco', url])).code).toBe(0);
    const store = openPgStore(url, { schema: SCHEMA });
    try {
      const tables = onDesk(sourceTables);
      const before = await pgTableDigests(store, tables);
      const second = await serverFolder('server-second');
      const r = await quita(desk, [...args(second), '--banco', url]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `quita: A filial demo já está no banco do escritório em ${pgServerName(url)} (esquema ${SCHEMA}, com dados): nada foi copiado nem substituído.`,
      );
      expect(await pgTableDigests(store, tables)).toEqual(before);
      expect(existsSync(join(second, 'settings.json'))).toBe(false);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('leaves alone the rows another run put in the schema after the check, and says the branch is there', async () => {
    const url = await database();
    const server = await serverFolder('server-race');
    await admin(url, (c) => c.query(`create schema ${SCHEMA}`));
    const pre = openPgStore(url, { schema: SCHEMA });
    await applyPgSchema(pre);
    await pre.close();
    const real = pgDestination({ dir: server, keyFile: serverKey, url });
    // Another run of the same move fills the schema between this run's check and its copy.
    const raced: MigrationDestination = {
      ...real,
      async refusal(profileId) {
        const r = await real.refusal(profileId);
        await admin(url, (c) =>
          c.query(
            `insert into ${SCHEMA}.aliases (payer_key, member_id, learned_at) values ('outra', 1, 'x')`,
          ),
        );
        return r;
      },
    };
    await expect(
      migrateToServer({
        sourceDir: desk,
        destDir: server,
        env: { QUITA_KEY_FILE: deskKey },
        destination: raced,
      }),
    ).rejects.toMatchObject({ code: 'migrate.schema_exists' });
    expect(await schemas(url)).toEqual([SCHEMA]);
    const left = await admin(url, (c) =>
      c.query<{ payer_key: string }>(`select payer_key from ${SCHEMA}.aliases`),
    );
    expect(left.rows).toEqual([{ payer_key: 'outra' }]);
    expect(createSettingsService(openConfStore(server)).profile('demo')).toBeUndefined();
  }, 120_000);

  it('undoes a copy whose rows do not check out, and says what differed', async () => {
    const url = await database();
    const server = await serverFolder('server-lossy');
    const deskEntries = onDesk(tableCounts).audit_log!;
    // The branch's schema made beforehand, empty (allowed: it holds no data), with a trigger that changes one
    // receivable's amount on its way in: the same rows, one value different.
    const first = onDesk((db) => db.prepare('SELECT MIN(id) AS id FROM receivables').get() as { id: number });
    await admin(url, async (c) => {
      await c.query(`create schema ${SCHEMA}`);
    });
    const pre = openPgStore(url, { schema: SCHEMA });
    await applyPgSchema(pre);
    await pre.close();
    await admin(url, (c) =>
      c.query(`
        create function ${SCHEMA}.lossy() returns trigger language plpgsql as $$
        begin
          if new.id = ${first.id} then new.amount_cents := new.amount_cents + 1; end if;
          return new;
        end $$;
        create trigger lossy before insert on ${SCHEMA}.receivables for each row execute function ${SCHEMA}.lossy();`),
    );

    const r = await quita(desk, [
      'migrate-to-server',
      '--destino',
      server,
      '--chave-destino',
      serverKey,
      '--banco',
      url,
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      'A cópia da filial "Filial de demonstração" (demo) não conferiu, então foi apagada do servidor e nada mudou lá. O que diferiu:',
      '  tabela receivables: o mesmo número de linhas, mas o conteúdo chegou diferente no servidor',
    ]);
    // Nothing half-moved: no schema, no settings entry, no key, no anchor; the desk's log as it was.
    expect(await schemas(url)).toEqual([]);
    expect(createSettingsService(openConfStore(server)).profile('demo')).toBeUndefined();
    const serverSecrets = fileSecretStore({ file: join(server, 'secrets.local.json'), keyFile: serverKey });
    expect(serverSecrets.get('audit-anchor:demo')).toBeNull();
    expect(
      serverSecrets.get(
        'profile:demo',
        keyBinding(createSettingsService(openConfStore(desk)).profile('demo')!),
      ),
    ).toBeNull();
    expect(existsSync(join(server, 'demo', 'sandbox.json'))).toBe(false);
    expect(onDesk(tableCounts).audit_log).toBe(deskEntries);
  }, 120_000);

  async function checkMoved(
    store: Store,
    url: string,
    before: {
      countsBefore: Record<string, number>;
      digestsBefore: Record<string, string>;
      tables: ReturnType<typeof sourceTables>;
      deskAudit: { seq: number; hash: string };
    },
  ) {
    const serverSecrets = fileSecretStore({
      file: join(t.dir, 'server', 'secrets.local.json'),
      keyFile: serverKey,
    });
    // Counts and rows: every table as on the desk, but the audit log's one entry (profile.migrated) and the
    // anchor copy sealed by the server's key.
    const digests = await pgTableDigests(store, before.tables);
    const changed = ['audit_log', 'audit_anchor_copies'];
    for (const table of Object.keys(before.digestsBefore).filter((x) => !changed.includes(x)))
      expect(digests[table], table).toBe(before.digestsBefore[table]);
    expect(Object.keys(digests).sort()).toEqual(Object.keys(before.digestsBefore).sort());
    // The audit log: the desk's entries unchanged (its head at the same place), one more, the chain whole, and
    // verifying against the anchor kept in the server's folder.
    const chain = await store.read(verifyAudit);
    expect(chain).toMatchObject({ ok: true, entries: before.deskAudit.seq + 1 });
    const at = await store.read((tx) =>
      tx
        .selectFrom('audit_log')
        .select(['hash', 'action'])
        .where('seq', '>=', before.deskAudit.seq)
        .orderBy('seq')
        .execute(),
    );
    expect(at.map((x) => x.hash)[0]).toBe(before.deskAudit.hash);
    expect(at[1]!.action).toBe('profile.migrated');
    expect(await store.read((tx) => verifyAnchored(tx, serverSecrets, 'demo'))).toEqual({
      ok: true,
      entries: before.deskAudit.seq + 1,
      reason: null,
    });
    // Identity sequences past the copied ids: every one stands at its table's highest id at least, and a row
    // inserted without an id into the tables with the most rows gets a new id (without the setval, PostgreSQL
    // would hand out 1 and the insert would fail on the copied row 1).
    await admin(url, async (c) => {
      await c.query(`set search_path = ${SCHEMA}`);
      // The audit log's seq is always given (the chain numbers it), and it got one entry after the copy.
      const identity = before.tables.filter((x) => x.rowid && x.name !== 'audit_log');
      expect(identity.length).toBeGreaterThan(30);
      for (const x of identity) {
        const q = await c.query<{ max: string | null; last: string | null }>(
          `select (select max("${x.rowid}") from "${x.name}") as max,
                  pg_sequence_last_value(pg_get_serial_sequence('"${x.name}"', '${x.rowid}')) as last`,
        );
        expect(Number(q.rows[0]!.last ?? 0), x.name).toBeGreaterThanOrEqual(Number(q.rows[0]!.max ?? 0));
      }
      // Three of the biggest tables, named: which three are the very biggest depends on the day the demo is made
      // around (pinned to Tiradentes 2027-04-21, matches outnumbered debtors).
      const largest = ['debtors', 'receivables', 'statement_lines'].map((name) =>
        identity.find((x) => x.name === name)!,
      );
      for (const x of largest) expect(before.countsBefore[x.name], x.name).toBeGreaterThan(100);
      for (const x of largest) {
        const cols = x.columns.filter((col) => col.name !== x.rowid).map((col) => `"${col.name}"`);
        // statement_lines is unique on (bank_account_id, fingerprint): the new row gets another fingerprint.
        const values = cols.map((col) => (col === '"fingerprint"' ? `${col} || '-novo'` : col));
        const max = Number(
          (await c.query<{ m: string }>(`select max("${x.rowid}") as m from "${x.name}"`)).rows[0]!.m,
        );
        const inserted = await c.query<{ id: string }>(
          `insert into "${x.name}" (${cols.join(', ')}) select ${values.join(', ')} from "${x.name}"
            where "${x.rowid}" = $1 returning "${x.rowid}" as id`,
          [max],
        );
        expect(Number(inserted.rows[0]!.id), x.name).toBeGreaterThan(max);
      }
    });
  }
});
