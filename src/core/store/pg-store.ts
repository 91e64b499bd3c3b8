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
}

/**
 * A Store over a pool of PostgreSQL connections (`postgres://…`). Each transaction takes one pooled client, at
 * READ COMMITTED: what must not interleave (the audit chain's head, a line's decision, a branch's sender) takes an
 * advisory lock or a row lock inside it, as docs/server-design.md decides, rather than retrying SERIALIZABLE
 * failures everywhere. The schema is put in place separately (pg-schema.ts).
 */
export function openPgStore(url: string, opts: PgStoreOptions = {}): Store {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, types });
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
