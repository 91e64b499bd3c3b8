import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where Quita keeps its data when no `--data-dir` / QUITA_DATA_DIR is given. The desktop app sets Electron's
 * `userData` to the same folder, so the desktop app, the browser host and the CLI share one set of files.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.QUITA_DATA_DIR) return env.QUITA_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Quita');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Quita');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Quita');
}

/**
 * The key file that protects secrets outside Electron. Deliberately NOT inside the data folder, so that a
 * copy or backup of the data folder does not carry the key that opens it.
 */
export function defaultKeyFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.QUITA_KEY_FILE ?? join(homedir(), '.quita', 'master.key');
}
