import { copyFileSync, constants, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { anchorCheck, anchorId, refreshAnchor, restartAnchor } from '../audit/audit-anchor';
import { verifyAudit } from '../audit/audit-verify';
import { auditHead, type AuditInput } from '../audit/audit.repo';
import { appendAudit } from '../audit/audit.store';
import { storeOfDb } from '../store/sqlite-store';
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
import { heldOpenElsewhere, tableCounts, tableDigests } from './migrate-server.repo';

/** Why a destination does not take a branch; the CLI words each as one sentence. */
export type DestinationRefusal =
  | 'missing'
  | 'not_quita'
  | 'profile_exists'
  | 'server_running'
  /** PostgreSQL: a `quita server` is running on the office's database (its mark is held: store/server-running.ts). */
  | 'server_running_database'
  /** PostgreSQL: the address is not a postgres:// URL. */
  | 'database_url'
  /** PostgreSQL: no connection (down, wrong address, database or password). */
  | 'database_unreachable'
  /** PostgreSQL: this user may not create the branch's schema. */
  | 'database_rights'
  /** PostgreSQL: the branch's schema is there and holds data. */
  | 'schema_exists';

/** A refusal and what its sentence names (never a password). */
export interface Refusal {
  reason: DestinationRefusal;
  params?: Record<string, string>;
}

/** The audit log of one side: verified (chain only), how many entries, the last one's hash. */
export interface AuditSide {
  ok: boolean;
  entries: number;
  head: string | null;
}

/** Where the branch's data went, for the summary (a PostgreSQL server named without user or password). */
export type DataPlace =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; server: string; schema: string };

