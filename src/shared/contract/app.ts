import { z } from 'zod';
import { LOCALES, THEMES } from '../domain';
import { defineCommand } from './define';

export const secretProtectionSchema = z.object({
  /** `os`: the OS keychain via Electron safeStorage; `passphrase`: QUITA_PASSPHRASE; `keyfile`: a local key file. */
  scheme: z.enum(['os', 'passphrase', 'keyfile']),
  /** Set when the protection is weaker than the user may assume; shown as a warning. */
  warning: z.string().optional(),
});

export const settingsSchema = z.object({
  locale: z.enum(LOCALES),
  theme: z.enum(THEMES),
  activeProfileId: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const appCommands = {
  'app.info': defineCommand({
    summary: 'Version, front door and where the data lives',
    input: z.object({}),
    output: z.object({
      version: z.string(),
      mode: z.enum(['desktop', 'browser', 'cli', 'server']),
      dataDir: z.string(),
      /** The log file every door writes: the details of a failure the clerk was told about in one sentence. */
      logFile: z.string().nullable(),
      secretProtection: secretProtectionSchema,
    }),
  }),
  'app.status': defineCommand({
    summary: 'Where the reconciliation stands: statements imported, and their current matches by state',
    input: z.object({}),
    output: z.object({
      statements: z.number().int(),
      /** Lines of every statement's current plan per state (suggested, approved, rejected, ...). */
      matchesByState: z.record(z.string(), z.number().int()),
    }),
  }),
  'settings.get': defineCommand({
    summary: 'Read the user settings (language, theme, active profile)',
    input: z.object({}),
    output: settingsSchema,
  }),
  'settings.update': defineCommand({
    summary: 'Change the language or the theme',
    input: z.object({ locale: z.enum(LOCALES).optional(), theme: z.enum(THEMES).optional() }).strict(),
    output: settingsSchema,
  }),
};
