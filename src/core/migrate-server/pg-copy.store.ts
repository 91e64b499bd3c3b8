import { sql, type RawBuilder } from 'kysely';
import { PG_VERSION_TABLE } from '../store/pg-schema';
import type { Store, Tx } from '../store/store';
import { verifyAudit } from '../audit/audit.store';
import type { AuditSide } from './destination';
import type { SourceTable } from './migrate-server.repo';
import { tableDigest } from './table-digest';

/**
 * The PostgreSQL side of `quita migrate-to-server` (pg-destination.ts): a branch's schema looked at, made, filled
 * from the SQLite rows, read back and dropped. The store is opened on the branch's schema (its search_path), so
 * the table names here are that schema's; the schema's own name is only named to make or drop it.
 */

export interface SchemaProbe {
  exists: boolean;
  /** A table of the schema holds a row (its version table aside). */
  hasData: boolean;
  /** This user may create the schema (CREATE on the database), or create in it when it is there. */
  canCreate: boolean;
}

/** Whether a table of the schema (its version table aside) holds a row. */
export async function schemaHasData(tx: Tx, schema: string): Promise<boolean> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = ${schema} and table_type = 'BASE TABLE' and table_name <> ${PG_VERSION_TABLE}`.execute(
    tx,
  );
  for (const t of tables.rows) {
    const any = await sql<{
      e: boolean;
    }>`select exists (select 1 from ${sql.id(schema, t.name)}) as e`.execute(tx);
    if (any.rows[0]?.e) return true;
  }
  return false;
}

/** Whether the office's users live in this database (the schema `quita_office` with at least one user). */
export function officeInDatabase(store: Store, officeSchema: string): Promise<boolean> {
  return store.read(async (tx) => {
    const table = await sql<{
      t: string | null;
    }>`select to_regclass(${`${officeSchema}.users`})::text as t`.execute(tx);
    if (!table.rows[0]?.t) return false;
    const n = await sql<{ n: number }>`select count(*) as n from ${sql.id(officeSchema, 'users')}`.execute(
      tx,
    );
    return Number(n.rows[0]?.n ?? 0) > 0;
  });
}

/** What is there of a branch's schema, and whether this user may make it: read before anything is written. */
export function probeBranchSchema(store: Store, schema: string): Promise<SchemaProbe> {
  return store.read(async (tx) => {
    const ns = await sql<{ exists: boolean; db_create: boolean }>`select
        exists (select 1 from pg_namespace where nspname = ${schema}) as exists,
        has_database_privilege(current_database(), 'CREATE') as db_create`.execute(tx);
    const exists = ns.rows[0]?.exists === true;
    if (!exists) return { exists, hasData: false, canCreate: ns.rows[0]?.db_create === true };
    const canCreate = await sql<{
      c: boolean;
    }>`select has_schema_privilege(${schema}, 'CREATE') as c`.execute(tx);
    return { exists, hasData: await schemaHasData(tx, schema), canCreate: canCreate.rows[0]?.c === true };
  });
}

/** Make the schema; false when it was there already (an empty one, which the probe let through). */
export async function createBranchSchema(store: Store, schema: string): Promise<boolean> {
  try {
    await store.write((tx) => sql`create schema ${sql.id(schema)}`.execute(tx));
    return true;
  } catch (e) {
    if ((e as { code?: unknown }).code === '42P06') return false; // duplicate_schema
    throw e;
  }
}

/** The schema and everything in it (after a copy that did not check out). */
export async function dropBranchSchema(store: Store, schema: string): Promise<void> {
  await store.write((tx) => sql`drop schema if exists ${sql.id(schema)} cascade`.execute(tx));
}

/** Rows per INSERT: many at once, within PostgreSQL's 65,535 parameters a statement. */
export const batchSize = (t: SourceTable) =>
  Math.max(1, Math.min(500, Math.floor(30_000 / t.columns.length)));

/** One multi-row INSERT of rows (arrays in the table's column order), ids as given. */
export async function insertRows(tx: Tx, t: SourceTable, rows: unknown[][]): Promise<void> {
  const columns = sql.join(t.columns.map((c) => sql.id(c.name)));
  const values = sql.join(rows.map((r) => sql`(${sql.join(r)})`));
  await sql`insert into ${sql.id(t.name)} (${columns}) values ${values}`.execute(tx);
}

/**
 * After rows came with their ids, the identity sequence goes to the highest id given (or SQLite's AUTOINCREMENT
 * mark, if higher: an id SQLite would never give again is not given here either), so the next generated id does
 * not collide (docs/postgres.md, "Identity after explicit ids"). An empty table starts at 1.
 */
export async function setIdentity(tx: Tx, t: SourceTable, mark: number): Promise<void> {
  const col = t.rowid;
  if (!col) return;
  const max = await sql<{ m: number | null }>`select max(${sql.id(col)}) as m from ${sql.id(t.name)}`.execute(
    tx,
  );
  const top = Math.max(max.rows[0]?.m ?? 0, mark);
  const seq = sql`pg_get_serial_sequence(${`"${t.name.replace(/"/g, '""')}"`}, ${col})`;
  await sql`select setval(${seq}, ${Math.max(top, 1)}, ${top > 0})`.execute(tx);
}

/** Rows per table of the branch's schema (its version table left out), by name. */
export function pgTableCounts(store: Store): Promise<Record<string, number>> {
  return store.read(async (tx) => {
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> ${PG_VERSION_TABLE}
        order by table_name collate "C"`.execute(tx);
    const out: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const n = await sql<{ n: number }>`select count(*) as n from ${sql.id(name)}`.execute(tx);
      out[name] = Number(n.rows[0]?.n);
    }
    return out;
  });
}

