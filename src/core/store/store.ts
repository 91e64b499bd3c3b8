import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Compilable, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Schema } from './schema';

/**
 * The storage interface of issue 34 (docs/server-design.md, decision 1): one asynchronous Store, two
 * implementations (sqlite-store.ts, the embedded default; pg-store.ts, the office server). Every query runs in a
 * transaction: `read` for what only reads, `write` for what changes anything. A repo function takes the `tx` and
 * never opens a transaction of its own, so a service decides what is written together.
 */
export type Dialect = 'sqlite' | 'postgres';

/** A transaction with typed queries over {@link Schema} (Kysely). */
export type Tx = Transaction<Schema>;

export interface Store {
  readonly dialect: Dialect;
  /** Run `fn` in a read-only transaction (a write inside it fails, on both databases). */
  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Run `fn` in a write transaction: committed when `fn` resolves, rolled back when it throws. SQLite: BEGIN
   * IMMEDIATE, so it holds the file's write lock from the start. PostgreSQL: READ COMMITTED; what must not
   * interleave with another writer takes {@link lockAdvisory} (or a row lock) first.
   */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface TxInfo {
  dialect: Dialect;
  mode: 'read' | 'write';
  /**
   * SQLite: the rows of a compiled query as arrays, straight from the transaction's own connection (the driver's
   * objects, built key by key, cost twice the CPU for a read of 100,000 rows; see {@link eachRow}).
   */
  arrays?: (sql: string, parameters: readonly unknown[]) => Iterable<unknown[]>;
  /** SQLite: run one compiled statement per row on the transaction's connection; each row's rowid (see {@link insertEach}). */
  each?: (sql: string, rows: readonly (readonly unknown[])[]) => number[];
}
/** What each live transaction is: lockAdvisory needs its dialect, and only a write may lock. */
const txInfo = new WeakMap<Tx, TxInfo>();
/** The Store whose transaction the current async call chain is inside, to refuse a nested one. */
const inside = new AsyncLocalStorage<object>();

/**
 * Run `fn` in a transaction `begin` opens (the implementations' shared part). A transaction of a Store opened
 * inside another of the same Store is refused: on SQLite it would wait for the one connection forever, and on
 * PostgreSQL it would not see the outer one's writes. Pass the `tx` down instead.
 */
export async function runIn<T>(
  owner: object,
  info: TxInfo,
  begin: (body: (tx: Tx) => Promise<T>) => Promise<T>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (inside.getStore() === owner)
    throw new Error('A Store transaction was opened inside another: pass its tx down instead.');
  return begin((tx) => {
    txInfo.set(tx, info);
    return inside.run(owner, () => fn(tx));
  });
}

/**
 * Serialise every holder of `key` in this database's schema until the end of the transaction (PostgreSQL:
 * pg_advisory_xact_lock of hashtext(schema:key), released by COMMIT or ROLLBACK). On SQLite a no-op: a write transaction there is already
 * exclusive (one connection per process behind a mutex, BEGIN IMMEDIATE across processes). Only in a write
 * transaction: a read one on SQLite would not exclude anyone, so it is refused on both.
 */
export async function lockAdvisory(tx: Tx, key: string): Promise<void> {
  const info = txInfo.get(tx);
  if (!info) throw new Error('lockAdvisory needs a transaction of a Store.');
  if (info.mode !== 'write') throw new Error('lockAdvisory needs a write transaction.');
  // Advisory locks are the whole cluster's: the key is taken within the branch's schema (one per branch in the
  // office's database), so two branches' senders or audit chains never wait for each other.
  if (info.dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ${key}))`.execute(tx);
}

/** The dialect of a Store's transaction (for the few statements written once per dialect). */
export function dialectOf(tx: Tx): Dialect {
  const info = txInfo.get(tx);
  if (!info) throw new Error('Not a transaction of a Store.');
  return info.dialect;
}

/**
 * `column IN (ids)` for a list of any length, as one parameter: SQLite reads it as a JSON array (`json_each`),
 * PostgreSQL as a bigint array (`= any`). A list of ids does not become thousands of placeholders, which both
 * databases cap (SQLite at 32,766, PostgreSQL at 65,535).
 */
export function inIds(tx: Tx, column: string, ids: readonly number[]): RawBuilder<SqlBool> {
  return dialectOf(tx) === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`
    : sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::bigint[])`;
}

/** `column IN (texts)` for a list of any length, as one parameter (as {@link inIds}, for text columns). */
export function inStrings(tx: Tx, column: string, values: readonly string[]): RawBuilder<SqlBool> {
  return dialectOf(tx) === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`
    : sql<SqlBool>`${sql.ref(column)} = any(${[...values]}::text[])`;
}

