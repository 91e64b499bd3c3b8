import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { AppError } from '../errors';

/**
 * A branch's database must never be silently replaced by an empty one: a 0-byte or damaged file would
 * otherwise be "opened" by SQLite as a fresh database, and the cache, the outbox (what was approved and sent)
 * and the audit log would be gone without a word. Checked before and right after opening; on damage the
 * profile stops with one sentence that names the latest backup.
 */
const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export interface DamageInfo {
  reason: string;
  /** The newest backup, for the message (null: none). */
  latestBackup: { file: string; at: string } | null;
}

export function damaged(file: string, info: DamageInfo): AppError {
  const backup = info.latestBackup
    ? `the latest backup is from ${info.latestBackup.at} (quita restore --latest, or Configurações → Cópias de segurança)`
    : 'there is no backup yet';
  return new AppError(
    'conflict',
    `The branch's database is damaged (${info.reason}); nothing was changed or deleted, and ${backup}.`,
    {
      code: 'db.damaged',
      params: {
        reason: info.reason,
        file,
        backupAt: info.latestBackup?.at ?? '',
      },
    },
  );
}

/** Before opening: a file that exists must be a whole SQLite database (not empty, the right header). */
export function fileProblem(file: string): string | null {
  if (file === ':memory:' || !existsSync(file)) return null;
  try {
    return headerProblem(file);
  } catch (e) {
    return `the file cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`;
  }
}

function headerProblem(file: string): string | null {
  const size = statSync(file).size;
  if (size === 0) return 'the file is empty (0 bytes)';
  if (size < 100) return `the file is too short to be a database (${size} bytes)`;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    readSync(fd, head, 0, 16, 0);
    return head.equals(HEADER) ? null : 'the file does not start like a SQLite database';
  } finally {
    closeSync(fd);
  }
}

/** After opening: SQLite's own check of the pages, and that this is a Quita database (or a new one). */
export function openedProblem(db: Database): string | null {
  let rows: { quick_check: string }[];
  try {
    rows = db.pragma('quick_check') as { quick_check: string }[];
  } catch (e) {
    return `SQLite cannot read it: ${e instanceof Error ? e.message : String(e)}`;
  }
  const bad = rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
  if (bad.length) return `SQLite found damage: ${bad.slice(0, 2).join('; ')}`;
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = db
    .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
    .pluck()
    .get() as number;
  if (version === 0 && tables > 0) return 'it holds tables but is not a Quita database';
  return null;
}
