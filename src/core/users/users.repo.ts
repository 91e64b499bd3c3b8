import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '../db/open-db';
import { migrate } from '../db/migrate';
import { applyPgSchema } from '../store/pg-schema';
import { openPgStore } from '../store/pg-store';
import { sqliteStore } from '../store/sqlite-store';
import { dialectOf, lockAdvisory, type Store, type Tx } from '../store/store';
import { OFFICE_MIGRATIONS } from './office-migrations';
import type { OfficeSchema } from './office-schema';
import type { ApiToken } from './api-tokens';
import type { OfficeAuditEntry, OfficeUser, Role } from './office';

/**
 * Every query of the office database (users, sessions, failed logins, api tokens, office_audit), on either
 * database: SQLite's `office.sqlite` in the data folder (the default), or the `quita_office` schema of the office's
 * PostgreSQL database. Each function takes a transaction of the office's Store (office.ts opens them) and never
 * opens one of its own.
 */

/** A transaction of the office's Store: its tables are the office database's (office-schema.ts), not a branch's. */
export type OfficeTx = Transaction<OfficeSchema>;

/**
 * The office's view of a Store transaction. The Store is typed with the branch databases' tables; the office's
 * Store runs over the office's own (office.sqlite, or the quita_office schema), so its transactions are read with
 * OfficeSchema instead. Only the static type changes: it is the same transaction object.
 */
export const officeTx = (tx: Tx): OfficeTx => tx as unknown as OfficeTx;
const storeTx = (tx: OfficeTx): Tx => tx as unknown as Tx;

/** Serialise the holders of `key` among the office's writers until the end of the transaction (store.ts). */
export const lockOffice = (tx: OfficeTx, key: string): Promise<void> =>
  lockAdvisory(storeTx(tx), `office:${key}`);

/** The schema of the office's PostgreSQL database that holds the office's tables (branches have quita_<id>). */
export const OFFICE_PG_SCHEMA = 'quita_office';

/** Open (creating) `office.sqlite` as the branch databases are opened: WAL, foreign keys, readable by this user only. */
export function openOfficeDb(file: string, nativeBinding?: string): Db {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Password hashes and session hashes: only this user may read it, whatever the umask.
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  }
  const db = new Database(file, nativeBinding ? { nativeBinding } : {});
  try {
    db.pragma('busy_timeout = 5000');
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    migrate(db, OFFICE_MIGRATIONS);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}

/**
 * The office's Store on PostgreSQL: the `quita_office` schema of the database at `url` (made if missing, given the
 * office's latest schema, generated from OFFICE_MIGRATIONS as the branches' is from theirs: pg-schema.ts).
 */
export async function openOfficePgStore(url: string, opts: { max?: number } = {}): Promise<Store> {
  const store = openPgStore(url, { schema: OFFICE_PG_SCHEMA, connectTimeoutMs: 15_000, max: opts.max });
  try {
    await store.write(async (tx) => {
      // Two servers starting at once: CREATE SCHEMA IF NOT EXISTS may still collide, so one at a time. The key is
      // the database's, not a schema's (current_schema() is null until the schema exists).
      await sql`select pg_advisory_xact_lock(hashtext('quita:create-schema:' || ${OFFICE_PG_SCHEMA}))`.execute(
        tx,
      );
      await sql`create schema if not exists ${sql.id(OFFICE_PG_SCHEMA)}`.execute(tx);
    });
    await applyPgSchema(store, OFFICE_MIGRATIONS);
  } catch (e) {
    await store.close();
    throw e;
  }
  return store;
}

/** The office's Store on SQLite: `office.sqlite` (openOfficeDb), owned by the Store. */
export const openOfficeSqliteStore = (file: string): Store => sqliteStore(openOfficeDb(file));

/**
 * `login` equal to a login in any case. SQLite's column is COLLATE NOCASE; PostgreSQL's `=` sees case, so it
 * compares lower() there, which its unique index on lower(login) answers (pg-schema.ts). Logins are ASCII
 * (loginSchema), where both lower the same letters.
 */
