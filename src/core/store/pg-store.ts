import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Schema } from './schema';
import { runIn, type Store } from './store';

const INT8 = 20;

/**
 * bigint (int8) arrives from pg as a string, since it may exceed 2^53. Quita's integers (ids, cents, counts) are
 * safe integers, the SQLite side returns them as numbers, and the repos compare them as numbers: parse them, and
 * refuse one that would lose digits rather than round it.
 */
function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`An integer column holds ${text}, beyond a safe integer.`);
  return n;
}
const builtIn = pg.types.getTypeParser as (oid: number, format?: string) => (value: string) => unknown;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 && format !== 'binary' ? parseInt8 : builtIn(oid, format)) as typeof pg.types.getTypeParser,
};

export interface PgStoreOptions {
  /** Connections in the pool (pg's default: 10). */
  max?: number;
  /**
   * The PostgreSQL schema every connection of the pool works in (its search_path, set as the connection starts),
   * so unqualified names — the repos', the schema's DDL, the triggers' bodies — are that schema's. An office
   * keeps one schema per branch in one database ({@link branchSchema}).
   */
  schema?: string;
  /** How long to wait for a connection before failing (pg's default: forever). */
  connectTimeoutMs?: number;
}

/** A schema name Quita made: lower case letters, digits and `_`, at most 63 bytes (PostgreSQL's limit). */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The PostgreSQL schema of a branch, from its profile id: `quita_` and the id when it is letters and digits only
 * and short enough (`quita_demo`); otherwise the id lower-cased with every other character made `_`, cut to fit,
 * and `_` plus 16 hex digits of its SHA-256 (`filial-3` → `quita_filial_3_…`). The two forms cannot meet: the first
 * never has a `_` after the prefix, the second always has; within the second, distinct ids differ in the hash.
 */
export function branchSchema(profileId: string): string {
  if (/^[a-z0-9]+$/.test(profileId) && profileId.length <= 57) return `quita_${profileId}`;
  const hash = createHash('sha256').update(profileId, 'utf8').digest('hex').slice(0, 16);
  const kept = profileId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .slice(0, 63 - 'quita_'.length - 1 - hash.length);
  return `quita_${kept}_${hash}`;
}

/**
 * A Store over a pool of PostgreSQL connections (`postgres://…`). Each transaction takes one pooled client, at
 * READ COMMITTED: what must not interleave (the audit chain's head, a line's decision, a branch's sender) takes an
 * advisory lock or a row lock inside it, as docs/server-design.md decides, rather than retrying SERIALIZABLE
 * failures everywhere. The schema is put in place separately (pg-schema.ts).
 */
export function openPgStore(url: string, opts: PgStoreOptions = {}): Store {
  if (opts.schema !== undefined && !SCHEMA_NAME.test(opts.schema))
    throw new Error(`Not a schema name Quita makes: ${JSON.stringify(opts.schema)}.`);
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    types,
    // A startup option, so the first statement of every connection already runs in the schema (the name is
    // checked above; quoted all the same). Only that schema: a name missing there is an error, not another
    // schema's table.
    ...(opts.schema === undefined ? {} : { options: `-c search_path="${opts.schema}"` }),
    ...(opts.connectTimeoutMs === undefined ? {} : { connectionTimeoutMillis: opts.connectTimeoutMs }),
  });
  // An idle client whose connection drops emits 'error' on the pool; unheard, that would end the process. The
  // next transaction that needs a connection fails and says why.
  pool.on('error', () => {});
  const kysely = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  const store: Store = {
    dialect: 'postgres',
    read: (fn) =>
      runIn(
        store,
        { dialect: 'postgres', mode: 'read' },
        (body) =>
          kysely.transaction().setIsolationLevel('read committed').setAccessMode('read only').execute(body),
        fn,
      ),
    write: (fn) =>
      runIn(
        store,
        { dialect: 'postgres', mode: 'write' },
        (body) =>
          kysely.transaction().setIsolationLevel('read committed').setAccessMode('read write').execute(body),
        fn,
      ),
    close: () => kysely.destroy(),
  };
  return store;
}

/**
 * The PostgreSQL server a URL names, for people to read: host, port and database, never the user or password.
 * Null when it is not a postgres:// URL.
 */
export function pgServerName(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return null;
  const host = u.hostname || u.searchParams.get('host') || 'localhost';
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  return `${host}${u.port ? `:${u.port}` : ''}${database ? `/${database}` : ''}`;
}
