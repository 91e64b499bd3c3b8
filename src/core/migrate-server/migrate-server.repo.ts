import Database from 'better-sqlite3';
import type { Db } from '../db/open-db';
import { tableDigest } from './table-digest';

/** Rows per table of a branch's database (SQLite's own tables left out), by table name, sorted. */
export function tableCounts(db: Db): Record<string, number> {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const out: Record<string, number> = {};
  for (const name of names)
    out[name] = db
      .prepare(`SELECT COUNT(*) FROM "${name.replace(/"/g, '""')}"`)
      .pluck()
      .get() as number;
  return out;
}

/**
 * Whether another process holds this SQLite file open. In WAL mode every open connection keeps a shared lock on
 * the file for as long as it is open (that is how SQLite knows which connection is the last one, to checkpoint
 * and delete the WAL on close), so asking for an exclusive lock without waiting fails while anyone has it open,
 * idle or not. The lock is released at once; a process opening the file in that instant waits its busy timeout.
 */
export function heldOpenElsewhere(file: string): boolean {
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
    throw e;
  } finally {
    db.close();
  }
}

/** A table of the branch's SQLite database, as the copy into PostgreSQL needs it. */
export interface SourceTable {
  name: string;
  /** In declared order; type as declared (INTEGER, REAL, TEXT, BLOB). */
  columns: { name: string; type: string }[];
  primaryKey: string[];
  /** The rowid alias (a single INTEGER PRIMARY KEY), whose PostgreSQL column is an identity. */
  rowid: string | null;
  /** Tables its foreign keys reference (itself left out). */
  parents: string[];
}

const quoted = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** The branch's tables (SQLite's own left out), by name, read from SQLite's catalogue. */
export function sourceTables(db: Db): SourceTable[] {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return names.map((name) => {
    const cols = db.prepare('SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid').all(name) as {
      name: string;
      type: string;
      pk: number;
    }[];
    const primaryKey = cols
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const only = primaryKey.length === 1 ? cols.find((c) => c.name === primaryKey[0]) : undefined;
    const parents = db
      .prepare('SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)')
      .pluck()
      .all(name) as string[];
    return {
      name,
      columns: cols.map((c) => ({ name: c.name, type: c.type.toUpperCase().trim() })),
      primaryKey,
      rowid: only?.type.toUpperCase().trim() === 'INTEGER' ? only.name : null,
      parents: parents.filter((p) => p !== name).sort(),
    };
  });
}

/** A table's rows as arrays in column order, in primary-key order (SQLite's BINARY order for text). */
export function tableRows(db: Db, t: SourceTable): IterableIterator<unknown[]> {
  const order = (t.primaryKey.length ? t.primaryKey : t.columns.map((c) => c.name)).map(quoted).join(', ');
  return db
    .prepare(
      `SELECT ${t.columns.map((c) => quoted(c.name)).join(', ')} FROM ${quoted(t.name)} ORDER BY ${order}`,
    )
    .raw()
    .iterate() as IterableIterator<unknown[]>;
}

/** AUTOINCREMENT's high-water marks (sqlite_sequence), by table: ids SQLite will never give again. */
export function autoincrementMarks(db: Db): Record<string, number> {
  const has = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'")
    .get();
  if (!has) return {};
  const rows = db.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[];
  return Object.fromEntries(rows.map((r) => [r.name, r.seq]));
}

/**
 * Run `fn` (which may await) in one read transaction of the file, so every table it reads is the same moment of
 * the branch even while the desk's app writes (WAL: a reader keeps its snapshot until it ends).
 */
export async function inSnapshot<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  db.exec('BEGIN');
  try {
    // A deferred transaction takes its snapshot at its first read.
    db.prepare('SELECT COUNT(*) FROM sqlite_master').get();
    return await fn();
  } finally {
    db.exec('COMMIT');
  }
}

/** Every table's digest (table-digest.ts), by table name. */
export function tableDigests(db: Db): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of sourceTables(db)) {
    const d = tableDigest();
    for (const row of tableRows(db, t)) d.add(row);
    out[t.name] = d.end();
  }
  return out;
}
