import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../errors';
import { fileProblem, openedProblem } from './db-health';

/**
 * Automatic backups of a branch's database, in `<profile folder>/backups/`: before every migration, once a day,
 * before a restore, and on request (`quita backup`). Each is a whole, consistent copy made with SQLite's
 * `VACUUM INTO` (an online copy taken inside one read transaction, so other writers may go on; synchronous, so
 * it can run before migrations in the same call that opens the file). The newest BACKUPS_KEPT are kept.
 */
export const BACKUPS_KEPT = 10;
export const DAILY_MS = 24 * 3600_000;

export type BackupReason = 'pre-migration' | 'daily' | 'manual' | 'pre-restore';

export interface BackupInfo {
  file: string;
  name: string;
  /** ISO time the backup was taken (from its name). */
  at: string;
  reason: string;
  bytes: number;
}

export const backupDir = (dbFile: string) => join(dirname(dbFile), 'backups');

const NAME = /^quita-(\d{8}T\d{6}\d{3}Z)-([a-z-]+)\.db$/;
const stamp = (d: Date) => d.toISOString().replace(/[-:.]/g, '');
const fromStamp = (s: string) =>
  `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.slice(15, 18)}Z`;

export function listBackups(dbFile: string): BackupInfo[] {
  const dir = backupDir(dbFile);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const m = NAME.exec(name);
      if (!m) return [];
      const file = join(dir, name);
      return [{ file, name, at: fromStamp(m[1]!), reason: m[2]!, bytes: statSync(file).size }];
    })
    .sort((a, b) => (a.at < b.at ? 1 : -1));
}

/** A whole copy of the open database, named by time and reason; older ones beyond BACKUPS_KEPT removed. */
export function backupNow(
  db: Database.Database,
  dbFile: string,
  reason: BackupReason,
  now = new Date(),
): BackupInfo {
  const dir = backupDir(dbFile);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `quita-${stamp(now)}-${reason}.db`;
  const file = join(dir, name);
  const tmp = `${file}.partial`;
  rmSync(tmp, { force: true });
  db.prepare('VACUUM INTO ?').run(tmp);
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  for (const old of listBackups(dbFile).slice(BACKUPS_KEPT)) rmSync(old.file, { force: true });
  return { file, name, at: now.toISOString(), reason, bytes: statSync(file).size };
}

/** A daily backup when the newest one is older than a day (or there is none). */
export function backupIfDue(db: Database.Database, dbFile: string, now = new Date()): BackupInfo | null {
  const latest = listBackups(dbFile)[0];
  if (latest && now.getTime() - new Date(latest.at).getTime() < DAILY_MS) return null;
  return backupNow(db, dbFile, 'daily', now);
}

/** A backup is restored only if it is itself a whole, readable Quita database. */
export function verifyBackup(file: string): { userVersion: number } {
  const problem = fileProblem(file) ?? (existsSync(file) ? null : 'the file does not exist');
  if (problem)
    throw new AppError('validation', `This backup cannot be restored: ${problem}.`, {
      code: 'db.bad_backup',
      params: { reason: problem },
    });
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const p = openedProblem(db);
    const userVersion = db.pragma('user_version', { simple: true }) as number;
    if (p || userVersion === 0)
      throw new AppError(
        'validation',
        `This backup cannot be restored: ${p ?? 'it is not a Quita database'}.`,
        {
          code: 'db.bad_backup',
          params: { reason: p ?? 'not a Quita database' },
        },
      );
    return { userVersion };
  } finally {
    db.close();
  }
}

/**
 * Put a backup in place of the database (which the caller has closed in this process). Nothing is deleted: the
 * current file, damaged or not, is moved aside as `quita.db.replaced-<time>`, with its WAL and shared-memory files.
 */
export function restoreBackup(
  dbFile: string,
  backupFile: string,
  now = new Date(),
): { movedAside: string | null } {
  verifyBackup(backupFile);
  let movedAside: string | null = null;
  if (existsSync(dbFile)) {
    movedAside = `${dbFile}.replaced-${stamp(now)}`;
    renameSync(dbFile, movedAside);
  }
  // A WAL left beside the restored file would be replayed into it: it goes with the file it belongs to.
  const aside = movedAside ?? `${dbFile}.orphan-${stamp(now)}`;
  for (const side of ['-wal', '-shm']) {
    if (existsSync(dbFile + side)) renameSync(dbFile + side, `${aside}${side}`);
  }
  const tmp = `${dbFile}.restoring`;
  copyFileSync(backupFile, tmp);
  chmodSync(tmp, 0o600);
  renameSync(tmp, dbFile);
  return { movedAside: movedAside ? basename(movedAside) : null };
}
