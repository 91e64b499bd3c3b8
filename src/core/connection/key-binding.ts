import type { StoredProfile } from '../settings/settings.service';

/**
 * Where a stored API key may go: the one rule. A key is stored under its profile's id and sealed with this binding
 * (the profile, its address and its user) as associated data (secrets/secret-store.ts); read for any other
 * binding, it does not open. So a base URL or user changed behind Quita's back (settings.json edited by hand,
 * another process mid-save) finds no key to send, and the clerk is asked to type it again.
 */
export const secretIdFor = (profileId: string) => `profile:${profileId}`;

/** One spelling per address (`HTTPS://Evo.example.com:443/` and `https://evo.example.com` are the same). */
export function normalAddress(url: string): string {
  return URL.canParse(url) ? new URL(url).href.replace(/\/+$/, '') : url;
}

export function keyBinding(p: Pick<StoredProfile, 'id' | 'baseUrl' | 'username'>): string {
  return JSON.stringify({ profile: p.id, baseUrl: normalAddress(p.baseUrl), username: p.username });
}
