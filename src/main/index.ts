import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserWindow, app, dialog, ipcMain, safeStorage, session } from 'electron';
import { createCore, defaultDataDir, readOfficeLink } from '../core';
import { IPC_EVENT_CHANNEL } from '../shared/bridge';
import { openElectronStore } from './electron-settings';
import { registerIpc } from './ipc-registrar';
import { safeStorageSecretStore } from './safe-storage-secrets';
import { SMOKE_SCRIPT, SMOKE_TIMEOUT_MS, smokeRequested, smokeVerdict } from './smoke';
import { certificateVerdict, isOfficePage, officeOrigin } from './office-link';
import { installDesktopShell } from './tray';
import { createElectronUpdater } from './updater';
import {
  builtPaths,
  createMainWindow,
  hardenWebContents,
  registerAppScheme,
  serveApp,
  trustedUrlCheck,
} from './window';

// One data folder for all three front doors (see core/paths.ts); set before `ready` so Electron uses it too.
const dataDir = defaultDataDir();
app.setPath('userData', dataDir);
app.enableSandbox();
// Must happen before `ready`: the renderer is served from app://quita/, not file://.
registerAppScheme();

if (!app.requestSingleInstanceLock()) app.quit();
// Windows shows a main-process notification only for an app with this id (the installer's shortcut carries it).
if (process.platform === 'win32') app.setAppUserModelId('br.quita.app');

async function main(): Promise<void> {
  await app.whenReady();
  const paths = builtPaths(fileURLToPath(new URL('.', import.meta.url)));
  const isTrusted = trustedUrlCheck(paths);
  // Linked to the office server ([W], Configurações → Servidor do escritório): the window opens its screens.
  const link = smokeRequested() ? null : readOfficeLink(dataDir);
  serveApp(paths);
  // Navigation may also reach the server's pages; IPC stays for Quita's own page alone (registerIpc below).
  hardenWebContents((url) => isTrusted(url) || isOfficePage(url, link), officeOrigin(link));
  // A certificate Quita made for the server is accepted only when it is exactly the pinned one.
  session.defaultSession.setCertificateVerifyProc((req, callback) =>
    callback(certificateVerdict(link, req.hostname, req.certificate.data)),
  );

  const smoke = smokeRequested();
  let mainWindow: BrowserWindow | null = null;
  // Built before the core, which reports its state in Configurações; its callbacks reach the core only later.
  const updater = createElectronUpdater({
    // The smoke run never looks for updates.
    isPackaged: app.isPackaged && !smoke,
    dialog,
    window: () => mainWindow,
    locale: () => core.locale(),
    log: (m, e) => core.log.warn(m, e),
  });
  const core = createCore({
    mode: 'desktop',
    version: app.getVersion(),
    dataDir,
    kv: openElectronStore(dataDir),
    secrets: safeStorageSecretStore(join(dataDir, 'secrets.os.json'), safeStorage),
    // Set by scripts/start.mjs: better-sqlite3 built for Electron's ABI (node_modules holds Node's build).
    sqliteBinding: process.env.QUITA_SQLITE_BINDING,
    updater,
  });
  registerIpc(ipcMain, core.dispatch, core.uploads, isTrusted);
  core.resumeBackground();

  const officeUrl = officeOrigin(link) ? link!.url : null;
  let win = createMainWindow(paths, officeUrl);
  mainWindow = win;
  // The tray, the close button while the schedule is on, and notifications (tray.ts; the smoke run has none).
  const desktop = smoke
    ? null
    : installDesktopShell({
        window: () => mainWindow,
        dispatch: core.dispatch,
        locale: () => core.locale(),
        log: (m, e) => core.log.warn(m, e),
        // Back to this computer's own data: the link is forgotten and the app starts again.
        leaveOffice: officeUrl
          ? () =>
              void core.dispatch('office.link.set', { url: null }).then(() => {
                app.relaunch();
                app.exit(0);
              })
          : undefined,
      });
  desktop?.guard(win);
  if (smoke) runSmoke(win, () => core.close());
  else updater.setFeed(core.updateFeed());
  core.events.subscribe((name, payload) => {
    if (!win.isDestroyed()) win.webContents.send(IPC_EVENT_CHANNEL, { name, payload });
    desktop?.onEvent(name, payload);
  });
  app.on('second-instance', () => {
    // Opening Quita again shows the window, also when it was closed into the tray.
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) {
      mainWindow = win = createMainWindow(paths, officeUrl);
      desktop?.guard(win);
    }
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void core.close());
}

/** QUITA_SMOKE=1: app.info through the window's bridge, one line on stdout, exit 0/1 (see smoke.ts). */
function runSmoke(win: BrowserWindow, close: () => Promise<void>): void {
  const finish = (line: string, code: number) => {
    process.stdout.write(`${line}\n`);
    // A GUI executable's stdout may go nowhere on Windows: the smoke script also reads this file.
    if (process.env.QUITA_SMOKE_OUT) writeFileSync(process.env.QUITA_SMOKE_OUT, `${line}\n`);
    void close().finally(() => app.exit(code));
  };
  const timer = setTimeout(
    () => finish(smokeVerdict('timeout: the window did not answer', app.getVersion()).line, 1),
    SMOKE_TIMEOUT_MS,
  );
  win.webContents.once('did-finish-load', () => {
    win.webContents.executeJavaScript(SMOKE_SCRIPT).then(
      (result: unknown) => {
        clearTimeout(timer);
        const v = smokeVerdict(result, app.getVersion());
        finish(v.line, v.code);
      },
      (e: unknown) => {
        clearTimeout(timer);
        finish(
          smokeVerdict(`error: ${e instanceof Error ? e.message : String(e)}`, app.getVersion()).line,
          1,
        );
      },
    );
  });
}

main().catch((e: unknown) => {
  dialog.showErrorBox('Quita', `Quita could not start: ${e instanceof Error ? e.message : String(e)}`);
  app.exit(1);
});
