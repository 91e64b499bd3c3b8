/**
 * The core's only public entry. The front doors (src/main, src/host, src/cli) import the core from here and
 * nowhere else (eslint.config.js enforces it with a rule that resolves paths): they build the core, run
 * commands through its dispatch, follow its events and stage files. Everything a clerk can do goes through a
 * command (src/shared/contract), so validation, audit entries and error sentences are the same from every door.
 */

// Building the core, and what a door gets from it.
export { createCore } from './bootstrap';
export type { CoreDoor as Core, CoreOptions, Requester } from './bootstrap';
export type { Dispatch } from './dispatch';
export type { EventBus, EventListener } from './events';
export { logFileOf, type Logger } from './log';
export { MAX_UPLOAD_BYTES, type Uploads } from './uploads';

// Errors as data: what a door tells apart (an AppError carries a clerk's sentence; anything else is a bug).
export { AppError, isAppError } from './errors';

// The office server's users and sessions (`quita server`, `quita usuarios`).
export {
  officeFile,
  officePlace,
  openOffice,
  type Office,
  type OfficePlace,
  type OfficeUser,
  type Role,
} from './users/office';
export { OFFICE_PG_SCHEMA } from './users/users.repo';
export { moveOfficeToDatabase, type OfficeMoved } from './users/office-move';
// The desktop app pointed at an office server instead of its own data.
export { readOfficeLink } from './office-link/office-link';

// Where the data lives and which version runs.
export { defaultDataDir } from './paths';
export { packageVersion } from './version';

// What the desktop shell plugs in (electron-store, safeStorage, electron-updater) behind the core's interfaces.
export { SETTINGS_FILE_NAME, type KeyValueStore } from './settings/kv-store';
export { storedLocale } from './settings/stored-locale';
export {
  boundPayload,
  openBoundPayload,
  openSealedPayload,
  sealedPayload,
  type SecretProtection,
  type SecretStore,
} from './secrets/secret-store';
export { withFileLock } from './fs-lock';
export {
  createUpdateController,
  noUpdater,
  type InstallChoice,
  type UnsupportedReason,
  type UpdateEngine,
  type Updater,
} from './update/updater';
export { writeFileAtomic } from './fs-atomic';

// Text the CLI prints the way the screens say it.
export { brl } from './matching/reasons-pt';
export { datePt } from './reports/format-pt';
export { describeAccount } from './import/account-check';

// `quita migrate-to-server`: a desk's branch moved into the office server's data folder, verified.
export {
  migrateToServer,
  type MigrateOptions,
  type MigrationDifference,
  type MigrationResult,
} from './migrate-server/migrate-server';
export { markServerRunning, type ServerRunningMark } from './store/server-running';
