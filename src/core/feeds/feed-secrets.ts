import type { SecretStore } from '../secrets/secret-store';
import { isAppError } from '../errors';
import { normalAddress } from '../connection/key-binding';
import type { CertificateMaterial } from './pix/certificate';

/**
 * Where a feed's secrets live and where they may go: the one rule. The client secret and the certificate (with its
 * password or private key) are one sealed entry per feed, bound to the profile, the feed, both addresses and the
 * client id (secrets/secret-store.ts, as API keys: connection/key-binding.ts). Read for any other binding it does
 * not open, so an address changed behind Quita's back (or by the clerk, without typing them again) never receives
 * them: the feed fails with `feeds.secrets_missing` and the clerk is asked again.
 */
export interface FeedSecrets {
  clientSecret: string;
  certificate: CertificateMaterial;
}

export const feedSecretId = (profileId: string, feedId: number) => `feed:${profileId}:${feedId}`;

export function feedBinding(
  profileId: string,
  f: { id: number; token_url: string; base_url: string; client_id: string },
): string {
  return JSON.stringify({
    profile: profileId,
    feed: f.id,
    tokenUrl: normalAddress(f.token_url),
    baseUrl: normalAddress(f.base_url),
    clientId: f.client_id,
  });
}

export function saveFeedSecrets(
  store: SecretStore,
  profileId: string,
  f: Parameters<typeof feedBinding>[1],
  s: FeedSecrets,
): void {
  store.set(feedSecretId(profileId, f.id), JSON.stringify(s), feedBinding(profileId, f));
}

/** The feed's secrets for its current addresses; null when none are stored for them. */
export function readFeedSecrets(
  store: SecretStore,
  profileId: string,
  f: Parameters<typeof feedBinding>[1],
): FeedSecrets | null {
  let raw: string | null;
  try {
    raw = store.get(feedSecretId(profileId, f.id), feedBinding(profileId, f));
  } catch (e) {
    if (isAppError(e) && e.code === 'secrets.other_binding') return null;
    throw e;
  }
  if (!raw) return null;
  return JSON.parse(raw) as FeedSecrets;
}

export const deleteFeedSecrets = (store: SecretStore, profileId: string, feedId: number) =>
  store.delete(feedSecretId(profileId, feedId));
