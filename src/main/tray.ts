/// <reference types="electron-vite/node" />
import { Menu, Notification, Tray, app, nativeImage, type BrowserWindow } from 'electron';
// A copy of resources/icon.png: electron-vite takes resources/ as main's public folder and would point at it, and
// resources/ is not packed into the ASAR; an asset beside main is emitted into out/main, which is.
import iconPath from './assets/icon.png?asset';
import type { Locale } from '../shared/constants';
import {
  createDesktopShell,
  textsFor,
  type DesktopShell,
  type Notice,
  type ShellDeps,
} from './desktop-shell';

/**
 * Electron's side of desktop-shell.ts, thinly: the tray icon and its menu (Abrir o Quita, Rodar o ciclo agora,
 * Sair), the main window's close button (hidden into the tray while the schedule is on) and notifications from the
 * main process (the window's web Notification stays refused: see window.ts's permission handler).
 */
export function installDesktopShell(opts: {
  window: () => BrowserWindow | null;
  dispatch: ShellDeps['dispatch'];
  locale: () => Locale;
  log: (message: string, cause?: unknown) => void;
  /** Linked to the office server: the menu offers going back to this computer's data. */
  leaveOffice?: (() => void) | undefined;
}): {
  /** Core events (the window's stream): a finished cycle may notify. */
  onEvent: DesktopShell['onEvent'];
  /** The close button of this window hides it into the tray while the schedule is on. */
  guard(win: BrowserWindow): void;
} {
  // Kept until closed: a notification collected by the garbage collector loses its click handler (Windows).
  const shown = new Set<Notification>();
  const icon = nativeImage.createFromPath(iconPath);
  const showWindow = () => {
    const win = opts.window();
    if (!win || win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  };
  const shell = createDesktopShell({
    dispatch: opts.dispatch,
    locale: opts.locale,
    log: opts.log,
    showWindow,
    hideWindow: () => opts.window()?.hide(),
    quit: () => app.quit(),
    leaveOffice: opts.leaveOffice,
    notify: (n: Notice) => {
      if (!Notification.isSupported()) return;
      const note = new Notification({ title: n.title, body: n.body, icon, silent: false });
      shown.add(note);
      note.on('click', () => {
        shown.delete(note);
        showWindow();
      });
      note.on('close', () => shown.delete(note));
      note.show();
    },
  });

  // The tray: a small copy of the app's icon. Some Linux desktops show no tray; the app then still opens again
  // from its launcher (second-instance shows the hidden window).
  const size = process.platform === 'win32' ? 16 : 22;
  const tray = new Tray(icon.resize({ width: size, height: size }));
  const refreshMenu = () => {
    tray.setToolTip(textsFor(opts.locale()).tooltip);
    tray.setContextMenu(
      Menu.buildFromTemplate(shell.menu().map((e) => ({ label: e.label, click: () => e.run() }))),
    );
  };
  refreshMenu();
  // The menu follows the clerk's language: rebuilt whenever the window is shown or a cycle ends.
  tray.on('click', showWindow);
  app.on('browser-window-focus', refreshMenu);
  app.on('before-quit', () => shell.markQuitting());
  app.on('will-quit', () => tray.destroy());

  return {
    onEvent(name, payload) {
      shell.onEvent(name, payload);
      if (name === 'job.finished') refreshMenu();
    },
    guard(win) {
      win.on('close', (event) => {
        if (shell.closeRequested()) event.preventDefault();
      });
    },
  };
}
