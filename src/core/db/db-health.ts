import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { AppError } from '../errors';
import { branchOf } from './db-identity';

/**
 * A branch's database must never be silently replaced by an empty one: a 0-byte or damaged file would
 * otherwise be "opened" by SQLite as a fresh database, and the cache, the outbox (what was approved and sent)
 * and the audit log would be gone without a word. Checked before and right after opening; on damage the
 * profile stops with one sentence that names the latest backup.
 */
const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** 'Qita' in the header's application_id field (bytes 68–71), written by migration 014. */
export const QUITA_APPLICATION_ID = 0x51697461;
/** Tables every Quita database has had since migration 001. */
const BASE_TABLES = ['bank_accounts', 'receivables', 'sync_state'];

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

/** The sentence for a file in a branch's database place that is not Quita's (it was not changed). */
export function notQuita(file: string, reason: string): AppError {
  return new AppError(
    'conflict',
    `The file in this branch's database place is not a Quita database (${reason}); it was not changed. Move it ` +
      'away, or restore a backup (quita restore --latest, or Configurações → Cópias de segurança).',
    { code: 'db.not_quita', params: { reason, file } },
  );
}

/** After opening: SQLite's own check of the pages. */
export function openedProblem(db: Database.Database): string | null {
  let rows: { quick_check: string }[];
  try {
    rows = db.pragma('quick_check') as { quick_check: string }[];
  } catch (e) {
    return `SQLite cannot read it: ${e instanceof Error ? e.message : String(e)}`;
  }
  const bad = rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
  if (bad.length) return `SQLite found damage: ${bad.slice(0, 2).join('; ')}`;
  return null;
}

/**
 * Whether this is a Quita database (or a new, empty one): marked as Quita's in its header, or, from before the
 * mark, a schema version with Quita's tables. Another program's database — with a `user_version` of its own or
 * not — is not, and must never be migrated.
 */
export function foreignProblem(db: Database.Database): string | null {
  const appId = db.pragma('application_id', { simple: true }) as number;
  if (appId === QUITA_APPLICATION_ID) return null;
  if (appId !== 0) return `it belongs to another program (application id ${appId})`;
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  if (version === 0) return tables.length > 0 ? 'it holds tables but is not a Quita database' : null;
  const missing = BASE_TABLES.filter((t) => !tables.includes(t));
  return missing.length ? `it has none of Quita's tables (${missing.join(', ')})` : null;
}

export interface FileInspection {
  /** damaged: SQLite cannot read it; not_quita: readable, but another program's. */
  problem: { kind: 'damaged' | 'not_quita'; reason: string } | null;
  /** The profile it names (db-identity.ts), when it could be read. */
  branch: string | null;
}

/**
 * Before opening a file read-write (which sets WAL mode in its header, leaves -wal and -shm beside it and
 * migrates it): is it Quita's? A file marked Quita's in its header is; any other is read whole into memory and
 * looked at there (a WAL-mode file as of its last checkpoint), so a file that is not ours is never written, and
 * nothing is created beside it. Null: nothing to inspect (no file, an empty one, or `:memory:`).
 */
export function inspectFile(file: string, nativeBinding?: string): FileInspection | null {
  if (file === ':memory:' || !existsSync(file) || statSync(file).size < 100) return null;
  const head = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (head.readInt32BE(68) === QUITA_APPLICATION_ID) return null;
  const cannot = (e: unknown): FileInspection => ({
    problem: {
      kind: 'damaged',
      reason: `SQLite cannot read it: ${e instanceof Error ? e.message : String(e)}`,
    },
    branch: null,
  });
  let image: Buffer;
  let db: Database.Database;
  try {
    image = readFileSync(file);
    // Bytes 18 and 19 say "WAL": an image in memory has no WAL, so it is read as a rollback-journal database.
    if (image[18] === 2) image[18] = 1;
    if (image[19] === 2) image[19] = 1;
    db = new Database(image, { readonly: true, ...(nativeBinding ? { nativeBinding } : {}) });
  } catch (e) {
    return cannot(e);
  }
  try {
    const damage = openedProblem(db);
    if (damage) return { problem: { kind: 'damaged', reason: damage }, branch: null };
    const foreign = foreignProblem(db);
    if (foreign) return { problem: { kind: 'not_quita', reason: foreign }, branch: null };
    return { problem: null, branch: branchOf(db) };
  } catch (e) {
    return cannot(e);
  } finally {
    db.close();
  }
}
