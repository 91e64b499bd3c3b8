/**
 * The few methods Quita needs from a settings file. electron-store implements it in the Electron main
 * process, `conf` (same API, same JSON file) in the browser host, the CLI and tests.
 */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  readonly path: string;
}

/** The settings file's name inside the data folder (both libraries append `.json`). */
export const SETTINGS_FILE_NAME = 'settings';
