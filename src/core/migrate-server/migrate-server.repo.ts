import Database from 'better-sqlite3';
import type { Db } from '../db/open-db';

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
