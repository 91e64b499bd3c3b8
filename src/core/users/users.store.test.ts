import { lockWaiters } from '../../../tests/helpers/pg-locks';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/tmp';
import type { SchemaModel } from '../store/pg-schema';
import { openPgStore } from '../store/pg-store';
import { sqliteStore } from '../store/sqlite-store';
import type { Store, Tx } from '../store/store';
import { createTestDatabase } from '../store/testing-pg';
import { officePlace, openOffice, type Office, type OfficeOptions } from './office';
import { OFFICE_SCHEMA_FILE, officeSchemaModel, officeSchemaSource } from './office-schema-types';
import { OFFICE_PG_SCHEMA, officeTx, openOfficeDb, usersRepo } from './users.repo';

/**
 * [W] The office's users on both databases (issue 34): the Office's behaviour — users in any case, logins and their
 * throttle, sessions, the last administrator, tokens, the office's audit — run the same on office.sqlite and on the
 * quita_office schema of a PostgreSQL database; the PostgreSQL schema generated from OFFICE_MIGRATIONS has what
 * SQLite's has; and on PostgreSQL, the races between two server processes that share the office: each test holds the
 * second change at a lock until both are in flight, so it fails without the Office's advisory lock (checked by
 * removing it). Time is given (`now`), never waited for.
 */
