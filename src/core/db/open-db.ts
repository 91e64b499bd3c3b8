import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { backupNow, listBackups } from './backups';
import { damaged, fileProblem, openedProblem } from './db-health';
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

/**
 * Open (creating if needed) a Quita database, in WAL mode, with every migration applied. A file that exists but
 * is empty or damaged is refused (`db.damaged`, naming the latest backup), never replaced; a database about to be
 * migrated is backed up first.
 */
export function openDb(file: string, opts: OpenDbOptions = {}): Db {
  const latestBackup = () => {
    const b = file === ':memory:' ? undefined : listBackups(file)[0];
    return b ? { file: b.file, at: b.at } : null;
  };
  const before = fileProblem(file);
  // An empty file with no backup beside it was never used (a first open interrupted before SQLite wrote its
  // header): it is opened as new. With a backup, it held a branch's data and is refused.
  const neverUsed = before !== null && statSync(file).size === 0 && latestBackup() === null;
  if (before && !neverUsed) throw damaged(file, { reason: before, latestBackup: latestBackup() });
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // The database names members and amounts: only this user may read it, whatever the umask. SQLite gives its
    // -wal and -shm files the database file's mode.
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  }
  const db = new Database(file, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {});
  try {
    db.pragma('busy_timeout = 5000');
    try {
      if (file !== ':memory:') db.pragma('journal_mode = WAL');
    } catch (e) {
      throw damaged(file, {
        reason: `SQLite cannot open it: ${e instanceof Error ? e.message : String(e)}`,
        latestBackup: latestBackup(),
      });
    }
    const problem = file === ':memory:' ? null : openedProblem(db);
    if (problem) throw damaged(file, { reason: problem, latestBackup: latestBackup() });
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (file !== ':memory:' && version > 0 && version < MIGRATIONS.length)
      backupNow(db, file, 'pre-migration');
    migrate(db, MIGRATIONS);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}