/** The branch's database as received, for the verification and the destination's own audit entry. */
export interface ReceivedDatabase {
  readonly place: DataPlace;
  /** Rows per table, by name. */
  counts(): Promise<Record<string, number>>;
  /** Every table's digest (table-digest.ts), by name. */
  digests(): Promise<Record<string, string>>;
  /** The received log's chain verified, and its head. */
  audit(): Promise<AuditSide>;
  /** The anchor started again at the received log's head, in the destination's secret store and copy. */
  restartAnchor(now: Date): Promise<void>;
  /** The received log verified against the destination's anchor. */
  anchored(): Promise<{ ok: boolean; reason: string | null }>;
  /** An entry in the received log, then the anchor moved to it. */
  record(entry: AuditInput, now: Date): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where `quita migrate-to-server` puts a branch: the office server's storage. Two implementations: the server's
 * data folder of SQLite files (`sqliteFolderDestination`, what `quita server` runs on today) and a branch's schema
 * in the office's PostgreSQL database with the same data folder for the rest (`pgDestination`, pg-destination.ts).
 * The command and its verification (migrate-server.ts) are the same for both.
 */
export interface MigrationDestination {
  /** Where it is, as the clerk named it (for the summary and the audit entries). */
  readonly location: string;
  /** Why it cannot take this branch now, or null. Checked before anything is read or written. */
  refusal(profileId: string): Promise<Refusal | null>;
  /** Copy the branch's database (consistently, while the desk may write). */
  receiveDatabase(source: Db, profileId: string): Promise<ReceivedDatabase>;
  /** The branch's settings entry (same id: the audit log's profileId stays true) and its EVO key, re-sealed. */
  receiveProfile(profile: StoredProfile, key: string | null): void;
  /** The secret store `quita server` reads on this destination (the audit anchor is kept there). */
  readonly secrets: SecretStore;
  /** Undo everything received for this branch (after a failed verification): nothing stays half-moved. */
  remove(profileId: string): Promise<void>;
  /** Let go of what it holds open (a connection pool). */
  close(): Promise<void>;
}

export interface SqliteFolderOptions {
  dir: string;
  /** The key file `quita server` uses on this folder (QUITA_KEY_FILE of the server's account, or its default). */
  keyFile: string;
  passphrase?: string | undefined;
}

/**
 * The server's data folder, apart from the branches' data: settings.json, secrets.local.json, office.sqlite. Both
 * destinations keep the settings entry, the key and the anchor here, and refuse the same folders.
 */
export function serverFolder(o: SqliteFolderOptions) {
  const secrets = fileSecretStore({
    file: join(o.dir, 'secrets.local.json'),
    keyFile: o.keyFile,
    passphrase: o.passphrase,
  });
  // Opened on first use only: the refusals are decided before anything is created in the folder.
  let settingsService: ReturnType<typeof createSettingsService> | null = null;
  const settings = () => (settingsService ??= createSettingsService(openConfStore(o.dir)));
  return {
    secrets,
    /**
     * `officeElsewhere`: whether the office's users live in the destination's database instead (PostgreSQL's
     * `quita_office`), for a folder without office.sqlite.
     */
    refusal: async (
      profileId: string,
      opts: { officeElsewhere?: () => Promise<boolean> } = {},
    ): Promise<Refusal | null> => {
      if (!existsSync(o.dir) || !statSync(o.dir).isDirectory()) return { reason: 'missing' };
      // A server's folder is the one `quita server` runs on: it has the office's users (office.sqlite, or the
      // office's database).
      const office = officeFile(o.dir);
      const here = existsSync(office);
      if (here ? fileProblem(office) : !(await opts.officeElsewhere?.())) return { reason: 'not_quita' };
      if (settings().profile(profileId) || existsSync(dirname(profileDbPath(o.dir, profileId))))
        return { reason: 'profile_exists' };
      // `quita server` keeps office.sqlite open while it runs (no lock file of its own: two server processes may
      // share a folder); a desk's app never opens it. (With the users in PostgreSQL there is no such file to tell.)
      if (here && heldOpenElsewhere(office)) return { reason: 'server_running' };
      return null;
    },
    receiveProfile: (profile: StoredProfile, key: string | null) => {
      const s = settings();
      s.upsertProfile(profile);
      if (key !== null) secrets.set(secretIdFor(profile.id), key, keyBinding(profile));
      if (!s.get().activeProfileId) s.setActiveProfile(profile.id);
    },
    removeProfile: (profileId: string) => {
      const s = settings();
      if (s.profile(profileId)) s.removeProfile(profileId);
      secrets.delete(secretIdFor(profileId));
      secrets.delete(anchorId(profileId));
    },
  };
}

/** A received SQLite file, through the synchronous repos the app runs on. */
function sqliteReceived(db: Db, file: string, secrets: SecretStore, profileId: string): ReceivedDatabase {
  return {
    place: { kind: 'sqlite', file },
    counts: () => Promise.resolve(tableCounts(db)),
    digests: () => Promise.resolve(tableDigests(db)),
    audit: () =>
      Promise.resolve({ ...pick(verifyAudit(db)), head: auditHead(db)?.hash ?? null } satisfies AuditSide),
    restartAnchor: (now) => {
      restartAnchor(db, secrets, profileId, now);
      return Promise.resolve();
    },
    anchored: () => {
      const v = verifyAudit(db, anchorCheck(db, secrets, profileId));
      return Promise.resolve({ ok: v.ok, reason: v.reason });
    },
    record: async (entry, now) => {
      await storeOfDb(db).write((tx) => appendAudit(tx, entry));
      refreshAnchor(db, secrets, profileId, now);
    },
    close: () => {
      if (db.open) db.close();
      return Promise.resolve();
    },
  };
}

const pick = (v: { ok: boolean; entries: number }) => ({ ok: v.ok, entries: v.entries });

/** The office server's data folder: per-branch SQLite files, settings.json, secrets.local.json, office.sqlite. */
export function sqliteFolderDestination(o: SqliteFolderOptions): MigrationDestination {
  const folder = serverFolder(o);
  let opened: { id: string; db: Db } | null = null;
  return {
    location: o.dir,
    secrets: folder.secrets,
    refusal: (profileId) => folder.refusal(profileId),
    receiveDatabase(source, profileId) {
      const file = profileDbPath(o.dir, profileId);
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      copyDatabase(source, file);
      const db = openDb(file, { profileId });
      opened = { id: profileId, db };
      return Promise.resolve(sqliteReceived(db, file, folder.secrets, profileId));
    },
    receiveProfile: folder.receiveProfile,
    remove(profileId) {
      if (opened?.id === profileId) {
        if (opened.db.open) opened.db.close();
        opened = null;
      }
      rmSync(dirname(profileDbPath(o.dir, profileId)), { recursive: true, force: true });
      folder.removeProfile(profileId);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
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
