import Conf from 'conf';
import { restrictFileMode } from '../fs-atomic';
import { SETTINGS_FILE_NAME, type KeyValueStore } from './kv-store';

/** Settings for plain Node (host, CLI, tests): `conf` writes the same `settings.json` as electron-store. */
export function openConfStore(dataDir: string): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: SETTINGS_FILE_NAME,
    projectName: 'quita',
    // Settings hold no secrets (those live in the secret store), so the file stays readable JSON, but only to
    // this user: it names the branches, their API addresses and users.
    clearInvalidConfig: false,
    configFileMode: 0o600,
  });
  // A file written before (by an older Quita, or under a permissive umask) is narrowed too.
  restrictFileMode(conf.path);
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
    get path() {
      return conf.path;
    },
  };
}
