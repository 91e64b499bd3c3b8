import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import { openDb, type Db, type OpenDbOptions } from '../db/open-db';
import type { Schema } from './schema';
import { runIn, type Store, type Tx } from './store';

/**
 * Kysely's better-sqlite3 driver already gives its one connection to one holder at a time (a mutex from acquire
 * to release, so a whole transaction, awaits included, runs before the next one starts). What it lacks is the
 * kind of BEGIN: a write takes the file's write lock at once (IMMEDIATE), as today's services do, so another
 * process writing meanwhile makes it wait (busy_timeout) instead of failing when a read turns into a write; a
 * read is made read-only (query_only) so that it refuses a write as PostgreSQL's READ ONLY does.
 */
class StoreSqliteDriver extends SqliteDriver {
  #readOnly = false;

  override async beginTransaction(conn: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    const write = settings?.accessMode !== 'read only';
    await conn.executeQuery(CompiledQuery.raw(write ? 'begin immediate' : 'begin'));
    if (!write) {
      await conn.executeQuery(CompiledQuery.raw('pragma query_only = 1'));
      this.#readOnly = true;
    }
  }
  override async commitTransaction(conn: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(conn);
    } finally {
      await this.#writable(conn);
    }
  }
  override async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(conn);
    } finally {
      await this.#writable(conn);
    }
  }
  async #writable(conn: DatabaseConnection): Promise<void> {
    if (!this.#readOnly) return;
    this.#readOnly = false;
    await conn.executeQuery(CompiledQuery.raw('pragma query_only = 0'));
  }
}

class StoreSqliteDialect extends SqliteDialect {
  readonly #db: Db;
  constructor(db: Db) {
    super({ database: db });
    this.#db = db;
  }
  override createDriver(): Driver {
    return new StoreSqliteDriver({ database: this.#db });
  }
}

/**
 * A Store over a better-sqlite3 handle (as openDb returns it: WAL, foreign keys, every migration applied). The
 * Store owns the handle from then on: close() closes it, and nothing else may use it meanwhile, or a statement
 * run beside the Store would land inside whatever Store transaction is open at that moment.
 */
export function sqliteStore(db: Db): Store {
  const kysely = new Kysely<Schema>({ dialect: new StoreSqliteDialect(db) });
  const store: Store = {
    dialect: 'sqlite',
    read: (fn) =>
      runIn(
        store,
        { dialect: 'sqlite', mode: 'read' },
        (body) => kysely.transaction().setAccessMode('read only').execute(body),
        fn,
      ),
    write: (fn) =>
      runIn(
        store,
        { dialect: 'sqlite', mode: 'write' },
        (body) => kysely.transaction().setAccessMode('read write').execute(body),
        fn,
      ),
    close: () => kysely.destroy(),
  };
  return store;
}

/** Open (creating and migrating if needed) the branch's SQLite file, as openDb does, behind a Store. */
export function openSqliteStore(file: string, opts: OpenDbOptions = {}): Store {
  return sqliteStore(openDb(file, opts));
}

export type { Tx };
