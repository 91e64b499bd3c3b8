import type { Database } from 'better-sqlite3';
import { AppError } from '../errors';

/**
 * Whose database a file is. Each profile (branch) has its own file; the file names its profile in `db_identity`
 * (migration 014), so another branch's database — put in this branch's folder, or offered as one of its backups —
 * is refused instead of being shown, matched and sent under this branch's name and key. A database from before
 * the identity row is known by the profile of its first audit entry; one that says nothing (new, no entry yet)
 * belongs to whoever opens it first.
 */
const hasTable = (db: Database, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/** The profile the database belongs to, or null when nothing in it says. Only reads. */
export function branchOf(db: Database): string | null {
  if (hasTable(db, 'db_identity')) {
    const id = db.prepare("SELECT value FROM db_identity WHERE key = 'profile_id'").pluck().get();
    if (typeof id === 'string') return id;
  }
  if (hasTable(db, 'audit_log')) {
    const id = db.prepare('SELECT profile_id FROM audit_log ORDER BY seq LIMIT 1').pluck().get();
    if (typeof id === 'string') return id;
  }
  return null;
}

/** Record `profileId` as the database's owner when it names none yet (after the migrations). */
export function claimBranch(db: Database, profileId: string): void {
  if (!hasTable(db, 'db_identity')) return;
  db.prepare("INSERT OR IGNORE INTO db_identity (key, value) VALUES ('profile_id', ?)").run(profileId);
}

/** The sentence for another branch's database found in this branch's place. */
export function otherBranch(file: string, found: string): AppError {
  return new AppError(
    'conflict',
    "The database file in this branch's folder belongs to another branch; it was not changed. Put it back in " +
      "that branch's folder, or restore a backup of this branch (quita restore --latest, or Configurações → " +
      'Cópias de segurança).',
    { code: 'db.other_branch', params: { file, found } },
  );
}