const T0 = new Date('2026-03-02T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const S = 1000;
const MIN = 60 * S;
const ADMIN = { login: 'admin', name: 'Admin', role: 'administrador', password: 'senha-do-admin-1' } as const;
const ANA = { login: 'ana', name: 'Ana', role: 'conferente', password: 'ana-conferente-2026' } as const;

type Cleanup = () => Promise<void> | void;
let cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** A new, empty office of each kind: office.sqlite in a folder of its own, or a PostgreSQL database of its own. */
const places = {
  sqlite: async () => {
    const t = tempDir('quita-office-store-');
    cleanups.push(t.cleanup);
    return { file: join(t.dir, 'office.sqlite') };
  },
  postgres: async () => {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    return { url: db.url };
  },
};

/** Where each office opened here is, for a second Store on it. */
const placeOf = new WeakMap<Office, { file: string } | { url: string }>();

async function opened(place: { file: string } | { url: string }, opts: OfficeOptions = {}): Promise<Office> {
  const office = await openOffice(place, opts);
  placeOf.set(office, place);
  cleanups.push(() => office.close());
  return office;
}

describe.each(['sqlite', 'postgres'] as const)('the office on %s', (dialect) => {
  const withUsers = async (opts: OfficeOptions = {}) => {
    const office = await opened(await places[dialect](), opts);
    await office.addUser(ADMIN, 'it (cli)', T0);
    await office.addUser(ANA, 'admin', T0);
    return office;
  };

  it('keeps one user per login in any case, found in any case, listed by login', async () => {
    const office = await withUsers();
    await expect(
      office.addUser({ ...ANA, login: 'ANA', password: 'outra-senha-longa' }, 'admin', T0),
    ).rejects.toMatchObject({ code: 'users.exists' });
    expect(await office.user('AnA')).toMatchObject({ login: 'ana', role: 'conferente', active: true });
    expect(await office.user('ninguem')).toBeNull();
    await office.addUser(
      { ...ANA, login: 'Bia.Santos', name: 'Bia', password: 'senha-da-bia-1' },
      'admin',
      T0,
    );
    expect((await office.list()).map((u) => u.login)).toEqual(['admin', 'ana', 'bia.santos']);
    expect(await office.userCount()).toBe(3);
    expect(await office.update('BIA.SANTOS', { name: 'Bia S.' }, 'admin', T0)).toMatchObject({
      login: 'bia.santos',
      name: 'Bia S.',
    });
  });

  it('opens a session for the right password, touches it, ends it at logout or when idle', async () => {
    const office = await withUsers({ idleMs: 5 * MIN });
    const r = await office.login('ANA', ANA.password, { ip: '10.0.0.5', userAgent: 't' }, T0);
    if (!r.ok) throw new Error(r.code);
    expect(r.user).toMatchObject({ login: 'ana', lastLoginAt: T0.toISOString() });
    expect(await office.session(r.sessionId, at(4 * MIN))).toEqual({
      user: expect.objectContaining({ login: 'ana' }) as unknown,
      csrf: r.csrf,
    });
    // Touched at 4 minutes: alive at 8, gone at 9 + 1 ms past, and not revived by going back.
    expect(await office.session(r.sessionId, at(8 * MIN))).not.toBeNull();
    expect(await office.session(r.sessionId, at(13 * MIN + 1))).toBeNull();
    expect(await office.session(r.sessionId, at(9 * MIN))).toBeNull();
    const again = await office.login('ana', ANA.password, { ip: '10.0.0.5' }, at(20 * MIN));
    if (!again.ok) throw new Error(again.code);
    await office.logout(again.sessionId);
    expect(await office.session(again.sessionId, at(20 * MIN + S))).toBeNull();
  });

  it('slows a login after 5 failures; a right password is not a failure, not even of its address', async () => {
    const office = await withUsers();
    const from = { ip: '192.0.2.1' };
    // 25 good logins from one address: not 20 failures of it.
    for (let i = 0; i < 25; i++) expect((await office.login('ana', ANA.password, from, at(i))).ok).toBe(true);
    for (let i = 0; i < 4; i++)
      expect(await office.login('ana', 'errada', from, at(S))).toEqual({ ok: false, code: 'login.wrong' });
    // Deactivated, the right password is told apart, and not counted: the next wrong one is the fifth (1 s).
    await office.update('ana', { active: false }, 'admin', at(S));
    expect(await office.login('ana', ANA.password, from, at(S))).toEqual({
      ok: false,
      code: 'login.inactive',
    });
    expect(await office.login('ana', 'errada', from, at(S))).toEqual({
      ok: false,
      code: 'login.wrong',
      retryAfterMs: S,
    });
    expect(await office.login('ana', ANA.password, from, at(S + 400))).toEqual({
      ok: false,
      code: 'login.throttled',
      retryAfterMs: 600,
    });
    // Another login from another address is free; a password set by an administrator frees this one.
    expect((await office.login('admin', ADMIN.password, { ip: '192.0.2.2' }, at(S + 400))).ok).toBe(true);
    await office.update('ana', { active: true }, 'admin', at(2 * S));
    await office.setPassword('ana', 'senha-nova-da-ana', 'admin', at(2 * S));
    expect((await office.login('ana', 'senha-nova-da-ana', from, at(2 * S))).ok).toBe(true);
  });

  it('keeps an active administrator, and ends sessions and tokens at a role change', async () => {
    const office = await withUsers();
    await expect(office.update('admin', { role: 'supervisor' }, 'admin', T0)).rejects.toMatchObject({
      code: 'users.last_admin',
    });
    const r = await office.login('ana', ANA.password, { ip: '10.0.0.5' }, T0);
    if (!r.ok) throw new Error(r.code);
    const made = await office.createToken('ana', 'rotina', 'admin', T0);
    expect(await office.bearer(made.token, { ip: '10.0.0.6' }, at(S))).toMatchObject({
      ok: true,
      user: { login: 'ana' },
    });
    expect((await office.tokens('ana'))[0]).toMatchObject({
      name: 'rotina',
      lastUsedAt: at(S).toISOString(),
    });
    await office.update('ana', { role: 'administrador' }, 'admin', at(2 * S));
    expect(await office.session(r.sessionId, at(3 * S))).toBeNull();
    expect(await office.token(made.token, at(3 * S))).toBeNull();
    expect((await office.update('admin', { active: false }, 'ana', at(4 * S))).active).toBe(false);
    const log = await office.auditLog();
    expect(log.map((e) => e.action)).toEqual([
      'user.updated',
      'user.updated',
      'token.revoked_all',
      'token.created',
      'user.added',
      'user.added',
    ]);
    expect(log[2]!.after).toEqual({ count: 1, because: 'role' });
    expect(JSON.stringify(log)).not.toMatch(/scrypt|senha|quita_/);
  });

  it('slows an address after 20 wrong tokens, as failed logins do', async () => {
    const office = await withUsers();
    const good = (await office.createToken('ana', 'boa', 'admin', T0)).token;
    for (let i = 0; i < 20; i++)
      expect(await office.bearer(`quita_${String(i).padStart(43, 'z')}`, { ip: '10.0.0.9' }, T0)).toEqual({
        ok: false,
        code: 'token.wrong',
      });
    expect(await office.bearer(good, { ip: '10.0.0.9' }, T0)).toMatchObject({ code: 'token.throttled' });
    expect(await office.bearer(good, { ip: '10.0.0.9' }, at(S))).toMatchObject({ ok: true });
  });

  it('refuses a second login differing only in case at the database too', async () => {
    const office = await withUsers();
    const store = await officeStore(office, dialect);
    await expect(
      store.write((tx) =>
        usersRepo.insert(officeTx(tx), {
          login: 'ANA',
          name: 'x',
          role: 'conferente',
          passwordHash: 'x',
          at: T0.toISOString(),
        }),
      ),
    ).rejects.toThrow(/unique|UNIQUE/);
    await store.close();
  });
});

/** A second Store on the same office (what a second server process has), for reading behind the Office. */
async function officeStore(office: Office, dialect: 'sqlite' | 'postgres'): Promise<Store> {
  const place = placeOf.get(office);
  if (!place) throw new Error('not an office of this test');
  if ('file' in place) return sqliteStore(openOfficeDb(place.file));
  expect(dialect).toBe('postgres');
  return openPgStore(place.url, { schema: OFFICE_PG_SCHEMA, max: 1 });
}
describe('the office schema on PostgreSQL', () => {
  it('is generated from OFFICE_MIGRATIONS: the same tables, columns and keys as office.sqlite, logins unique in any case', async () => {
    const model = await officeSchemaModel();
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    // A server opens the office, which makes the schema, and stops.
    await (await openOffice({ url: db.url })).close();
    const store = openPgStore(db.url, { schema: OFFICE_PG_SCHEMA, max: 1 });
    cleanups.push(() => store.close());
    const pgSide = await store.read(pgTables);
    expect(pgSide).toEqual(sqliteTables(model));
    const indexes = await store.read(async (tx) =>
      (
        await sql<{ d: string }>`select indexdef as d from pg_indexes
          where schemaname = current_schema() and indexname like '%nocase' order by 1`.execute(tx)
      ).rows.map((r) => r.d.replace(/ USING btree/, '').replace(`${OFFICE_PG_SCHEMA}.`, '')),
    );
    expect(indexes).toEqual([
      'CREATE UNIQUE INDEX login_throttle_login_nocase ON login_throttle (lower(login))',
      'CREATE UNIQUE INDEX users_login_nocase ON users (lower(login))',
    ]);
    // A second server starting on the same database finds the schema in place.
    const second = await opened({ url: db.url });
    expect(await second.userCount()).toBe(0);
  });

  it('office-schema.ts is generated from the latest office migration (npx tsx src/core/users/office-schema-types.ts)', async () => {
    expect(readFileSync(OFFICE_SCHEMA_FILE, 'utf8')).toBe(officeSchemaSource(await officeSchemaModel()));
  });

  it('is chosen by a postgres:// address, shown without its user or password', () => {
    expect(officePlace('/srv/quita', undefined)).toEqual({
      file: join('/srv/quita', 'office.sqlite'),
      kind: 'sqlite',
      shown: join('/srv/quita', 'office.sqlite'),
    });
    const pgPlace = officePlace('/srv/quita', 'postgres://quita:s3gredo@db.escritorio:5433/quita');
    expect(pgPlace).toMatchObject({ kind: 'postgres', shown: 'db.escritorio:5433/quita' });
    expect(() => officePlace('/srv/quita', 'mysql://x@y/z')).toThrow(
      expect.objectContaining({ code: 'users.bad_database' }),
    );
  });
});

const FAMILY: Record<string, string> = { INTEGER: 'integer', bigint: 'integer', TEXT: 'text', text: 'text' };

function sqliteTables(m: SchemaModel): Record<string, string[]> {
  return Object.fromEntries(
    m.tables.map((t) => [
      t.name,
      [
        ...t.columns.map((c) => `${c.name} ${FAMILY[c.type]} ${c.notNull || c.pk > 0 ? 'not null' : 'null'}`),
        `pk ${t.primaryKey.join(',')}`,
        ...t.uniques.map((u) => `unique ${u.join(',')}`).sort(),
        ...t.foreignKeys.map((f) => `fk ${f.columns.join(',')}->${f.table}`).sort(),
      ],
    ]),
  );
}

async function pgTables(tx: Tx): Promise<Record<string, string[]>> {
  const columns = (
    await sql<{ t: string; c: string; type: string; n: string }>`
      select table_name as t, column_name as c, data_type as type, is_nullable as n
      from information_schema.columns where table_schema = current_schema() and table_name <> 'quita_schema'
      order by table_name, ordinal_position`.execute(tx)
  ).rows;
  const keys = (
    await sql<{ t: string; kind: string; cols: string[]; ref: string | null }>`
      select c.conrelid::regclass::text as t, c.contype as kind, c.confrelid::regclass::text as ref,
             array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
                   join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as cols
      from pg_constraint c where c.connamespace = current_schema()::regnamespace and c.contype in ('p', 'u', 'f')`.execute(
      tx,
    )
  ).rows;
  const out: Record<string, string[]> = {};
  for (const c of columns)
    (out[c.t] ??= []).push(`${c.c} ${FAMILY[c.type]} ${c.n === 'NO' ? 'not null' : 'null'}`);
  for (const t of Object.keys(out)) {
    const mine = keys.filter((k) => k.t === t);
    out[t]!.push(`pk ${mine.find((k) => k.kind === 'p')?.cols.join(',') ?? ''}`);
    out[t]!.push(
      ...mine
        .filter((k) => k.kind === 'u')
        .map((k) => `unique ${k.cols.join(',')}`)
        .sort(),
    );
    out[t]!.push(
      ...mine
        .filter((k) => k.kind === 'f')
        .map((k) => `fk ${k.cols.join(',')}->${k.ref}`)
        .sort(),
    );
  }
  return out;
}

/**
 * Two server processes on one office database: each Office has its own pool (and its own in-process queue), as a
 * second `quita server` would. A third connection holds a table both changes write last, so both are in flight
 * before either commits; it lets go once two backends of this database wait on a lock.
 */
describe('the office on PostgreSQL, two server processes at once', () => {
  async function twoProcesses() {
    const db = await createTestDatabase();
    cleanups.push(db.drop);
    const a = await opened({ url: db.url });
    const b = await opened({ url: db.url });
    const blocker = new pg.Client({ connectionString: db.url });
    await blocker.connect();
    cleanups.push(() => blocker.end());
    /** Run `both` with `table` held until both changes wait on a lock, then let go and wait for them. */
    const held = async <T>(table: string, both: () => Promise<T>[]): Promise<PromiseSettledResult<T>[]> => {
      await blocker.query('begin');
      await blocker.query(`lock table ${OFFICE_PG_SCHEMA}.${table} in exclusive mode`);
      const running = Promise.allSettled(both());
      await lockWaiters(blocker, 2);
      await blocker.query('commit');
      return running;
    };
    return { a, b, held };
  }

  it('two demotions at once leave one active administrator', async () => {
    const { a, b, held } = await twoProcesses();
    await a.addUser(ADMIN, 'it', T0);
    await a.addUser({ ...ANA, login: 'bia', role: 'administrador' }, 'admin', T0);
    const results = await held('office_audit', () => [
      a.update('admin', { role: 'supervisor' }, 'bia', at(S)),
      b.update('bia', { role: 'conferente' }, 'admin', at(S)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'users.last_admin' },
    });
    const admins = (await a.list()).filter((u) => u.role === 'administrador' && u.active);
    expect(admins).toHaveLength(1);
  });

  it('two additions of one login in different cases make one user; the other is told it exists', async () => {
    const { a, b, held } = await twoProcesses();
    const results = await held('office_audit', () => [
      a.addUser({ ...ANA, login: 'caio' }, 'it', T0),
      b.addUser({ ...ANA, login: 'CAIO', name: 'Caio 2' }, 'it', T0),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'users.exists' } });
    expect((await b.list()).map((u) => u.login)).toEqual(['caio']);
  });

  it('the login throttle counts the failures of both; two last free guesses at once are one guess', async () => {
    const { a, b, held } = await twoProcesses();
    await a.addUser(ANA, 'it', T0);
    // Failures through either process count together.
    for (let i = 0; i < 4; i++)
      expect(await (i % 2 ? b : a).login('ana', 'errada', { ip: `10.0.0.${i}` }, T0)).toEqual({
        ok: false,
        code: 'login.wrong',
      });
    // The fifth guess, from both processes at once (two addresses): only one is checked.
    const results = await held('login_failures', () => [
      a.login('ana', 'errada-a', { ip: '10.0.1.1' }, T0),
      b.login('ANA', 'errada-b', { ip: '10.0.1.2' }, T0),
    ]);
    const answers = results.map((r): unknown => (r.status === 'fulfilled' ? r.value : (r.reason as unknown)));
    expect(answers).toContainEqual({ ok: false, code: 'login.wrong', retryAfterMs: S });
    expect(answers).toContainEqual({ ok: false, code: 'login.throttled', retryAfterMs: S });
    // And the wait holds in both processes, even for the right password.
    for (const office of [a, b])
      expect(await office.login('ana', ANA.password, { ip: '10.0.2.1' }, at(S - 1))).toMatchObject({
        code: 'login.throttled',
      });
    expect((await b.login('ana', ANA.password, { ip: '10.0.2.1' }, at(S))).ok).toBe(true);
  });
});
