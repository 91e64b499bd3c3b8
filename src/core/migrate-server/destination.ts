import { copyFileSync, constants, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { anchorId } from '../audit/audit-anchor';
import { keyBinding, secretIdFor } from '../connection/key-binding';
import { copyDatabase } from '../db/backups';
import { fileProblem } from '../db/db-health';
import { openDb, type Db } from '../db/open-db';
import { profileDbPath } from '../db/profile-dbs';
import { fileSecretStore } from '../secrets/file-secret-store';
import type { SecretStore } from '../secrets/secret-store';
import { openConfStore } from '../settings/conf-store';
import { createSettingsService, type StoredProfile } from '../settings/settings.service';
import { officeFile } from '../users/office';
import { heldOpenElsewhere } from './migrate-server.repo';

/** Why a destination does not take a branch; the CLI words each as one sentence. */
export type DestinationRefusal = 'missing' | 'not_quita' | 'profile_exists' | 'server_running';

/**
 * Where `quita migrate-to-server` puts a branch: the office server's storage. One implementation today, the
 * server's data folder of SQLite files (`sqliteFolderDestination`), which is what `quita server` runs on; when the
 * server runs on PostgreSQL (docs/postgres.md), a second implementation of this interface receives the same
 * database copy, settings entry, key and anchor into PostgreSQL and the server's secret store, and the command
 * and its verification (migrate-server.ts) stay as they are.
 */
export interface MigrationDestination {
  /** Where it is, as the clerk named it (for the summary and the audit entries). */
  readonly location: string;
  /** Why it cannot take this branch now, or null. Checked before anything is read or written. */
  refusal(profileId: string): DestinationRefusal | null;
  /** Copy the branch's database (consistently, while the desk may write) and open the copy. */
  receiveDatabase(source: Db, profileId: string): Db;
  /** The branch's settings entry (same id: the audit log's profileId stays true) and its EVO key, re-sealed. */
  receiveProfile(profile: StoredProfile, key: string | null): void;
  /** The secret store `quita server` reads on this destination (the audit anchor is kept there). */
  readonly secrets: SecretStore;
  /** Undo everything received for this branch (after a failed verification): nothing stays half-moved. */
  remove(profileId: string): void;
}

export interface SqliteFolderOptions {
  dir: string;
  /** The key file `quita server` uses on this folder (QUITA_KEY_FILE of the server's account, or its default). */
  keyFile: string;
  passphrase?: string | undefined;
}

/** The office server's data folder: per-branch SQLite files, settings.json, secrets.local.json, office.sqlite. */
export function sqliteFolderDestination(o: SqliteFolderOptions): MigrationDestination {
  const secrets = fileSecretStore({
    file: join(o.dir, 'secrets.local.json'),
    keyFile: o.keyFile,
    passphrase: o.passphrase,
  });
  // Opened on first use only: the refusals are decided before anything is created in the folder.
  let settingsService: ReturnType<typeof createSettingsService> | null = null;
  const settings = () => (settingsService ??= createSettingsService(openConfStore(o.dir)));
  let opened: { id: string; db: Db } | null = null;
  return {
    location: o.dir,
    secrets,
    refusal(profileId) {
      if (!existsSync(o.dir) || !statSync(o.dir).isDirectory()) return 'missing';
      // A server's folder is the one `quita server` runs on: it has the office's users (office.sqlite).
      const office = officeFile(o.dir);
      if (!existsSync(office) || fileProblem(office)) return 'not_quita';
      if (settings().profile(profileId) || existsSync(dirname(profileDbPath(o.dir, profileId))))
        return 'profile_exists';
      // `quita server` keeps office.sqlite open while it runs (no lock file of its own: two server processes may
      // share a folder); a desk's app never opens it.
      if (heldOpenElsewhere(office)) return 'server_running';
      return null;
    },
    receiveDatabase(source, profileId) {
      const file = profileDbPath(o.dir, profileId);
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      copyDatabase(source, file);
      const db = openDb(file, { profileId });
      opened = { id: profileId, db };
      return db;
    },
    receiveProfile(profile, key) {
      const s = settings();
      s.upsertProfile(profile);
      if (key !== null) secrets.set(secretIdFor(profile.id), key, keyBinding(profile));
      if (!s.get().activeProfileId) s.setActiveProfile(profile.id);
    },
    remove(profileId) {
      if (opened?.id === profileId) {
        if (opened.db.open) opened.db.close();
        opened = null;
      }
      rmSync(dirname(profileDbPath(o.dir, profileId)), { recursive: true, force: true });
      const s = settings();
      if (s.profile(profileId)) s.removeProfile(profileId);
      secrets.delete(secretIdFor(profileId));
      secrets.delete(anchorId(profileId));
    },
  };
}

/**
 * The demo branch's sandbox state (its "EVO"), so the demo branch answers on the server as it did on the desk, unless
 * the server has one already. Returns the file written (removed again if the move is undone), or null.
 */
export function copyDemoState(sourceDir: string, destDir: string): string | null {
  const from = join(sourceDir, 'demo', 'sandbox.json');
  const to = join(destDir, 'demo', 'sandbox.json');
  if (!existsSync(from) || existsSync(to)) return null;
  mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
  copyFileSync(from, to, constants.COPYFILE_EXCL);
  return to;
}
