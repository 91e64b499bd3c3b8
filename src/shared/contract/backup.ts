import { z } from 'zod';
import { defineCommand } from './define';

export const backupInfoSchema = z.object({
  /** The backup's file name (in the profile's backups folder): what restore takes. */
  name: z.string(),
  /** When it was taken (ISO). */
  at: z.string(),
  /** pre-migration, daily, manual, pre-restore. */
  reason: z.string(),
  bytes: z.number().int(),
});

/** Backups of the active branch's database; they work even when that database is damaged. */
export const backupCommands = {
  'db.backups': defineCommand({
    summary: 'List the backups of the branch database (newest first)',
    input: z.object({}),
    output: z.object({ backups: z.array(backupInfoSchema), folder: z.string() }),
  }),
  'db.backup': defineCommand({
    summary: 'Back up the branch database now',
    input: z.object({}),
    output: backupInfoSchema,
  }),
  'db.restore': defineCommand({
    summary: 'Put a backup in place of the branch database (the current file is kept aside, never deleted)',
    input: z
      .object({
        name: z
          .string()
          .regex(/^quita-\d{8}T\d{9}Z-[a-z-]+\.db$/, { message: 'not a backup name' })
          .optional(),
        latest: z.boolean().optional(),
      })
      .refine((v) => (v.name ? !v.latest : v.latest === true), {
        message: 'give a backup name or latest: true',
        path: ['name'],
      }),
    output: z.object({ restored: backupInfoSchema, movedAside: z.string().nullable() }),
  }),
};
