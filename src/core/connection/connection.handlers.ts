import { randomUUID } from 'node:crypto';
import type { Profile } from '../../shared/contract';
import { appendAudit } from '../audit/audit.store';
import { storedKey } from './api-access';
import { keyBinding, normalAddress, secretIdFor as secretId } from './key-binding';
import { testConnection } from './connection-test';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';
import type { StoredProfile } from '../settings/settings.service';

export function toProfile(ctx: CoreContext, p: StoredProfile): Profile {
  let hasSecret = false;
  try {
    hasSecret = storedKey(ctx.secrets, p) !== null;
  } catch {
    // A secret that cannot be opened, or was stored for another address or user, counts as missing: the UI asks
    // for the key again.
  }
  return { ...p, hasSecret };
}

/** The fields that decide where a key is sent, and as whom: changing either needs the key again. */
export const KEY_BOUND_FIELDS = ['baseUrl', 'username'] as const;
type KeyBoundField = (typeof KEY_BOUND_FIELDS)[number];

const sameAddress = (a: string, b: string): boolean => normalAddress(a) === normalAddress(b);

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
    if (password !== undefined) ctx.secrets.set(secretId(p.id), password, keyBinding(p));
  } else {
    if (password !== undefined) ctx.secrets.set(secretId(p.id), password, keyBinding(p));
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

export const connectionHandlers: HandlerGroup<
  | 'connection.test'
  | 'profiles.test'
  | 'profiles.list'
  | 'profiles.save'
  | 'profiles.activate'
  | 'profiles.remove'
  | 'profiles.prefs'
  | 'profiles.setPrefs'
> = (ctx) => ({
  'profiles.prefs': async () => ctx.settings.profilePrefs(ctx.activeProfileId()),
  'profiles.setPrefs': async (patch) => {
    const id = ctx.activeProfileId();
    const before = ctx.settings.profilePrefs(id);
    const after = ctx.settings.setProfilePrefs(id, patch);
    // The notify-again period changes what the clerk is warned about: recorded. The account is only a default.
    if (before.renotifyDays !== after.renotifyDays)
      await ctx.audit('settings.changed', `profile:${id}`, {
        before: { renotifyDays: before.renotifyDays },
        after: { renotifyDays: after.renotifyDays },
      });
    return after;
  },
  'connection.test': async (creds) => testConnection(creds),
  'profiles.test': async ({ id, keyKind }) => {
    const p = ctx.settings.profile(id);
    if (!p)
      throw new AppError('not_found', `There is no connection profile ${id}.`, { code: 'profile.not_found' });
    return testConnection({ ...(await ctx.api.credentials(p)), keyKind: keyKind ?? p.keyKind });
  },
  'profiles.list': async () => ({
    profiles: ctx.settings.profiles().map((p) => toProfile(ctx, p)),
    activeProfileId: ctx.settings.get().activeProfileId,
  }),
  'profiles.save': async ({
    id,
    name,
    baseUrl,
    username,
    password,
    keyKind,
    rateLimit,
    notifyAfterSend,
    savedDespite,
  }) => {
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
    await ctx.audit('settings.changed', `profile:${profile.id}`, {
      ...(existing ? { before: existing } : {}),
      after: {
        ...profile,
        ...(existing ? { changed: fields } : {}),
        keyReplaced: password !== undefined,
        // The clerk saved although the connection test failed or warned: what it said, as a code.
        ...(savedDespite ? { savedDespite } : {}),
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
    const p = ctx.settings.profile(id);
    if (!p) return { removed: false };
    const entry = {
      action: 'settings.profile_removed',
      subject: `profile:${id}`,
      before: { name: p.name, baseUrl: p.baseUrl, username: p.username, keyKind: p.keyKind, demo: p.demo },
      after: { keyDeleted: true, databaseKept: true },
    };
    // The removed branch's own log says it was removed (its database stays on disk); a damaged or unreadable
    // database does not stop the removal: the entry then goes only to the branch left in use.
    try {
      const actor = ctx.actor();
      await ctx.storeFor(id).write((tx) => appendAudit(tx, { actor, profileId: id, ...entry }));
      ctx.anchorAudit(id);
    } catch (e) {
      ctx.log.error(`could not record the removal of profile ${id} in its own audit log`, e);
    }
    ctx.secrets.delete(secretId(id));
    const removed = ctx.settings.removeProfile(id);
    ctx.databases.close(id);
    // And the log of the branch now in use, where the clerk reads Auditoria (none left: nothing more to write).
    await ctx.audit(entry.action, entry.subject, { before: entry.before, after: entry.after });
    return { removed };
  },
});
