import { z } from 'zod';
import { KEY_KINDS } from '../domain';
import { defineCommand } from './define';
import { templateSchema } from './notify';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The API's base URL. Plain http is accepted only on loopback (the sandbox): elsewhere Basic auth would
 * send the key in clear text.
 */
export const baseUrlSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .refine((s) => URL.canParse(s), 'not a valid URL (example: https://evo-integracao-api.w12app.com.br)')
  .refine((s) => {
    if (!URL.canParse(s)) return true;
    const u = new URL(s);
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname));
  }, 'must start with https:// (plain http is only allowed for 127.0.0.1)')
  .transform((s) => s.replace(/\/+$/, ''));

export const credentialsSchema = z.object({
  baseUrl: baseUrlSchema,
  /** The gym's DNS name, as the vendor issues it. */
  username: z.string().trim().min(1, 'required').max(200),
  /** The secret key (a GUID). Never stored in plain text, never printed. */
  password: z.string().min(1, 'required').max(500),
  keyKind: z.enum(KEY_KINDS),
});

export const rateLimitSchema = z.object({
  perSecond: z.number().int().min(1).max(50),
  perMinute: z.number().int().min(1).max(2000),
});

export const notifyAfterSendSchema = z.object({ enabled: z.boolean(), template: templateSchema });

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  username: z.string(),
  keyKind: z.enum(KEY_KINDS),
  demo: z.boolean(),
  /** Requests allowed to this branch's API; default 5 per second and 40 per minute (the vendor's limits). */
  rateLimit: rateLimitSchema.optional(),
  /** Optional, off by default: tell the member once their payment is confirmed in the gym system. */
  notifyAfterSend: notifyAfterSendSchema.optional(),
  hasSecret: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

const profileId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'not a profile id');

/** A branch's screen preferences, kept in settings.json beside its profile (no secrets). */
export const profilePrefsSchema = z.object({
  /** The bank account Importar last imported into or chose; null: the first active account. */
  importBankAccountId: z.number().int().positive().nullable(),
  /** Inadimplentes asks before notifying a member again within this many days (0: never asks). */
  renotifyDays: z.number().int().min(0).max(90),
});
export type ProfilePrefs = z.infer<typeof profilePrefsSchema>;

/**
 * What a connection test found: the API's bank accounts, how long it took, and remarks to show before saving
 * (`connection.key_not_guid`: the key is not shaped like the vendor's GUIDs; `connection.key_sees_branches`:
 * a key saved as a branch key reaches several branches, `{count, branches}`).
 */
/** The test's remarks worth stopping a save for (every front door asks, or needs an explicit "save anyway"). */
export const BLOCKING_NOTICES: readonly string[] = ['connection.key_sees_branches'];

export const connectionTestOutput = z.object({
  bankAccounts: z.number().int(),
  latencyMs: z.number(),
  notices: z.array(
    z.object({
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});

export const connectionCommands = {
  'connection.test': defineCommand({
    summary: 'Check that the API answers and accepts these credentials',
    input: credentialsSchema,
    output: connectionTestOutput,
  }),
  'profiles.test': defineCommand({
    summary: 'Check a saved connection profile with its stored key',
    /** `keyKind`: the kind being saved, when an edit changes it (default: the stored one). */
    input: z.object({ id: profileId, keyKind: z.enum(KEY_KINDS).optional() }),
    output: connectionTestOutput,
  }),
  'profiles.list': defineCommand({
    summary: 'List the connection profiles (one per branch)',
    input: z.object({}),
    output: z.object({ profiles: z.array(profileSchema), activeProfileId: z.string().nullable() }),
  }),
  'profiles.save': defineCommand({
    summary: 'Create or update a connection profile and make it the active one',
    input: credentialsSchema.extend({
      id: profileId.optional(),
      name: z.string().trim().min(1, 'required').max(80),
      /** Leave out to keep the stored key when editing a profile. */
      password: z.string().min(1, 'required').max(500).optional(),
      rateLimit: rateLimitSchema.optional(),
      notifyAfterSend: notifyAfterSendSchema.optional(),
      /**
       * The clerk chose to save although the connection test failed or warned: the error or notice code, kept
       * in the audit entry.
       */
      savedDespite: z.string().trim().min(1).max(80).optional(),
    }),
    output: profileSchema,
  }),
  'profiles.activate': defineCommand({
    summary: 'Switch to another connection profile',
    input: z.object({ id: profileId }),
    output: profileSchema,
  }),
  'profiles.prefs': defineCommand({
    summary: 'Read the active branch’s screen preferences (Importar’s account, the notify-again period)',
    input: z.object({}),
    output: profilePrefsSchema,
  }),
  'profiles.setPrefs': defineCommand({
    summary: 'Change some of the active branch’s screen preferences',
    input: profilePrefsSchema.partial().strict(),
    output: profilePrefsSchema,
  }),
  'profiles.remove': defineCommand({
    summary: 'Remove a connection profile and its stored key (its database stays on disk; audited)',
    input: z.object({ id: profileId }),
    output: z.object({ removed: z.boolean() }),
  }),
};
