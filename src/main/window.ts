import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, app, session, shell, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../shared/csp';

export interface WindowPaths {
  preload: string;
  indexHtml: string;
  /** Set by electron-vite in development. */
  devServerUrl?: string | undefined;
}

/** Only our own page may talk to the core or be shown in the window. */
export function trustedUrlCheck(paths: WindowPaths): (url: string) => boolean {
  const fileUrl = pathToFileURL(paths.indexHtml).href;
  return (url) =>
    url.split('#')[0] === fileUrl || (!!paths.devServerUrl && url.startsWith(paths.devServerUrl));
}

/** Secure defaults for every web contents the app ever creates (see Electron's security checklist). */
export function hardenWebContents(isTrusted: (url: string) => boolean): void {
  app.on('web-contents-created', (_e, contents: WebContents) => {
    contents.setWindowOpenHandler(({ url }) => {
      if (url.startsWith('https://')) void shell.openExternal(url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event, url) => {
      if (!isTrusted(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

export function createMainWindow(paths: WindowPaths): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Quita',
    webPreferences: {
      preload: paths.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  if (paths.devServerUrl) void win.loadURL(paths.devServerUrl);
  else void win.loadFile(paths.indexHtml);
  return win;
}

export const builtPaths = (mainDir: string): WindowPaths => ({
  preload: join(mainDir, '../preload/index.cjs'),
  indexHtml: join(mainDir, '../renderer/index.html'),
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
});