/** Rows in slices of `size`, for multi-row INSERTs under both databases' caps on parameters per statement. */
export function* slices<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * A text column ordered as SQLite orders it (by code point, BINARY): on PostgreSQL `collate "C"`, since an office's
 * database may have another collation, and a list must not change order with the database it comes from.
 */
export function textOrder(tx: Tx, column: string): RawBuilder<string> {
  return dialectOf(tx) === 'sqlite'
    ? sql<string>`${sql.ref(column)}`
    : sql<string>`${sql.ref(column)} collate "C"`;
}

/**
 * Whether a read in this transaction should lock the rows it reads for the transaction's write (`FOR UPDATE`):
 * PostgreSQL in a write transaction. SQLite has no row locks (its write transaction already excludes every other
 * writer), and a read-only transaction changes nothing, so neither asks for them.
 */
export function locksRows(tx: Tx): boolean {
  const info = txInfo.get(tx);
  if (!info) throw new Error('Not a transaction of a Store.');
  return info.dialect === 'postgres' && info.mode === 'write';
}

/**
 * A top-level field of a JSON text column, as text (null when absent): SQLite's `json_extract(col, '$.key')`,
 * PostgreSQL's `col::jsonb ->> 'key'`. `key` is a plain identifier written in the code, never the clerk's input.
 */
export function jsonField(tx: Tx, column: string, key: string): RawBuilder<string | null> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`Not a JSON key of Quita's: ${key}`);
  return dialectOf(tx) === 'sqlite'
    ? sql<string | null>`json_extract(${sql.ref(column)}, ${`$.${key}`})`
    : sql<string | null>`(${sql.ref(column)}::jsonb ->> ${key})`;
}

/**
 * Call `fn` with each row of `query` as an array of its columns in the SELECT's order, for the few reads of tens of
 * thousands of rows that build objects of their own (matching's receivables, [X] item 1): SQLite gives its rows as
 * arrays one at a time from the transaction's connection, without the driver's objects; PostgreSQL's driver gives
 * objects, whose values are read in the columns' order. The SELECT must name each column once.
 */
export async function eachRow<R extends unknown[]>(
  tx: Tx,
  query: Compilable<unknown> | RawBuilder<unknown>,
  fn: (row: R) => void,
): Promise<void> {
  const info = txInfo.get(tx);
  if (!info) throw new Error('eachRow needs a transaction of a Store.');
  const compiled = 'isRawBuilder' in query ? query.compile(tx) : query.compile();
  if (info.arrays) {
    for (const row of info.arrays(compiled.sql, compiled.parameters)) fn(row as R);
    return;
  }
  const { rows } = await tx.executeQuery(compiled);
  for (const row of rows) fn(Object.values(row as object) as R);
}

/**
 * Run `fn` inside a savepoint of the transaction and always undo what it wrote (ROLLBACK TO), keeping its answer
 * or its error: a check that runs the real write to see whether it would pass ("validate, then undo"). The same
 * SQL on both databases; `name` is a plain identifier written in the code.
 */
export async function rolledBack<T>(tx: Tx, name: string, fn: () => Promise<T>): Promise<T> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a savepoint name of Quita's: ${name}`);
  await sql`savepoint ${sql.raw(name)}`.execute(tx);
  try {
    return await fn();
  } finally {
    await sql`rollback to savepoint ${sql.raw(name)}`.execute(tx);
    await sql`release savepoint ${sql.raw(name)}`.execute(tx);
  }
}

/**
 * SQLite only: run `insertSql` (placeholders `?`) once per row on the transaction's own connection, the statement
 * compiled once per Store, and return each row's rowid in order. For the few writes of tens of thousands of rows in
 * one transaction (a plan's matches and items, [X] item 1), where a statement compiled once and run per row costs
 * less than a query built per slice (about 120 ms against 160 ms for 20,000 matches and their items). PostgreSQL
 * takes multi-row INSERTs instead (the caller's other branch): it has no such connection here.
 */
export async function insertEach(
  tx: Tx,
  insertSql: string,
  rows: readonly (readonly unknown[])[],
): Promise<number[]> {
  const info = txInfo.get(tx);
  if (!info?.each) throw new Error('insertEach runs only in a write transaction of a SQLite Store.');
  if (info.mode !== 'write') throw new Error('insertEach needs a write transaction.');
  return info.each(insertSql, rows);
}
