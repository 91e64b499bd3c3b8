import { createApiClient, type ApiClient } from '../api/client';
import type { ApiCredentials } from '../api/http';
import type { ApiQuirks } from '../api/quirks';
import { createRateLimiter, DEFAULT_RATE_LIMITS, type RateLimiter } from '../api/rate-limiter';
import { AppError, isAppError } from '../errors';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsService, StoredProfile } from '../settings/settings.service';
import { keyBinding, secretIdFor } from './key-binding';

export { secretIdFor } from './key-binding';

export interface ApiAccess {
  profile: StoredProfile;
  client: ApiClient;
  limiter: RateLimiter;
  /** HTTP requests this access object has sent. */
  requests(): number;
}

export interface ApiRegistry {
  /** A client for the active profile, sharing that profile's rate limiter with every other caller. */
  forActiveProfile(): Promise<ApiAccess>;
  /** The same for a given profile. */
  forProfile(profileId: string): Promise<ApiAccess>;
  /** Credentials of a profile (the demo branch's sandbox is started on demand). */
  credentials(profile: StoredProfile): Promise<ApiCredentials>;
}

export interface ApiRegistryDeps {
  settings: SettingsService;
  secrets: SecretStore;
  activeProfileId: () => string;
  /** For demo profiles: make sure the local sandbox runs and return its current address. */
  demoBaseUrl?: (profile: StoredProfile) => Promise<string>;
  /** What the profile's server is known to refuse, kept in its database (see api/quirks.ts). */
  quirksFor?: (profileId: string) => ApiQuirks | Promise<ApiQuirks>;
}

/** The key stored for this profile's address and user; null when none; never one stored for another. */
export function storedKey(secrets: SecretStore, profile: StoredProfile): string | null {
  try {
    return secrets.get(secretIdFor(profile.id), keyBinding(profile));
  } catch (e) {
    if (isAppError(e) && e.code === 'secrets.other_binding')
      throw new AppError(
        'auth',
        'The stored key of this connection was saved for another address or user, so it was not sent; enter the key again (Configurações, or quita connect).',
        { code: 'profile.key_unbound', cause: e },
      );
    throw e;
  }
}

export function createApiRegistry(deps: ApiRegistryDeps): ApiRegistry {
  const limiters = new Map<string, RateLimiter>();
  const limiterFor = (p: StoredProfile) => {
    const limits = p.rateLimit ?? DEFAULT_RATE_LIMITS;
    const existing = limiters.get(p.id);
    if (
      existing &&
      existing.limits.perSecond === limits.perSecond &&
      existing.limits.perMinute === limits.perMinute
    )
      return existing;
    const limiter = createRateLimiter(limits);
    limiters.set(p.id, limiter);
    return limiter;
  };

  const credentials = async (profile: StoredProfile): Promise<ApiCredentials> => {
    // The key opens only for the address and user it was stored with (key-binding.ts): one saved for another
    // (settings.json edited by hand, a save of another process) is never sent, and the clerk types it again.
    let password: string | null = null;
    let unbound: AppError | null = null;
    try {
      password = storedKey(deps.secrets, profile);
    } catch (e) {
      if (!isAppError(e) || e.code !== 'profile.key_unbound') throw e;
      unbound = e;
    }
    // A save that changes them deletes the old key first and stores the new one last, so reading the profile
    // again after the key tells whether another process moved it in between (then: try again, not "type it").
    const now = deps.settings.profile(profile.id);
    if (!now || now.baseUrl !== profile.baseUrl || now.username !== profile.username) {
      throw new AppError('conflict', 'The connection was changed while it was being used; try again.', {
        code: 'profile.changed',
      });
    }
    if (unbound) throw unbound;
    if (password === null) {
      throw new AppError(
        'auth',
        'No key is stored for this connection here; open Configurações and save the key again.',
        {
          code: 'profile.no_secret',
        },
      );
    }
    const baseUrl = profile.demo && deps.demoBaseUrl ? await deps.demoBaseUrl(profile) : profile.baseUrl;
    return { baseUrl, username: profile.username, password };
  };

  const forProfile = async (profileId: string): Promise<ApiAccess> => {
    const profile = deps.settings.profile(profileId);
    if (!profile)
      throw new AppError('not_found', 'The active connection profile no longer exists.', {
        code: 'profile.none',
      });
    const creds = await credentials(profile);
    const limiter = limiterFor(profile);
    let count = 0;
    const quirks = await deps.quirksFor?.(profileId);
    const client = createApiClient({
      creds,
      limiter,
      onRequest: () => void count++,
      ...(quirks ? { quirks } : {}),
    });
    return { profile, client, limiter, requests: () => count };
  };
  return { credentials, forProfile, forActiveProfile: () => forProfile(deps.activeProfileId()) };
}
