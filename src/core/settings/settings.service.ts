import { z } from 'zod';
import { settingsSchema, type Settings } from '../../shared/contract/app';
import { profilePrefsSchema, profileSchema, type ProfilePrefs } from '../../shared/contract/connection';
import { LOCALES, THEMES } from '../../shared/domain';
import type { KeyValueStore } from './kv-store';

export const storedProfileSchema = profileSchema.omit({ hasSecret: true });
export type StoredProfile = z.infer<typeof storedProfileSchema>;

const DEFAULTS: Settings = { locale: 'pt-BR', theme: 'system', activeProfileId: null };
/** Inadimplentes asks before notifying a member again within this many days, unless the branch says otherwise. */
export const DEFAULT_RENOTIFY_DAYS = 7;

/**
 * Typed access to the settings file. Every read is validated, so a hand-edited or older file falls back to
 * defaults field by field instead of crashing a front door.
 */
export interface SettingsService {
  get(): Settings;
  update(patch: Partial<Pick<Settings, 'locale' | 'theme'>>): Settings;
  profiles(): StoredProfile[];
  profile(id: string): StoredProfile | undefined;
  upsertProfile(profile: StoredProfile): void;
  removeProfile(id: string): boolean;
  setActiveProfile(id: string | null): void;
  /** A branch's screen preferences (the account Importar last used, how soon to ask before notifying again). */
  profilePrefs(id: string): ProfilePrefs;
  setProfilePrefs(id: string, patch: Partial<ProfilePrefs>): ProfilePrefs;
  /** This installation's update feed as stored (checked by core/update/feed-url.ts when read). */
  updateFeedUrl(): unknown;
  setUpdateFeedUrl(url: string | null): void;
  readonly path: string;
}

export function createSettingsService(kv: KeyValueStore): SettingsService {
  const read = (): Settings => {
    const locale = z.enum(LOCALES).safeParse(kv.get('locale'));
    const theme = z.enum(THEMES).safeParse(kv.get('theme'));
    const active = z
      .string()
      .nullable()
      .safeParse(kv.get('activeProfileId') ?? null);
    return settingsSchema.parse({
      locale: locale.success ? locale.data : DEFAULTS.locale,
      theme: theme.success ? theme.data : DEFAULTS.theme,
      activeProfileId: active.success ? active.data : null,
    });
  };
  const profiles = (): StoredProfile[] => {
    const raw = kv.get('profiles');
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((p) => {
      const parsed = storedProfileSchema.safeParse(p);
      return parsed.success ? [parsed.data] : [];
    });
  };

  /** Every branch's preferences, one object under `profilePrefs` keyed by profile id (no dots: conf reads them as paths). */
  const allPrefs = (): Record<string, unknown> => {
    const raw = kv.get('profilePrefs');
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  };
  /** Field by field: a hand-edited or older value falls back to its default alone. */
  const prefsOf = (id: string): ProfilePrefs => {
    const raw = (allPrefs()[id] ?? {}) as Record<string, unknown>;
    const shape = profilePrefsSchema.shape;
    const importBankAccountId = shape.importBankAccountId.safeParse(raw.importBankAccountId);
    const renotifyDays = shape.renotifyDays.safeParse(raw.renotifyDays);
    return {
      importBankAccountId: importBankAccountId.success ? importBankAccountId.data : null,
      renotifyDays: renotifyDays.success ? renotifyDays.data : DEFAULT_RENOTIFY_DAYS,
    };
  };

  return {
    get: read,
    profilePrefs: prefsOf,
    setProfilePrefs(id, patch) {
      const next = profilePrefsSchema.parse({ ...prefsOf(id), ...patch });
      kv.set('profilePrefs', { ...allPrefs(), [id]: next });
      return next;
    },
    update(patch) {
      if (patch.locale) kv.set('locale', patch.locale);
      if (patch.theme) kv.set('theme', patch.theme);
      return read();
    },
    profiles,
    profile: (id) => profiles().find((p) => p.id === id),
    upsertProfile(profile) {
      const others = profiles().filter((p) => p.id !== profile.id);
      kv.set('profiles', [...others, profile]);
    },
    removeProfile(id) {
      const all = profiles();
      const rest = all.filter((p) => p.id !== id);
      kv.set('profiles', rest);
      if (read().activeProfileId === id) kv.set('activeProfileId', rest[0]?.id ?? null);
      const { [id]: _gone, ...otherPrefs } = allPrefs();
      if (_gone !== undefined) kv.set('profilePrefs', otherPrefs);
      return rest.length !== all.length;
    },
    setActiveProfile(id) {
      kv.set('activeProfileId', id);
    },
    updateFeedUrl: () => kv.get('updateFeedUrl'),
    setUpdateFeedUrl(url) {
      if (url === null) kv.delete('updateFeedUrl');
      else kv.set('updateFeedUrl', url);
    },
    get path() {
      return kv.path;
    },
  };
}