function sameLogin(tx: OfficeTx, column: 'login' | 'users.login', login: string): Expression<SqlBool> {
  return dialectOf(storeTx(tx)) === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} = ${login}`
    : sql<SqlBool>`lower(${sql.ref(column)}) = lower(${login})`;
}

const USER_COLUMNS = ['id', 'login', 'name', 'role', 'active', 'created_at', 'last_login_at'] as const;

const toUser = (r: {
  id: number;
  login: string;
  name: string;
  role: string;
  active: number;
  created_at: string;
  last_login_at: string | null;
}): OfficeUser => ({
  id: r.id,
  login: r.login,
  name: r.name,
  role: r.role as Role,
  active: r.active === 1,
  createdAt: r.created_at,
  lastLoginAt: r.last_login_at,
});

export interface SessionRow {
  userId: number;
  csrf: string;
  createdAt: string;
  lastSeenAt: string;
}

const TOKEN_COLUMNS = [
  'id',
  'name',
  'created_at as createdAt',
  'last_used_at as lastUsedAt',
  'revoked_at as revokedAt',
] as const;

const count = (n: unknown) => Number(n ?? 0);

export const usersRepo = {
  count: async (tx: OfficeTx): Promise<number> =>
    count(
      (
        await tx
          .selectFrom('users')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),

  activeAdministrators: async (tx: OfficeTx): Promise<number> =>
    count(
      (
        await tx
          .selectFrom('users')
          .select((e) => e.fn.countAll().as('n'))
          .where('role', '=', 'administrador')
          .where('active', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Every user by login, in byte order on both databases (logins are lower-case ASCII). */
  list: async (tx: OfficeTx): Promise<OfficeUser[]> =>
    (
      await tx
        .selectFrom('users')
        .select(USER_COLUMNS)
        .orderBy(dialectOf(storeTx(tx)) === 'sqlite' ? sql`login` : sql`login collate "C"`)
        .execute()
    ).map(toUser),

  byLogin: async (tx: OfficeTx, login: string): Promise<OfficeUser | null> => {
    const r = await tx
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where(sameLogin(tx, 'login', login))
      .executeTakeFirst();
    return r ? toUser(r) : null;
  },

  byId: async (tx: OfficeTx, id: number): Promise<OfficeUser | null> => {
    const r = await tx.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    return r ? toUser(r) : null;
  },

  /** The stored hash, read only to verify a password. */
  passwordHash: async (tx: OfficeTx, id: number): Promise<string | null> =>
    (await tx.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst())
      ?.password_hash ?? null,

  insert: async (
    tx: OfficeTx,
    u: { login: string; name: string; role: Role; passwordHash: string; at: string },
  ): Promise<number> =>
    (
      await tx
        .insertInto('users')
        .values({
          login: u.login,
          name: u.name,
          role: u.role,
          password_hash: u.passwordHash,
          active: 1,
          created_at: u.at,
          updated_at: u.at,
          password_changed_at: u.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  update: async (
    tx: OfficeTx,
    id: number,
    change: { name: string; role: Role; active: boolean },
    at: string,
  ): Promise<void> => {
    await tx
      .updateTable('users')
      .set({ name: change.name, role: change.role, active: change.active ? 1 : 0, updated_at: at })
      .where('id', '=', id)
      .execute();
  },

  setPasswordHash: async (tx: OfficeTx, id: number, hash: string, at: string): Promise<void> => {
    await tx
      .updateTable('users')
      .set({ password_hash: hash, password_changed_at: at, updated_at: at })
      .where('id', '=', id)
      .execute();
  },

  noteLogin: async (tx: OfficeTx, id: number, at: string): Promise<void> => {
    await tx.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute();
  },

  // Sessions.
  insertSession: async (
    tx: OfficeTx,
    s: { idHash: string; userId: number; csrf: string; at: string; ip: string; userAgent: string | null },
  ): Promise<void> => {
    await tx
      .insertInto('sessions')
      .values({
        id_hash: s.idHash,
        user_id: s.userId,
        csrf: s.csrf,
        created_at: s.at,
        last_seen_at: s.at,
        ip: s.ip,
        user_agent: s.userAgent,
      })
      .execute();
  },

  session: async (tx: OfficeTx, idHash: string): Promise<SessionRow | null> =>
    (await tx
      .selectFrom('sessions')
      .select(['user_id as userId', 'csrf', 'created_at as createdAt', 'last_seen_at as lastSeenAt'])
      .where('id_hash', '=', idHash)
      .executeTakeFirst()) ?? null,

  touchSession: async (tx: OfficeTx, idHash: string, at: string): Promise<void> => {
    await tx.updateTable('sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
  },

  deleteSession: async (tx: OfficeTx, idHash: string): Promise<void> => {
    await tx.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  },

  deleteSessionsOf: async (tx: OfficeTx, userId: number): Promise<number> =>
    Number((await tx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows),

  /** Sessions idle since `idleBefore` or made before `createdBefore`, and those of inactive users. */
  purgeSessions: async (tx: OfficeTx, idleBefore: string, createdBefore: string): Promise<number> =>
    Number(
      (
        await tx
          .deleteFrom('sessions')
          .where((e) =>
            e.or([
              e('last_seen_at', '<', idleBefore),
              e('created_at', '<', createdBefore),
              e('user_id', 'in', e.selectFrom('users').select('id').where('active', '=', 0)),
            ]),
          )
          .executeTakeFirst()
      ).numDeletedRows,
    ),

  sessionCount: async (tx: OfficeTx, userId: number): Promise<number> =>
    count(
      (
        await tx
          .selectFrom('sessions')
          .select((e) => e.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  // Failed logins. The keys of login_throttle and login_failures.login are hashes office.ts makes (lower-case
  // hex), so their NOCASE never has a case to ignore; the plain column is compared.
  loginThrottle: async (
    tx: OfficeTx,
    login: string,
  ): Promise<{ failures: number; lastFailureAt: string } | null> =>
    (await tx
      .selectFrom('login_throttle')
      .select(['failures', 'last_failure_at as lastFailureAt'])
      .where('login', '=', login)
      .executeTakeFirst()) ?? null,

  /** Failures from one address since `since`: how many, and the latest. */
  ipFailures: async (
    tx: OfficeTx,
    ip: string,
    since: string,
  ): Promise<{ count: number; last: string | null }> => {
    const r = await tx
      .selectFrom('login_failures')
      .select((e) => [e.fn.countAll().as('count'), e.fn.max('at').as('last')])
      .where('ip', '=', ip)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    return { count: count(r.count), last: r.last ?? null };
  },

  noteFailure: async (tx: OfficeTx, login: string, ip: string, at: string): Promise<void> => {
    await tx.insertInto('login_failures').values({ login, ip, at }).execute();
    await tx
      .insertInto('login_throttle')
      .values({ login, failures: 1, last_failure_at: at })
      .onConflict((oc) =>
        oc.column('login').doUpdateSet({
          failures: sql<number>`login_throttle.failures + 1`,
          last_failure_at: (e) => e.ref('excluded.last_failure_at'),
        }),
      )
      .execute();
  },

  /**
   * Take back one failure noteFailure counted (an attempt counted before its password was checked turned out
   * right): one row of the address's failures, and one of the login's count.
   */
  unnoteFailure: async (tx: OfficeTx, login: string, ip: string, at: string): Promise<void> => {
    // login_failures has no key: one row of the identical ones, by the database's own row address.
    const row = dialectOf(storeTx(tx)) === 'sqlite' ? sql`rowid` : sql`ctid`;
    await sql`delete from login_failures where ${row} in (select ${row} from login_failures
                where login = ${login} and ip = ${ip} and at = ${at} limit 1)`.execute(tx);
    await tx
      .updateTable('login_throttle')
      .set({ failures: sql<number>`failures - 1` })
      .where('login', '=', login)
      .execute();
    await tx.deleteFrom('login_throttle').where('login', '=', login).where('failures', '<=', 0).execute();
  },

  /** A failure counted against an address only (a wrong bearer token names no login). */
  noteIpFailure: async (tx: OfficeTx, ip: string, at: string): Promise<void> => {
    await tx.insertInto('login_failures').values({ login: '', ip, at }).execute();
  },

  resetLogin: async (tx: OfficeTx, login: string): Promise<void> => {
    await tx.deleteFrom('login_throttle').where('login', '=', login).execute();
  },

  /** Forget the per-login counters idle since `before`. */
  purgeCounters: async (tx: OfficeTx, before: string): Promise<void> => {
    await tx.deleteFrom('login_throttle').where('last_failure_at', '<', before).execute();
  },

  /** Forget failures older than `before` (the per-address window). */
  purgeFailures: async (tx: OfficeTx, before: string): Promise<void> => {
    await tx.deleteFrom('login_failures').where('at', '<', before).execute();
  },

  // Personal API tokens.
  insertToken: async (
    tx: OfficeTx,
    t: { userId: number; name: string; tokenHash: string; at: string },
  ): Promise<number> =>
    (
      await tx
        .insertInto('api_tokens')
        .values({ user_id: t.userId, name: t.name, token_hash: t.tokenHash, created_at: t.at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  /** A token not revoked, by the hash of what was presented. */
  liveToken: async (tx: OfficeTx, tokenHash: string): Promise<{ id: number; userId: number } | null> =>
    (await tx
      .selectFrom('api_tokens')
      .select(['id', 'user_id as userId'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()) ?? null,

  touchToken: async (tx: OfficeTx, id: number, at: string): Promise<void> => {
    await tx.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  },

  /** A user's tokens, newest first (never the hash). */
  tokensOf: async (tx: OfficeTx, userId: number): Promise<ApiToken[]> =>
    tx
      .selectFrom('api_tokens')
      .select(TOKEN_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute(),

  tokenOf: async (tx: OfficeTx, userId: number, id: number): Promise<ApiToken | null> =>
    (await tx
      .selectFrom('api_tokens')
      .select(TOKEN_COLUMNS)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst()) ?? null,

  revokeToken: async (tx: OfficeTx, id: number, at: string): Promise<void> => {
    await tx
      .updateTable('api_tokens')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  },

  /** Revoke every live token of a user; how many were. */
  revokeTokensOf: async (tx: OfficeTx, userId: number, at: string): Promise<number> =>
    Number(
      (
        await tx
          .updateTable('api_tokens')
          .set({ revoked_at: at })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows,
    ),

  /** A move into PostgreSQL that did not read back right taken out again (office-move.ts): children first. */
  removeMoved: async (tx: OfficeTx): Promise<void> => {
    await tx.deleteFrom('api_tokens').execute();
    await tx.deleteFrom('office_audit').execute();
    await tx.deleteFrom('sessions').execute();
    await tx.deleteFrom('users').execute();
  },

  // The office's audit.
  appendAudit: async (
    tx: OfficeTx,
    e: { at: string; who: string; action: string; subject: string | null; before?: unknown; after?: unknown },
  ): Promise<void> => {
    await tx
      .insertInto('office_audit')
      .values({
        at: e.at,
        who: e.who,
        action: e.action,
        subject: e.subject,
        before_json: e.before === undefined ? null : JSON.stringify(e.before),
        after_json: e.after === undefined ? null : JSON.stringify(e.after),
      })
      .execute();
  },

  audit: async (tx: OfficeTx, limit: number): Promise<OfficeAuditEntry[]> =>
    (
      await tx
        .selectFrom('office_audit')
        .select(['id', 'at', 'who', 'action', 'subject', 'before_json', 'after_json'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    ).map((r) => ({
      id: r.id,
      at: r.at,
      who: r.who,
      action: r.action,
      subject: r.subject,
      before: r.before_json === null ? null : (JSON.parse(r.before_json) as unknown),
      after: r.after_json === null ? null : (JSON.parse(r.after_json) as unknown),
    })),
};
