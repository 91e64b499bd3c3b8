import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { refreshAnchor } from './audit/audit-anchor';
import { auditHead } from './audit/audit.repo';
import { appendAudit } from './audit/audit.store';
import { backgroundRegistry } from './background';
import { storeQuirks } from './cache/api-quirks.repo';
import { createApiRegistry } from './connection/api-access';
import type { CoreContext } from './context';
import { createDemoController } from './demo/demo-controller';
import { createProfileDbs } from './db/profile-dbs';
import { storeOfDb } from './store/sqlite-store';
import { pgBranchStores } from './store/branch-stores';
import { auditHeadIn, refreshAnchorIn } from './audit/audit-anchor.store';
import { createDispatch, type Dispatch } from './dispatch';
import { AppError } from './errors';
import { createEventBus, type EventBus } from './events';
import { fileLogger, logFileOf, type Logger } from './log';
import { createHandlers } from './handlers';
import { defaultKeyFile } from './paths';
import { openConfStore } from './settings/conf-store';
import type { KeyValueStore } from './settings/kv-store';
import { createSettingsService } from './settings/settings.service';
import { fileSecretStore } from './secrets/file-secret-store';
import type { SecretStore } from './secrets/secret-store';
import { noUpdater, type Updater } from './update/updater';
import { createUploads, type Uploads } from './uploads';
import { storedFeed } from './update/update.handlers';
import type { Locale } from '../shared/constants';
import type { Office } from './users/office';
import type { Role } from '../shared/roles';

/** A logged-in person of the office server. */
export interface Requester {
  login: string;
  name: string;
  role: Role;
}

export interface CoreOptions {
  mode: CoreContext['mode'];
  version: string;
  dataDir: string;
  /** Defaults to `conf` (plain Node); Electron passes electron-store. */
  kv?: KeyValueStore;
  /** Defaults to the encrypted file store; Electron passes safeStorage. */
  secrets?: SecretStore;
  env?: NodeJS.ProcessEnv;
  /** better-sqlite3 binary for a non-Node ABI (Electron). */
  sqliteBinding?: string | undefined;
  /** The desktop app's updater (src/main/updater.ts); the other front doors cannot update themselves. */
  updater?: Updater;
  /** Also show log lines on stderr (the browser host's terminal); the CLI keeps stderr for one sentence. */
  echoLog?: boolean;
  /** The office's users and sessions, opened by `quita server`. */
  office?: Office;
}

/**
 * What a front door (src/main, src/host, src/cli) gets from the core: run a command, follow events, stage a
 * file, and the few facts a door prints. Exported through src/core/index.ts; nothing else of the core is.
 */
export interface CoreDoor {
  version: string;
  dataDir: string;
  /** The log file every door writes (named in Ajuda/Sobre and by `quita --version`). */
  logFile: string;
  /** The one entry point: validation, audit entries and error sentences are the same from every door. */
  dispatch: Dispatch;
  /** Progress and job events, for IPC, the host's event stream and the CLI's stderr. */
  events: Pick<EventBus, 'subscribe'>;
  /** Files on their way in (the renderer uploads them; the CLI stages the file it was given). */
  uploads: Uploads;
  log: Logger;
  /** The clerk's language, for what the desktop shell says itself (update dialogs). */
  locale(): Locale;
  /** Set when the secrets are protected less than the user may assume (printed by the browser host). */
  secretsWarning: string | null;
  /** The update feed stored in the settings, if it is a valid one (the desktop updater starts with it). */
  updateFeed(): string | null;
  /** Run `fn` on behalf of a logged-in person (the office server, per request): the role checked, the audit's "Quem". */
  runAs<T>(who: Requester, fn: () => Promise<T>): Promise<T>;
  /** Start pending background work of the active profile (the desktop app and the browser host call it). */
  resumeBackground(): void;
  close(): Promise<void>;
}

