import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, app, net, protocol, session, shell, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../shared/csp';
import { APP_INDEX, APP_SCHEME, appFileFor, isAllowedExternal, isTrustedPageUrl } from './app-urls';

export interface WindowPaths {
  preload: string;
  indexHtml: string;
  /** Set by electron-vite in development. */
  devServerUrl?: string | undefined;
}

/** Before `ready`: `app://` is a standard, secure scheme (its own origin, fetch allowed, no file:// reach). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** After `ready`: serve the built renderer, and nothing else, under app://quita/ with our CSP. */
export function serveApp(paths: WindowPaths): void {
  const rendererDir = dirname(paths.indexHtml);
  protocol.handle(APP_SCHEME, async (request) => {
    const file = appFileFor(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    const res = await net.fetch(pathToFileURL(file).href);
    const headers = new Headers(res.headers);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(res.body, { status: res.status, headers });
  });
}

/** Only our own page may talk to the core or be shown in the window. */
export function trustedUrlCheck(paths: WindowPaths): (url: string) => boolean {
  return (url) => isTrustedPageUrl(url, paths.devServerUrl);
}

/** Secure defaults for every web contents the app ever creates (see Electron's security checklist). */
export function hardenWebContents(
  isTrusted: (url: string) => boolean,
  officeOrigin: string | null = null,
): void {
  app.on('web-contents-created', (_e, contents: WebContents) => {
    contents.setWindowOpenHandler(({ url }) => {
      // Only allowlisted sites, in the system browser; never a new Electron window.
      if (isAllowedExternal(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
    const guard = (event: { preventDefault(): void }, url: string) => {
      if (!isTrusted(url)) event.preventDefault();
    };
    contents.on('will-navigate', guard);
    contents.on('will-redirect', guard);
    contents.on('will-frame-navigate', (event) => guard(event, event.url));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  // Nothing is ever granted: no camera, notifications, clipboard-read, geolocation, HID, serial...
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    // The office server sends its own policy (the same, except that its login form may post to itself).
    if (officeOrigin && originOf(details.url) === officeOrigin) return callback({});
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The main window: Quita's own screens (app://quita/, with the preload's IPC bridge), or — when the desktop app is
 * linked to the office server — the server's screens at `officeUrl`, a remote page with no preload and so no IPC
 * (it brings its own HTTP bridge and signs the clerk in).
 */
export function createMainWindow(paths: WindowPaths, officeUrl: string | null = null): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Quita',
    webPreferences: {
      ...(officeUrl ? {} : { preload: paths.preload }),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  if (officeUrl) void win.loadURL(officeUrl);
  else if (paths.devServerUrl) void win.loadURL(paths.devServerUrl);
  else void win.loadURL(APP_INDEX);
  return win;
}

export const builtPaths = (mainDir: string): WindowPaths => ({
  preload: join(mainDir, '../preload/index.cjs'),
  indexHtml: join(mainDir, '../renderer/index.html'),
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
});
