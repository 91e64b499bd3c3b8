import type { EventBus } from './events';
import type { SecretStore } from './secrets/secret-store';
import type { SettingsService } from './settings/settings.service';

/** Everything a handler may touch, built by each front door. No module globals. */
export interface CoreContext {
  mode: 'desktop' | 'browser' | 'cli';
  version: string;
  dataDir: string;
  settings: SettingsService;
  secrets: SecretStore;
  events: EventBus;
}
