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

export function saveProfile(ctx: CoreContext, p: StoredProfile, password: string | undefined): Profile {
  if (password !== undefined) ctx.secrets.set(secretId(p.id), password);
  ctx.settings.upsertProfile(p);
  ctx.settings.setActiveProfile(p.id);
  return toProfile(ctx, p);
}

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
    // Editing may keep the stored key; a new profile must bring one.
    if (!existing && password === undefined) {
      throw new AppError('validation', 'password: required', {
        code: 'input.invalid',
        field: 'password',
        params: { field: 'password', detail: 'required' },
      });
    }
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
    const saved = saveProfile(ctx, profile, password);
    // The key is never part of an audit entry; only that it was replaced.
    ctx.audit('settings.changed', `profile:${profile.id}`, {
      ...(existing ? { before: existing } : {}),
      after: { ...profile, keyReplaced: password !== undefined },
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
