import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserWindow, app, dialog, ipcMain, safeStorage } from 'electron';
import { createCore } from '../core/bootstrap';
import { defaultDataDir } from '../core/paths';
import { IPC_EVENT_CHANNEL } from '../shared/bridge';
import { openElectronStore } from './electron-settings';
import { registerIpc } from './ipc-registrar';
import { safeStorageSecretStore } from './safe-storage-secrets';
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

async function main(): Promise<void> {
  await app.whenReady();
  const paths = builtPaths(fileURLToPath(new URL('.', import.meta.url)));
  const isTrusted = trustedUrlCheck(paths);
  serveApp(paths);
  hardenWebContents(isTrusted);

  const core = createCore({
    mode: 'desktop',
    version: app.getVersion(),
    dataDir,
    kv: openElectronStore(dataDir),
    secrets: safeStorageSecretStore(join(dataDir, 'secrets.os.json'), safeStorage),
    // Set by scripts/start.mjs: better-sqlite3 built for Electron's ABI (node_modules holds Node's build).
    sqliteBinding: process.env.QUITA_SQLITE_BINDING,
  });
  registerIpc(ipcMain, core.dispatch, core.ctx.uploads, isTrusted);
  core.resumeBackground();

  let win = createMainWindow(paths);
  core.ctx.events.subscribe((name, payload) => {
    if (!win.isDestroyed()) win.webContents.send(IPC_EVENT_CHANNEL, { name, payload });
  });
  app.on('second-instance', () => {
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) win = createMainWindow(paths);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void core.close());
}

main().catch((e: unknown) => {
  dialog.showErrorBox('Quita', `Quita could not start: ${e instanceof Error ? e.message : String(e)}`);
  app.exit(1);
});
