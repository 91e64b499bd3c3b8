import {
  chmodSync,
  constants,
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
import { verifyAudit } from '../audit/audit-verify';
import { AppError } from '../errors';
import { fileProblem, foreignProblem, openedProblem } from './db-health';
import { branchOf } from './db-identity';
import { MIGRATIONS } from './migrations';

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

/**
 * A whole, consistent copy of an open database at `file` (which must not exist yet), readable by this user only:
 * written beside it as `.partial` and renamed, so `file` is never half a database. Backups and
 * `quita migrate-to-server` (core/migrate-server) make their copies with it.
 */
export function copyDatabase(db: Database.Database, file: string): void {
  const tmp = `${file}.partial`;
  rmSync(tmp, { force: true });
  db.prepare('VACUUM INTO ?').run(tmp);
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
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
  copyDatabase(db, file);
  for (const old of listBackups(dbFile).slice(BACKUPS_KEPT)) rmSync(old.file, { force: true });
  return { file, name, at: now.toISOString(), reason, bytes: statSync(file).size };
}

/** A daily backup when the newest one is older than a day (or there is none). */
export function backupIfDue(db: Database.Database, dbFile: string, now = new Date()): BackupInfo | null {
  const latest = listBackups(dbFile)[0];
  if (latest && now.getTime() - new Date(latest.at).getTime() < DAILY_MS) return null;
  return backupNow(db, dbFile, 'daily', now);
}

/** Why a chosen backup is not restored; each says the branch's database was not changed. */
const KEPT = "the branch's database was not changed";
const refuse = (code: string, message: string, params: Record<string, string | number> = {}) =>
  new AppError('validation', `${message}; ${KEPT}.`, { code, params });

/** A copy's -wal, -shm and -journal (a read-only open of a WAL-mode file leaves the first two). */
const SIDES = ['-wal', '-shm', '-journal'];
/** Remove a staged copy (stageRestore) that will not be installed, with anything SQLite left beside it. */
export function discardStaged(file: string): void {
  for (const f of [file, ...SIDES.map((s) => file + s)]) rmSync(f, { force: true });
}

/**
 * What a restore checks, on the copy it is about to put in place, opened read-only: a whole SQLite database
 * (`db.bad_backup`), Quita's (`db.backup_not_quita`), of a schema this Quita knows (`db.backup_newer`), of this
 * branch (`db.backup_other_branch`), and whose audit chain verifies from its first entry (`db.backup_audit_broken`;
 * without the anchor, which a restore starts again from the restored log).
 */
function checkCopy(copy: string, profileId: string): void {
  const db = new Database(copy, { readonly: true, fileMustExist: true });
  try {
    const damage = openedProblem(db);
    if (damage)
      throw refuse('db.bad_backup', `This backup cannot be restored: ${damage}`, { reason: damage });
    const version = db.pragma('user_version', { simple: true }) as number;
    const foreign = version === 0 ? 'it holds no Quita data' : foreignProblem(db);
    if (foreign)
      throw refuse(
        'db.backup_not_quita',
        `This file is not a backup of a Quita database (${foreign}), so it was not restored`,
        { reason: foreign },
      );
    if (version > MIGRATIONS.length)
      throw refuse(
        'db.backup_newer',
        `This backup was made by a newer version of Quita (schema ${version}, this one knows ${MIGRATIONS.length}), so it was not restored: update Quita first`,
        { found: version, known: MIGRATIONS.length },
      );
    const owner = branchOf(db);
    if (owner !== null && owner !== profileId)
      throw refuse(
        'db.backup_other_branch',
        'This backup belongs to another branch, not this one, so it was not restored',
        { found: owner },
      );
    const audit = hasAuditLog(db) ? verifyAudit(db) : null;
    if (audit && !audit.ok)
      throw refuse(
        'db.backup_audit_broken',
        `This backup's audit log does not verify (${audit.reason ?? 'broken'}): it was changed outside Quita, so it was not restored`,
        { reason: audit.reason ?? '', brokenAt: audit.brokenAt ?? 0 },
      );
  } finally {
    db.close();
  }
}

const hasAuditLog = (db: Database.Database) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_log'").get() !== undefined;

/**
 * The first half of a restore, before anything is replaced: the backup is copied beside the database (the chosen
 * file is only read, so it stays byte for byte as it was, with nothing created beside it) and the copy is
 * checked read-only (checkCopy). Refused: the copy is removed and the current database was not touched.
 * Returns the checked copy, which installRestore puts in place.
 */
export function stageRestore(dbFile: string, backupFile: string, profileId: string): string {
  const problem = fileProblem(backupFile) ?? (existsSync(backupFile) ? null : 'the file does not exist');
  if (problem)
    throw refuse('db.bad_backup', `This backup cannot be restored: ${problem}`, { reason: problem });
  const copy = `${dbFile}.restoring`;
  discardStaged(copy);
  try {
    copyFileSync(backupFile, copy, constants.COPYFILE_EXCL);
    chmodSync(copy, 0o600);
    checkCopy(copy, profileId);
  } catch (e) {
    discardStaged(copy);
    throw e;
  }
  for (const side of SIDES) rmSync(copy + side, { force: true });
  return copy;
}

/**
 * Put a checked copy (stageRestore) in place of the database (which the caller has closed in this process).
 * Nothing is deleted: the current file, damaged or not, is moved aside as `quita.db.replaced-<time>`, with its WAL
 * and shared-memory files.
 */
export function installRestore(
  dbFile: string,
  checkedCopy: string,
  now = new Date(),
): { movedAside: string | null } {
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
  renameSync(checkedCopy, dbFile);
  return { movedAside: movedAside ? basename(movedAside) : null };
}
