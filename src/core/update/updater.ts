import type { UpdateStatus } from '../../shared/contract/update';

/**
 * What the core knows of automatic updates. The desktop app's main process builds one over electron-updater
 * (src/main/updater.ts → createUpdateController below) and hands it to createCore; the browser host and the CLI
 * get `noUpdater`, so `app.update.*` says why they cannot update themselves. The core never imports electron.
 */
export interface Updater {
  status(): Omit<UpdateStatus, 'version' | 'feedUrl'>;
  /** The installation's feed changed (null: removed). With a feed, a check starts at once. */
  setFeed(url: string | null): void;
  /** Ask the feed now; resolves when the check (not the download) is over. */
  checkNow(): Promise<void>;
  /** Stop the daily timer (at exit). */
  stop(): void;
}

export type UnsupportedReason = NonNullable<UpdateStatus['unsupported']>;

export function noUpdater(reason: UnsupportedReason): Updater {
  return {
    status: () => ({
      state: 'unsupported',
      unsupported: reason,
      available: null,
      percent: null,
      lastCheck: null,
      error: null,
      installOnQuit: false,
    }),
    setFeed: () => undefined,
    checkNow: async () => undefined,
    stop: () => undefined,
  };
}

/** The part of electron-updater's AppUpdater used here (typed locally so the core needs no electron types). */
export interface UpdateEngine {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-not-available', listener: () => void): unknown;
  on(event: 'download-progress', listener: (p: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (e: Error) => void): unknown;
}

/** The answer to "a new version was downloaded": install when Quita closes, restart now, or not this time. */
export type InstallChoice = 'on_quit' | 'now' | 'later';

export interface UpdateControllerOptions {
  engine: UpdateEngine;
  /** Ask the user (a dialog in the desktop app) what to do with a downloaded version. */
  ask(version: string): Promise<InstallChoice>;
  log(message: string, cause?: unknown): void;
  now?: () => Date;
  /** Defaults to once a day. */
  intervalMs?: number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export const DAILY_MS = 24 * 3600_000;

/** What a failed check or download was, for the screen (details go to the log). */
export function classifyUpdateError(e: unknown): NonNullable<UpdateStatus['error']> {
  const text =
    e instanceof Error ? `${e.name} ${e.message} ${(e as { code?: string }).code ?? ''}` : String(e);
  if (
    /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|net::ERR_|socket hang up/i.test(text)
  )
    return 'offline';
  if (
    /HttpError|status code|40[34]|latest(-linux)?\.yml|Cannot parse|ERR_UPDATER_(INVALID|CHANNEL|LATEST)/i.test(
      text,
    )
  )
    return 'feed';
  if (/sha512|checksum|signature|ERR_UPDATER_INVALID_SIGNATURE|download/i.test(text)) return 'download';
  return 'unknown';
}

/**
 * Checks at start (when a feed is set) and once a day; downloads in the background; when a version is
 * downloaded, asks once per download whether to install it when Quita closes (electron-updater's
 * autoInstallOnAppQuit) or to restart now.
 */
export function createUpdateController(opts: UpdateControllerOptions): Updater {
  const { engine } = opts;
  const now = opts.now ?? (() => new Date());
  const every = opts.intervalMs ?? DAILY_MS;
  const startTimer = opts.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const stopTimer =
    opts.clearInterval ?? ((h: unknown) => clearInterval(h as ReturnType<typeof setInterval>));
  let state: UpdateStatus['state'] = 'not_configured';
  let available: string | null = null;
  let percent: number | null = null;
  let lastCheck: string | null = null;
  let error: UpdateStatus['error'] = null;
  let feed: string | null = null;
  let timer: unknown = null;
  let asked: string | null = null;

  engine.autoDownload = true;
  engine.autoInstallOnAppQuit = false; // only after the user says yes
  engine.on('checking-for-update', () => {
    if (state !== 'downloading' && state !== 'downloaded') state = 'checking';
  });
  engine.on('update-available', (info) => {
    state = 'downloading';
    available = info.version;
    percent = 0;
    error = null;
  });
  engine.on('update-not-available', () => {
    if (state !== 'downloaded') state = 'up_to_date';
    error = null;
  });
  engine.on('download-progress', (p) => {
    state = 'downloading';
    percent = Math.max(0, Math.min(100, Math.round(p.percent)));
  });
  engine.on('update-downloaded', (info) => {
    state = 'downloaded';
    available = info.version;
    percent = 100;
    if (asked === info.version) return;
    asked = info.version;
    opts.ask(info.version).then(
      (choice) => {
        engine.autoInstallOnAppQuit = choice !== 'later';
        if (choice === 'now') engine.quitAndInstall();
      },
      (e: unknown) => opts.log('could not ask about the downloaded update', e),
    );
  });
  engine.on('error', (e) => {
    if (state === 'downloaded') return; // a later check failing does not undo a finished download
    error = classifyUpdateError(e);
    state = 'error';
    opts.log('update check or download failed', e);
  });

  const check = async () => {
    if (!feed) return;
    lastCheck = now().toISOString();
    try {
      await engine.checkForUpdates();
    } catch (e) {
      // electron-updater emits 'error' too; keep the state consistent when it does not.
      if (state !== 'downloaded') {
        error = classifyUpdateError(e);
        state = 'error';
      }
      opts.log('update check failed', e);
    }
  };

  return {
    status: () => ({
      state,
      unsupported: null,
      available,
      percent: state === 'downloading' ? percent : null,
      lastCheck,
      error: state === 'error' ? error : null,
      installOnQuit: state === 'downloaded' && engine.autoInstallOnAppQuit,
    }),
    setFeed(url) {
      feed = url;
      if (timer) stopTimer(timer);
      timer = null;
      if (!url) {
        if (state !== 'downloaded' && state !== 'downloading') state = 'not_configured';
        return;
      }
      engine.setFeedURL({ provider: 'generic', url });
      if (state !== 'downloaded' && state !== 'downloading') state = 'idle';
      timer = startTimer(() => void check(), every);
      (timer as { unref?: () => void } | null)?.unref?.();
      void check();
    },
    checkNow: check,
    stop() {
      if (timer) stopTimer(timer);
      timer = null;
    },
  };
}