const FETCH = 1000;

/**
 * Every table's digest (table-digest.ts) as the source's tables describe them: the same columns in the same order,
 * rows in primary-key order (text keys in byte order, `collate "C"`, as SQLite's BINARY sorts them). A table
 * missing here has no digest.
 */
export function pgTableDigests(store: Store, tables: SourceTable[]): Promise<Record<string, string>> {
  return store.read(async (tx) => {
    const present = new Set(
      (
        await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema()`.execute(tx)
      ).rows.map((r) => r.name),
    );
    const out: Record<string, string> = {};
    for (const t of tables) {
      if (!present.has(t.name)) continue;
      const keys = t.primaryKey.length ? t.primaryKey : t.columns.map((c) => c.name);
      const order: RawBuilder<unknown>[] = keys.map((k) =>
        t.columns.find((c) => c.name === k)?.type === 'TEXT'
          ? sql`${sql.id(k)} collate "C"`
          : sql`${sql.id(k)}`,
      );
      const names = t.columns.map((c) => c.name);
      await sql`declare quita_digest no scroll cursor for
        select ${sql.join(names.map((n) => sql.id(n)))} from ${sql.id(t.name)} order by ${sql.join(order)}`.execute(
        tx,
      );
      const d = tableDigest();
      for (;;) {
        const page = await sql<
          Record<string, unknown>
        >`fetch forward ${sql.lit(FETCH)} from quita_digest`.execute(tx);
        for (const row of page.rows) d.add(names.map((n) => row[n]));
        if (page.rows.length < FETCH) break;
      }
      await sql`close quita_digest`.execute(tx);
      out[t.name] = d.end();
    }
    return out;
  });
}

/** The received log's chain verified (audit.store.ts), and its last entry's hash. */
export function receivedAudit(store: Store): Promise<AuditSide> {
  return store.read(async (tx) => {
    const v = await verifyAudit(tx);
    const head = await tx
      .selectFrom('audit_log')
      .select('hash')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return { ok: v.ok, entries: v.entries, head: head?.hash ?? null };
  });
}
