import type { BackgroundRegistry } from './background';
import type { ApiRegistry } from './connection/api-access';
import type { Db } from './db/open-db';
import type { DemoController } from './demo/demo-controller';
import type { EventBus } from './events';
import type { Logger } from './log';
import type { SecretStore } from './secrets/secret-store';
import type { SettingsService } from './settings/settings.service';
import type { Store } from './store/store';
import type { Office, Role } from './users/office';
import type { Updater } from './update/updater';
import type { Uploads } from './uploads';

/** Everything a handler may touch, built by each front door. No module globals. */
export interface CoreContext {
  mode: 'desktop' | 'browser' | 'cli' | 'server';
  version: string;
  dataDir: string;
  settings: SettingsService;
  secrets: SecretStore;
  events: EventBus;
  /** API clients per profile, each profile with its own shared rate limiter. */
  api: ApiRegistry;
  /** The demonstration branch (an in-process sandbox API), started on first use. */
  demo: DemoController;
  /** Background work (outbox sender, notification queue): resumed at start-up, stopped at exit. */
  background: BackgroundRegistry;
  /** Files sent by the user (statements), referred to by upload id. */
  uploads: Uploads;
  /** The SQLite database of the active connection profile; throws a clear error when there is none. */
  db(): Db;
  /**
   * Record a change in the active profile's audit log (no profile yet: nothing to record), in a write transaction of
   * its Store of its own (audit.store.ts's appendAudit, under the chain's lock): await it, and never call it inside
   * a Store transaction (that would wait for itself; it is refused). Changes that have their own transaction write
   * their entry inside it instead (review, outbox, notifications, imports).
   */
  audit(action: string, subject: string | null, change: { before?: unknown; after?: unknown }): Promise<void>;
  /**
   * Who is acting, for the audit log: the OS user and the front door, e.g. `maria (desktop)`; inside asRoutine,
   * the OS user and `schedule` (`maria (schedule)`: the automatic cycle, no one at the keyboard).
   */
  actor(): string;
  /** Run `fn` as the automatic routine (the scheduled cycle): what it audits says so, not the front door. */
  asRoutine<T>(fn: () => Promise<T>): Promise<T>;
  /** The database of a given profile (background work keeps its profile when the user switches). */
  dbFor(profileId: string): Db;
  /**
   * The active profile's database behind the asynchronous Store (docs/postgres.md): the repos already converted
   * run on it; on SQLite it is the same file and the same connection as db().
   */
  store(): Store;
  /** The Store of a given profile's database. */
  storeFor(profileId: string): Store;
  /** The active profile's id; throws the same error as db() when there is none. */
  activeProfileId(): string;
  /** The log file of the data folder: details of every failure (the clerk sees one sentence). */
  log: Logger;
  /** Move a profile's audit anchor to the log's head (after background runs; commands do it by themselves). */
  anchorAudit(profileId: string): void;
  /** Automatic updates: electron-updater in the desktop app, "not here" in the browser mode and the CLI. */
  updater: Updater;
  /** Where each profile's database lives, and closing one in this process (backups and restore). */
  databases: {
    path(profileId: string): string;
    close(profileId: string): void;
    /** [W] The branches are kept in the office's PostgreSQL (a server started with QUITA_DATABASE_URL), not in files. */
    readonly inOfficeDatabase: boolean;
  };
  /** The office's users and sessions (`quita server` only); absent in the desktop app, the browser mode and the CLI. */
  office?: Office;
  /** Who is logged in on this request (server mode); null outside a server request. */
  requester(): { login: string; name: string; role: Role } | null;
}
