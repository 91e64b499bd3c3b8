import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { backupNow, listBackups } from './backups';
import { damaged, fileProblem, foreignProblem, inspectFile, notQuita, openedProblem } from './db-health';
import { branchOf, claimBranch, otherBranch } from './db-identity';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

export interface OpenDbOptions {
  /**
   * Path of a better-sqlite3 binary built for the running ABI. The Electron main process passes the copy
   * built for Electron; plain Node uses the one `npm ci` compiled.
   */
  nativeBinding?: string | undefined;
  /**
   * The profile (branch) the file belongs to: a database naming another is refused, one naming none is claimed
   * (db-identity.ts). Without it (tests, tools), whose the file is is not checked.
   */
  profileId?: string | undefined;
}

/**
 * Open (creating if needed) a Quita database, in WAL mode, with every migration applied. A file that exists but
 * is empty or damaged is refused (`db.damaged`, naming the latest backup), never replaced; one that is not Quita's
 * (`db.not_quita`) or is another branch's (`db.other_branch`) is refused before anything is written to it or
 * beside it; a database about to be migrated is backed up first.
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
  const seen = before ? null : inspectFile(file, opts.nativeBinding);
  if (seen?.problem?.kind === 'damaged')
    throw damaged(file, { reason: seen.problem.reason, latestBackup: latestBackup() });
  if (seen?.problem) throw notQuita(file, seen.problem.reason);
  if (opts.profileId && seen?.branch && seen.branch !== opts.profileId) throw otherBranch(file, seen.branch);
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
    const problem = file === ':memory:' ? null : openedProblem(db);
    if (problem) throw damaged(file, { reason: problem, latestBackup: latestBackup() });
    // Checked again as opened (a WAL beside the file may hold more than the file showed).
    const foreign = file === ':memory:' ? null : foreignProblem(db);
    if (foreign) throw notQuita(file, foreign);
    const owner = opts.profileId ? branchOf(db) : null;
    if (opts.profileId && owner && owner !== opts.profileId) throw otherBranch(file, owner);
    // Only now the first write: WAL mode is recorded in the file's header.
    try {
      if (file !== ':memory:') db.pragma('journal_mode = WAL');
    } catch (e) {
      throw damaged(file, {
        reason: `SQLite cannot open it: ${e instanceof Error ? e.message : String(e)}`,
        latestBackup: latestBackup(),
      });
    }
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (file !== ':memory:' && version > 0 && version < MIGRATIONS.length)
      backupNow(db, file, 'pre-migration');
    migrate(db, MIGRATIONS);
    if (opts.profileId) claimBranch(db, opts.profileId);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}
