import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import type Database from 'better-sqlite3';
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

/** The driver of a Store over the app's own handle: closing the Store leaves the handle to its owner. */
class BorrowingSqliteDriver extends StoreSqliteDriver {
  override async destroy(): Promise<void> {}
}

class StoreSqliteDialect extends SqliteDialect {
  readonly #db: Db;
  readonly #owns: boolean;
  constructor(db: Db, owns: boolean) {
    super({ database: db });
    this.#db = db;
    this.#owns = owns;
  }
  override createDriver(): Driver {
    return this.#owns
      ? new StoreSqliteDriver({ database: this.#db })
      : new BorrowingSqliteDriver({ database: this.#db });
  }
}

/**
 * A Store over a better-sqlite3 handle (as openDb returns it: WAL, foreign keys, every migration applied). The
 * Store owns the handle from then on: close() closes it, and nothing else may use it meanwhile, or a statement
 * run beside the Store would land inside whatever Store transaction is open at that moment.
 */
export function sqliteStore(db: Db, opts: { owns?: boolean } = {}): Store {
  const kysely = new Kysely<Schema>({ dialect: new StoreSqliteDialect(db, opts.owns ?? true) });
  // The transaction's own connection (the one handle, held by the driver's mutex for the whole transaction).
  const arrays = (text: string, parameters: readonly unknown[]) =>
    db
      .prepare<unknown[], unknown[]>(text)
      .raw(true)
      .iterate(...parameters);
  // INSERTs run once per row, compiled once per Store (each is only ever run, never iterated, so one in use is never
  // asked to run again before it is done).
  const compiled = new Map<string, Database.Statement<unknown[]>>();
  const each = (text: string, rows: readonly (readonly unknown[])[]) => {
    let st = compiled.get(text);
    if (!st) compiled.set(text, (st = db.prepare<unknown[]>(text)));
    const run = st;
    return rows.map((r) => Number(run.run(...r).lastInsertRowid));
  };
  const store: Store = {
    dialect: 'sqlite',
    read: (fn) =>
      runIn(
        store,
        { dialect: 'sqlite', mode: 'read', arrays, each },
        (body) => kysely.transaction().setAccessMode('read only').execute(body),
        fn,
      ),
    write: (fn) =>
      runIn(
        store,
        { dialect: 'sqlite', mode: 'write', arrays, each },
        (body) => kysely.transaction().setAccessMode('read write').execute(body),
        fn,
      ),
    close: () => kysely.destroy(),
  };
  return store;
}

const borrowed = new WeakMap<Db, Store>();

/**
 * The Store of the app's own handle to a branch's database, while the repos move onto the Store domain by domain
 * (docs/postgres.md): converted repos run their queries through it, the others still call the handle directly.
 * One Store per handle; it never closes the handle (its owner, profile-dbs.ts, does).
 *
 * Sharing the handle is safe because a Store transaction on SQLite never leaves the thread between its BEGIN and its
 * COMMIT: better-sqlite3 answers synchronously and Kysely's driver awaits only promises already settled, so the whole
 * transaction runs in one turn of the event loop, and no other command's synchronous statement can land inside it.
 * That holds as long as a transaction awaits nothing but its own queries (no API call, no file, no timer inside
 * `read`/`write`): the rule PostgreSQL needs anyway, to keep its transactions short. Within one call chain, a not yet
 * converted repo called inside a Store transaction runs inside that transaction (one connection), which is what
 * the service meant; on PostgreSQL such a mix is not possible, so a domain is converted whole before it runs there.
 */
export function storeOfDb(db: Db): Store {
  let store = borrowed.get(db);
  if (!store) borrowed.set(db, (store = sqliteStore(db, { owns: false })));
  return store;
}

/** Open (creating and migrating if needed) the branch's SQLite file, as openDb does, behind a Store. */
export function openSqliteStore(file: string, opts: OpenDbOptions = {}): Store {
  return sqliteStore(openDb(file, opts));
}

export type { Tx };
