import Conf from 'conf';
import { SETTINGS_FILE_NAME, type KeyValueStore } from './kv-store';

/** Settings for plain Node (host, CLI, tests): `conf` writes the same `settings.json` as electron-store. */
export function openConfStore(dataDir: string): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: SETTINGS_FILE_NAME,
    projectName: 'quita',
    // Settings hold no secrets (those live in the secret store), so the file stays readable JSON.
    clearInvalidConfig: false,
  });
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
    get path() {
      return conf.path;
    },
  };
}
