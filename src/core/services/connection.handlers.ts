import { randomUUID } from 'node:crypto';
import type { Profile } from '../../shared/contract';
import { apiRequest, type ApiCredentials } from '../api/http';
import { secretIdFor as secretId } from '../connection/api-access';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';
import type { StoredProfile } from '../settings/settings.service';

export function toProfile(ctx: CoreContext, p: StoredProfile): Profile {
  let hasSecret = false;
  try {
    hasSecret = ctx.secrets.get(secretId(p.id)) !== null;
  } catch {
    // A secret that cannot be opened counts as missing: the UI asks for the key again.
  }
  return { ...p, hasSecret };
}

/** The fields that decide where a key is sent, and as whom: changing either needs the key again. */
export const KEY_BOUND_FIELDS = ['baseUrl', 'username'] as const;
type KeyBoundField = (typeof KEY_BOUND_FIELDS)[number];

/** One spelling per address (`HTTPS://Evo.example.com:443/` and `https://evo.example.com` are the same). */
function sameAddress(a: string, b: string): boolean {
  if (!URL.canParse(a) || !URL.canParse(b)) return a === b;
  const norm = (s: string) => new URL(s).href.replace(/\/+$/, '');
  return norm(a) === norm(b);
}

/** Which of the key-bound fields differ between the stored profile and the one being saved. */
export function keyBoundChanges(
  before: StoredProfile,
  after: Pick<StoredProfile, KeyBoundField>,
): KeyBoundField[] {
  return KEY_BOUND_FIELDS.filter((f) =>
    f === 'baseUrl' ? !sameAddress(before.baseUrl, after.baseUrl) : before[f] !== after[f],
  );
}

/**
 * Store a profile and, when given, its key, and make it the active one. When the address or user changes, the
 * old key is deleted before the new address is written and the new key stored after it: another process reading
 * the files in between sees no key (and asks for one), never the old key beside the new address.
 */
export function saveProfile(
  ctx: CoreContext,
  p: StoredProfile,
  password: string | undefined,
  opts: { rebinding?: boolean } = {},
): Profile {
  if (opts.rebinding) {
    ctx.secrets.delete(secretId(p.id));
    ctx.settings.upsertProfile(p);
    if (password !== undefined) ctx.secrets.set(secretId(p.id), password);
  } else {
    if (password !== undefined) ctx.secrets.set(secretId(p.id), password);
    ctx.settings.upsertProfile(p);
  }
  ctx.settings.setActiveProfile(p.id);
  return toProfile(ctx, p);
}

const keyRequired = (changed: KeyBoundField[]) =>
  new AppError(
    'validation',
    changed.length
      ? `password: required, because the ${changed.join(' and ')} changed (the stored key is only sent where it was saved for)`
      : 'password: required',
    changed.length
      ? {
          code: 'profile.key_required',
          field: 'password',
          params: { field: 'password', changed: changed.join(',') },
        }
      : { code: 'input.invalid', field: 'password', params: { field: 'password', detail: 'required' } },
  );

/** One cheap authenticated call: GET bank-accounts. */
async function testConnection(creds: ApiCredentials): Promise<{ bankAccounts: number; latencyMs: number }> {
  const started = performance.now();
  const res = await apiRequest(creds, '/api/v1/bank-accounts', { timeoutMs: 15_000 });
  // The API returns an array in practice, but Swagger declares an object: accept both.
  const body = res.body;
  const count = Array.isArray(body) ? body.length : body && typeof body === 'object' ? 1 : 0;
  return { bankAccounts: count, latencyMs: Math.round(performance.now() - started) };
}

export const connectionHandlers: HandlerGroup<
  | 'connection.test'
  | 'profiles.test'
  | 'profiles.list'
  | 'profiles.save'
  | 'profiles.activate'
  | 'profiles.remove'
> = (ctx) => ({
  'connection.test': async (creds) => testConnection(creds),
  'profiles.test': async ({ id }) => {
    const p = ctx.settings.profile(id);
    if (!p)
      throw new AppError('not_found', `There is no connection profile ${id}.`, { code: 'profile.not_found' });
    return testConnection(await ctx.api.credentials(p));
  },
  'profiles.list': async () => ({
    profiles: ctx.settings.profiles().map((p) => toProfile(ctx, p)),
    activeProfileId: ctx.settings.get().activeProfileId,
  }),
  'profiles.save': async ({ id, name, baseUrl, username, password, keyKind, rateLimit, notifyAfterSend }) => {
    const existing = id ? ctx.settings.profile(id) : undefined;
    if (id && !existing)
      throw new AppError('not_found', `There is no connection profile ${id}.`, { code: 'profile.not_found' });
    // Editing may keep the stored key, but only for the same address and user; a new profile must bring one.
    const changed = existing ? keyBoundChanges(existing, { baseUrl, username }) : [];
    if ((!existing || changed.length) && password === undefined) throw keyRequired(changed);
    const limits = rateLimit ?? existing?.rateLimit;
    const profile: StoredProfile = {
      id: existing?.id ?? `p-${randomUUID().slice(0, 8)}`,
      name,
      baseUrl,
      username,
      keyKind,
      demo: existing?.demo ?? false,
      ...(limits ? { rateLimit: limits } : {}),
      ...((notifyAfterSend ?? existing?.notifyAfterSend)
        ? { notifyAfterSend: notifyAfterSend ?? existing?.notifyAfterSend }
        : {}),
    };
    const saved = saveProfile(ctx, profile, password, { rebinding: changed.length > 0 });
    // The key is never part of an audit entry; only that it was replaced, and which fields changed.
    const fields = existing
      ? (Object.keys({ ...existing, ...profile }) as (keyof StoredProfile)[]).filter(
          (k) => JSON.stringify(existing[k]) !== JSON.stringify(profile[k]),
        )
      : [];
    ctx.audit('settings.changed', `profile:${profile.id}`, {
      ...(existing ? { before: existing } : {}),
      after: {
        ...profile,
        ...(existing ? { changed: fields } : {}),
        keyReplaced: password !== undefined,
      },
    });
    return saved;
  },
  'profiles.activate': async ({ id }) => {
    const p = ctx.settings.profile(id);
    if (!p)
      throw new AppError('not_found', `There is no connection profile ${id}.`, { code: 'profile.not_found' });
    ctx.settings.setActiveProfile(id);
    return toProfile(ctx, p);
  },
  'profiles.remove': async ({ id }) => {
    ctx.secrets.delete(secretId(id));
    return { removed: ctx.settings.removeProfile(id) };
  },
});
