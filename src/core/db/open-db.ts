import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

export interface OpenDbOptions {
  /**
   * Path of a better-sqlite3 binary built for the running ABI. The Electron main process passes the copy
   * built for Electron; plain Node uses the one `npm ci` compiled.
   */
  nativeBinding?: string | undefined;
}

/** Open (creating if needed) a Quita database, in WAL mode, with every migration applied. */
export function openDb(file: string, opts: OpenDbOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const db = new Database(file, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {});
  try {
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    migrate(db, MIGRATIONS);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}