/** The core with its context, for the core's own tests; front doors only see `CoreDoor`. */
export interface Core extends CoreDoor {
  ctx: CoreContext;
}

/** Build the core for one front door. Same handlers, same files, whichever door opens it. */
export function createCore(opts: CoreOptions): Core {
  const env = opts.env ?? process.env;
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const log = fileLogger(opts.dataDir, opts.echoLog ? { echo: (l) => console.error(`[quita] ${l}`) } : {});
  // [W] A server given the office's PostgreSQL (QUITA_DATABASE_URL) keeps its branches there (docs/server.md).
  const pg =
    opts.mode === 'server' && env.QUITA_DATABASE_URL?.trim()
      ? pgBranchStores(env.QUITA_DATABASE_URL.trim())
      : null;
  const dbs = createProfileDbs(opts.dataDir, opts.sqliteBinding, (id, e) =>
    log.error(`daily backup of profile ${id} failed`, e),
  );
  const settings = createSettingsService(opts.kv ?? openConfStore(opts.dataDir));
  const activeProfileId = () => {
    const id = settings.get().activeProfileId;
    if (!id || !settings.profile(id)) {
      throw new AppError(
        'not_found',
        'No branch is connected yet: connect one on the first screen or in Configurações.',
        {
          code: 'profile.none',
        },
      );
    }
    return id;
  };
  const secrets =
    opts.secrets ??
    fileSecretStore({
      file: join(opts.dataDir, 'secrets.local.json'),
      keyFile: defaultKeyFile(env),
      passphrase: env.QUITA_PASSPHRASE || undefined,
    });
  const demo = createDemoController(opts.dataDir);
  /** Move the audit log's anchor to its head (audit-anchor.ts); a failure is logged, never fatal. */
  // The head last anchored per profile: most commands append nothing, and then the secret store is not read.
  const anchoredHead = new Map<string, string>();
  // On the office's PostgreSQL the chain is read from there (audit-anchor.store.ts), one move at a time per branch,
  // after the command has answered; a failure is logged, as below.
  const pgAnchoring = new Map<string, Promise<void>>();
  const anchor = (profileId: string | null) => {
    if (pg) {
      // Only a branch this process used: the anchor of one it never opened has not moved (and opening it here would
      // make its schema).
      if (!profileId || !settings.profile(profileId) || !pg.has(profileId)) return;
      const store = pg.store(profileId);
      const next = (pgAnchoring.get(profileId) ?? Promise.resolve())
        .then(async () => {
          // As on SQLite: a command that appended nothing leaves the head where it was anchored, and then the
          // secret store is not read.
          const head = (await store.read(auditHeadIn))?.hash;
          if (head === undefined || anchoredHead.get(profileId) === head) return;
          const a = await refreshAnchorIn(store, secrets, profileId);
          if (a?.head === head) anchoredHead.set(profileId, head);
        })
        .then(
          () => undefined,
          (e: unknown) => log.error(`could not move the audit anchor of profile ${profileId}`, e),
        );
      pgAnchoring.set(profileId, next);
      return;
    }
    if (!profileId || !settings.profile(profileId) || !dbs.isOpen(profileId)) return;
    try {
      const db = dbs.forProfile(profileId);
      const head = auditHead(db)?.hash;
      if (head === undefined || anchoredHead.get(profileId) === head) return;
      const a = refreshAnchor(db, secrets, profileId);
      if (a?.head === head) anchoredHead.set(profileId, head);
    } catch (e) {
      log.error(`could not move the audit anchor of profile ${profileId}`, e);
    }
  };
  // The scheduled cycle's work, wherever it is audited from (its own steps, the commands it dispatches).
  const routine = new AsyncLocalStorage<true>();
  // Who asked, on the office server: the login of the request being served (and of what it started).
  const requests = new AsyncLocalStorage<Requester>();
  const actor = () =>
    `${requests.getStore()?.login ?? osUser()} (${routine.getStore() ? 'schedule' : opts.mode})`;
  /**
   * A branch's Store: its SQLite file's, or its schema of the office's PostgreSQL on a server started with one. A
   * branch whose data is still a file in the server's folder is not served from an empty schema there: it says so.
   */
  const storeFor = (profileId: string) => {
    if (!pg) return storeOfDb(dbs.forProfile(profileId));
    if (!pg.has(profileId) && existsSync(dbs.path(profileId)))
      throw new AppError(
        'conflict',
        'This branch’s data is a file in the server’s folder, not in the office’s PostgreSQL: move it there first (quita migrate-to-server --banco).',
        { code: 'db.in_server_folder' },
      );
    return pg.store(profileId);
  };
  /** What still reads a branch's SQLite handle directly cannot run on the office's PostgreSQL: it says so. */
  const dbFor = (profileId: string) => {
    if (pg)
      throw new AppError(
        'internal',
        'This part of Quita still reads the branch’s own file and does not run on the office’s PostgreSQL yet.',
        { code: 'db.sqlite_only' },
      );
    return dbs.forProfile(profileId);
  };
  const ctx: CoreContext = {
    mode: opts.mode,
    version: opts.version,
    dataDir: opts.dataDir,
    settings,
    secrets,
    api: createApiRegistry({
      settings,
      secrets,
      activeProfileId,
      demoBaseUrl: async () => (await demo.ensureRunning()).url,
      quirksFor: (profileId) =>
        storeQuirks(storeFor(profileId), {
          onError: (e) => log.error(`could not remember what the API of profile ${profileId} refuses`, e),
        }),
    }),
    demo,
    background: backgroundRegistry(),
    events: createEventBus(),
    uploads: createUploads(join(opts.dataDir, 'uploads')),
    activeProfileId,
    actor,
    asRoutine: (fn) => routine.run(true, fn),
    db: () => dbFor(activeProfileId()),
    dbFor,
    store: () => storeFor(activeProfileId()),
    storeFor,
    databases: { path: (id) => dbs.path(id), close: (id) => dbs.close(id), inOfficeDatabase: pg !== null },
    updater:
      opts.updater ??
      noUpdater(opts.mode === 'desktop' ? 'development' : opts.mode === 'server' ? 'browser' : opts.mode),
    anchorAudit: anchor,
    log,
    office: opts.office,
    requester: () => requests.getStore() ?? null,
    audit: async (action, subject, change) => {
      const id = settings.get().activeProfileId;
      if (!id || !settings.profile(id)) return;
      const who = actor();
      await storeFor(id).write((tx) =>
        appendAudit(tx, { actor: who, profileId: id, action, subject, ...change }),
      );
    },
  };
  return {
    ctx,
    version: opts.version,
    dataDir: opts.dataDir,
    logFile: log.file ?? logFileOf(opts.dataDir),
    events: ctx.events,
    uploads: ctx.uploads,
    log,
    locale: () => settings.get().locale,
    secretsWarning: secrets.protection.warning ?? null,
    updateFeed: () => storedFeed(ctx),
    dispatch: createDispatch(
      createHandlers(ctx),
      (m) => log.error(m),
      () => anchor(settings.get().activeProfileId),
      // The office server's door needs a logged-in person for every command; the others are the desk's owner's.
      opts.mode === 'server' ? () => ctx.requester() : undefined,
    ),
    runAs: (who, fn) => requests.run(who, fn),
    resumeBackground: () => {
      const id = settings.get().activeProfileId;
      if (id && settings.profile(id)) ctx.background.resume(id);
    },
    close: async () => {
      await ctx.background.stopAll();
      ctx.updater.stop();
      for (const p of settings.profiles()) anchor(p.id);
      dbs.closeAll();
      await Promise.all(pgAnchoring.values());
      await pg?.close();
      await demo.close();
    },
  };
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}
