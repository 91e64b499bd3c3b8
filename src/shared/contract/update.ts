import { z } from 'zod';
import { defineCommand } from './define';

/** Why this copy of Quita cannot update itself (the browser mode, the CLI, a portable .exe, a .deb, a dev run). */
export const UPDATE_UNSUPPORTED = ['browser', 'cli', 'development', 'portable', 'linux_package'] as const;
export const UPDATE_STATES = [
  'unsupported',
  'not_configured',
  'idle',
  'checking',
  'up_to_date',
  'downloading',
  'downloaded',
  'error',
] as const;
/** What went wrong in the last check or download. */
export const UPDATE_ERRORS = ['offline', 'feed', 'download', 'unknown'] as const;

export const updateStatusSchema = z.object({
  /** The version running now. */
  version: z.string(),
  state: z.enum(UPDATE_STATES),
  unsupported: z.enum(UPDATE_UNSUPPORTED).nullable(),
  /** This installation's update address (https), or null when none is set. */
  feedUrl: z.string().nullable(),
  /** The newer version found on the feed (downloading or downloaded). */
  available: z.string().nullable(),
  /** Download progress, 0–100, while downloading. */
  percent: z.number().min(0).max(100).nullable(),
  /** When the feed was last asked (ISO), in this run of the app. */
  lastCheck: z.string().nullable(),
  error: z.enum(UPDATE_ERRORS).nullable(),
  /** A downloaded update is installed when Quita closes (the user said yes). */
  installOnQuit: z.boolean(),
});
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

/** Updates of the desktop app (electron-updater, generic HTTPS feed set per installation). */
export const updateCommands = {
  'app.update.status': defineCommand({
    summary: 'The running version and the state of automatic updates',
    input: z.object({}),
    output: updateStatusSchema,
  }),
  'app.update.setFeed': defineCommand({
    summary: 'Set (or clear, with null) this installation’s update address: https, no user or password in it',
    input: z.object({ url: z.string().max(2000).nullable() }).strict(),
    output: updateStatusSchema,
  }),
  'app.update.check': defineCommand({
    summary: 'Look for an update now (it downloads in the background when one is found)',
    input: z.object({}),
    output: updateStatusSchema,
  }),
};
