import { join } from 'node:path';
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
        db = openDb(profileDbPath(dataDir, profileId), { nativeBinding, profileId });
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
