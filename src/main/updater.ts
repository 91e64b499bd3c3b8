import type { BrowserWindow, Dialog } from 'electron';
import electronUpdater from 'electron-updater';
import type { Locale } from '../shared/constants';
import {
  createUpdateController,
  noUpdater,
  type InstallChoice,
  type UnsupportedReason,
  type UpdateEngine,
  type Updater,
} from '../core';

/**
 * electron-updater, thinly: which copies can update themselves, and the question asked when a version has been
 * downloaded. The state machine (checks at start and daily, background download, install on quit after asking)
 * is core/update/updater.ts, unit-tested there with a fake engine.
 */
export function updateSupport(
  isPackaged: boolean,
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): UnsupportedReason | null {
  if (!isPackaged) return 'development';
  // electron-builder's portable .exe runs from a temporary folder: nothing to update in place.
  if (env.PORTABLE_EXECUTABLE_DIR) return 'portable';
  // An AppImage replaces itself; a .deb is updated by installing the new package (docs/packaging.md).
  if (platform === 'linux' && !env.APPIMAGE) return 'linux_package';
  if (platform !== 'win32' && platform !== 'linux') return 'development';
  return null;
}

const TEXTS: Record<Locale, { title: string; message: string; detail: string; buttons: string[] }> = {
  'pt-BR': {
    title: 'Atualização do Quita',
    message: 'A versão {v} do Quita foi baixada.',
    detail:
      'Ela pode ser instalada quando você fechar o Quita: na próxima vez que abrir, já estará atualizado. ' +
      'Se preferir, reinicie agora. Seus dados não são alterados pela atualização.',
    buttons: ['Instalar ao fechar o Quita', 'Reiniciar e instalar agora', 'Agora não'],
  },
  en: {
    title: 'Quita update',
    message: 'Quita {v} has been downloaded.',
    detail:
      'It can be installed when you close Quita: the next time you open it, it will be up to date. ' +
      'Or restart now. Your data is not changed by the update.',
    buttons: ['Install when Quita closes', 'Restart and install now', 'Not now'],
  },
};
const CHOICES: InstallChoice[] = ['on_quit', 'now', 'later'];

export function createElectronUpdater(deps: {
  isPackaged: boolean;
  dialog: Pick<Dialog, 'showMessageBox'>;
  window: () => BrowserWindow | null;
  locale: () => Locale;
  log: (message: string, cause?: unknown) => void;
}): Updater {
  const reason = updateSupport(deps.isPackaged);
  if (reason) return noUpdater(reason);
  // Reading `autoUpdater` builds the platform's updater (NSIS on Windows, AppImage on Linux). Should that fail,
  // Quita still starts, without updates (the core, and so the log, does not exist yet at this point).
  let engine: UpdateEngine;
  try {
    engine = electronUpdater.autoUpdater;
  } catch (e) {
    console.error(`quita: updates are off: ${e instanceof Error ? e.message : String(e)}`);
    return noUpdater('development');
  }
  return createUpdateController({
    engine,
    log: deps.log,
    async ask(version) {
      const t = TEXTS[deps.locale()] ?? TEXTS['pt-BR'];
      const options = {
        type: 'info' as const,
        title: t.title,
        message: t.message.replace('{v}', version),
        detail: t.detail,
        buttons: t.buttons,
        defaultId: 0,
        cancelId: 2,
        noLink: true,
      };
      const win = deps.window();
      const { response } = await (win && !win.isDestroyed()
        ? deps.dialog.showMessageBox(win, options)
        : deps.dialog.showMessageBox(options));
      return CHOICES[response] ?? 'later';
    },
  });
}
