import ElectronStore from 'electron-store';
import { SETTINGS_FILE_NAME, type KeyValueStore } from '../core';

/** electron-store in the main process: the same settings.json that `conf` reads in plain Node. */
export function openElectronStore(dataDir: string): KeyValueStore {
  const store = new ElectronStore<Record<string, unknown>>({
    cwd: dataDir,
    name: SETTINGS_FILE_NAME,
    clearInvalidConfig: false,
    // Only this user may read the settings (connection profiles), whatever the umask: as conf does elsewhere.
    configFileMode: 0o600,
  });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
    get path() {
      return store.path;
    },
  };
}
