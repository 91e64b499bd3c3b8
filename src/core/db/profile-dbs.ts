import { join } from 'node:path';
import { AppError } from '../errors';
import { openDb, type Db } from './open-db';

/** One SQLite file per connection profile: `<dataDir>/profiles/<id>/quita.db`, opened once and kept open. */
export interface ProfileDbs {
  forProfile(profileId: string): Db;
  closeAll(): void;
}

export function profileDbPath(dataDir: string, profileId: string): string {
  if (!/^[a-z0-9-]{1,64}$/.test(profileId))
    throw new AppError('validation', `Not a profile id: ${profileId}`, { field: 'profileId' });
  return join(dataDir, 'profiles', profileId, 'quita.db');
}

export function createProfileDbs(dataDir: string, nativeBinding?: string): ProfileDbs {
  const open = new Map<string, Db>();
  return {
    forProfile(profileId) {
      let db = open.get(profileId);
      if (!db) {
        db = openDb(profileDbPath(dataDir, profileId), { nativeBinding });
        open.set(profileId, db);
      }
      return db;
    },
    closeAll() {
      for (const db of open.values()) db.close();
      open.clear();
    },
  };
}
