import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppError } from '../errors';
import { backupIfDue } from './backups';
import { openDb, type Db } from './open-db';

/** One SQLite file per connection profile: `<dataDir>/profiles/<id>/quita.db`, opened once and kept open. */
export interface ProfileDbs {
  forProfile(profileId: string): Db;
  /** Whether this process has the profile's database open (nothing to anchor or back up otherwise). */
  isOpen(profileId: string): boolean;
  /** Where a profile's database lives (for backups and restore). */
  path(profileId: string): string;
  /** Close one profile's database in this process (before a restore); the next use opens it again. */
  close(profileId: string): void;
  closeAll(): void;
}

export function profileDbPath(dataDir: string, profileId: string): string {
  if (!/^[a-z0-9-]{1,64}$/.test(profileId))
    throw new AppError('validation', `Not a profile id: ${profileId}`, { field: 'profileId' });
  return join(dataDir, 'profiles', profileId, 'quita.db');
}

/**
 * Opened databases are checked (db-health.ts) and backed up once a day: at open, and by an hourly timer while the
 * process runs (unref'd: it never keeps a CLI alive). A failed daily backup is reported, never fatal.
 */
/**
 * [W] The file that says a branch's data was moved into the office's PostgreSQL (`quita migrate-to-server --banco`
 * writes it into the server's folder: where, never a password). Only `quita server` started with that database
 * serves the branch then; anything else opening the folder is refused instead of starting an empty file beside it.
 */
export const IN_OFFICE_DATABASE = 'no-postgres-do-escritorio.json';
export const inOfficeDatabaseFile = (dataDir: string, profileId: string) =>
  join(dirname(profileDbPath(dataDir, profileId)), IN_OFFICE_DATABASE);

export function createProfileDbs(
  dataDir: string,
  nativeBinding?: string,
  onBackupError: (profileId: string, e: unknown) => void = () => undefined,
): ProfileDbs {
  const open = new Map<string, Db>();
  const daily = (profileId: string, db: Db) => {
    try {
      backupIfDue(db, profileDbPath(dataDir, profileId));
    } catch (e) {
      onBackupError(profileId, e);
    }
  };
  let timer: NodeJS.Timeout | null = null;
  const startTimer = () => {
    if (timer) return;
    timer = setInterval(() => {
      for (const [id, db] of open) daily(id, db);
    }, 3600_000);
    timer.unref();
  };
  return {
    forProfile(profileId) {
      let db = open.get(profileId);
      if (!db) {
        const file = profileDbPath(dataDir, profileId);
        if (!existsSync(file) && existsSync(inOfficeDatabaseFile(dataDir, profileId)))
          throw new AppError(
            'conflict',
            'This branch is kept in the office’s PostgreSQL: open it through the office server (quita server, or --server).',
            { code: 'db.in_office_database' },
          );
        db = openDb(file, { nativeBinding, profileId });
        open.set(profileId, db);
        daily(profileId, db);
        startTimer();
      }
      return db;
    },
    isOpen: (profileId) => open.has(profileId),
    path: (profileId) => profileDbPath(dataDir, profileId),
    close(profileId) {
      open.get(profileId)?.close();
      open.delete(profileId);
    },
    closeAll() {
      if (timer) clearInterval(timer);
      timer = null;
      for (const db of open.values()) db.close();
      open.clear();
    },
  };
}
